/**
 * Grapple attacks and breaking out of grapples in the battle phase, as steps for the Foundry layer and as
 * all-in-one versions for the simulator (000 "Grapple Attacks", "Breaking out of a Grapple").
 */
import { resolveContest } from "../contest";
import type { ContestResult } from "../contest";
import { clampPool, countSuccesses, effectiveTN } from "../pools";
import { canMelee } from "../legality";
import { ALLOWED, BATTLE_LOG, RULE_REASONS, refuse } from "../reasons";
import { applyChanges, carrierOf, combatant, distanceBetween, grappledWith, grapplePartners, isPinned } from "../state";
import type { LogEntry, Outcome, SkirmishState, StateChange } from "../state";
import { isDead } from "../health";
import type { DiceSource, Legality, Refusal } from "../types";
import {
  assertFaces,
  assertInteger,
  assertList,
  assertNonNegativeInteger,
  assertRecord,
  assertString,
  assertUniqueIds,
  fail,
} from "../validate";
import { ATTACK, DEFENCE, defends, opposedSteps } from "./opposed";
import { poolLabel, runSteps, runStepsSync } from "./steps";
import type { CountingDiceSource, Steps, SyncDiceSource } from "./steps";
import { carriesTooMuch, mayDefend, readyToAct, spendAction } from "./readiness";
import { checkWeapon } from "./weapon";
import type { WeaponSnapshot } from "./weapon";

/** One grappler's answer to a break-out: its id and the successes of its defence (0 if it did not defend). */
export interface BreakOutDefence {
  id: string;
  defenceSuccesses: number;
}

/**
 * The grapplers shaken off by a break-out, in input order: each whose defence successes are below the attack
 * successes, compared one by one; an attack with no successes shakes off nobody (000 "Breaking out of a Grapple").
 */
export function breakOut(attackSuccesses: number, input: readonly BreakOutDefence[]): string[] {
  assertNonNegativeInteger("attackSuccesses", attackSuccesses);
  const entries = assertList("grapplers", input).map((g, i) => assertRecord(`grapplers[${i}]`, g));
  const ids = assertUniqueIds(entries.map((g) => g.id), (i) => `grapplers[${i}].id`);
  const grapplers = entries.map((g, i): BreakOutDefence => ({
    id: ids[i] ?? fail(`grapplers[${i}].id`, "an id", g.id),
    defenceSuccesses: assertNonNegativeInteger(`grapplers[${i}].defenceSuccesses`, g.defenceSuccesses),
  }));
  if (attackSuccesses === 0) return [];
  return grapplers.filter((g) => g.defenceSuccesses < attackSuccesses).map((g) => g.id);
}

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

/** An all-in-one grapple's answer: a refusal with its reason key, or what the grapple did. */
export type GrappleResult = Refusal | ({ allowed: true } & GrappleOutcome);

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

/** An all-in-one break-out's answer: a refusal with its reason key, or what the break-out did. */
export type BreakOutResult = Refusal | ({ allowed: true } & BreakOutOutcome);

/** The pools of the all-in-one break-out; a grappler mapped to null (or left out) does not defend. */
export interface BreakOutPools {
  attackPool: number;
  attackTN: number;
  defences: Readonly<Record<string, { pool: number; tn: number } | null>>;
}

/** Parses a grapple declaration given to a public entry point; the parsed entry points trust what it returned. */
export function parseGrapple(value: unknown): GrappleDeclaration {
  const decl = assertRecord("grapple", value, "a grapple declaration");
  return {
    attackerId: assertString("grapple.attackerId", decl.attackerId),
    targetId: assertString("grapple.targetId", decl.targetId),
    weapon: checkWeapon(decl.weapon, "grapple.weapon"),
  };
}

function parseBreakOut(value: unknown): BreakOutDeclaration {
  const decl = assertRecord("breakOut", value, "a break-out declaration");
  return { breakerId: assertString("breakOut.breakerId", decl.breakerId) };
}

/** A pool and TN, or null for no defence. */
function parseDefence(name: string, value: unknown): { pool: number; tn: number } | null {
  if (value === null) return null;
  const defence = assertRecord(name, value, "a pool and TN, or null");
  return { pool: assertInteger(`${name}.pool`, defence.pool), tn: assertInteger(`${name}.tn`, defence.tn) };
}

/** Step 1 of a grapple: whether the attacker may grapple the target now (000 "Grapple Attacks"). */
export function validateGrapple(state: SkirmishState, decl: GrappleDeclaration): Legality {
  return grappleLegality(state, parseGrapple(decl));
}

/** `validateGrapple` for a declaration already parsed. */
export function grappleLegality(state: SkirmishState, decl: GrappleDeclaration): Legality {
  const weapon = decl.weapon;
  const attacker = combatant(state, decl.attackerId, "grapple.attackerId");
  const target = combatant(state, decl.targetId, "grapple.targetId");
  if (attacker.id === target.id) return refuse(RULE_REASONS.SelfTarget);
  const ready = readyToAct(attacker);
  if (!ready.allowed) return ready;
  if (isDead(target)) return refuse(RULE_REASONS.TargetDead);
  if (!weapon.grapple) return refuse(RULE_REASONS.WeaponCannotGrapple);
  // 000 Grapple Attacks: a grapple is a special melee attack, so a ranged weapon cannot make one.
  if (weapon.range !== "melee") return refuse(RULE_REASONS.WrongWeaponRange);
  if (grappledWith(state, attacker.id, target.id)) return refuse(RULE_REASONS.AlreadyGrappling);
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
): Promise<GrappleResult> {
  const grapple = parseGrapple(decl);
  const legality = grappleLegality(state, grapple);
  if (!legality.allowed) return legality;
  return runSteps(grappleRollSteps(state, grapple, parseGrapplePools(pools)), dice);
}

/** The pools given to `performGrapple`; `performParsedGrappleSync` trusts what this returned. */
export function parseGrapplePools(pools: unknown): GrapplePools {
  const given = assertRecord("pools", pools, "attack and defence pools");
  return {
    attackPool: assertInteger("pools.attackPool", given.attackPool),
    attackTN: assertInteger("pools.attackTN", given.attackTN),
    defence: parseDefence("pools.defence", given.defence),
  };
}

/**
 * `performGrapple` for a declaration and pools already parsed (`parseGrapple`, `parseGrapplePools`), with dice
 * that answer at once (steps.ts): the same checks of the rules and the same rolls in the same order.
 */
export function performParsedGrappleSync(
  state: SkirmishState,
  grapple: GrappleDeclaration,
  pools: GrapplePools,
  dice: SyncDiceSource,
): GrappleResult {
  return runStepsSync(parsedGrappleSteps(state, grapple, pools), dice);
}

/** The parsed grapple as steps (steps.ts): the legality, then the rolls. */
export function* parsedGrappleSteps(state: SkirmishState, grapple: GrappleDeclaration, pools: GrapplePools): Steps<GrappleResult> {
  const legality = grappleLegality(state, grapple);
  if (!legality.allowed) return legality;
  return yield* grappleRollSteps(state, grapple, pools);
}

function* grappleRollSteps(state: SkirmishState, grapple: GrappleDeclaration, rolled: GrapplePools): Steps<GrappleResult> {
  const { attackDice, defenceDice } = yield* opposedSteps(state, grapple.targetId, rolled);
  const contest = resolveContest({
    attackDice,
    attackTN: rolled.attackTN,
    defenceDice,
    defenceTN: rolled.defence?.tn ?? rolled.attackTN,
  });
  const { changes, log } = resolveGrapple(state, grapple, contest);
  // Field by field rather than spread beside `allowed`: that spread is a slow path in V8 (simulator speed).
  return { allowed: true, changes, log, contest };
}

/**
 * `performParsedGrappleSync` counting each pool as it is rolled (`CountingDiceSource`, the simulator's dice): the
 * same legality, the same pools rolled in the same order from the same dice, the same changes and contest.
 */
export function performCountedGrapple(
  state: SkirmishState,
  grapple: GrappleDeclaration,
  pools: GrapplePools,
  dice: CountingDiceSource,
): GrappleResult {
  const legality = grappleLegality(state, grapple);
  if (!legality.allowed) return legality;
  // The opposed roll (`opposedSteps`), then the contest as `resolveContest` has it.
  const attackTN = assertInteger("attackTN", pools.attackTN);
  const attackSuccesses = dice.successes(clampPool(pools.attackPool, ATTACK.pool), attackTN);
  const defence = pools.defence;
  const defenceTN = assertInteger("defenceTN", defence?.tn ?? attackTN);
  const defenceSuccesses =
    defence !== null && defends(state, grapple.targetId, pools) ? dice.successes(clampPool(defence.pool, DEFENCE.pool), defenceTN) : 0;
  const hit = attackSuccesses > defenceSuccesses;
  const contest: ContestResult = { attackSuccesses, defenceSuccesses, hit, margin: hit ? attackSuccesses - defenceSuccesses : 0 };
  const { changes, log } = resolveGrapple(state, grapple, contest);
  return { allowed: true, changes, log, contest };
}

/** Step 1 of a break-out: only a grappled combatant that may act can try (000 "Breaking out of a Grapple"). */
export function validateBreakOut(state: SkirmishState, decl: BreakOutDeclaration): Legality {
  return breakOutLegality(state, parseBreakOut(decl));
}

/** `validateBreakOut` for a declaration already parsed. */
export function breakOutLegality(state: SkirmishState, decl: BreakOutDeclaration): Legality {
  const breaker = combatant(state, decl.breakerId, "breakOut.breakerId");
  const ready = readyToAct(breaker);
  if (!ready.allowed) return ready;
  if (!isPinned(state, breaker.id)) return refuse(RULE_REASONS.NotGrappled);
  // Breaking out is a special melee attack, so a carrier of someone at least its weight cannot try (000 "Catching").
  if (carriesTooMuch(state, breaker)) return refuse(RULE_REASONS.CarryingTooHeavy);
  return ALLOWED;
}

/**
 * Who must answer a break-out (000 "Breaking out of a Grapple": "each and every enemy combatant in the grapple"),
 * each defending separately: every member of the breaker's grapple cluster on another side than the breaker, and
 * whoever holds the breaker directly whatever its side. Cluster order (`grappleCluster`) is the dice order.
 */
export function breakOutDefenders(state: SkirmishState, breakerId: string): string[] {
  const breaker = combatant(state, breakerId, "breakerId");
  const partners = grapplePartners(state, breaker.id);
  return grappleCluster(state, breaker.id).filter(
    (id) => id !== breaker.id && (partners.includes(id) || combatant(state, id).side !== breaker.side),
  );
}

/**
 * Everyone in the same grapple as this combatant (itself first): the connected cluster of grapple links, so in
 * the chain A-B, B-D, D-E all four are in one grapple. Members are found link by link from the combatant, each
 * one's partners in the order of `state.grapples`; someone in no grapple is alone in its cluster.
 */
export function grappleCluster(state: SkirmishState, id: string): string[] {
  combatant(state, id, "id");
  const cluster = [id];
  for (let i = 0; i < cluster.length; i += 1) {
    for (const partner of grapplePartners(state, cluster[i] ?? id)) if (!cluster.includes(partner)) cluster.push(partner);
  }
  return cluster;
}

/** Parses the break-out dice: the attack and one defence for each defender, no more and no fewer. */
function parseRolls(state: SkirmishState, breakerId: string, value: unknown): BreakOutRolls {
  const rolls = assertRecord("rolls", value, "break-out dice");
  const defences = assertList("rolls.defences", rolls.defences).map((entry, i): BreakOutDefenceRoll => {
    const d = assertRecord(`rolls.defences[${i}]`, entry, "a defence roll");
    return {
      id: assertString(`rolls.defences[${i}].id`, d.id),
      dice: d.dice === null ? null : assertFaces(`rolls.defences[${i}].dice`, d.dice, 6),
      tn: assertInteger(`rolls.defences[${i}].tn`, d.tn),
    };
  });
  const defenders = breakOutDefenders(state, breakerId);
  const ids = defences.map((d) => d.id);
  const sameSet = ids.length === defenders.length && defenders.every((p) => ids.includes(p));
  if (!sameSet) fail("rolls.defences", `one entry for each grappler (${defenders.join(", ")})`, ids);
  return {
    attackDice: assertFaces("rolls.attackDice", rolls.attackDice, 6),
    attackTN: assertInteger("rolls.attackTN", rolls.attackTN),
    defences,
  };
}

/**
 * Step 2 of a break-out: the one attack roll against each defender's defence; those with fewer successes are
 * shaken off and leave the whole grapple (every grapple link of theirs ends, and they are at close quarters from
 * everyone in it they were at zero range with); no attack success shakes off nobody. The breaker is still pinned
 * while any grapple link of its own remains. A break-out deals no damage.
 */
export function resolveBreakOut(state: SkirmishState, decl: BreakOutDeclaration, rolls: BreakOutRolls): BreakOutOutcome {
  const breakerId = parseBreakOut(decl).breakerId;
  combatant(state, breakerId, "breakOut.breakerId");
  return breakOutEffects(state, breakerId, parseRolls(state, breakerId, rolls));
}

/** A break-out that happened, as its result (written out field by field: a spread beside a field is slow in V8). */
function allowedBreakOut(e: BreakOutOutcome): BreakOutResult {
  return {
    allowed: true,
    changes: e.changes,
    log: e.log,
    attackSuccesses: e.attackSuccesses,
    shakenOff: e.shakenOff,
    stillHeld: e.stillHeld,
    stillPinned: e.stillPinned,
  };
}

function breakOutEffects(state: SkirmishState, breakerId: string, rolls: BreakOutRolls): BreakOutOutcome {
  const attackSuccesses = countSuccesses(rolls.attackDice, rolls.attackTN);
  const answers = rolls.defences.map((d) => ({
    id: d.id,
    defenceSuccesses: d.dice === null ? 0 : countSuccesses(d.dice, d.tn),
  }));
  return breakOutCounted(state, breakerId, attackSuccesses, answers);
}

/** A break-out's effects once its successes are counted: the attack's, and each defender's in defender order. */
function breakOutCounted(state: SkirmishState, breakerId: string, attackSuccesses: number, answers: readonly BreakOutDefence[]): BreakOutOutcome {
  const breaker = combatant(state, breakerId, "breakOut.breakerId");
  const shakenOff = breakOut(attackSuccesses, answers);
  const changes: StateChange[] = [spendAction(breaker.id)];
  const log: LogEntry[] = [];
  const stillHeld: string[] = [];
  const cluster = grappleCluster(state, breaker.id);
  let after = state;
  for (const answer of answers) {
    const freed = shakenOff.includes(answer.id);
    if (freed) {
      // RULES.md Attacks: a shaken-off member leaves the whole grapple, to close quarters from all still in it.
      const leaving: StateChange[] = [
        ...grapplePartners(after, answer.id).map((b): StateChange => ({ type: "release", a: answer.id, b })),
        ...cluster
          .filter((b) => b !== answer.id && distanceBetween(after, answer.id, b) === "zero" && !grapplePartners(after, answer.id).includes(b))
          .map((b): StateChange => ({ type: "distance", a: answer.id, b, distance: "close" })),
      ];
      changes.push(...leaving);
      after = applyChanges(after, leaving);
    }
    const grappler = combatant(state, answer.id, "grappler");
    const data = {
      breaker: breaker.name,
      grappler: grappler.name,
      attackSuccesses,
      defenceSuccesses: answer.defenceSuccesses,
    };
    if (!freed) stillHeld.push(answer.id);
    log.push({ key: freed ? BATTLE_LOG.BrokeFree : BATTLE_LOG.StillHeld, data });
  }
  return { changes, log, attackSuccesses, shakenOff, stillHeld, stillPinned: isPinned(after, breaker.id) };
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
): Promise<BreakOutResult> {
  const { breakerId } = parseBreakOut(decl);
  const legality = breakOutLegality(state, { breakerId });
  if (!legality.allowed) return legality;
  const given = assertRecord("pools", pools, "break-out pools");
  const attackTN = assertInteger("pools.attackTN", given.attackTN);
  const perDefender = given.defences === undefined ? {} : assertRecord("pools.defences", given.defences);
  const attackPool = assertInteger("pools.attackPool", given.attackPool);
  return runSteps(breakOutRollSteps(state, breakerId, attackPool, attackTN, { parse: true, defences: perDefender }), dice);
}

/**
 * `performBreakOut` for pools already parsed (every defence a pool and TN, or null), with dice that answer at
 * once (steps.ts): the same checks of the rules and the same rolls in the same order.
 */
export function performParsedBreakOutSync(
  state: SkirmishState,
  decl: BreakOutDeclaration,
  pools: BreakOutPools,
  dice: SyncDiceSource,
): BreakOutResult {
  return runStepsSync(parsedBreakOutSteps(state, decl, pools), dice);
}

/** The parsed break-out as steps (steps.ts): the legality, then the rolls. */
export function* parsedBreakOutSteps(state: SkirmishState, decl: BreakOutDeclaration, pools: BreakOutPools): Steps<BreakOutResult> {
  const legality = breakOutLegality(state, decl);
  if (!legality.allowed) return legality;
  return yield* breakOutRollSteps(state, decl.breakerId, pools.attackPool, pools.attackTN, { parse: false, defences: pools.defences });
}

const BREAK_OUT_ATTACK = poolLabel("attack");

/**
 * `performParsedBreakOutSync` counting each pool as it is rolled (`CountingDiceSource`, the simulator's dice): the
 * same legality, the attack and then each defender's defence rolled in the same order from the same dice, the
 * same changes and results.
 */
export function performCountedBreakOut(
  state: SkirmishState,
  decl: BreakOutDeclaration,
  pools: BreakOutPools,
  dice: CountingDiceSource,
): BreakOutResult {
  const legality = breakOutLegality(state, decl);
  if (!legality.allowed) return legality;
  const attackSuccesses = dice.successes(clampPool(pools.attackPool, BREAK_OUT_ATTACK.pool), effectiveTN(pools.attackTN));
  const answers: BreakOutDefence[] = [];
  for (const id of breakOutDefenders(state, decl.breakerId)) {
    const given = pools.defences[id] ?? null;
    const defence = mayDefend(state, id).allowed ? given : null;
    const defenceSuccesses = defence === null ? 0 : dice.successes(clampPool(defence.pool, "defence pool"), effectiveTN(defence.tn));
    answers.push({ id, defenceSuccesses });
  }
  const e = breakOutCounted(state, decl.breakerId, attackSuccesses, answers);
  return allowedBreakOut(e);
}

function* breakOutRollSteps(
  state: SkirmishState,
  breakerId: string,
  attackPool: number,
  attackTN: number,
  offered: { parse: true; defences: Readonly<Record<string, unknown>> } | { parse: false; defences: BreakOutPools["defences"] },
): Steps<BreakOutResult> {
  const attackDice = yield { pool: attackPool, label: BREAK_OUT_ATTACK };
  const defences: BreakOutDefenceRoll[] = [];
  for (const id of breakOutDefenders(state, breakerId)) {
    // Each defence is parsed when its turn comes, as before (a refusal for a bad one names that grappler).
    const given = offered.parse ? parseDefence(`pools.defences.${id}`, offered.defences[id] ?? null) : (offered.defences[id] ?? null);
    const defence = mayDefend(state, id).allowed ? given : null;
    const rolled = defence === null ? null : yield { pool: defence.pool, label: poolLabel(`defence ${id}`) };
    defences.push({ id, dice: rolled, tn: defence?.tn ?? attackTN });
  }
  const e = breakOutEffects(state, breakerId, { attackDice, attackTN, defences });
  return allowedBreakOut(e);
}
