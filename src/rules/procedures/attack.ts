/**
 * Melee and ranged attacks in the battle phase, split into steps the Foundry layer can call one at a time with
 * dice rolled on different machines, plus an all-in-one version for the simulator (000 "Melee Attacks",
 * "Ranged Attacks", "Killer Blows", "Damage and Health states", "Armour").
 */
import { applyArmour, damagePool, resolveContest } from "../contest";
import type { ContestResult } from "../contest";
import { clampPool, countSuccesses, effectiveTN } from "../pools";
import { capWounds, healthOf, isDead, woundState } from "../health";
import type { WoundState } from "../health";
import { canMelee, canRanged } from "../legality";
import { ALLOWED, BATTLE_LOG, RULE_REASONS, refuse } from "../reasons";
import { attackTN as raiseForKillerBlow, damageTN as lowerForKillerBlow } from "../skills";
import { combatant, distanceBetween, grappledWith, hasRoundEffect, isPinned } from "../state";
import type { CombatantState, LogEntry, Outcome, ReportOptions, SkirmishState, StateChange } from "../state";
import type { DiceSource, Legality, Refusal } from "../types";
import { assertFaces, assertInteger, assertRecord, assertString, fail, optionalBoolean } from "../validate";
import { ATTACK, DEFENCE, defends } from "./opposed";
import { poolLabel, runSteps, runStepsSync } from "./steps";
import type { CountingDiceSource, Steps, SyncDiceSource } from "./steps";
import { carriesTooMuch, readyToAct, spendAction } from "./readiness";
import { checkWeapon } from "./weapon";
import type { WeaponSnapshot } from "./weapon";
import { healthChangeLog, releasedByDeath } from "./death";

/** What the attacker declares: who strikes whom with which weapon, and whether as a killer blow. */
export interface AttackDeclaration {
  attackerId: string;
  targetId: string;
  weapon: WeaponSnapshot;
  killerBlow?: boolean;
}

/** The TNs an attack rolls at once the killer blow is counted. */
export interface AttackTNs {
  attackTN: number;
  damageTN: number;
}

/** The dice of the attack and of the defence (null: the target chose not to defend), with their TNs before the killer blow. */
export interface AttackRollInput {
  attackDice: readonly number[];
  /** The attack skill's TN; the killer blow's +1 is added here. */
  baseAttackTN: number;
  defenceDice: readonly number[] | null;
  defenceTN: number;
}

/** The contest result together with the TNs used. */
export type AttackContest = ContestResult & AttackTNs;

/** The damage check a hit calls for. */
export interface DamageCheck {
  pool: number;
  tn: number;
}

/** Everything an attack did: the changes and log, and what the Foundry layer must show or toggle. */
export interface AttackOutcome extends Outcome {
  contest: AttackContest;
  /** Damage successes before armour (0 on a miss). */
  damageSuccesses: number;
  /** Wounds dealt after armour. */
  damage: number;
  /** The target's wounds after the attack. */
  wounds: number;
  woundState: WoundState;
  /** Whether the target's health state changed (fit -> severelyInjured -> dead): toggle the status effects. */
  woundStateChanged: boolean;
  /** Magic Points the attacker spent (Dragonsbreath). */
  magicSpent: number;
}

/** The pools and TNs the all-in-one attack rolls; `defence: null` means the target does not defend. */
export interface AttackPools {
  attackPool: number;
  baseAttackTN: number;
  defence: { pool: number; tn: number } | null;
}

/** An all-in-one attack's answer: a refusal with its reason key, or everything the attack did. */
export type AttackResult = Refusal | ({ allowed: true } & AttackOutcome);

/** An allowed attack's result from its outcome, its fields in one order wherever it is made. */
function allowedAttack(e: AttackOutcome): AttackResult {
  return {
    allowed: true,
    changes: e.changes,
    log: e.log,
    contest: e.contest,
    damageSuccesses: e.damageSuccesses,
    damage: e.damage,
    wounds: e.wounds,
    woundState: e.woundState,
    woundStateChanged: e.woundStateChanged,
    magicSpent: e.magicSpent,
  };
}

/** Parses an attack declaration given to a public entry point; the steps behind it trust its types. */
export function parseAttack(value: unknown): AttackDeclaration {
  const decl = assertRecord("attack", value, "an attack declaration");
  return {
    attackerId: assertString("attack.attackerId", decl.attackerId),
    targetId: assertString("attack.targetId", decl.targetId),
    weapon: checkWeapon(decl.weapon, "attack.weapon"),
    killerBlow: optionalBoolean("attack.killerBlow", decl.killerBlow),
  };
}

/** Parses the pools given to `performAttack`; `performParsedAttack` trusts what this returned. */
export function parseAttackPools(value: unknown): AttackPools {
  const pools = assertRecord("pools", value, "attack and defence pools");
  const defence = pools.defence === null ? null : assertRecord("pools.defence", pools.defence, "a pool and TN, or null");
  return {
    attackPool: assertInteger("pools.attackPool", pools.attackPool),
    baseAttackTN: assertInteger("pools.baseAttackTN", pools.baseAttackTN),
    defence:
      defence === null
        ? null
        : { pool: assertInteger("pools.defence.pool", defence.pool), tn: assertInteger("pools.defence.tn", defence.tn) },
  };
}

/**
 * Step 1: whether the attacker may make this attack on the target now. Unknown ids and malformed weapons are
 * RangeErrors; everything the rules forbid is a refusal with an en.json reason key.
 */
export function validateAttack(state: SkirmishState, decl: AttackDeclaration): Legality {
  return attackLegality(state, parseAttack(decl));
}

/** `validateAttack` for a declaration already parsed. */
export function attackLegality(state: SkirmishState, decl: AttackDeclaration): Legality {
  const attacker = combatant(state, decl.attackerId, "attack.attackerId");
  const target = combatant(state, decl.targetId, "attack.targetId");
  const { weapon } = decl;
  if (attacker.id === target.id) return refuse(RULE_REASONS.SelfTarget);
  const ready = readyToAct(attacker);
  if (!ready.allowed) return ready;
  if (isDead(target)) return refuse(RULE_REASONS.TargetDead);
  // 001 "Combat Events": Low Cloud and Dust and Smoke stop ranged attacks for the round.
  if (weapon.range === "ranged" && hasRoundEffect(attacker, "noRangedAttack")) return refuse(RULE_REASONS.NoRangedAttacks);
  // 000 Killer Blows: only weapons with the trait.
  if (decl.killerBlow && !weapon.killerBlow) return refuse(RULE_REASONS.NoKillerBlow);
  // 000 Ranged Attacks: each use of Dragonsbreath spends a Magic Point; without it the breath cannot be used.
  if (weapon.magicCost > attacker.magic.value) return refuse(RULE_REASONS.NotEnoughMagic);

  const distance = distanceBetween(state, attacker.id, target.id);
  const reach =
    weapon.range === "melee"
      ? canMelee(distance, attacker.altitude, target.altitude)
      : canRanged(distance, attacker.altitude, target.altitude, { longRange: weapon.longRange });
  if (!reach.allowed) return reach;

  // RULES.md Attacks: at zero range a combatant may only attack those it grapples.
  if (distance === "zero" && !grappledWith(state, attacker.id, target.id)) return refuse(RULE_REASONS.ZeroRangeNotGrappled);
  if (weapon.range === "melee") {
    // 000 Grapple Attacks: grappling dragons make melee attacks only against their grapple partners.
    if (isPinned(state, attacker.id) && !grappledWith(state, attacker.id, target.id)) return refuse(RULE_REASONS.OnlyGrapplePartners);
    if (carriesTooMuch(state, attacker)) return refuse(RULE_REASONS.CarryingTooHeavy);
  }
  return ALLOWED;
}

/** Step 2a: the attack and damage TNs; a killer blow adds 1 to the attack TN and takes 2 off the damage TN (000 "Killer Blows"). */
export function attackTNs(decl: AttackDeclaration, baseAttackTN: number): AttackTNs {
  return killerBlowTNs(parseAttack(decl), assertInteger("baseAttackTN", baseAttackTN));
}

function killerBlowTNs(decl: AttackDeclaration, baseAttackTN: number): AttackTNs {
  const killerBlow = decl.weapon.killerBlow && decl.killerBlow === true;
  return {
    attackTN: raiseForKillerBlow(baseAttackTN, { killerBlow }),
    damageTN: lowerForKillerBlow(decl.weapon.damageTN, { killerBlow }),
  };
}

/** Step 2b: attack dice against defence dice (or no defence) at the killer-blow-adjusted TN (000 "Melee Attacks"). */
export function contestAttack(decl: AttackDeclaration, input: AttackRollInput): AttackContest {
  const roll = assertRecord("roll", input, "attack and defence dice");
  const tns = killerBlowTNs(parseAttack(decl), assertInteger("baseAttackTN", roll.baseAttackTN));
  const result = resolveContest({
    attackDice: assertFaces("roll.attackDice", roll.attackDice, 6),
    attackTN: tns.attackTN,
    defenceDice: roll.defenceDice === null ? null : assertFaces("roll.defenceDice", roll.defenceDice, 6),
    defenceTN: assertInteger("roll.defenceTN", roll.defenceTN),
  });
  return { ...result, ...tns };
}

/** Step 3a: the damage check a hit calls for, Soma plus margin at the damage TN, or null on a miss (000 "Damage"). */
export function damageCheck(state: SkirmishState, decl: AttackDeclaration, contest: AttackContest): DamageCheck | null {
  const attacker = combatant(state, decl.attackerId, "attack.attackerId");
  if (!contest.hit) return null;
  return { pool: damagePool(attacker.soma, contest.margin), tn: assertInteger("contest.damageTN", contest.damageTN) };
}

/**
 * Step 3b: the attack's effects. The attacker's battle action is spent and Dragonsbreath spends its Magic
 * Points, hit or miss; a hit deals one wound per
 * damage success after armour (000 "Damage and Health states", "Armour"). `damageDice` is required on a hit
 * and ignored on a miss.
 */
export function resolveAttack(
  state: SkirmishState,
  decl: AttackDeclaration,
  contest: AttackContest,
  damageDice: readonly number[] | null,
): AttackOutcome {
  return attackEffects(state, parseAttack(decl), contest, damageDice);
}

/** The figures every attack log line shows. */
function attackNumbers(attacker: CombatantState, target: CombatantState, decl: AttackDeclaration, contest: AttackContest) {
  return {
    attacker: attacker.name,
    target: target.name,
    weapon: decl.weapon.name,
    attackSuccesses: contest.attackSuccesses,
    defenceSuccesses: contest.defenceSuccesses,
  };
}

/**
 * The dice an attack rolled, for its log lines (a card that shows the rolls draws them from the log): each list of
 * faces written as one string ("6 5 2"; "" for no defence roll), since a log line holds only strings and numbers.
 */
interface RolledFaces {
  attackDice: readonly number[];
  defenceDice: readonly number[] | null;
  defenceTN: number;
}

const facesText = (faces: readonly number[] | null): string => (faces === null ? "" : faces.join(" "));

/**
 * The attack's effects; `logging` false leaves the log empty (ReportOptions); `rolled` adds the dice to it.
 * `damageDice` may be the damage successes already counted (`performCountedAttack`, which logs no dice).
 */
function attackEffects(
  state: SkirmishState,
  decl: AttackDeclaration,
  contest: AttackContest,
  damageDice: readonly number[] | number | null,
  logging = true,
  rolled: RolledFaces | null = null,
): AttackOutcome {
  const attacker = combatant(state, decl.attackerId, "attack.attackerId");
  const target = combatant(state, decl.targetId, "attack.targetId");
  const changes: StateChange[] = [spendAction(attacker.id)];
  const log: LogEntry[] = [];
  const magicSpent = decl.weapon.magicCost;
  if (magicSpent > 0) {
    const value = Math.max(0, attacker.magic.value - magicSpent);
    changes.push({ type: "magic", id: attacker.id, value });
    if (logging) log.push({ key: BATTLE_LOG.MagicSpent, data: { name: attacker.name, cost: magicSpent, value } });
  }
  const before = healthOf(target);
  const check = damageCheck(state, decl, contest);
  const dice: Record<string, string | number> =
    rolled === null ? {} : { attackDice: facesText(rolled.attackDice), attackTN: contest.attackTN, defenceDice: facesText(rolled.defenceDice), defenceTN: rolled.defenceTN };
  if (check === null) {
    if (logging) log.push({ key: BATTLE_LOG.AttackMiss, data: { ...attackNumbers(attacker, target, decl, contest), ...dice } });
    const wounds = target.life.wounds;
    return { changes, log, contest, damageSuccesses: 0, damage: 0, wounds, woundState: before, woundStateChanged: false, magicSpent };
  }
  if (logging) {
    const { attacker: a, target: t, weapon, attackSuccesses, defenceSuccesses } = attackNumbers(attacker, target, decl, contest);
    log.push({ key: BATTLE_LOG.AttackHit, data: { attacker: a, target: t, weapon, attackSuccesses, defenceSuccesses, margin: contest.margin, ...dice } });
  }
  if (damageDice === null) fail("damageDice", "the damage dice of a hit", damageDice);

  const damageSuccesses = typeof damageDice === "number" ? damageDice : countSuccesses(damageDice, check.tn);
  const damage = applyArmour(damageSuccesses, target.armour);
  const wounds = capWounds(target.life.wounds + damage, target.life.max);
  const after = woundState(wounds, target.life.max);
  if (wounds !== target.life.wounds) changes.push({ type: "wounds", id: target.id, wounds });
  if (logging) log.push({
    key: BATTLE_LOG.Damage,
    data: { target: target.name, damage, successes: damageSuccesses, armour: target.armour, wounds, ...(rolled === null || typeof damageDice === "number" ? {} : { dice: facesText(damageDice), tn: check.tn }) },
  });
  if (after !== before && logging) {
    log.push(healthChangeLog(target.name, after));
  }
  // 000 Severe injury and Death: the dead hold nobody; its grapples end and what it carried is let go.
  if (after === "dead" && before !== "dead") {
    const freed = releasedByDeath(state, target.id);
    changes.push(...freed.changes);
    if (logging) log.push(...freed.log);
  }
  const woundStateChanged = after !== before;
  return { changes, log, contest, damageSuccesses, damage, wounds, woundState: after, woundStateChanged, magicSpent };
}

/**
 * The whole attack in one call for the simulator: validate, roll attack and defence, roll damage on a hit,
 * resolve. Dice come from the DiceSource in that order.
 */
export async function performAttack(
  state: SkirmishState,
  decl: AttackDeclaration,
  pools: AttackPools,
  dice: DiceSource,
): Promise<AttackResult> {
  const attack = parseAttack(decl);
  const legality = attackLegality(state, attack);
  if (!legality.allowed) return legality;
  return runSteps(attackRollSteps(state, attack, parseAttackPools(pools)), dice);
}

/**
 * `performAttack` for a declaration and pools already parsed (`parseAttack`, `parseAttackPools`), so a caller
 * that makes the same attack many times (the simulator) checks them once instead of on every attack.
 */
export function performParsedAttack(
  state: SkirmishState,
  attack: AttackDeclaration,
  pools: AttackPools,
  dice: DiceSource,
): Promise<AttackResult> {
  return runSteps(parsedAttackSteps(state, attack, pools), dice);
}

/** `performParsedAttack` with dice that answer at once (steps.ts): the same rolls in the same order, no Promise. */
export function performParsedAttackSync(
  state: SkirmishState,
  attack: AttackDeclaration,
  pools: AttackPools,
  dice: SyncDiceSource,
  options: ReportOptions = {},
): AttackResult {
  // The legality here rather than in parsedAttackSteps: one generator fewer per attack (a simulator hot path).
  const legality = attackLegality(state, attack);
  if (!legality.allowed) return legality;
  return runStepsSync(attackRollSteps(state, attack, pools, options.log !== false), dice);
}

/**
 * `performParsedAttackSync` for a caller that never reads the faces (the simulator, `log: false`): the same
 * legality, the same pools rolled in the same order from the same dice, the same changes and results, but each
 * pool counted as it is rolled (`CountingDiceSource`) instead of handed over as a list of faces. The log is empty.
 */
export function performCountedAttack(
  state: SkirmishState,
  attack: AttackDeclaration,
  pools: AttackPools,
  dice: CountingDiceSource,
): AttackResult {
  const legality = attackLegality(state, attack);
  if (!legality.allowed) return legality;
  const tns = killerBlowTNs(attack, pools.baseAttackTN);
  const attackSuccesses = dice.successes(clampPool(pools.attackPool, ATTACK.pool), assertInteger("attackTN", tns.attackTN));
  const defence = pools.defence;
  const defenceSuccesses =
    defence !== null && defends(state, attack.targetId, pools) ? dice.successes(clampPool(defence.pool, DEFENCE.pool), defence.tn) : 0;
  // As `resolveContest` has it: a hit needs strictly more attack successes; the margin is the difference.
  const hit = attackSuccesses > defenceSuccesses;
  const contest: AttackContest = {
    attackSuccesses,
    defenceSuccesses,
    hit,
    margin: hit ? attackSuccesses - defenceSuccesses : 0,
    attackTN: tns.attackTN,
    damageTN: tns.damageTN,
  };
  const check = damageCheck(state, attack, contest);
  const damageSuccesses = check === null ? null : dice.successes(clampPool(check.pool, DAMAGE.pool), effectiveTN(check.tn));
  const e = attackEffects(state, attack, contest, damageSuccesses, false, null);
  return allowedAttack(e);
}

/** The parsed attack as steps (steps.ts): the legality, then the rolls. */
export function* parsedAttackSteps(
  state: SkirmishState,
  attack: AttackDeclaration,
  pools: AttackPools,
  logging = true,
): Steps<AttackResult> {
  const legality = attackLegality(state, attack);
  if (!legality.allowed) return legality;
  return yield* attackRollSteps(state, attack, pools, logging);
}

const DAMAGE = poolLabel("damage");

function* attackRollSteps(state: SkirmishState, attack: AttackDeclaration, rolled: AttackPools, logging = true): Steps<AttackResult> {
  // The opposed roll (opposed.ts) yielded here rather than through opposedSteps: one generator fewer per attack.
  const attackDice = yield { pool: rolled.attackPool, label: ATTACK };
  const defenceDice = rolled.defence && defends(state, attack.targetId, rolled) ? yield { pool: rolled.defence.pool, label: DEFENCE } : null;
  const tns = killerBlowTNs(attack, rolled.baseAttackTN);
  const result = resolveContest({ attackDice, attackTN: tns.attackTN, defenceDice, defenceTN: rolled.defence?.tn ?? 6 });
  // Written out field by field: spreading into a literal with other fields is a slow path in V8 (simulator speed).
  const contest: AttackContest = {
    attackSuccesses: result.attackSuccesses,
    defenceSuccesses: result.defenceSuccesses,
    hit: result.hit,
    margin: result.margin,
    attackTN: tns.attackTN,
    damageTN: tns.damageTN,
  };
  const check = damageCheck(state, attack, contest);
  const damageDice = check === null ? null : yield { pool: check.pool, label: DAMAGE };
  const e = attackEffects(state, attack, contest, damageDice, logging, logging ? { attackDice, defenceDice, defenceTN: rolled.defence?.tn ?? 6 } : null);
  return allowedAttack(e);
}
