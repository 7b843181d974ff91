/**
 * Reads a combat's or combatant's `system` data back as checked plain JSON (stored.ts types). Every value comes
 * from a document any client may have written through a module or macro, so each entry is checked and a bad one
 * is left out (or defaulted) rather than trusted. Pure: no Foundry globals.
 */
import { ALTITUDES, DISTANCES } from "../../rules/bands";
import { SURFACES } from "../../rules/falling";
import { ROUND_MODES } from "../../rules/round-plan";
import type { RoundStep } from "../../rules/round-plan";
import type { SpeedPhase } from "../../rules/speed";
import type { TacticalPhase } from "../../rules/round-plan";
import type {
  CombatSystemSource,
  CombatantSystemSource,
  StoredDeclaration,
  StoredInitiative,
  StoredLandmark,
  StoredPlace,
  StoredSides,
  StoredSkirmish,
  StoredTieCheck,
} from "./stored";
import { COMBAT_SCHEMA_VERSION, STEP_KINDS, STEP_PHASES, defaultCombatSystem, isRoundEffect, isSpeedCategory } from "./stored";

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): value is T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v !== "") : [];
const whole = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
const bool = (value: unknown): boolean => value === true;

function record<T>(value: unknown, read: (entry: unknown, key: string) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  if (!isPlain(value)) return out;
  for (const [key, entry] of Object.entries(value)) {
    if (key === "") continue;
    const read_ = read(entry, key);
    if (read_ !== undefined) out[key] = read_;
  }
  return out;
}

function place(value: unknown): StoredPlace | undefined {
  if (!isPlain(value) || !oneOf(value.altitude, ALTITUDES)) return undefined;
  const effects = Array.isArray(value.roundEffects) ? value.roundEffects.filter(isRoundEffect) : [];
  return {
    altitude: value.altitude,
    moved: bool(value.moved),
    fullMove: bool(value.fullMove),
    acted: bool(value.acted),
    choseToFall: bool(value.choseToFall),
    falling: bool(value.falling),
    roundEffects: [...new Set(effects)],
  };
}

function landmark(value: unknown): StoredLandmark | undefined {
  if (!isPlain(value) || !oneOf(value.altitude, ALTITUDES)) return undefined;
  return { name: text(value.name), altitude: value.altitude };
}

/** A stored pair key is two different non-empty ids joined by "|", the smaller first (rules `pairKey`). */
export function isPairKey(key: string): boolean {
  const parts = key.split("|");
  const [a, b] = parts;
  return parts.length === 2 && a !== undefined && b !== undefined && a !== "" && b !== "" && a < b;
}

function skirmish(value: unknown, fallback: StoredSkirmish): StoredSkirmish {
  if (!isPlain(value)) return fallback;
  const distances = record(value.distances, (d, key) => (isPairKey(key) && oneOf(d, DISTANCES) ? d : undefined));
  const grapples = [...new Set(ids(value.grapples).filter(isPairKey))];
  // Each carrier carries one and each passenger has one carrier; a later duplicate passenger is dropped.
  const carried = new Set<string>();
  const carrying = record(value.carrying, (c, carrier) => {
    if (typeof c !== "string" || c === "" || c === carrier || carried.has(c)) return undefined;
    carried.add(c);
    return c;
  });
  return {
    combatants: record(value.combatants, place),
    landmarks: record(value.landmarks, landmark),
    distances,
    grapples,
    carrying,
    surface: oneOf(value.surface, SURFACES) ? value.surface : fallback.surface,
  };
}

function step(value: unknown): RoundStep | undefined {
  if (!isPlain(value) || !oneOf(value.phase, STEP_PHASES) || !oneOf(value.kind, STEP_KINDS)) return undefined;
  const out: RoundStep = {
    phase: value.phase as TacticalPhase | SpeedPhase,
    kind: value.kind,
    combatants: ids(value.combatants),
    simultaneous: bool(value.simultaneous),
  };
  if (typeof value.side === "string" && value.side !== "") out.side = value.side;
  return out;
}

function tieCheck(value: unknown): StoredTieCheck | undefined {
  if (!isPlain(value) || typeof value.id !== "string" || value.id === "" || !Array.isArray(value.dice)) return undefined;
  const dice = value.dice.filter((d): d is number => whole(d, 1, 6) !== undefined);
  const successes = whole(value.successes, 0, 99);
  if (dice.length !== value.dice.length || successes === undefined) return undefined;
  return { id: value.id, dice, successes };
}

function sides(value: unknown): StoredSides | null {
  if (!isPlain(value)) return null;
  return {
    order: ids(value.order),
    rolls: record(value.rolls, (r) => whole(r, 1, 10)),
    phaseShift: record(value.phaseShift, (s) => whole(s, -1, 1)),
    events: whole(value.events, 0, 10_000) ?? 0,
  };
}

function initiative(value: unknown): StoredInitiative {
  if (!isPlain(value)) return defaultCombatSystem().initiative;
  return {
    order: ids(value.order),
    pneuma: record(value.pneuma, (p) => whole(p, 0, 99)),
    checks: Array.isArray(value.checks) ? value.checks.map(tieCheck).filter((c) => c !== undefined) : [],
    sides: sides(value.sides),
    messageId: text(value.messageId),
  };
}

/** One stored declaration read as checked JSON, or undefined when it is not an object (the GM's secret store reads its own with it). */
export function readStoredDeclaration(value: unknown): StoredDeclaration | undefined {
  if (!isPlain(value)) return undefined;
  return {
    phase: text(value.phase),
    text: text(value.text),
    target: text(value.target),
    action: text(value.action),
    aborted: text(value.aborted),
    choice: text(value.choice),
    sealed: bool(value.sealed),
    resolved: bool(value.resolved),
  };
}

/** A combat's system data as checked JSON; whatever cannot be used takes its default. Never throws. */
export function readCombatSystem(value: unknown): CombatSystemSource {
  const base = defaultCombatSystem();
  if (!isPlain(value)) return base;
  const cursor = isPlain(value.cursor) ? value.cursor : {};
  return {
    version: whole(value.version, 0, 10_000) ?? COMBAT_SCHEMA_VERSION,
    mode: oneOf(value.mode, ROUND_MODES) ? value.mode : base.mode,
    plan: Array.isArray(value.plan) ? value.plan.map(step).filter((s) => s !== undefined) : [],
    cursor: { round: whole(cursor.round, 0, 1e6) ?? 0, index: whole(cursor.index, 0, 1e6) ?? 0 },
    initiative: initiative(value.initiative),
    skirmish: skirmish(value.skirmish, base.skirmish),
    declarations: record(value.declarations, readStoredDeclaration),
    endPhase: {
      round: whole(isPlain(value.endPhase) ? value.endPhase.round : undefined, 0, 1e6) ?? 0,
      messageId: text(isPlain(value.endPhase) ? value.endPhase.messageId : undefined),
    },
    ended: bool(value.ended),
  };
}

/** A combatant's system data as checked JSON. Never throws. */
export function readCombatantSystem(value: unknown): CombatantSystemSource {
  if (!isPlain(value)) return { side: "", speed: "", tactics: "" };
  return { side: text(value.side).trim(), speed: isSpeedCategory(value.speed) ? value.speed : "", tactics: text(value.tactics).trim() };
}
