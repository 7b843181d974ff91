import { describe, expect, it } from "vitest";
import { choiceLabels, schemaPlan } from "../../src/data/field-plans";
import type { FieldPlan } from "../../src/data/field-plans";
import { ACTOR_SPECS, ITEM_SPECS } from "../../src/data/spec";
import { translation } from "./lang";

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
      options: {
        blank: false,
        initial: "trained",
        choices: {
          untrained: "AOD.Choices.rank.untrained",
          trained: "AOD.Choices.rank.trained",
          expert: "AOD.Choices.rank.expert",
          master: "AOD.Choices.rank.master",
          grandmaster: "AOD.Choices.rank.grandmaster",
        },
      },
    });
    expect(skill.identifier).toMatchObject({ field: "StringField", options: { blank: true, initial: "" } });
  });
  it("makes sets of non-blank strings, with choices on the elements when the spec has them", () => {
    expect(skill.uses).toMatchObject({
      field: "SetField",
      element: { field: "StringField", options: { blank: false, choices: choiceLabels("uses", ITEM_SPECS.skill.uses.choices) } },
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

describe("DATA.md: choice labels", () => {
  it("labels every choice of every choice field with an en.json key that exists", () => {
    const plans = [...Object.values(ACTOR_SPECS), ...Object.values(ITEM_SPECS)].map((spec) => schemaPlan(spec));
    const labels = plans.flatMap((plan) =>
      Object.values(plan).flatMap((p: FieldPlan) => {
        const options = p.field === "StringField" ? p.options : p.field === "SetField" ? p.element.options : undefined;
        return Object.values(options?.choices ?? {});
      }),
    );
    expect(labels.length).toBeGreaterThan(20);
    for (const key of labels) expect(translation(key), key).toBeTruthy();
  });
});
