// The numbers the rules texts give, read from the shipped pack sources (packs/_source), every copy included:
// the compendium items and the items embedded in the bestiary's actors.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { attackTNs, validateAttack } from "../../src/rules/procedures/attack";
import { checkWeapon } from "../../src/rules/procedures/weapon";
import { pairKey } from "../../src/rules/state";
import { fighter, skirmishOf } from "./fixtures";

const SOURCES = resolve(import.meta.dirname, "../../packs/_source");

interface PackItem {
  file: string;
  name: string;
  type: string;
  system: Record<string, unknown>;
}

/** Every item document in the sources, top-level or embedded in an actor's `items`. */
function packItems(): PackItem[] {
  const items: PackItem[] = [];
  const files = readdirSync(SOURCES, { recursive: true, encoding: "utf8" }).filter((f) => /\.(ya?ml|json)$/.test(f));
  for (const file of files) {
    const text = readFileSync(join(SOURCES, file), "utf8");
    const doc = (file.endsWith(".json") ? JSON.parse(text) : yaml.load(text)) as Record<string, unknown>;
    const embedded = Array.isArray(doc.items) ? (doc.items as Record<string, unknown>[]) : [];
    for (const item of [doc, ...embedded]) {
      if (typeof item.name === "string" && typeof item.type === "string" && typeof item.system === "object") {
        items.push({ file, name: item.name, type: item.type, system: item.system as Record<string, unknown> });
      }
    }
  }
  return items;
}

const items = packItems();
const named = (name: string, type: string): PackItem[] => items.filter((i) => i.name === name && i.type === type);

/** The engine's weapon snapshot of a pack weapon. */
const snapshot = (item: PackItem) => checkWeapon({ ...item.system, name: item.name }, item.file);

describe("000 Armour: Steel Dragonplate in the packs", () => {
  const plates = named("Steel Dragonplate", "armour");
  it("is shipped", () => {
    expect(plates.length).toBeGreaterThan(0);
  });
  it.each(plates)("has Armour Rating 3 and encumbrance 2 ($file)", (plate) => {
    expect([plate.system.rating, plate.system.encumbrance]).toEqual([3, 2]);
  });
});

describe("000 Ranged Attacks: Dragonsbreath in the packs", () => {
  const breaths = named("Dragonsbreath", "weapon");
  it("is shipped, in the compendium and on every dragon that breathes", () => {
    expect(breaths.map((b) => b.file)).toContain("weapons/dragonsbreath.yml");
    expect(breaths.length).toBeGreaterThan(1);
  });
  it.each(breaths)("is a ranged attack at damage TN 5 that costs 1 Magic Point ($file)", (item) => {
    const weapon = snapshot(item);
    expect([weapon.range, weapon.damageTN, weapon.magicCost]).toEqual(["ranged", 5, 1]);
    const at = (magic: number) =>
      skirmishOf([fighter("a", { magic: { value: magic, max: 3 } }), fighter("b")], {
        distances: { [pairKey("a", "b")]: "middle" },
      });
    expect(validateAttack(at(1), { attackerId: "a", targetId: "b", weapon }).allowed).toBe(true);
    expect(validateAttack(at(0), { attackerId: "a", targetId: "b", weapon }).allowed).toBe(false);
  });
});

describe("000 Killer Blows: Tooth and Claw in the packs", () => {
  const claws = named("Tooth and Claw", "weapon");
  it("is shipped, in the compendium and on the dragons", () => {
    expect(claws.map((c) => c.file)).toContain("weapons/tooth-and-claw.yml");
    expect(claws.length).toBeGreaterThan(1);
  });
  it.each(claws)("is a melee weapon with the killer blow trait that can grapple ($file)", (item) => {
    const weapon = snapshot(item);
    expect([weapon.range, weapon.killerBlow, weapon.grapple]).toEqual(["melee", true, true]);
    // The bite: attack TN +1, damage TN -2 (000 "Killer Blows").
    expect(attackTNs({ attackerId: "a", targetId: "b", weapon, killerBlow: true }, 4)).toEqual({
      attackTN: 5,
      damageTN: weapon.damageTN - 2,
    });
  });
});
