// Test helper: lists how a plain `system` object breaks the spec (docs/DATA.md). Missing fields are allowed
// (the schema's initial fills them), so this checks only what is present.
import type { FieldSpec, ModelSpec } from "../../src/data/spec";

function problem(spec: FieldSpec, value: unknown): string | undefined {
  switch (spec.kind) {
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value)) return "not an integer";
      return value < spec.min || value > spec.max ? "out of range" : undefined;
    case "number":
      if (typeof value !== "number" || Number.isNaN(value)) return "not a number";
      if (spec.positive && value <= 0) return "not positive";
      return value < spec.min || value > spec.max ? "out of range" : undefined;
    case "boolean":
      return typeof value === "boolean" ? undefined : "not a boolean";
    case "string":
      if (typeof value !== "string") return "not a string";
      return spec.choices && !spec.choices.includes(value) ? "not a choice" : undefined;
    case "html":
      return typeof value === "string" ? undefined : "not a string";
    case "stringSet":
    case "stringList": {
      if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) return "not a list of strings";
      const choices = spec.kind === "stringSet" ? spec.choices : undefined;
      if (choices && value.some((v) => !choices.includes(v as string))) return "not a choice";
      if (spec.kind === "stringSet" && new Set(value).size !== value.length) return "duplicates";
      return undefined;
    }
    case "schema":
      return typeof value === "object" && value !== null && !Array.isArray(value) ? undefined : "not an object";
  }
}

/** Every spec violation in `data`, as "path: problem". */
export function specProblems(spec: ModelSpec, data: Record<string, unknown>, prefix = ""): string[] {
  const found: string[] = [];
  for (const [key, field] of Object.entries(spec)) {
    if (!(key in data)) continue;
    const value = data[key];
    const issue = problem(field, value);
    if (issue) found.push(`${prefix}${key}: ${issue}`);
    else if (field.kind === "schema") {
      found.push(...specProblems(field.fields, value as Record<string, unknown>, `${prefix}${key}.`));
    }
  }
  return found;
}
