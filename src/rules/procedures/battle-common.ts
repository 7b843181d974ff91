/**
 * Pieces every battle-phase procedure shares: who may act, the weapon snapshot, carrying limits and rolling
 * pools from a DiceSource (000 "Phase Two: The Battle Phase").
 */
import { clampPool } from "../pools";
import { woundState } from "../health";
import { ALLOWED, BATTLE_LOG, RULE_REASONS, refuse } from "../reasons";
import { combatant, hasRoundEffect } from "../state";
import type { CombatantState, Outcome, SkirmishState, StateChange } from "../state";
import type { DiceSource, Legality } from "../types";
import {
  assertBoolean,
  assertFaces,
  assertInteger,
  assertNonNegativeInteger,
  assertOneOf,
  assertRecord,
  assertString,
  fail,
} from "../validate";

/** An all-in-one procedure's answer when the action is not allowed. */
export interface Refusal {
  allowed: false;
  reason: string;
}

/** Turns a refused Legality into a Refusal; every refusal of these rules carries its reason key. */
export function refusal(legality: Legality): Refusal {
  return { allowed: false, reason: legality.reason ?? fail("legality.reason", "an en.json key", legality.reason) };
}

/** A weapon as the rules see it: the fields of an Item `weapon` that decide an attack (docs/DATA.md). */
export interface WeaponSnapshot {
  name: string;
  range: "melee" | "ranged";
  longRange: boolean;
  damageTN: number;
  killerBlow: boolean;
  grapple: boolean;
  magicCost: number;
}

/** Weapon ranges (docs/DATA.md). */
export const WEAPON_RANGES: readonly WeaponSnapshot["range"][] = Object.freeze(["melee", "ranged"]);

/** Parses a weapon snapshot field by field and returns it, or throws a RangeError naming the bad field. */
export function checkWeapon(value: unknown, name = "weapon"): WeaponSnapshot {
  const weapon = assertRecord(name, value, "a weapon snapshot");
  return {
    name: assertString(`${name}.name`, weapon.name),
    range: assertOneOf(`${name}.range`, weapon.range, WEAPON_RANGES),
    longRange: assertBoolean(`${name}.longRange`, weapon.longRange),
    damageTN: assertInteger(`${name}.damageTN`, weapon.damageTN),
    killerBlow: assertBoolean(`${name}.killerBlow`, weapon.killerBlow),
    grapple: assertBoolean(`${name}.grapple`, weapon.grapple),
    magicCost: assertNonNegativeInteger(`${name}.magicCost`, weapon.magicCost),
  };
}

/**
 * Whether a combatant may take a battle action at all: alive, not severely injured, no full move this round, and
 * no one-round effect that takes its action away.
 */
export function readyToAct(actor: CombatantState): Legality {
  const health = woundState(actor.life.wounds, actor.life.max);
  if (health === "dead") return refuse(RULE_REASONS.ActorDead);
  // 000 Severe injury and Death: no tactical movement or battle actions.
  if (health === "severelyInjured") return refuse(RULE_REASONS.ActorSeverelyInjured);
  // 000 Manoeuvres: a full move allows no other action this round.
  if (actor.fullMove) return refuse(RULE_REASONS.FullMoveNoAction);
  // 000 "Non-attack Battle Actions": a combatant spends its one battle action a round.
  if (actor.acted) return refuse(RULE_REASONS.AlreadyActed);
  // RULES.md Surprise and ambush: the surprised and the ambushed take no actions in the first round.
  if (hasRoundEffect(actor, "ambushed")) return refuse(RULE_REASONS.Ambushed);
  if (hasRoundEffect(actor, "surprised")) return refuse(RULE_REASONS.Surprised);
  // One-round effects of combat events (001 "Combat Events").
  if (hasRoundEffect(actor, "noBattleAction")) return refuse(RULE_REASONS.NoBattleAction);
  if (hasRoundEffect(actor, "forcedFullMove")) return refuse(RULE_REASONS.ForcedFullMove);
  return ALLOWED;
}

/** Whether a combatant is dead (wounds above its Life Points). */
export function isDead(c: CombatantState): boolean {
  return woundState(c.life.wounds, c.life.max) === "dead";
}

/** 000 Catching: a carrier holding someone of at least its own weight makes no melee attacks. */
export function carriesTooMuch(state: SkirmishState, carrier: CombatantState): boolean {
  const carriedId = state.carrying[carrier.id];
  if (carriedId === undefined) return false;
  const carried = state.combatants[carriedId];
  return carried !== undefined && carried.weight >= carrier.weight;
}

/** Rolls a pool of d6 from a DiceSource (nothing for an empty pool) and checks what came back. */
export async function rollPool(dice: DiceSource, pool: number, name: string): Promise<number[]> {
  const count = clampPool(pool, `${name} pool`);
  if (count === 0) return [];
  const faces = await dice.roll(count, 6);
  assertFaces(`${name} dice`, faces, 6);
  if (faces.length !== count) fail(`${name} dice`, `${count} dice`, faces);
  return [...faces];
}

/** The change that marks a combatant's battle action as spent for this round. */
export function spendAction(id: string): StateChange {
  return { type: "flag", id, flag: "acted", value: true };
}

/**
 * A non-attack battle action (000 "Non-attack Battle Actions": smashing a gate, intimidating the troops below, a
 * lifepath power): refused when the combatant cannot act, otherwise it spends the round's battle action.
 */
export function takeBattleAction(state: SkirmishState, id: string): Refusal | ({ allowed: true } & Outcome) {
  const actor = combatant(state, id, "id");
  const ready = readyToAct(actor);
  if (!ready.allowed) return refusal(ready);
  return { allowed: true, changes: [spendAction(actor.id)], log: [{ key: BATTLE_LOG.BattleAction, data: { name: actor.name } }] };
}

/**
 * Whether a combatant may roll a defence (000 "Defence is Optional": it may always choose not to). The dead
 * cannot, and neither can the ambushed in the first round (RULES.md "Surprise and ambush"); the attack then
 * meets zero successes.
 */
export function mayDefend(state: SkirmishState, id: string): Legality {
  const defender = combatant(state, id, "defender");
  if (isDead(defender)) return refuse(RULE_REASONS.TargetDead);
  if (hasRoundEffect(defender, "ambushed")) return refuse(RULE_REASONS.Ambushed);
  return ALLOWED;
}

/**
 * Rolls an opposed check for the all-in-one procedures: the attack pool, then the defence pool unless the
 * defender chose not to defend (`defence: null`) or may not (`mayDefend`), which scores zero successes.
 */
export async function rollOpposed(
  state: SkirmishState,
  defenderId: string,
  pools: { attackPool: number; defence: { pool: number } | null },
  dice: DiceSource,
): Promise<{ attackDice: number[]; defenceDice: number[] | null }> {
  const attackDice = await rollPool(dice, pools.attackPool, "attack");
  const defends = pools.defence !== null && mayDefend(state, defenderId).allowed;
  const defenceDice = defends && pools.defence ? await rollPool(dice, pools.defence.pool, "defence") : null;
  return { attackDice, defenceDice };
}
