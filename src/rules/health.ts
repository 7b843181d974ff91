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
