/** Wounds and health states (000 "Severe injury and Death"). */
import { assertNonNegativeInteger } from "./validate";

/** A combatant's health: fit, severely injured (out of the fight) or dead. */
export type WoundState = "fit" | "severelyInjured" | "dead";

/** Health from wounds: more than half the Life Points is severely injured, more than all of them is dead (000). */
export function woundState(wounds: number, lifePoints: number): WoundState {
  assertNonNegativeInteger("wounds", wounds);
  assertNonNegativeInteger("lifePoints", lifePoints);
  if (wounds > lifePoints) return "dead";
  if (wounds * 2 > lifePoints) return "severelyInjured";
  return "fit";
}

/** The wound counts at which each state begins, for sheets and token bars. */
export function woundThresholds(lifePoints: number): { severelyInjured: number; dead: number } {
  assertNonNegativeInteger("lifePoints", lifePoints);
  return { severelyInjured: Math.floor(lifePoints / 2) + 1, dead: lifePoints + 1 };
}

/**
 * The most wounds stored for a combatant with these Life Points: 2 x Life Points + 1, well past death, so a
 * corpse's wounds stay readable without growing for ever (docs/DATA.md).
 */
export function maxStoredWounds(lifePoints: number): number {
  // No argument check: the data layer also calls it on values it is still cleaning up.
  return lifePoints * 2 + 1;
}

/** Wounds kept within 0 .. maxStoredWounds(lifePoints). */
export function capWounds(wounds: number, lifePoints: number): number {
  return Math.min(maxStoredWounds(lifePoints), Math.max(0, wounds));
}

/** The health of anything that has Life Points and wounds (a combatant state, a derived character). */
export function healthOf(c: { readonly life: { readonly max: number; readonly wounds: number } }): WoundState {
  return woundState(c.life.wounds, c.life.max);
}

/** Whether it is dead (wounds above its Life Points, 000 "Severe injury and Death"). */
export function isDead(c: { readonly life: { readonly max: number; readonly wounds: number } }): boolean {
  return healthOf(c) === "dead";
}
