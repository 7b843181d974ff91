import { describe, expect, it } from "vitest";
import { schemaPlan } from "../../src/data/field-plans";
import type { FieldPlan } from "../../src/data/field-plans";
import { ACTOR_SPECS, ITEM_SPECS } from "../../src/data/spec";

const dragon = schemaPlan(ACTOR_SPECS.dragon);
const skill = schemaPlan(ITEM_SPECS.skill);

describe("DATA.md: schemas are built from the spec", () => {
  it("makes integer fields whole numbers with the spec's range and initial", () => {
    expect(dragon.soma).toEqual({
      field: "NumberField",
      options: { required: true, nullable: false, integer: true, positive: false, min: 1, max: 12, initial: 4 },
    });
  });
  it("makes weight a positive number that may hold fractions", () => {
    expect(dragon.weight).toMatchObject({ field: "NumberField", options: { integer: false, positive: true, initial: 10 } });
  });
  it("gives choice fields their choices and no blank; free text may be blank", () => {
    expect(skill.rank).toMatchObject({
      field: "StringField",
      options: { blank: false, initial: "trained", choices: ["untrained", "trained", "expert", "master", "grandmaster"] },
    });
    expect(skill.identifier).toMatchObject({ field: "StringField", options: { blank: true, initial: "" } });
  });
  it("makes sets of non-blank strings, with choices on the elements when the spec has them", () => {
    expect(skill.uses).toMatchObject({
      field: "SetField",
      element: { field: "StringField", options: { blank: false, choices: [...ITEM_SPECS.skill.uses.choices] } },
      options: { initial: [] },
    });
    expect(schemaPlan(ITEM_SPECS.weapon).defenceSkills).toMatchObject({
      field: "SetField",
      options: { initial: ["toothAndClaw", "aerobatics"] },
    });
  });
  it("makes lists as arrays, rich text as HTML and flags as booleans", () => {
    expect(dragon.lifepaths?.field).toBe("ArrayField");
    expect(dragon.biography).toEqual({
      field: "HTMLField",
      options: { required: true, nullable: false, blank: true, initial: "" },
    });
    expect(dragon.canFly).toMatchObject({ field: "BooleanField", options: { initial: true } });
  });
  it("nests groups such as life as schema fields of their own", () => {
    const life = schemaPlan(ACTOR_SPECS.adversary).life as FieldPlan & { field: "SchemaField" };
    expect(Object.keys(life.fields)).toEqual(["max", "wounds"]);
    expect(life.fields.wounds).toMatchObject({ options: { min: 0, max: 199, initial: 0 } });
  });
  it("plans one field for every spec field of every subtype", () => {
    for (const spec of [...Object.values(ACTOR_SPECS), ...Object.values(ITEM_SPECS)]) {
      expect(Object.keys(schemaPlan(spec))).toEqual(Object.keys(spec));
    }
  });
});
