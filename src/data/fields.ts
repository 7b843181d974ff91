/**
 * Builds foundry.data.fields from the spec (src/data/spec.ts) through the plans of field-plans.ts, so the data
 * models, the migrations and the pack validator all read the same declaration. `foundry` is read when a schema is
 * built, never at import time.
 */
import { fieldPlan } from "./field-plans";
import type { FieldPlan } from "./field-plans";
import type { FieldSpec, ModelSpec } from "./spec";

type Fields = typeof foundry.data.fields;
type Text = foundry.data.fields.StringField<{ required: true; nullable: false; blank: false }>;

/** The Foundry field type a spec kind becomes (its initialised value: number, boolean, string, Set, array, object). */
export type FieldFor<S extends FieldSpec> = S extends { kind: "integer" | "number" }
  ? foundry.data.fields.NumberField<{ required: true; nullable: false; min: number; max: number; initial: number }>
  : S extends { kind: "boolean" }
    ? foundry.data.fields.BooleanField<{ required: true; nullable: false; initial: boolean }>
    : S extends { kind: "string" }
      ? foundry.data.fields.StringField<{ required: true; nullable: false; blank: true; initial: string }>
      : S extends { kind: "html" }
        ? foundry.data.fields.HTMLField<{ required: true; nullable: false; blank: true; initial: string }>
        : S extends { kind: "stringSet" }
          ? foundry.data.fields.SetField<Text, { required: true; nullable: false; initial: string[] }>
          : S extends { kind: "stringList" }
            ? foundry.data.fields.ArrayField<Text, { required: true; nullable: false; initial: string[] }>
            : S extends { kind: "schema"; fields: infer M extends ModelSpec }
              ? foundry.data.fields.SchemaField<SchemaFor<M>>
              : never;

/** The Foundry schema a model spec becomes, field by field. */
export type SchemaFor<M extends ModelSpec> = { -readonly [K in keyof M]: FieldFor<M[K]> };

function build(f: Fields, plan: FieldPlan): foundry.data.fields.DataField.Any {
  switch (plan.field) {
    case "NumberField":
      return new f.NumberField(plan.options);
    case "BooleanField":
      return new f.BooleanField(plan.options);
    case "StringField":
      return new f.StringField(plan.options);
    case "HTMLField":
      return new f.HTMLField(plan.options);
    case "SetField":
      return new f.SetField(new f.StringField(plan.element.options), plan.options);
    case "ArrayField":
      return new f.ArrayField(new f.StringField(plan.element.options), plan.options);
    case "SchemaField":
      return new f.SchemaField(
        Object.fromEntries(Object.entries(plan.fields).map(([name, inner]) => [name, build(f, inner)])),
      );
  }
}

/** The Foundry schema for a whole subtype spec; the data models return this from defineSchema. */
export function schemaFor<M extends ModelSpec>(spec: M): SchemaFor<M> {
  const schema: Record<string, foundry.data.fields.DataField.Any> = {};
  for (const [name, field] of Object.entries(spec)) schema[name] = build(foundry.data.fields, fieldPlan(field, name));
  return schema as SchemaFor<M>;
}
