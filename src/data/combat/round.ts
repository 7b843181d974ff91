/**
 * Walking the engine's round plan with Foundry's turn model: the order of `combat.turns`, the combatant the current
 * step maps to (so `combat.combatant`, `combat.turn` and core's turn hooks keep working), what a deleted combatant
 * takes out of the stored state, and the changes that undo an End Phase. Pure: no Foundry globals.
 */
import { woundState } from "../../rules/health";
import { pneumaOrder, pneumaOrderHolds } from "../../rules/initiative";
import type { PneumaEntry, PneumaOrderResult } from "../../rules/initiative";
import type { DiceSource } from "../../rules/types";
import { advance, isComplete, planRound } from "../../rules/round-plan";
import type { RoundCursor, RoundPlan, RoundStep } from "../../rules/round-plan";
import { applyChanges, carrierOf } from "../../rules/state";
import type { SkirmishState, StateChange } from "../../rules/state";
import type { CombatantEntry } from "./combat-snapshot";
import { planCombatants, skirmishState } from "./combat-snapshot";
import type { CombatSystemSource, StoredInitiative } from "./stored";

/** The plan as the rules take it, from the stored plan and cursor. */
export function storedPlan(system: CombatSystemSource): RoundPlan {
  return { mode: system.mode, round: system.cursor.round, steps: system.plan };
}

/** The stored cursor, clamped into the plan (a plan shortened by a deletion never leaves it past the end). */
export function storedCursor(system: CombatSystemSource): RoundCursor {
  return { round: system.cursor.round, index: Math.min(system.cursor.index, system.plan.length) };
}

/** The step the stored cursor points at, or null when there is no plan yet or the round is walked. */
export function currentStep(system: CombatSystemSource): RoundStep | null {
  const plan = storedPlan(system);
  if (plan.round < 1 || plan.steps.length === 0) return null;
  const cursor = storedCursor(system);
  return isComplete(plan, cursor) ? null : (plan.steps[cursor.index] ?? null);
}

/**
 * The order of the tracker's turns: each combatant where it first acts in the plan, then those without a step
 * (the dead, the surprised in round 1) in the combat's own order.
 */
export function turnOrder(plan: readonly RoundStep[], ids: readonly string[]): string[] {
  const known = new Set(ids);
  const order: string[] = [];
  for (const step of plan) {
    if (step.kind === "start" || step.kind === "end") continue;
    for (const id of step.combatants) if (known.has(id) && !order.includes(id)) order.push(id);
  }
  return [...order, ...ids.filter((id) => !order.includes(id))];
}

/**
 * The turn order a combat update calls for, or null when `combat.turns` may stay as it is. Core rebuilds the turns
 * only when combatants change or none are built yet (client/documents/combat.mjs `_onUpdate`, `prepareDerivedData`),
 * so a new plan (round 1, every d10 round, a re-rolled Pneuma order) would leave `combat.combatant` pointing into
 * the old order. When the update (`changed`, as core hands it to `_onUpdate`) carries the plan and the plan's order
 * differs from `turns`, this is the new order: set it before core reads the current combatant, and the turn events
 * fire once, for the step's combatant.
 */
export function turnsForPlanChange(changed: unknown, plan: readonly RoundStep[], ids: readonly string[], turns: readonly string[]): string[] | null {
  const system: unknown = typeof changed === "object" && changed !== null ? (changed as Record<string, unknown>).system : undefined;
  const flat = typeof changed === "object" && changed !== null && "system.plan" in changed;
  if (!flat && !(typeof system === "object" && system !== null && "plan" in system)) return null;
  const order = turnOrder(plan, ids);
  return order.length === turns.length && order.every((id, i) => id === turns[i]) ? null : order;
}

/**
 * The index in `turns` of the combatant the current step maps to: the step's first combatant that is still in
 * the combat (for a side's or a simultaneous step, its first member; for the start and end steps, the first
 * listed). null when there is no current step or none of its combatants remains.
 */
export function turnForStep(system: CombatSystemSource, turns: readonly string[]): number | null {
  const step = currentStep(system);
  if (!step) return null;
  for (const id of step.combatants) {
    const index = turns.indexOf(id);
    if (index >= 0) return index;
  }
  return null;
}

/**
 * The combat update that takes deleted combatants out of everything the combat stores: its place, every pair,
 * grapple and carry naming it, its declaration, its initiative entry (the order of the others still holds), and
 * its part of the plan; steps left empty are removed and the cursor moves with them, so the current step stays
 * the current step.
 */
export function removalUpdate(system: CombatSystemSource, removed: string | readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const gone = new Set(typeof removed === "string" ? [removed] : removed);
  const names = (key: string): boolean => key.split("|").some((part) => gone.has(part));
  for (const id of gone) {
    if (id in system.skirmish.combatants) out[`system.skirmish.combatants.-=${id}`] = null;
    if (id in system.declarations) out[`system.declarations.-=${id}`] = null;
    if (id in system.initiative.pneuma) out[`system.initiative.pneuma.-=${id}`] = null;
  }
  const sk = system.skirmish;
  for (const key of Object.keys(sk.distances)) if (names(key)) out[`system.skirmish.distances.-=${key}`] = null;
  if (sk.grapples.some(names)) out["system.skirmish.grapples"] = sk.grapples.filter((key) => !names(key));
  for (const [carrier, carried] of Object.entries(sk.carrying)) {
    if (gone.has(carrier) || gone.has(carried)) out[`system.skirmish.carrying.-=${carrier}`] = null;
  }
  if (system.initiative.order.some((o) => gone.has(o))) out["system.initiative.order"] = system.initiative.order.filter((o) => !gone.has(o));
  const cursor = storedCursor(system);
  let index = cursor.index;
  const plan: RoundStep[] = [];
  system.plan.forEach((step, i) => {
    const combatants = step.combatants.filter((c) => !gone.has(c));
    const emptied = combatants.length === 0 && step.kind !== "start" && step.kind !== "end";
    if (emptied) {
      if (i < cursor.index) index -= 1;
      return;
    }
    plan.push({ ...step, combatants, simultaneous: step.simultaneous && combatants.length > 1 });
  });
  if (system.plan.some((step) => step.combatants.some((c) => gone.has(c)))) {
    out["system.plan"] = plan;
    if (index !== cursor.index) out["system.cursor.index"] = index;
  }
  return out;
}

/**
 * The changes that take the skirmish from `now` back to `before` (the GM's undo of an End Phase): altitudes,
 * flags, one-round effects, wounds, Magic Points, distances, grapples and carries, in an order the rules accept
 * (drops and releases before new carries and grapples). Only combatants in both states are touched.
 */
export function revertChanges(now: SkirmishState, before: SkirmishState): StateChange[] {
  const changes: StateChange[] = [];
  for (const [id, was] of Object.entries(before.combatants)) {
    const c = now.combatants[id];
    if (!c) continue;
    if (c.altitude !== was.altitude) changes.push({ type: "altitude", id, altitude: was.altitude });
    for (const flag of ["moved", "fullMove", "acted", "choseToFall", "falling"] as const) {
      if (c[flag] !== was[flag]) changes.push({ type: "flag", id, flag, value: was[flag] });
    }
    for (const effect of c.roundEffects) if (!was.roundEffects.includes(effect)) changes.push({ type: "roundEffect", id, effect, active: false });
    for (const effect of was.roundEffects) if (!c.roundEffects.includes(effect)) changes.push({ type: "roundEffect", id, effect, active: true });
    if (c.life.wounds !== was.life.wounds) changes.push({ type: "wounds", id, wounds: was.life.wounds });
    if (c.magic.value !== was.magic.value) changes.push({ type: "magic", id, value: was.magic.value });
  }
  const inBoth = (id: string): boolean => (id in now.combatants || id in now.landmarks) && (id in before.combatants || id in before.landmarks);
  for (const carrier of Object.keys(now.carrying)) {
    if (now.carrying[carrier] !== before.carrying[carrier] && carrier in before.combatants) changes.push({ type: "drop", carrier });
  }
  for (const key of now.grapples) {
    const [a = "", b = ""] = key.split("|");
    if (!before.grapples.includes(key) && inBoth(a) && inBoth(b)) changes.push({ type: "release", a, b });
  }
  for (const key of before.grapples) {
    const [a = "", b = ""] = key.split("|");
    if (!now.grapples.includes(key) && inBoth(a) && inBoth(b)) changes.push({ type: "grapple", a, b });
  }
  // Distances after grapples: a release sets zero range to close, and the pair's old band is put back here.
  const settled = applyChanges(now, changes);
  for (const [key, distance] of Object.entries(before.distances)) {
    const [a = "", b = ""] = key.split("|");
    if (settled.distances[key] !== distance && inBoth(a) && inBoth(b)) changes.push({ type: "distance", a, b, distance });
  }
  for (const [carrier, carried] of Object.entries(before.carrying)) {
    const stillNow = now.carrying[carrier] === carried;
    if (!stillNow && carrier in now.combatants && carried in now.combatants && carrierOf(settled, carried) === undefined) {
      changes.push({ type: "carry", carrier, carried });
    }
  }
  return changes;
}

/** The ids of the combatants still able to act: in the skirmish and not dead (what `advance` skips past). */
export function ableToAct(state: SkirmishState): string[] {
  return Object.values(state.combatants)
    .filter((c) => woundState(c.life.wounds, c.life.max) !== "dead")
    .map((c) => c.id);
}

/**
 * The sides still in the fight, in the order they first appear among the living (001 "Initiative": each rolls a
 * d10). A side whose every combatant is dead, or whose actors are gone, rolls no more and forces no ties.
 */
export function livingSides(state: SkirmishState): string[] {
  const able = new Set(ableToAct(state));
  return [...new Set(Object.values(state.combatants).filter((c) => able.has(c.id)).map((c) => c.side))];
}

/**
 * The Pneuma roster a round rolls or keeps (000 "Initiative"): every planned combatant's Pneuma, and its own tie TN
 * when a power changes it (the entry's `tieTN`, from its actor's Active Effects).
 */
export function pneumaRoster(state: SkirmishState, entries: readonly CombatantEntry[]): PneumaEntry[] {
  const tieTNs = new Map(entries.map((e) => [e.id, e.tieTN]));
  return planCombatants(state, entries).map((c) => {
    const tieTN = tieTNs.get(c.id);
    return tieTN === undefined ? { id: c.id, pneuma: c.pneuma ?? 0 } : { id: c.id, pneuma: c.pneuma ?? 0, tieTN };
  });
}

/**
 * The Pneuma order for a round: kept while it holds (the same members with the same Pneuma: `pneumaOrderHolds`),
 * else rolled again with each combatant's own tie TN. The round driver posts the card for a roll; the dice come in.
 */
export async function pneumaDecision(
  initiative: StoredInitiative,
  state: SkirmishState,
  entries: readonly CombatantEntry[],
  dice: DiceSource,
): Promise<{ keep: true } | { keep: false; result: PneumaOrderResult }> {
  const roster = pneumaRoster(state, entries);
  if (initiative.order.length > 0 && pneumaOrderHolds(initiative, roster)) return { keep: true };
  return { keep: false, result: await pneumaOrder(roster, dice) };
}

/** What a round's initiative decided; the parts left out stay as stored (a Pneuma order that still holds). */
export type InitiativeDecision = Partial<StoredInitiative>;

/**
 * Everything that starts a round, as one Combat update and the system data it leads to: the initiative decided
 * for it, the engine's plan (`planRound` over the combatants as stored), the cursor at its first step, the turn
 * that step maps to, and the public declarations cleared. Records are written whole with Foundry's `==` forced
 * replacement: an update merges a TypedObjectField entry by entry, so `{}` alone would clear nothing and a side or
 * a Pneuma from an earlier round would linger.
 */
export function roundStart(
  system: CombatSystemSource,
  entries: readonly CombatantEntry[],
  round: number,
  decided: InitiativeDecision,
): { system: CombatSystemSource; update: Record<string, unknown> } {
  const initiative = { ...system.initiative, ...decided };
  const state = skirmishState(system.skirmish, entries);
  const mode = system.mode;
  const sides = initiative.sides;
  const plan = planRound({
    mode,
    round,
    combatants: planCombatants(state, entries),
    ...(mode === "descending" || mode === "reverseDeclaration" ? { order: initiative.order } : {}),
    ...(mode === "sideD10" && sides ? { sides: { order: sides.order, phaseShift: sides.phaseShift as Record<string, -1 | 0 | 1> } } : {}),
  });
  const next: CombatSystemSource = { ...system, initiative, plan: plan.steps, cursor: { round, index: 0 }, declarations: {} };
  const turn = turnForStep(next, turnOrder(plan.steps, entries.map((e) => e.id)));
  const update: Record<string, unknown> = {
    round,
    turn: turn ?? 0,
    "system.plan": plan.steps,
    "system.cursor": { round, index: 0 },
    "system.==declarations": {},
  };
  if (decided.order) update["system.initiative.order"] = decided.order;
  if (decided.pneuma) update["system.initiative.==pneuma"] = decided.pneuma;
  if (decided.checks) update["system.initiative.checks"] = decided.checks;
  if (decided.sides !== undefined) update["system.initiative.==sides"] = decided.sides;
  if (decided.messageId !== undefined) update["system.initiative.messageId"] = decided.messageId;
  return { system: next, update };
}

/** What the GM's "next" does now: resolve the End Phase, move the cursor to a step, or begin the next round. */
export type NextMove = { kind: "endPhase" } | { kind: "step"; cursor: RoundCursor } | { kind: "nextRound"; endPhaseFirst: boolean };

/** Whether this round's End Phase is still to be resolved (000 "Phase Three: The End Phase": once a round). */
export function endPhaseDue(system: CombatSystemSource, round: number): boolean {
  return round > 0 && system.endPhase.round < round;
}

/**
 * The GM's "next" (combat.nextTurn), decided here so the document only carries it out: at the End step the End
 * Phase is resolved (once a round); otherwise the cursor moves to the next step someone can act at, or the next round
 * begins, resolving first an End Phase still due.
 */
export function nextMove(system: CombatSystemSource, state: SkirmishState, round: number): NextMove {
  const due = endPhaseDue(system, round);
  if (currentStep(system)?.kind === "end" && due) return { kind: "endPhase" };
  const plan = storedPlan(system);
  const cursor = advance(plan, storedCursor(system), ableToAct(state));
  if (cursor.index < plan.steps.length) return { kind: "step", cursor };
  return { kind: "nextRound", endPhaseFirst: due };
}

/** What carrying a NextMove out takes: the combat document's own steps (documents/combat.ts), or a test's. */
export interface NextSteps {
  resolveEnd(): Promise<void>;
  beginRound(round: number): Promise<void>;
  moveTo(cursor: RoundCursor): Promise<void>;
}

/**
 * Carries a NextMove out in round `round`: the End Phase alone; or, for the next round, an End Phase still due
 * first, then round + 1 begun; or the cursor moved to the step.
 */
export async function carryOutNext(move: NextMove, round: number, steps: NextSteps): Promise<void> {
  if (move.kind === "endPhase") {
    await steps.resolveEnd();
    return;
  }
  if (move.kind === "nextRound") {
    if (move.endPhaseFirst) await steps.resolveEnd();
    await steps.beginRound(round + 1);
    return;
  }
  await steps.moveTo(move.cursor);
}
