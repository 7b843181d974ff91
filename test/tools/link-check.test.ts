import { describe, expect, it } from "vitest";
import { checkCompendiumLinks, compendiumLinks } from "../../tools/lib/link-check";
import type { LinkedPack } from "../../tools/lib/link-check";
import type { UnknownRecord } from "../../tools/lib/records";
import { copy, events, knight } from "./fixtures";

const D6_ID = "ArmourD6HHHHHHHH";

/** A d6 table and the fixture d20 table whose first result links `uuid`. */
function packs(uuid: string, d6Type = "RollTable"): LinkedPack[] {
  const d20 = copy(events) as UnknownRecord & { results: UnknownRecord[] };
  const first = d20.results[0];
  if (first) first.description = `<p>Roll on the @UUID[${uuid}]{Armour Trouble} table.</p>`;
  const d6 = { _id: D6_ID, _key: `!tables!${D6_ID}`, name: "Armour Trouble", formula: "1d6", results: [{ _id: "HelmetIIIIIIIIII", range: [1, 6] }] };
  return [
    { name: "tables", type: "RollTable", files: [{ file: "packs/_source/tables/events.yml", doc: d20 }] },
    { name: "more", type: d6Type, files: [{ file: "packs/_source/more/d6.yml", doc: d6 }] },
    { name: "bestiary", type: "Actor", files: [{ file: "packs/_source/bestiary/knight.yml", doc: copy(knight) }] },
  ];
}

const at = "packs/_source/tables/events.yml: results[0].description:";

describe("compendium links in pack sources", () => {
  it("reads a link's package, pack, type, id and embedded tail", () => {
    expect(compendiumLinks("a @UUID[Compendium.age-of-dragons.tables.RollTable.X1.TableResult.Y2]{b} c @UUID[Actor.z]")).toEqual([
      { text: "Compendium.age-of-dragons.tables.RollTable.X1.TableResult.Y2", packageId: "age-of-dragons", pack: "tables", type: "RollTable", id: "X1", embedded: [["TableResult", "Y2"]] },
    ]);
  });
  it("accepts a link to a document another pack of this system holds", () => {
    expect(checkCompendiumLinks(packs(`Compendium.age-of-dragons.more.RollTable.${D6_ID}`))).toEqual([]);
  });
  it("accepts a link to an embedded result that exists", () => {
    expect(checkCompendiumLinks(packs(`Compendium.age-of-dragons.more.RollTable.${D6_ID}.TableResult.HelmetIIIIIIIIII`))).toEqual([]);
  });
  it("reports a link to an id the pack does not hold", () => {
    expect(checkCompendiumLinks(packs("Compendium.age-of-dragons.more.RollTable.NopeNopeNopeNope"))).toEqual([
      `${at} @UUID[Compendium.age-of-dragons.more.RollTable.NopeNopeNopeNope] names NopeNopeNopeNope, which the pack more does not hold`,
    ]);
  });
  it("reports a link to an embedded result that does not exist", () => {
    expect(checkCompendiumLinks(packs(`Compendium.age-of-dragons.more.RollTable.${D6_ID}.TableResult.Gone`))[0]).toMatch(/names an embedded document the pack more does not hold$/);
  });
  it("reports a link to an undeclared pack, to the wrong document type and into another package", () => {
    expect(checkCompendiumLinks(packs(`Compendium.age-of-dragons.elsewhere.RollTable.${D6_ID}`))[0]).toMatch(/names the pack elsewhere, which system\.json does not declare$/);
    expect(checkCompendiumLinks(packs(`Compendium.age-of-dragons.more.RollTable.${D6_ID}`, "Item"))[0]).toMatch(/names a RollTable, but the pack more holds Item documents$/);
    expect(checkCompendiumLinks(packs(`Compendium.dnd5e.more.RollTable.${D6_ID}`))[0]).toMatch(/points into the package dnd5e/);
  });
  it("reports a malformed link", () => {
    expect(checkCompendiumLinks(packs(`Compendium.age-of-dragons.more.RollTable`))[0]).toMatch(/is not Compendium\.<package>\.<pack>\.<Type>\.<id>$/);
    expect(checkCompendiumLinks(packs(`Compendium.age-of-dragons.more.RollTable.${D6_ID}.TableResult`))[0]).toMatch(/is not Compendium/);
  });
  it("leaves the fixture table without links alone", () => {
    expect(checkCompendiumLinks([{ name: "tables", type: "RollTable", files: [{ file: "x.yml", doc: copy(events) }] }])).toEqual([]);
  });
});
