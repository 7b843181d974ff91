/**
 * Fields that older data stored under other names, and how each old value maps onto the current shape
 * (docs/DATA.md). Pure: no Foundry globals.
 */
import { SKILL_RANKS } from "../../rules/skills";
import type { ActorSubtype, ItemSubtype } from "../spec";
import { readNumber } from "./coerce";

/** One old field: where it was, and the current paths (dotted, inside `system`) its value fills. */
export interface Rename {
  from: string;
  /** The new values by dotted path; `source` is the data as renamed so far, to read companions such as life.max. */
  to(old: unknown, source: Readonly<Record<string, unknown>>): Record<string, unknown>;
}

/** Reads a dotted path from plain data; undefined when any step is missing or not an object. */
export function readPath(source: unknown, path: string): unknown {
  let here: unknown = source;
  for (const key of path.split(".")) {
    if (typeof here !== "object" || here === null || Array.isArray(here)) return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

const moveTo =
  (path: string): Rename["to"] =>
  (old) => ({ [path]: old });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Old `hp`: a number was the Life Points total; `{ value, max }` was remaining and total, so wounds = max - value. */
function fromHitPoints(old: unknown): Record<string, unknown> {
  if (!isRecord(old)) return { "life.max": old };
  const out: Record<string, unknown> = {};
  if (old.max !== undefined) out["life.max"] = old.max;
  const max = readNumber(old.max);
  const value = readNumber(old.value);
  if (Number.isFinite(max) && Number.isFinite(value)) out["life.wounds"] = Math.max(0, max - value);
  return out;
}

/** Old `life.value` (Life Points remaining): wounds = max - value, when the total is known. */
function fromLifeRemaining(old: unknown, source: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const max = readNumber(readPath(source, "life.max"));
  const value = readNumber(old);
  if (!Number.isFinite(max) || !Number.isFinite(value)) return {};
  return { "life.wounds": Math.max(0, max - value) };
}

/** Old `mp`: a number was the current Magic Points; an object carried value and max. */
function fromMagicPoints(old: unknown): Record<string, unknown> {
  if (!isRecord(old)) return { "magic.value": old };
  const out: Record<string, unknown> = {};
  if (old.value !== undefined) out["magic.value"] = old.value;
  if (old.max !== undefined) out["magic.max"] = old.max;
  return out;
}

/** Old skill `level`: 0..4 counted the ranks from untrained up; a word is kept for the choice matcher. */
function fromSkillLevel(old: unknown): Record<string, unknown> {
  const level = readNumber(old);
  if (Number.isFinite(level)) {
    const index = Math.min(SKILL_RANKS.length - 1, Math.max(0, Math.round(level)));
    return { rank: SKILL_RANKS[index] };
  }
  return { rank: old };
}

const ACTOR_RENAMES: readonly Rename[] = [
  { from: "attributes.soma", to: moveTo("soma") },
  { from: "attributes.pneuma", to: moveTo("pneuma") },
  { from: "attributes.agility", to: moveTo("agility") },
  { from: "hp", to: fromHitPoints },
  { from: "wounds", to: moveTo("life.wounds") },
  { from: "life.value", to: fromLifeRemaining },
  { from: "mp", to: fromMagicPoints },
];

/** The renames for each subtype, applied in order (so `hp` fills life.max before `life.value` needs it). */
export const RENAMES: Readonly<Record<ActorSubtype | ItemSubtype, readonly Rename[]>> = {
  dragon: ACTOR_RENAMES,
  adversary: ACTOR_RENAMES,
  weapon: [{ from: "tn", to: moveTo("damageTN") }],
  armour: [
    { from: "ar", to: moveTo("rating") },
    { from: "enc", to: moveTo("encumbrance") },
  ],
  skill: [{ from: "level", to: fromSkillLevel }],
};
