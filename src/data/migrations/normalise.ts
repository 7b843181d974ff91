/**
 * Repairs the `system` data of an Actor or Item against the spec (docs/DATA.md): renamed fields moved, strings
 * read as numbers and booleans, values clamped into range, loose choice spellings matched. It never throws on
 * user data and never silently drops what a user typed: a value it cannot use is listed as discarded and, when
 * the data carries its rich-text field, written into a note there. Pure: no Foundry globals.
 *
 * Two modes (docs/DATA.md "Migration"). `stored` repairs a whole stored document once, when Foundry builds it
 * (src/documents/actor.ts and item.ts `_initializeSource`): it also clamps, falls back to defaults and notes what
 * it discards. `changes` is what the data models' migrateData does, since Foundry v13 also runs migrateData on
 * the partial changes of every update, before the document's _preUpdate and validation: it renames and converts
 * only what is present and can be converted without loss, never infers from what is absent, records nothing, and
 * leaves a value it cannot use in place for Foundry's validation to refuse with its own message.
 */
import { ACTOR_SPECS, ITEM_SPECS } from "../spec";
import type { ActorSubtype, FieldSpec, ItemSubtype, ModelSpec } from "../spec";
import { coerceValue, readNumber, readText } from "./coerce";
import { RENAMES, readPath } from "./renames";

/** A subtype the normaliser knows. */
export type Subtype = ActorSubtype | ItemSubtype;

/** A value that could not be kept, and the dotted path it was found at. */
export interface Discarded {
  path: string;
  value: unknown;
}

/** Which pass: a whole stored document, or the partial changes of an update (see above). */
export type NormaliseMode = "stored" | "changes";

/** The repaired data and what could not be kept. */
export interface Normalised {
  system: Record<string, unknown>;
  discarded: Discarded[];
}

type Plain = Record<string, unknown>;

const SPECS: Readonly<Record<Subtype, ModelSpec>> = { ...ACTOR_SPECS, ...ITEM_SPECS };

function isPlain(value: unknown): value is Plain {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An object that is neither plain data, a list nor a Set: left for Foundry to interpret. */
function isInstance(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Set) && !isPlain(value);
}

/** A deep copy of plain objects and arrays, so the caller's data is never modified. */
function copy(value: unknown, depth = 0): unknown {
  if (depth > 64) return value;
  if (Array.isArray(value)) return value.map((entry) => copy(entry, depth + 1));
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v, depth + 1)]));
  return value;
}

/** Whether a value is worth keeping in a note (empty values are not). */
function meaningful(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function removePath(source: Plain, path: string, spec: ModelSpec): void {
  const keys = path.split(".");
  const last = keys.pop() ?? "";
  const parent = keys.length === 0 ? source : readPath(source, keys.join("."));
  if (!isPlain(parent)) return;
  Reflect.deleteProperty(parent, last);
  // An old container such as `attributes` goes once it is empty; the spec's own groups stay.
  const top = keys[0];
  if (top !== undefined && keys.length === 1 && !(top in spec) && Object.keys(parent).length === 0) Reflect.deleteProperty(source, top);
}

function writePath(source: Plain, path: string, value: unknown, discarded: Discarded[]): void {
  const keys = path.split(".");
  const last = keys.pop() ?? "";
  let here = source;
  keys.forEach((key, i) => {
    const next = here[key];
    if (!isPlain(next)) {
      if (meaningful(next)) discarded.push({ path: keys.slice(0, i + 1).join("."), value: next });
      here[key] = {};
    }
    here = here[key] as Plain;
  });
  here[last] = value;
}

/** Moves old fields to their current names; a current value already present wins over the old one. */
function applyRenames(source: Plain, type: Subtype, discarded: Discarded[], mode: NormaliseMode): void {
  const spec = SPECS[type];
  for (const rename of RENAMES[type]) {
    const old = readPath(source, rename.from);
    if (old === undefined) continue;
    const targets = Object.entries(rename.to(old, source));
    // An update's old field that needs a companion the update lacks (life.value without life.max) stays for the
    // document's _preUpdate, which reads the companion from the stored data.
    if (mode === "changes" && targets.length === 0) continue;
    removePath(source, rename.from, spec);
    if (targets.length === 0 && meaningful(old)) discarded.push({ path: rename.from, value: old });
    for (const [path, value] of targets) {
      const present = readPath(source, path);
      if (present === undefined) writePath(source, path, value, discarded);
      else if (readText(present) !== readText(value) && meaningful(value)) discarded.push({ path: rename.from, value: old });
    }
  }
}

/** Whether a coercion converted without loss: nothing dropped, no number clamped or rounded. */
function lossless(field: FieldSpec, before: unknown, result: { ok: boolean; value?: unknown; lost?: unknown }): boolean {
  if (!result.ok || result.lost !== undefined) return false;
  if (field.kind === "integer" || field.kind === "number") return readNumber(before) === result.value;
  return true;
}

/** Coerces every field of the spec that is present, recursing into nested schemas. */
function normaliseFields(spec: ModelSpec, source: Plain, prefix: string, discarded: Discarded[], mode: NormaliseMode): void {
  for (const [key, field] of Object.entries(spec)) {
    if (!(key in source)) continue;
    // Foundry's update operators (forced deletion or replacement) and other class instances are not user data.
    if (isInstance(source[key])) continue;
    const path = prefix + key;
    const result = coerceValue(field, source[key]);
    if (result.ok && field.kind === "schema") {
      normaliseFields(field.fields, result.value as Plain, `${path}.`, discarded, mode);
      continue;
    }
    if (mode === "changes") {
      // Left as it is when it cannot be converted without loss: validation refuses it and Foundry says why.
      if (lossless(field, source[key], result)) source[key] = result.value;
      continue;
    }
    if (result.ok) source[key] = result.value;
    else Reflect.deleteProperty(source, key);
    if (meaningful(result.lost)) discarded.push({ path, value: result.lost });
  }
}

/** Limits between fields: Magic Points at most their maximum; wounds at most twice the life points plus one. */
function applyLimits(source: Plain): void {
  const clamp = (path: string, limit: number): void => {
    const value = readPath(source, path);
    if (typeof value === "number" && Number.isFinite(limit) && value > limit) writePath(source, path, limit, []);
  };
  const magicMax = readPath(source, "magic.max");
  if (typeof magicMax === "number") clamp("magic.value", magicMax);
  const lifeMax = readPath(source, "life.max");
  if (typeof lifeMax === "number") clamp("life.wounds", lifeMax * 2 + 1);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The rich-text field of a subtype (biography or description), where notes of discarded values go. */
export function noteField(type: Subtype): string | undefined {
  return Object.entries(SPECS[type]).find(([, field]) => field.kind === "html")?.[0];
}

/** A discarded value as text, the way notes and flags keep it. */
export function discardedText(value: unknown): string {
  return typeof value === "string" ? value : (readText(value) ?? "");
}

/**
 * One paragraph per discarded value, so nothing a user typed disappears without a trace. A paragraph already in
 * `existing` is not written again: the raw value stays in the database until its field is saved, so the same
 * value is discarded again on every load.
 */
export function legacyNote(discarded: readonly Discarded[], existing = ""): string {
  return discarded
    .map(({ path, value }) => {
      const text = discardedText(value);
      return `<p class="aod-legacy" data-path="${escapeHtml(path)}">${escapeHtml(path)}: ${escapeHtml(text)}</p>`;
    })
    .filter((paragraph) => !existing.includes(paragraph))
    .join("");
}

/**
 * Repairs one subtype's `system` data; the input is not modified. Never throws. In `stored` mode (the default)
 * every discarded value is also written as a note into the rich-text field, its one record.
 */
export function normaliseSystem(type: Subtype, source: unknown, mode: NormaliseMode = "stored"): Normalised {
  if (!isPlain(source)) {
    return { system: {}, discarded: mode === "stored" && meaningful(source) ? [{ path: "", value: source }] : [] };
  }
  const system = copy(source) as Plain;
  const discarded: Discarded[] = [];
  applyRenames(system, type, discarded, mode);
  normaliseFields(SPECS[type], system, "", discarded, mode);
  if (mode === "changes") return { system, discarded: [] };
  applyLimits(system);
  const note = noteField(type);
  if (note !== undefined && discarded.length > 0) {
    const text = typeof system[note] === "string" ? system[note] : "";
    system[note] = `${text}${legacyNote(discarded, text)}`;
  }
  return { system, discarded };
}

/**
 * The body of a data model's static migrateData, which Foundry runs on stored data and on update changes alike:
 * converts in place what is present (`changes` mode; Foundry expects the same object back) and returns it.
 */
export function migrateSystemSource<T extends object>(type: Subtype, source: T): T {
  if (!isPlain(source)) return source;
  const { system } = normaliseSystem(type, source, "changes");
  const target: Plain = source;
  for (const key of Object.keys(target)) if (!(key in system)) Reflect.deleteProperty(target, key);
  Object.assign(target, system);
  return source;
}
