/**
 * Grapple attacks and breaking out of grapples in the battle phase, as steps for the Foundry layer and as
 * all-in-one versions for the simulator (000 "Grapple Attacks", "Breaking out of a Grapple").
 */
import { resolveContest } from "../contest";
import type { ContestResult } from "../contest";
import { countSuccesses } from "../pools";
import { breakOut } from "../grapple";
import { canMelee } from "../legality";
import { ALLOWED, BATTLE_LOG, RULE_REASONS, refuse } from "../reasons";
import { carrierOf, combatant, distanceBetween, grapplePartners, isPinned } from "../state";
import type { LogEntry, Outcome, SkirmishState, StateChange } from "../state";
import type { DiceSource, Legality } from "../types";
import { assertInteger, fail } from "../validate";
import {
  carriesTooMuch,
  checkWeapon,
  isDead,
  mayDefend,
  readyToAct,
  refusal,
  rollOpposed,
  rollPool,
  spendAction,
} from "./battle-common";
import type { Refusal, WeaponSnapshot } from "./battle-common";

/** A grapple attempt: who grabs whom, with which weapon (one with the grapple trait, such as Tooth and Claw). */
export interface GrappleDeclaration {
  attackerId: string;
  targetId: string;
  weapon: WeaponSnapshot;
}

/** What a grapple attempt did, with its contest. */
export interface GrappleOutcome extends Outcome {
  contest: ContestResult;
}

/** The pools and TNs of the all-in-one grapple; `defence: null` means the target does not defend. */
export interface GrapplePools {
  attackPool: number;
  attackTN: number;
  defence: { pool: number; tn: number } | null;
}

/** A break-out attempt by a grappled combatant against everyone grappling it. */
export interface BreakOutDeclaration {
  breakerId: string;
}

/** One grappler's defence against a break-out: its dice (null: it did not defend) and TN. */
export interface BreakOutDefenceRoll {
  id: string;
  dice: readonly number[] | null;
  tn: number;
}

/** The break-out attack dice and every grappler's defence. */
export interface BreakOutRolls {
  attackDice: readonly number[];
  attackTN: number;
  defences: readonly BreakOutDefenceRoll[];
}

/** What a break-out did: who was shaken off, who still holds on, and whether the breaker is still pinned. */
export interface BreakOutOutcome extends Outcome {
  attackSuccesses: number;
  shakenOff: string[];
  stillHeld: string[];
  stillPinned: boolean;
}

/** The pools of the all-in-one break-out; a grappler mapped to null (or left out) does not defend. */
export interface BreakOutPools {
  attackPool: number;
  attackTN: number;
  defences: Readonly<Record<string, { pool: number; tn: number } | null>>;
}

/** Step 1 of a grapple: whether the attacker may grapple the target now (000 "Grapple Attacks"). */
export function validateGrapple(state: SkirmishState, decl: GrappleDeclaration): Legality {
  if (typeof decl !== "object" || decl === null) fail("grapple", "a grapple declaration", decl);
  const weapon = checkWeapon(decl.weapon, "grapple.weapon");
  const attacker = combatant(state, decl.attackerId, "grapple.attackerId");
  const target = combatant(state, decl.targetId, "grapple.targetId");
  if (attacker.id === target.id) return refuse(RULE_REASONS.SelfTarget);
  const ready = readyToAct(attacker);
  if (!ready.allowed) return ready;
  if (isDead(target)) return refuse(RULE_REASONS.TargetDead);
  if (!weapon.grapple) return refuse(RULE_REASONS.WeaponCannotGrapple);
  // 000 Grapple Attacks: a grapple is a special melee attack, so a ranged weapon cannot make one.
  if (weapon.range !== "melee") return refuse(RULE_REASONS.WrongWeaponRange);
  const partners = grapplePartners(state, attacker.id);
  if (partners.includes(target.id)) return refuse(RULE_REASONS.AlreadyGrappling);
  // A grapple would tie a passenger to someone its carrier does not hold: neither can be grappled nor grapple.
  if (carrierOf(state, attacker.id) !== undefined || carrierOf(state, target.id) !== undefined) {
    return refuse(RULE_REASONS.CarriedCannotGrapple);
  }
  // 000 Grapple Attacks: a grappling combatant's melee attacks (grapples too) are for its partners only.
  if (isPinned(state, attacker.id)) return refuse(RULE_REASONS.OnlyGrapplePartners);
  const distance = distanceBetween(state, attacker.id, target.id);
  if (distance === "zero") return refuse(RULE_REASONS.ZeroRangeNotGrappled);
  // 000 Grapple Attacks: close quarters and the same altitude.
  const reach = canMelee(distance, attacker.altitude, target.altitude);
  if (!reach.allowed) return reach;
  if (carriesTooMuch(state, attacker)) return refuse(RULE_REASONS.CarryingTooHeavy);
  return ALLOWED;
}

/** Step 2 of a grapple: a hit locks the pair at zero range and pins both; a grapple deals no damage. */
export function resolveGrapple(state: SkirmishState, decl: GrappleDeclaration, contest: ContestResult): GrappleOutcome {
  const attacker = combatant(state, decl.attackerId, "grapple.attackerId");
  const target = combatant(state, decl.targetId, "grapple.targetId");
  const data = {
    attacker: attacker.name,
    target: target.name,
    attackSuccesses: contest.attackSuccesses,
    defenceSuccesses: contest.defenceSuccesses,
  };
  const spent = spendAction(attacker.id);
  if (!contest.hit) return { changes: [spent], log: [{ key: BATTLE_LOG.GrappleMiss, data }], contest };
  return {
    changes: [spent, { type: "grapple", a: attacker.id, b: target.id }],
    log: [{ key: BATTLE_LOG.GrappleHit, data }],
    contest,
  };
}

/** The whole grapple for the simulator: validate, roll attack then defence from the DiceSource, resolve. */
export async function performGrapple(
  state: SkirmishState,
  decl: GrappleDeclaration,
  pools: GrapplePools,
  dice: DiceSource,
): Promise<Refusal | ({ allowed: true } & GrappleOutcome)> {
  const legality = validateGrapple(state, decl);
  if (!legality.allowed) return refusal(legality);
  const { attackDice, defenceDice } = await rollOpposed(state, decl.targetId, pools, dice);
  const contest = resolveContest({
    attackDice,
    attackTN: pools.attackTN,
    defenceDice,
    defenceTN: pools.defence?.tn ?? pools.attackTN,
  });
  return { allowed: true, ...resolveGrapple(state, decl, contest) };
}

/** Step 1 of a break-out: only a grappled combatant that may act can try (000 "Breaking out of a Grapple"). */
export function validateBreakOut(state: SkirmishState, decl: BreakOutDeclaration): Legality {
  if (typeof decl !== "object" || decl === null) fail("breakOut", "a break-out declaration", decl);
  const breaker = combatant(state, decl.breakerId, "breakOut.breakerId");
  const ready = readyToAct(breaker);
  if (!ready.allowed) return ready;
  if (!isPinned(state, breaker.id)) return refuse(RULE_REASONS.NotGrappled);
  // Breaking out is a special melee attack, so a carrier of someone at least its weight cannot try (000 "Catching").
  if (carriesTooMuch(state, breaker)) return refuse(RULE_REASONS.CarryingTooHeavy);
  return ALLOWED;
}

/** Who must answer a break-out: every combatant grappling the breaker, each defending separately. */
export function breakOutDefenders(state: SkirmishState, breakerId: string): string[] {
  combatant(state, breakerId, "breakerId");
  return grapplePartners(state, breakerId);
}

function checkDefences(state: SkirmishState, breakerId: string, defences: readonly BreakOutDefenceRoll[]): void {
  if (!Array.isArray(defences)) fail("rolls.defences", "an array", defences);
  const partners = grapplePartners(state, breakerId);
  const ids = defences.map((d, i) => {
    if (typeof d !== "object" || d === null) fail(`rolls.defences[${i}]`, "a defence roll", d);
    return d.id;
  });
  const sameSet = ids.length === partners.length && partners.every((p) => ids.includes(p));
  if (!sameSet) fail("rolls.defences", `one entry for each grappler (${partners.join(", ")})`, ids);
}

/**
 * Step 2 of a break-out: the one attack roll against each grappler's defence; those with fewer successes are
 * shaken off to close quarters, and no attack success shakes off nobody. A break-out deals no damage.
 */
export function resolveBreakOut(state: SkirmishState, decl: BreakOutDeclaration, rolls: BreakOutRolls): BreakOutOutcome {
  const breaker = combatant(state, decl.breakerId, "breakOut.breakerId");
  if (typeof rolls !== "object" || rolls === null) fail("rolls", "break-out dice", rolls);
  checkDefences(state, breaker.id, rolls.defences);
  const attackSuccesses = countSuccesses(rolls.attackDice, assertInteger("rolls.attackTN", rolls.attackTN));
  const answers = rolls.defences.map((d, i) => ({
    id: d.id,
    defenceSuccesses: d.dice === null ? 0 : countSuccesses(d.dice, assertInteger(`rolls.defences[${i}].tn`, d.tn)),
  }));
  const shakenOff = breakOut(attackSuccesses, answers);
  const changes: StateChange[] = [spendAction(breaker.id)];
  const log: LogEntry[] = [];
  const stillHeld: string[] = [];
  for (const answer of answers) {
    const freed = shakenOff.includes(answer.id);
    const grappler = combatant(state, answer.id, "grappler");
    const data = {
      breaker: breaker.name,
      grappler: grappler.name,
      attackSuccesses,
      defenceSuccesses: answer.defenceSuccesses,
    };
    if (freed) changes.push({ type: "release", a: breaker.id, b: answer.id });
    else stillHeld.push(answer.id);
    log.push({ key: freed ? BATTLE_LOG.BrokeFree : BATTLE_LOG.StillHeld, data });
  }
  return { changes, log, attackSuccesses, shakenOff, stillHeld, stillPinned: stillHeld.length > 0 };
}

/**
 * The whole break-out for the simulator: validate, roll the attack, then each grappler's defence in grapple
 * order from the DiceSource, resolve.
 */
export async function performBreakOut(
  state: SkirmishState,
  decl: BreakOutDeclaration,
  pools: BreakOutPools,
  dice: DiceSource,
): Promise<Refusal | ({ allowed: true } & BreakOutOutcome)> {
  const legality = validateBreakOut(state, decl);
  if (!legality.allowed) return refusal(legality);
  if (typeof pools !== "object" || pools === null) fail("pools", "break-out pools", pools);
  const attackDice = await rollPool(dice, pools.attackPool, "attack");
  const defences: BreakOutDefenceRoll[] = [];
  for (const id of breakOutDefenders(state, decl.breakerId)) {
    const defence = mayDefend(state, id).allowed ? (pools.defences[id] ?? null) : null;
    const rolled = defence === null ? null : await rollPool(dice, defence.pool, `defence ${id}`);
    defences.push({ id, dice: rolled, tn: defence?.tn ?? pools.attackTN });
  }
  return { allowed: true, ...resolveBreakOut(state, decl, { attackDice, attackTN: pools.attackTN, defences }) };
}
