// Test fixtures: bestiary entries read from the pack sources and turned into the plain sheet input the sheets
// build from Foundry documents, with derived values from the same bridge the data models call (deriveFor).
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { load } from "js-yaml";
import { actorSnapshot } from "../../../src/data/actor/actor-snapshot";
import { DEFAULT_SKILL_LADDER } from "../../../src/rules/skills";
import type { SkillLadder } from "../../../src/rules/skills";
import type { CharacterSystem } from "../../../src/data/actor/actor-data";
import type { ActorSheetInput, SheetItem } from "../../../src/features/sheets/sheet-data";

const ROOT = resolve(import.meta.dirname, "../../..");

/** A pack source as stored: the fields the sheets read. */
export interface PackActor {
  name: string;
  type: "dragon" | "adversary";
  img: string;
  system: CharacterSystem;
  items: SheetItem[];
}

/** Reads one bestiary entry from packs/_source/bestiary/. */
export function bestiary(file: string): PackActor {
  const raw = load(readFileSync(resolve(ROOT, "packs/_source/bestiary", file), "utf8")) as Omit<PackActor, "items"> & {
    items: (SheetItem & { _id: string })[];
  };
  return { ...raw, items: raw.items.map((item) => ({ ...item, id: item._id })) };
}

/** Reads one item from an item pack (weapons, armour, skills). */
export function packItem(pack: string, file: string): SheetItem {
  const raw = load(readFileSync(resolve(ROOT, "packs/_source", pack, file), "utf8")) as SheetItem & { _id: string };
  return { ...raw, id: raw._id, sort: 0 };
}

/** The values the data model derives for an actor (CharacterModel.prepareDerivedData: actorSnapshot, deriveCharacter). */
export function derivedFor(actor: PackActor, ladder: SkillLadder = DEFAULT_SKILL_LADDER) {
  return actorSnapshot(actor, { ladder }).derived;
}

/** The sheet input for an actor, its derived values computed as the data model computes them. */
export function actorInput(actor: PackActor, overrides: Partial<ActorSheetInput> = {}, ladder: SkillLadder = DEFAULT_SKILL_LADDER): ActorSheetInput {
  const derived = derivedFor(actor, ladder);
  return {
    type: actor.type,
    name: actor.name,
    img: actor.img,
    system: actor.system,
    source: actor.system,
    locks: {},
    derived,
    items: actor.items,
    permission: "owner",
    mode: "play",
    enrichedBiography: actor.system.biography,
    ladder,
    combat: null,
    tab: "combat",
    ...overrides,
  };
}

/** A copy of an actor with its stored fields changed. */
export function withSystem(actor: PackActor, system: Partial<CharacterSystem>): PackActor {
  return { ...actor, system: { ...actor.system, ...system } };
}

/** A copy of an actor with more items. */
export function withItems(actor: PackActor, items: SheetItem[]): PackActor {
  return { ...actor, items: [...actor.items, ...items] };
}

/** The skills of the skills pack by identifier, with their names (what the weapon pickers offer). */
export function packSkillNames(): Map<string, string> {
  const dir = resolve(ROOT, "packs/_source/skills");
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith(".yml"))
      .map((file) => packItem("skills", file))
      .flatMap((item) => (item.type === "skill" ? [[item.system.identifier, item.name] as [string, string]] : [])),
  );
}
