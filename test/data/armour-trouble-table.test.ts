// 001 "Combat Events" 1-2 Armour Trouble: the d6 table shipped for GMs who roll by hand agrees with the rules'
// own d6 (`armourSlotFor`), and the d20 table's Armour Trouble result links it by its compendium UUID.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import { ARMOUR_TROUBLE_TABLE_UUID, COMBAT_EVENTS_TABLE_UUID } from "../../src/core/settings/settings-table";
import { armourSlotFor } from "../../src/rules/combat-events";
import { compendiumLinks } from "../../tools/lib/link-check";
import { ROOT } from "./lang";

interface Result {
  _id: string;
  _key: string;
  name: string;
  description: string;
  range: [number, number];
  weight: number;
  type: string;
}
interface Table {
  _id: string;
  _key: string;
  formula: string;
  results: Result[];
}

const read = (file: string): Table => yaml.load(readFileSync(resolve(ROOT, "packs/_source/tables", file), "utf8")) as Table;
const d6 = read("armour-trouble.yml");
const d20 = read("combat-events.yml");

/** The armour slot each name of the d6 table stands for. */
const SLOT_OF: Readonly<Record<string, string>> = { "Helmet Damaged": "helmet", "Shield Damaged": "shield", "Armour Damaged": "body" };

describe("the Armour Trouble d6 table", () => {
  it("is a 1d6 table in the tables compendium under the UUID the system names", () => {
    expect(d6.formula).toBe("1d6");
    expect(d6._key).toBe(`!tables!${d6._id}`);
    expect(ARMOUR_TROUBLE_TABLE_UUID).toBe(`Compendium.age-of-dragons.tables.RollTable.${d6._id}`);
    expect(ARMOUR_TROUBLE_TABLE_UUID).not.toBe(COMBAT_EVENTS_TABLE_UUID);
  });
  it("gives every face the piece the rules' d6 damages (1-2 helmet, 3-5 shield, 6 body armour)", () => {
    for (let face = 1; face <= 6; face += 1) {
      const hits = d6.results.filter((r) => face >= r.range[0] && face <= r.range[1]);
      expect(hits).toHaveLength(1);
      expect(SLOT_OF[hits[0]?.name ?? ""]).toBe(armourSlotFor(face));
    }
  });
  it("weighs each result by its span, with its own key", () => {
    for (const r of d6.results) {
      expect(r.weight).toBe(r.range[1] - r.range[0] + 1);
      expect(r._key).toBe(`!tables.results!${d6._id}.${r._id}`);
      expect(r.type).toBe("text");
    }
  });
  it("names the barding for a dragon on the 6", () => {
    expect(d6.results.find((r) => r.range[0] === 6)?.description).toMatch(/barding/);
  });
});

describe("the Combat Events d20 table links the d6 table", () => {
  it("from its Armour Trouble result, and from no other", () => {
    const linking = d20.results.filter((r) => compendiumLinks(r.description).some((l) => l.text === ARMOUR_TROUBLE_TABLE_UUID));
    expect(linking.map((r) => r.range)).toEqual([[1, 2]]);
    expect(linking[0]?.name).toBe("Armour Trouble");
  });
});
