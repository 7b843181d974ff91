/**
 * Checks a document's stored `system` object against the data spec (src/data/spec.ts, docs/DATA.md):
 * every field's kind, whole numbers, ranges and choices, and fields the spec does not know.
 * Missing fields are allowed: the data models fill them with their initial values.
 */
import type { FieldSpec, ModelSpec } from "../../src/data/spec";
import { isRecord, show } from "./records";

function checkField(spec: FieldSpec, value: unknown, path: string): string[] {
  switch (spec.kind) {
    case "integer":
    case "number": {
      if (typeof value !== "number" || !Number.isFinite(value)) return [`${path}: expected a number, got ${show(value)}`];
      if (spec.kind === "integer" && !Number.isInteger(value)) return [`${path}: expected a whole number, got ${value}`];
      if (spec.kind === "number" && spec.positive === true && value <= 0) {
        return [`${path}: expected a number above 0, got ${value}`];
      }
      if (value < spec.min) return [`${path}: ${value} is below the minimum ${spec.min}`];
      if (value > spec.max) return [`${path}: ${value} is above the maximum ${spec.max}`];
      return [];
    }
    case "boolean":
      return typeof value === "boolean" ? [] : [`${path}: expected true or false, got ${show(value)}`];
    case "html":
      return typeof value === "string" ? [] : [`${path}: expected HTML text, got ${show(value)}`];
    case "string":
      if (typeof value !== "string") return [`${path}: expected text, got ${show(value)}`];
      if (spec.choices !== undefined && !spec.choices.includes(value)) {
        return [`${path}: ${show(value)} is not one of ${spec.choices.join(", ")}`];
      }
      return [];
    case "stringSet":
    case "stringList": {
      if (!Array.isArray(value)) return [`${path}: expected a list of text, got ${show(value)}`];
      const errors: string[] = [];
      const seen = new Set<string>();
      value.forEach((entry: unknown, i) => {
        const at = `${path}[${i}]`;
        if (typeof entry !== "string") {
          errors.push(`${at}: expected text, got ${show(entry)}`);
          return;
        }
        const choices = spec.kind === "stringSet" ? spec.choices : undefined;
        if (choices !== undefined && !choices.includes(entry)) {
          errors.push(`${at}: ${show(entry)} is not one of ${choices.join(", ")}`);
        }
        if (spec.kind === "stringSet" && seen.has(entry)) errors.push(`${at}: ${show(entry)} is listed twice`);
        seen.add(entry);
      });
      return errors;
    }
    case "schema":
      return checkSystemData(spec.fields, value, path);
  }
}

/** Errors for `system` (named by `path`, e.g. "system" or "items[0].system") against one subtype's spec. */
export function checkSystemData(spec: ModelSpec, system: unknown, path: string): string[] {
  if (!isRecord(system)) return [`${path}: expected an object, got ${show(system)}`];
  const errors: string[] = [];
  for (const [key, value] of Object.entries(system)) {
    const field = spec[key];
    if (field === undefined) {
      errors.push(`${path}.${key}: unknown field (not in src/data/spec.ts)`);
      continue;
    }
    errors.push(...checkField(field, value, `${path}.${key}`));
  }
  return errors;
}

/** DATA.md limits that span two fields: Magic Points now never above the maximum. */
export function checkCrossFields(system: unknown, path: string): string[] {
  if (!isRecord(system) || !isRecord(system.magic)) return [];
  const { value, max } = system.magic;
  if (typeof value === "number" && typeof max === "number" && value > max) {
    return [`${path}.magic.value: ${value} is above magic.max ${max}`];
  }
  return [];
}
