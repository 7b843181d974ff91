/**
 * Builds foundry.data.fields from the spec (src/data/spec.ts), so the data models, the migrations and the pack
 * validator all read the same declaration. `foundry` is read when a schema is built, never at import time.
 */
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

function entry(f: Fields, choices?: readonly string[]): Text {
  return new f.StringField({ required: true, nullable: false, blank: false, ...(choices ? { choices: [...choices] } : {}) });
}

function build(f: Fields, spec: FieldSpec): foundry.data.fields.DataField.Any {
  const base = { required: true, nullable: false } as const;
  switch (spec.kind) {
    case "integer":
      return new f.NumberField({ ...base, integer: true, min: spec.min, max: spec.max, initial: spec.initial });
    case "number":
      return new f.NumberField({
        ...base,
        min: spec.min,
        max: spec.max,
        initial: spec.initial,
        positive: spec.positive ?? false,
      });
    case "boolean":
      return new f.BooleanField({ ...base, initial: spec.initial });
    case "string":
      return new f.StringField({
        ...base,
        blank: !spec.choices,
        initial: spec.initial,
        ...(spec.choices ? { choices: [...spec.choices] } : {}),
      });
    case "html":
      return new f.HTMLField({ ...base, blank: true, initial: "" });
    case "stringSet":
      return new f.SetField(entry(f, spec.choices), { ...base, initial: [...spec.initial] });
    case "stringList":
      return new f.ArrayField(entry(f), { ...base, initial: [...spec.initial] });
    case "schema":
      return new f.SchemaField(schemaFor(spec.fields));
  }
}

/** The Foundry field for one spec entry. */
export function fieldFor<S extends FieldSpec>(spec: S): FieldFor<S> {
  return build(foundry.data.fields, spec) as unknown as FieldFor<S>;
}

/** The Foundry schema for a whole subtype spec; the data models return this from defineSchema. */
export function schemaFor<M extends ModelSpec>(spec: M): SchemaFor<M> {
  const schema: Record<string, foundry.data.fields.DataField.Any> = {};
  for (const [name, field] of Object.entries(spec)) schema[name] = fieldFor(field) as foundry.data.fields.DataField.Any;
  return schema as SchemaFor<M>;
}
