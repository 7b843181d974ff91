/**
 * Mid-air rescue as a battle action: a flyer catches a combatant falling alone and carries it
 * (000 "Catching / Mid air rescues"; RULES.md "Rescue").
 */
import { clampPool, countSuccesses, isAchievableTN } from "../pools";
import { ALLOWED, BATTLE_LOG, RULE_REASONS, refuse } from "../reasons";
import { healthOf, isDead } from "../health";
import { carrierOf, combatant, distanceBetween, isPinned } from "../state";
import type { Outcome, SkirmishState, StateChange } from "../state";
import type { DiceSource, Legality, Refusal } from "../types";
import { assertPositive, assertRecord, assertString } from "../validate";
import { readyToAct, spendAction } from "./readiness";
import { poolLabel, runSteps, runStepsSync } from "./steps";
import type { Steps, SyncDiceSource } from "./steps";

/** The rescue TN between equal weights. */
export const BASE_RESCUE_TN = 5;

/** How many whole doublings of `light` fit within `heavy` (doubling is exact in floating point). */
function doublings(light: number, heavy: number): number {
  let count = 0;
  let reach = light * 2;
  while (reach <= heavy) {
    count += 1;
    reach *= 2;
  }
  return count;
}

/**
 * The pool of a rescue check, the one rule the attack card and the simulator both use. 000 "Catching / Mid air
 * rescues" calls it a Soma / Aerobatics check: the Aerobatics check's pool, which is Soma less the armour's
 * encumbrance (Aerobatics is hampered), whether or not the rescuer knows the skill; the skill's rank sets no TN
 * here, the weights do (`rescueTN`).
 */
export function rescuePool(soma: number, encumbrance: number): number {
  return clampPool(soma - Math.max(0, encumbrance));
}

/**
 * The TN to catch a falling combatant: 5 for equal weights, one higher per whole factor of two the target is
 * heavier than the rescuer, one lower per whole factor of two it is lighter (000 "Catching / Mid air rescues").
 * A result above 6 cannot succeed; the caller refuses the attempt.
 */
export function rescueTN(rescuerWeight: number, targetWeight: number): number {
  assertPositive("rescuerWeight", rescuerWeight);
  assertPositive("targetWeight", targetWeight);
  if (targetWeight >= rescuerWeight) return BASE_RESCUE_TN + doublings(rescuerWeight, targetWeight);
  return BASE_RESCUE_TN - doublings(targetWeight, rescuerWeight);
}

/** Who tries to catch whom. */
export interface RescueDeclaration {
  rescuerId: string;
  targetId: string;
}

/** What a rescue attempt did: the TN, the successes and whether the target was caught. */
export interface RescueOutcome extends Outcome {
  tn: number;
  successes: number;
  caught: boolean;
}

/** The TN of this rescue from the two weights (000 "Catching": 5, one per whole factor of two). */
export function rescueCheckTN(state: SkirmishState, decl: RescueDeclaration): number {
  const rescuer = combatant(state, decl.rescuerId, "rescue.rescuerId");
  const target = combatant(state, decl.targetId, "rescue.targetId");
  return rescueTN(rescuer.weight, target.weight);
}

function parseRescue(value: unknown): RescueDeclaration {
  const decl = assertRecord("rescue", value, "a rescue declaration");
  return {
    rescuerId: assertString("rescue.rescuerId", decl.rescuerId),
    targetId: assertString("rescue.targetId", decl.targetId),
  };
}

/**
 * Step 1: whether the rescuer may try to catch the target now. The rescuer must fly (able to, and off the
 * ground), be free and able to act; the target must be falling alone, uncarried, at close quarters or zero
 * range and at the same altitude; a TN above 6 is impossible.
 */
export function validateRescue(state: SkirmishState, decl: RescueDeclaration): Legality {
  return rescueLegality(state, parseRescue(decl));
}

/** `validateRescue` for a declaration already parsed. */
export function rescueLegality(state: SkirmishState, decl: RescueDeclaration): Legality {
  const rescuer = combatant(state, decl.rescuerId, "rescue.rescuerId");
  const target = combatant(state, decl.targetId, "rescue.targetId");
  if (rescuer.id === target.id) return refuse(RULE_REASONS.SelfTarget);
  const ready = readyToAct(rescuer);
  if (!ready.allowed) return ready;
  if (!rescuer.canFly) return refuse(RULE_REASONS.RescuerCannotFly);
  if (rescuer.altitude === "grounded") return refuse(RULE_REASONS.RescuerGrounded);
  if (isPinned(state, rescuer.id)) return refuse(RULE_REASONS.RescuerPinned);
  if (state.carrying[rescuer.id] !== undefined) return refuse(RULE_REASONS.RescuerAlreadyCarrying);
  // A passenger cannot catch anyone, least of all its own carrier.
  if (carrierOf(state, rescuer.id) !== undefined) return refuse(RULE_REASONS.RescuerCarried);
  if (isDead(target)) return refuse(RULE_REASONS.TargetDead);
  if (!target.falling) return refuse(RULE_REASONS.TargetNotFalling);
  // 000 Catching: only those falling singly; a falling grapple is too chaotic to reach into.
  if (isPinned(state, target.id)) return refuse(RULE_REASONS.TargetInGrapple);
  if (carrierOf(state, target.id) !== undefined) return refuse(RULE_REASONS.TargetAlreadyCarried);
  // Project reading of 000 Catching: close quarters (or zero range) and the same altitude band.
  const distance = distanceBetween(state, rescuer.id, target.id);
  const near = distance === "close" || distance === "zero";
  if (!near || rescuer.altitude !== target.altitude) return refuse(RULE_REASONS.RescueOutOfReach);
  if (!isAchievableTN(rescueCheckTN(state, decl))) return refuse(RULE_REASONS.RescueImpossible);
  return ALLOWED;
}

/**
 * Step 2: the Soma or Aerobatics check (the Foundry layer picks the pool) at the rescue TN; one success
 * catches the target, who is then carried and no longer falling.
 */
export function resolveRescue(state: SkirmishState, declared: RescueDeclaration, dice: readonly number[]): RescueOutcome {
  const decl = parseRescue(declared);
  const rescuer = combatant(state, decl.rescuerId, "rescue.rescuerId");
  const target = combatant(state, decl.targetId, "rescue.targetId");
  const tn = rescueCheckTN(state, decl);
  const successes = countSuccesses(dice, tn);
  const data = { rescuer: rescuer.name, target: target.name, tn, successes };
  const spent = spendAction(rescuer.id);
  if (successes < 1) {
    return { changes: [spent], log: [{ key: BATTLE_LOG.RescueMissed, data }], tn, successes, caught: false };
  }
  return {
    changes: [
      spent,
      { type: "carry", carrier: rescuer.id, carried: target.id },
      { type: "flag", id: target.id, flag: "falling", value: false },
    ],
    log: [{ key: BATTLE_LOG.RescueCaught, data }],
    tn,
    successes,
    caught: true,
  };
}

/** An all-in-one rescue's answer: a refusal with its reason key, or what the attempt did. */
export type RescueResult = Refusal | ({ allowed: true } & RescueOutcome);

/** The whole rescue for the simulator: validate, roll the rescuer's pool from the DiceSource, resolve. */
export async function performRescue(state: SkirmishState, decl: RescueDeclaration, pool: number, dice: DiceSource): Promise<RescueResult> {
  return runSteps(rescueSteps(state, parseRescue(decl), pool), dice);
}

/** `performRescue` with dice that answer at once (steps.ts): the same checks and the same roll, no Promise. */
export function performRescueSync(state: SkirmishState, decl: RescueDeclaration, pool: number, dice: SyncDiceSource): RescueResult {
  return runStepsSync(rescueSteps(state, parseRescue(decl), pool), dice);
}

const RESCUE = poolLabel("rescue");

function* rescueSteps(state: SkirmishState, rescue: RescueDeclaration, pool: number): Steps<RescueResult> {
  const legality = rescueLegality(state, rescue);
  if (!legality.allowed) return legality;
  const rolled = yield { pool, label: RESCUE };
  const { changes, log, tn, successes, caught } = resolveRescue(state, rescue, rolled);
  // Field by field rather than spread beside `allowed`: that spread is a slow path in V8 (simulator speed).
  return { allowed: true, changes, log, tn, successes, caught };
}

/** The answer to letting a passenger go: a refusal, or the changes and log. */
export type SetDownRuling = Refusal | ({ allowed: true } & Outcome);

/**
 * A carrier lets its passenger go (000 "Catching / Mid air rescues": the rescuer lands and lays its burden
 * down). On the ground the passenger is set down safely; in the air it is released at the carrier's altitude
 * and falls from the next End Phase unless it can fly properly (a fit, free flyer). Letting go costs no action.
 */
export function setDown(state: SkirmishState, carrierId: string): SetDownRuling {
  const carrier = combatant(state, carrierId, "carrierId");
  const passengerId = state.carrying[carrier.id];
  if (passengerId === undefined) return refuse(RULE_REASONS.NotCarrying);
  const passenger = combatant(state, passengerId, "passenger");
  const changes: StateChange[] = [{ type: "drop", carrier: carrier.id }];
  if (passenger.altitude !== carrier.altitude) {
    changes.push({ type: "altitude", id: passenger.id, altitude: carrier.altitude });
  }
  const data = { carrier: carrier.name, passenger: passenger.name };
  const fliesOn =
    passenger.canFly && !isPinned(state, passenger.id) && healthOf(passenger) === "fit";
  const falls = carrier.altitude !== "grounded" && !fliesOn;
  if (passenger.falling !== falls) changes.push({ type: "flag", id: passenger.id, flag: "falling", value: falls });
  const key = carrier.altitude === "grounded" ? BATTLE_LOG.SetDown : falls ? BATTLE_LOG.LetFall : BATTLE_LOG.Released;
  return { allowed: true, changes, log: [{ key, data }] };
}
