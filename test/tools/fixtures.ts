/** Small valid pack documents for the tool tests; each test copies one and breaks a single thing. */
import type { UnknownRecord } from "../../tools/lib/records";

/** A fresh copy of a fixture, so tests can mutate it freely. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

export const ACTOR_ID = "KnightAAAAAAAAAA";
export const LANCE_ID = "LanceBBBBBBBBBBB";

/** An adversary with one embedded weapon. */
export const knight: UnknownRecord = {
  _id: ACTOR_ID,
  _key: `!actors!${ACTOR_ID}`,
  name: "Dragon Knight",
  type: "adversary",
  img: "systems/age-of-dragons/assets/knight.webp",
  system: { soma: 5, pneuma: 3, life: { max: 10, wounds: 0 }, kind: "knight", tags: ["mounted"] },
  items: [
    {
      _id: LANCE_ID,
      _key: `!actors.items!${ACTOR_ID}.${LANCE_ID}`,
      name: "Lance",
      type: "weapon",
      system: { range: "melee", damageTN: 4, killerBlow: true, defenceSkills: ["toothAndClaw"] },
    },
  ],
};

export const SKILL_ID = "AerobaticsCCCCCC";

/** A skill item. */
export const aerobatics: UnknownRecord = {
  _id: SKILL_ID,
  _key: `!items!${SKILL_ID}`,
  name: "Aerobatics",
  type: "skill",
  img: "icons/svg/wing.svg",
  system: { identifier: "aerobatics", rank: "trained", uses: ["meleeDefence", "rangedDefence"], hampered: true },
};

export const TABLE_ID = "EventsDDDDDDDDDD";

/** A d20 table with two results. */
export const events: UnknownRecord = {
  _id: TABLE_ID,
  _key: `!tables!${TABLE_ID}`,
  name: "Combat Events",
  formula: "1d20",
  results: [
    { _id: "ResultOneEEEEEEE", _key: `!tables.results!${TABLE_ID}.ResultOneEEEEEEE`, type: "text", name: "Armour Trouble", range: [1, 2] },
    { _id: "ResultTwoEEEEEEE", _key: `!tables.results!${TABLE_ID}.ResultTwoEEEEEEE`, type: "text", name: "Gust", range: [3, 20] },
  ],
};

export const JOURNAL_ID = "RulesFFFFFFFFFFF";

/** A journal with one page. */
export const rules: UnknownRecord = {
  _id: JOURNAL_ID,
  _key: `!journal!${JOURNAL_ID}`,
  name: "Rules",
  pages: [
    { _id: "PageOneGGGGGGGGG", _key: `!journal.pages!${JOURNAL_ID}.PageOneGGGGGGGGG`, name: "Dice", type: "text", text: { content: "<p>d6</p>" } },
  ],
};

/** The list entry at `index`, failing the test when it is absent. */
export function entry(list: readonly UnknownRecord[], index: number): UnknownRecord {
  const found = list[index];
  if (found === undefined) throw new Error(`fixture has no entry ${index}`);
  return found;
}

/** A minimal manifest declaring an Actor pack and a RollTable pack. */
export const manifest = {
  id: "age-of-dragons",
  title: "Age of Dragons",
  version: "0.0.0",
  esmodules: ["age-of-dragons.mjs"],
  styles: ["styles/age-of-dragons.css"],
  languages: [{ lang: "en", name: "English", path: "lang/en.json" }],
  packs: [
    { name: "bestiary", label: "Bestiary", type: "Actor" },
    { name: "tables", label: "Tables", type: "RollTable", path: "packs/tables" },
  ],
};
