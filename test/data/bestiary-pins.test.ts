// The bestiary as the README's "Bestiary" table lists it: each entry's weapons (damage TN, Magic Point cost), armour
// (rating) and skills (rank). Deleting or changing any of them (the Ember Drake's Dragonsbreath, a knight's shield)
// fails here, where pack-numbers only checks the numbers the rules texts give.
import { readFileSync, readdirSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";

interface PackItem {
  name: string;
  type: string;
  system: { damageTN?: number; magicCost?: number; rating?: number; identifier?: string; rank?: string };
}

const DIR = "packs/_source/bestiary";

/** One entry as the README lists it. */
function listed(items: readonly PackItem[]) {
  return {
    weapons: items.filter((i) => i.type === "weapon").map((i) => `${i.name} ${String(i.system.damageTN)}+${i.system.magicCost ? ` ${String(i.system.magicCost)}MP` : ""}`),
    armour: items.filter((i) => i.type === "armour").map((i) => `${i.name} ${String(i.system.rating)}`),
    skills: items.filter((i) => i.type === "skill").map((i) => `${String(i.system.identifier)} ${String(i.system.rank)}`),
  };
}

const PINNED: Record<string, ReturnType<typeof listed>> = {
  "Argent Dragon": {
    weapons: ["Tooth and Claw 5+", "Dragonsbreath 5+ 1MP"],
    armour: ["Leather Barding 1"],
    skills: ["toothAndClaw trained", "aerobatics expert", "dragonsbreath expert"],
  },
  "Cavalry Lancer": {
    weapons: ["Lance 4+", "Sword 5+"],
    armour: ["Mail Coat 1", "Kite Shield 1", "Great Helm 1"],
    skills: ["lance expert", "horsemanship trained", "swordsmanship trained"],
  },
  "Crossbowman": {
    weapons: ["Crossbow 4+"],
    armour: ["Mail Coat 1", "Tower Shield 2"],
    skills: ["archery trained", "shieldWall trained"],
  },
  "Ember Drake": {
    weapons: ["Tooth and Claw 5+", "Dragonsbreath 5+ 1MP"],
    armour: [],
    skills: ["toothAndClaw trained", "aerobatics trained", "dragonsbreath master"],
  },
  "Frost Wyvern": {
    weapons: ["Tooth and Claw 5+", "Dragonsbreath 5+ 1MP"],
    armour: [],
    skills: ["toothAndClaw trained", "aerobatics master", "dragonsbreath trained"],
  },
  "Griffon": {
    weapons: ["Beak and Talons 5+"],
    armour: ["Leather Barding 1"],
    skills: ["toothAndClaw expert", "aerobatics expert"],
  },
  "Hunter Dragon": {
    weapons: ["Tooth and Claw 5+", "Dragonsbreath 5+ 1MP"],
    armour: [],
    skills: ["toothAndClaw expert", "aerobatics expert", "dragonsbreath trained"],
  },
  "Knight": {
    weapons: ["Sword 5+"],
    armour: ["Plate Harness 2", "Kite Shield 1"],
    skills: ["swordsmanship expert", "shieldWall trained"],
  },
  "Longbowman": {
    weapons: ["Longbow 5+", "Sword 5+"],
    armour: ["Mail Coat 1"],
    skills: ["archery expert", "swordsmanship trained"],
  },
  "Sable Dragon": {
    weapons: ["Tooth and Claw 5+", "Dragonsbreath 5+ 1MP"],
    armour: ["Steel Dragonplate 3"],
    skills: ["toothAndClaw expert", "aerobatics trained", "dragonsbreath trained"],
  },
  "Spearman": {
    weapons: ["Spear 5+"],
    armour: ["Mail Coat 1", "Tower Shield 2"],
    skills: ["spearAndPike trained", "shieldWall expert"],
  },
  "Storm Wyrm": {
    weapons: ["Tooth and Claw 5+", "Dragonsbreath 5+ 1MP"],
    armour: ["Steel Dragonplate 3"],
    skills: ["toothAndClaw master", "aerobatics untrained", "dragonsbreath expert"],
  },
  "War-Engine Crew": {
    weapons: ["Ballista 3+"],
    armour: ["Great Helm 1"],
    skills: ["siegecraft expert"],
  },
  "Wyvern Rider": {
    weapons: ["Lance 4+", "Tooth and Claw 5+"],
    armour: ["Mail Coat 1", "Great Helm 1"],
    skills: ["lance trained", "aerobatics trained", "toothAndClaw trained"],
  },
};

describe("the bestiary: every entry's weapons, armour and skills as the README lists them", () => {
  const entries = readdirSync(DIR).filter((f) => f.endsWith(".yml")).map((f) => load(readFileSync(`${DIR}/${f}`, "utf8")) as { name: string; items?: PackItem[] });
  it("has exactly the pinned entries", () => {
    expect(entries.map((e) => e.name).sort()).toEqual(Object.keys(PINNED).sort());
  });
  it.each(Object.keys(PINNED))("%s", (name) => {
    const entry = entries.find((e) => e.name === name);
    expect(listed(entry?.items ?? [])).toEqual(PINNED[name]);
  });
});
