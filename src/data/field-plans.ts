/**
 * What Foundry field each spec entry becomes, as plain data: the field class name and its options. fields.ts turns
 * a plan into a real foundry.data.fields instance; keeping the decisions here lets tests check them without
 * Foundry. Pure: no Foundry globals.
 */
import type { FieldSpec, ModelSpec } from "./spec";

interface Base {
  required: true;
  nullable: false;
}

/** A plan for one Foundry field. */
export type FieldPlan =
  | { field: "NumberField"; options: Base & { integer: boolean; positive: boolean; min: number; max: number; initial: number } }
  | { field: "BooleanField"; options: Base & { initial: boolean } }
  | { field: "StringField"; options: Base & { blank: boolean; initial?: string; choices?: Record<string, string> } }
  | { field: "HTMLField"; options: Base & { blank: true; initial: string } }
  | { field: "SetField" | "ArrayField"; element: FieldPlan & { field: "StringField" }; options: Base & { initial: string[] } }
  | { field: "SchemaField"; fields: Record<string, FieldPlan> };

const base: Base = { required: true, nullable: false };

/** Choice values mapped to their en.json labels, `AOD.Choices.<field>.<value>`, so Foundry's forms show words. */
export function choiceLabels(name: string, choices: readonly string[]): Record<string, string> {
  return Object.fromEntries(choices.map((value) => [value, `AOD.Choices.${name}.${value}`]));
}

function text(name: string, choices?: readonly string[]): FieldPlan & { field: "StringField" } {
  return { field: "StringField", options: { ...base, blank: false, ...(choices ? { choices: choiceLabels(name, choices) } : {}) } };
}

/** The Foundry field plan for one spec entry named `name` (docs/DATA.md kinds, ranges, initials and choices). */
export function fieldPlan(spec: FieldSpec, name: string): FieldPlan {
  switch (spec.kind) {
    case "integer":
    case "number":
      return {
        field: "NumberField",
        options: {
          ...base,
          integer: spec.kind === "integer",
          positive: spec.kind === "number" && spec.positive === true,
          min: spec.min,
          max: spec.max,
          initial: spec.initial,
        },
      };
    case "boolean":
      return { field: "BooleanField", options: { ...base, initial: spec.initial } };
    case "string":
      return {
        field: "StringField",
        options: {
          ...base,
          blank: !spec.choices,
          initial: spec.initial,
          ...(spec.choices ? { choices: choiceLabels(name, spec.choices) } : {}),
        },
      };
    case "html":
      return { field: "HTMLField", options: { ...base, blank: true, initial: "" } };
    case "stringSet":
      return { field: "SetField", element: text(name, spec.choices), options: { ...base, initial: [...spec.initial] } };
    case "stringList":
      return { field: "ArrayField", element: text(name), options: { ...base, initial: [...spec.initial] } };
    case "schema":
      return { field: "SchemaField", fields: schemaPlan(spec.fields) };
  }
}

/** The plans for every field of a subtype spec, by name. */
export function schemaPlan(spec: ModelSpec): Record<string, FieldPlan> {
  return Object.fromEntries(Object.entries(spec).map(([name, field]) => [name, fieldPlan(field, name)]));
}
