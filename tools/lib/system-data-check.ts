/**
 * Checks a document's stored `system` object against the data spec (src/data/spec.ts, docs/DATA.md):
 * every field's kind, whole numbers, ranges and choices, and fields the spec does not know.
 * Missing fields are allowed: the data models fill them with their initial values. List and set entries
 * must not be blank (Foundry's element fields are blank: false).
 */
import type { FieldSpec, ModelSpec } from "../../src/data/spec";
import { isRecord, show } from "./records";
import type { UnknownRecord } from "./records";

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
        if (entry.trim() === "") {
          errors.push(`${at}: blank entry (list entries must not be blank)`);
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

/** The spec's initial value of the integer field `group.key` (e.g. magic.max), when the spec declares one. */
function initialOf(spec: ModelSpec, group: string, key: string): number | undefined {
  const schema = spec[group];
  if (schema?.kind !== "schema") return undefined;
  const inner = schema.fields[key];
  return inner?.kind === "integer" || inner?.kind === "number" ? inner.initial : undefined;
}

/** The stored number `system[group][key]`: undefined when absent, null when it is not a number (the data check reports that). */
function storedNumber(system: UnknownRecord, group: string, key: string): number | undefined | null {
  const holder = system[group];
  if (holder === undefined) return undefined;
  if (!isRecord(holder)) return null;
  const value = holder[key];
  if (value === undefined) return undefined;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** One side of a two-field limit: the stored value, or the spec's initial when the source leaves it out. */
interface Side {
  readonly value: number;
  readonly given: boolean;
}

function side(spec: ModelSpec, system: UnknownRecord, group: string, key: string): Side | null {
  const stored = storedNumber(system, group, key);
  if (stored === null) return null;
  if (stored !== undefined) return { value: stored, given: true };
  const initial = initialOf(spec, group, key);
  return initial === undefined ? null : { value: initial, given: false };
}

/** How a side reads in a message: "magic.max 2", or "magic.max 3 (not given: the initial)". */
function sideText(name: string, s: Side): string {
  return s.given ? `${name} ${s.value}` : `${name} ${s.value} (not given: the initial)`;
}

/**
 * DATA.md limits that span two fields, against one subtype's spec: Magic Points now never above the maximum,
 * and wounds never above 2 x life.max + 1. A side the source leaves out is the spec's initial value; the error
 * names the field the source gave (both given: the value that is too high).
 */
export function checkCrossFields(spec: ModelSpec, system: unknown, path: string): string[] {
  if (!isRecord(system)) return [];
  const errors: string[] = [];
  const value = side(spec, system, "magic", "value");
  const max = side(spec, system, "magic", "max");
  if (value !== null && max !== null && (value.given || max.given) && value.value > max.value) {
    if (value.given) errors.push(`${path}.magic.value: ${value.value} is above ${sideText("magic.max", max)}`);
    else errors.push(`${path}.magic.max: ${max.value} is below ${sideText("magic.value", value)}`);
  }
  const wounds = side(spec, system, "life", "wounds");
  const life = side(spec, system, "life", "max");
  if (wounds !== null && life !== null && (wounds.given || life.given)) {
    const limit = 2 * life.value + 1;
    if (wounds.value > limit) {
      if (wounds.given) errors.push(`${path}.life.wounds: ${wounds.value} is above 2 x ${sideText("life.max", life)} + 1 = ${limit}`);
      else errors.push(`${path}.life.max: ${life.value} allows at most ${limit} wounds, below ${sideText("life.wounds", wounds)}`);
    }
  }
  return errors;
}
