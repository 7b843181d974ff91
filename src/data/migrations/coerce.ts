/**
 * Coerces one stored value to the kind its FieldSpec declares (docs/DATA.md), without throwing on anything a
 * user, an old world or a hand-written pack may hold. Pure: no Foundry globals.
 */
import type { FieldSpec } from "../spec";

/**
 * The result of coercing: `ok` with the value to store, or not `ok` (the schema's initial applies). `lost` holds
 * whatever could not be kept (the whole value, or the unknown entries of a list) so it can go into a note.
 */
export interface Coerced {
  ok: boolean;
  value?: unknown;
  lost?: unknown;
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const TRUE_WORDS = new Set(["true", "yes", "on", "1"]);
const FALSE_WORDS = new Set(["false", "no", "off", "0", ""]);

/** Reads a number from a number or a numeric string ("4", " 3.0 "); anything else is NaN. */
export function readNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  const text = value.trim();
  if (/^[+-]?infinity$/i.test(text)) return text.startsWith("-") ? -Infinity : Infinity;
  return NUMERIC.test(text) ? Number(text) : Number.NaN;
}

/** Reads a boolean from true/false, 1/0 and their string spellings (also yes/no, on/off). */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase();
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return undefined;
}

/** Free text from any plain value: strings kept, numbers and booleans written out, objects as JSON. */
export function readText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Letters and digits only, lower case: lets "War Engine", "war-engine" and "WARENGINE" match "warEngine". */
function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** The allowed choice a text names, matched exactly first and then loosely; undefined when none fits. */
export function matchChoice(value: unknown, choices: readonly string[]): string | undefined {
  if (typeof value !== "string") return undefined;
  if (choices.includes(value)) return value;
  const wanted = squash(value);
  return wanted === "" ? undefined : choices.find((choice) => squash(choice) === wanted);
}

/** The entries of a list given as an array, a Set, a comma-separated string or a single value. */
function readEntries(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value instanceof Set) return [...(value as Set<unknown>)];
  if (typeof value === "string") return value.split(",");
  if (value === null || value === undefined) return [];
  if (typeof value === "object") return Object.values(value);
  return [value];
}

function coerceNumber(spec: FieldSpec & { kind: "integer" | "number" }, value: unknown): Coerced {
  let n = readNumber(value);
  if (Number.isNaN(n)) return { ok: false, lost: value };
  if (spec.kind === "integer" && Number.isFinite(n)) n = Math.round(n);
  if (spec.kind === "number" && spec.positive && n <= 0) return { ok: false, lost: value };
  return { ok: true, value: Math.min(spec.max, Math.max(spec.min, n)) };
}

function coerceList(spec: FieldSpec & { kind: "stringSet" | "stringList" }, value: unknown): Coerced {
  const choices = spec.kind === "stringSet" ? spec.choices : undefined;
  const kept: string[] = [];
  const lost: string[] = [];
  for (const entry of readEntries(value)) {
    const text = readText(entry)?.trim();
    if (text === undefined || text === "") continue;
    const chosen = choices ? matchChoice(text, choices) : text;
    if (chosen === undefined) lost.push(text);
    else if (spec.kind === "stringList" || !kept.includes(chosen)) kept.push(chosen);
  }
  return lost.length > 0 ? { ok: true, value: kept, lost } : { ok: true, value: kept };
}

/**
 * Coerces a value to a field's kind: numbers from numeric strings, clamped into range and rounded for integers;
 * booleans from their spellings; choices matched loosely; free text from anything; lists from commas.
 * A value that cannot be read comes back as `{ ok: false, lost }` so the caller can keep it in a note.
 */
export function coerceValue(spec: FieldSpec, value: unknown): Coerced {
  switch (spec.kind) {
    case "integer":
    case "number":
      return coerceNumber(spec, value);
    case "boolean": {
      const flag = readBoolean(value);
      return flag === undefined ? { ok: false, lost: value } : { ok: true, value: flag };
    }
    case "string": {
      if (spec.choices) {
        const chosen = matchChoice(value, spec.choices);
        return chosen === undefined ? { ok: false, lost: value } : { ok: true, value: chosen };
      }
      const text = readText(value);
      return text === undefined ? { ok: false, lost: value } : { ok: true, value: text };
    }
    case "html": {
      const text = readText(value);
      return text === undefined ? { ok: false, lost: value } : { ok: true, value: text };
    }
    case "stringSet":
    case "stringList":
      return coerceList(spec, value);
    case "schema":
      // Nested schemas are walked by the normaliser; a non-object here cannot be read.
      return typeof value === "object" && value !== null && !Array.isArray(value)
        ? { ok: true, value }
        : { ok: false, lost: value };
  }
}
