/**
 * Initiative: the Pneuma order of seed 000 and the side d10 roll of seed 001.
 *
 * Dice order (so a script of faces gives exactly one answer):
 * - pneumaOrder: groups of equal Pneuma are settled from the highest Pneuma down. Every member of a tied
 *   group rolls a Pneuma check (`roll(pneuma, 6)`, at its tie TN: 6 unless changed) in input order; members are then ranked by
 *   successes. Each sub-group that is still tied re-rolls among itself, depth first: the sub-group with the
 *   most successes is fully settled before the next one rolls, again in input order.
 * - sideInitiative: one `roll(1, 10)` per side in input order. Then, while any final rolls are equal, every
 *   side that shares its roll with another re-rolls at once, in input order. `events` is the number of tied
 *   groups that were forced to re-roll: two sides tied on 5 and two on 3 make two events in that pass; a
 *   group that ties again on its re-roll makes one more.
 */
import { clampPool, isAchievableTN, successesAt } from "./pools";
import { poolLabel, runSteps } from "./procedures/steps";
import type { CountingDiceSource, PoolLabel, Steps } from "./procedures/steps";
import { rollFrom } from "./roll-sources";
import type { DiceSource } from "./types";
import {
  assertId,
  assertInteger,
  assertList,
  assertNonNegativeInteger,
  assertRecord,
  assertUniqueIds,
  fail,
} from "./validate";

/** The TN of the competed Pneuma check that breaks initiative ties (000 "Default Option"). */
export const PNEUMA_TIE_TN = 6;

/** A tie in the Pneuma order re-rolls at most this often; past that the input order stands. */
export const MAX_TIE_ROUNDS = 50;

/** The most sides a d10 initiative can order: beyond ten some rolls must tie for ever. */
export const MAX_SIDES = 10;

/** Passes of side re-rolls after which a dice source that keeps tying is reported as broken. */
export const MAX_SIDE_PASSES = 10_000;

/** One competed Pneuma check made while breaking a tie: who rolled, the faces and the successes. */
export interface TieCheck {
  id: string;
  dice: number[];
  successes: number;
}

/**
 * The Pneuma order, fastest first, every tie-break check in the order it was rolled, and the Pneuma each had
 * (what `pneumaOrderHolds` compares a later roster with).
 */
export interface PneumaOrderResult {
  order: string[];
  checks: TieCheck[];
  pneuma: Record<string, number>;
}

/** One combatant in the Pneuma order; `tieTN` overrides the tie TN for it alone (a power of its own). */
export interface PneumaEntry {
  id: string;
  pneuma: number;
  tieTN?: number;
}

/** Options of the Pneuma order: the tie TN for everyone (000 "usually TN6+", default PNEUMA_TIE_TN). */
export interface PneumaOrderOptions {
  tieTN?: number;
}

/** A side initiative result; `history` keeps every face each side rolled, first roll first. */
export interface SideInitiativeResult {
  order: string[];
  rolls: Record<string, number>;
  phaseShift: Record<string, -1 | 0 | 1>;
  events: number;
  history: Record<string, number[]>;
}

/** Splits items into runs of equal key, keeping the given order inside each run; keys highest first. */
function groupDescending<T>(items: readonly T[], key: (item: T) => number): T[][] {
  // Each key read once; the groups in descending key order, each in input order (a simulator hot path: once a run).
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  const keys = [...groups.keys()].sort((a, b) => b - a);
  return keys.map((k) => groups.get(k) as T[]);
}

/** One combatant of a checked Pneuma roster (`pneumaRoster`): its id, Pneuma and tie TN. */
export interface PneumaRosterEntry {
  readonly id: string;
  readonly pneuma: number;
  readonly tieTN: number;
  /** Names its tie-break roll in error messages (`rollPool`'s names). */
  readonly label: PoolLabel;
}

/** A roster checked once by `pneumaRoster`, for `pneumaOrderSteps` (the simulator orders one per run). */
export type PneumaRoster = readonly PneumaRosterEntry[];

function* settleTie(group: PneumaRoster, checks: TieCheck[], depth: number): Steps<string[]> {
  if (group.length === 1 || depth >= MAX_TIE_ROUNDS) return group.map((e) => e.id);
  // A pool of 0 dice, or a TN no die can meet, can never score, so such a tie could never break: input order stands.
  if (group.every((e) => clampPool(e.pneuma) === 0 || !isAchievableTN(e.tieTN))) return group.map((e) => e.id);
  const scored: { entry: PneumaRosterEntry; successes: number }[] = [];
  for (const entry of group) {
    const faces = yield { pool: entry.pneuma, label: entry.label };
    const successes = successesAt(faces, entry.tieTN);
    checks.push({ id: entry.id, dice: faces, successes });
    scored.push({ entry, successes });
  }
  const order: string[] = [];
  for (const sub of groupDescending(scored, (s) => s.successes)) {
    order.push(...(yield* settleTie(sub.map((s) => s.entry), checks, depth + 1)));
  }
  return order;
}

/** Checks a roster and options as `pneumaOrder` does (same messages), once for any number of orders. */
export function pneumaRoster(combatants: readonly PneumaEntry[], options: PneumaOrderOptions = {}): PneumaRoster {
  const given = assertRecord("options", options);
  const tieTN = given.tieTN === undefined ? PNEUMA_TIE_TN : assertInteger("options.tieTN", given.tieTN);
  const entries = assertList("combatants", combatants).map((c, i) =>
    assertRecord(`combatants[${i}]`, c, "an object with id and pneuma"),
  );
  const ids = assertUniqueIds(entries.map((c) => c.id), (i) => `combatants.id[${i}]`);
  return entries.map((c, i): PneumaRosterEntry => {
    const id = ids[i] ?? fail(`combatants[${i}].id`, "an id", c.id);
    return {
      id,
      pneuma: assertNonNegativeInteger(`combatants[${i}].pneuma`, c.pneuma),
      tieTN: c.tieTN === undefined ? tieTN : assertInteger(`combatants[${i}].tieTN`, c.tieTN),
      label: poolLabel(`${id} Pneuma`),
    };
  });
}

/** The Pneuma order of a checked roster as steps (steps.ts): the same rolls in the same order as `pneumaOrder`. */
export function* pneumaOrderSteps(roster: PneumaRoster): Steps<PneumaOrderResult> {
  const checks: TieCheck[] = [];
  const order: string[] = [];
  for (const group of groupDescending(roster, (c) => c.pneuma)) {
    order.push(...(yield* settleTie(group, checks, 0)));
  }
  const pneuma: Record<string, number> = {};
  for (const c of roster) pneuma[c.id] = c.pneuma;
  return { order, checks, pneuma };
}

/** A roster's groups of equal Pneuma, highest first (`groupDescending`), made once per roster. */
const rosterGroups = new WeakMap<PneumaRoster, { groups: readonly PneumaRoster[]; untied: readonly string[] | null }>();

function groupsOf(roster: PneumaRoster): { groups: readonly PneumaRoster[]; untied: readonly string[] | null } {
  let known = rosterGroups.get(roster);
  if (!known) {
    const groups = groupDescending(roster, (c) => c.pneuma);
    // With no two of equal Pneuma no die is rolled and the order is always the same list.
    const untied = groups.every((g) => g.length === 1) ? Object.freeze(groups.map((g) => (g[0] as PneumaRosterEntry).id)) : null;
    known = { groups, untied };
    rosterGroups.set(roster, known);
  }
  return known;
}

/** `settleTie` counting each check as it is rolled (`CountingDiceSource`): the same dice, only the order. */
function settleTieCounted(group: PneumaRoster, dice: CountingDiceSource, depth: number, order: string[]): void {
  if (group.length === 1 || depth >= MAX_TIE_ROUNDS || group.every((e) => clampPool(e.pneuma) === 0 || !isAchievableTN(e.tieTN))) {
    for (const e of group) order.push(e.id);
    return;
  }
  const scored = group.map((entry) => ({ entry, successes: dice.successes(clampPool(entry.pneuma, entry.label.pool), entry.tieTN) }));
  for (const sub of groupDescending(scored, (s) => s.successes)) settleTieCounted(sub.map((s) => s.entry), dice, depth + 1, order);
}

/**
 * The order of `pneumaOrderSteps` for a caller that needs nothing else (the simulator, once a run): the same
 * checks rolled in the same order from a `CountingDiceSource`, each counted as it is rolled. A roster with no two
 * of equal Pneuma rolls nothing and answers the same frozen list every time.
 */
export function pneumaOrderCounted(roster: PneumaRoster, dice: CountingDiceSource): readonly string[] {
  const { groups, untied } = groupsOf(roster);
  if (untied) return untied;
  const order: string[] = [];
  for (const group of groups) settleTieCounted(group, dice, 0, order);
  return order;
}

/**
 * 000 "Default Option: Descending Initiative": highest Pneuma first; equal Pneuma is settled by competed
 * Pneuma checks, re-rolled among those still tied (see the file comment for the dice order). The checks are at
 * TN 6 "though certain specific special powers can change this": `options.tieTN` changes it for everyone, an
 * entry's own `tieTN` for that combatant alone.
 */
export async function pneumaOrder(
  combatants: readonly PneumaEntry[],
  dice: DiceSource,
  options: PneumaOrderOptions = {},
): Promise<PneumaOrderResult> {
  return runSteps(pneumaOrderSteps(pneumaRoster(combatants, options)), dice);
}

/**
 * Whether a stored Pneuma order still holds for a roster (000 "Initiative: Action Order": worked out at the start
 * of the combat, the order stays "barring any change in the base calculation"): the same members, each with the
 * Pneuma the order was worked out with. False means the combat should roll the order again.
 */
export function pneumaOrderHolds(
  stored: { readonly order: readonly string[]; readonly pneuma: Readonly<Record<string, number>> },
  roster: readonly { readonly id: string; readonly pneuma: number }[],
): boolean {
  const record = assertRecord("stored", stored, "a stored Pneuma order ({ order, pneuma })");
  const order = assertUniqueIds(assertList("stored.order", record.order), (i) => `stored.order[${i}]`);
  const pneuma = assertRecord("stored.pneuma", record.pneuma);
  const members = assertList("roster", roster).map((c, i) => {
    const entry = assertRecord(`roster[${i}]`, c, "an object with id and pneuma");
    return { id: assertId(`roster[${i}].id`, entry.id), pneuma: assertNonNegativeInteger(`roster[${i}].pneuma`, entry.pneuma) };
  });
  if (members.length !== order.length) return false;
  return members.every((m) => order.includes(m.id) && pneuma[m.id] === m.pneuma);
}

/** The sides whose current roll equals another side's, grouped by that roll, in input order. */
function tiedGroups(sides: readonly string[], rolls: Record<string, number>): string[][] {
  const byRoll = new Map<number, string[]>();
  for (const side of sides) {
    const roll = rolls[side] ?? 0;
    byRoll.set(roll, [...(byRoll.get(roll) ?? []), side]);
  }
  return [...byRoll.values()].filter((group) => group.length > 1);
}

/** 001 "Initiative": a final 1 acts one phase later (+1), a final 10 one phase earlier (-1). */
export function phaseShiftFor(roll: number): -1 | 0 | 1 {
  if (roll === 1) return 1;
  if (roll === 10) return -1;
  return 0;
}

/**
 * 001 "Initiative": every side rolls 1d10, highest first; tied sides re-roll at once and each forced re-roll
 * of a tied group counts one combat event. A final 1 goes last and one phase later, a 10 first and earlier.
 */
export async function sideInitiative(input: readonly string[], dice: DiceSource): Promise<SideInitiativeResult> {
  const list = assertUniqueIds(assertList("sides", input), (i) => `sides[${i}]`);
  const sides: readonly string[] = list;
  if (sides.length > MAX_SIDES) fail("sides", `at most ${MAX_SIDES} sides (one d10 each must differ)`, sides.length);
  const rolls: Record<string, number> = {};
  const history: Record<string, number[]> = {};
  const rollSides = async (which: readonly string[]): Promise<void> => {
    for (const side of which) {
      const [face] = await rollFrom(dice, 1, 10);
      rolls[side] = face ?? 0;
      (history[side] ??= []).push(face ?? 0);
    }
  };
  await rollSides(sides);
  let events = 0;
  for (let pass = 0; ; pass += 1) {
    const groups = tiedGroups(sides, rolls);
    if (groups.length === 0) break;
    if (pass >= MAX_SIDE_PASSES) throw new Error(`side initiative still tied after ${MAX_SIDE_PASSES} re-rolls`);
    events += groups.length;
    const tied = new Set(groups.flat());
    await rollSides(sides.filter((side) => tied.has(side)));
  }
  const order = [...sides].sort((a, b) => (rolls[b] ?? 0) - (rolls[a] ?? 0));
  // 001: a 10 goes first and a 1 last; highest-first gives both, since final rolls differ. Guard it anyway.
  const first = order[0];
  const last = order[order.length - 1];
  if (order.some((s) => rolls[s] === 10) && (first === undefined || rolls[first] !== 10)) {
    throw new Error("side initiative: a side that rolled 10 is not first");
  }
  if (order.some((s) => rolls[s] === 1) && (last === undefined || rolls[last] !== 1)) {
    throw new Error("side initiative: a side that rolled 1 is not last");
  }
  const phaseShift: Record<string, -1 | 0 | 1> = {};
  for (const side of sides) phaseShift[side] = phaseShiftFor(rolls[side] ?? 0);
  return { order, rolls, phaseShift, events, history };
}
