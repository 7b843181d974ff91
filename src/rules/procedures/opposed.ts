/** The opposed roll of the all-in-one battle procedures (000 "Melee Attacks", "Defence is Optional"). */
import type { SkirmishState } from "../state";
import type { DiceSource } from "../types";
import { mayDefend } from "./readiness";
import { poolLabel, runSteps } from "./steps";
import type { Steps } from "./steps";

/** The labels of the opposed roll's two pools, for callers that yield them themselves (attack.ts, grapple.ts). */
export const ATTACK = poolLabel("attack");
export const DEFENCE = poolLabel("defence");

/**
 * Whether the defender rolls its defence pool: it was offered one (not `null`, 000 "Defence is Optional") and may
 * defend (`mayDefend`); otherwise the attack meets zero successes.
 */
export function defends(state: SkirmishState, defenderId: string, pools: { defence: { pool: number } | null }): boolean {
  return pools.defence !== null && mayDefend(state, defenderId).allowed;
}

/** The opposed roll as steps (steps.ts): the attack pool, then the defence pool if the defender defends. */
export function* opposedSteps(
  state: SkirmishState,
  defenderId: string,
  pools: { attackPool: number; defence: { pool: number } | null },
): Steps<{ attackDice: number[]; defenceDice: number[] | null }> {
  const attackDice = yield { pool: pools.attackPool, label: ATTACK };
  const defenceDice = pools.defence && defends(state, defenderId, pools) ? yield { pool: pools.defence.pool, label: DEFENCE } : null;
  return { attackDice, defenceDice };
}

/**
 * Rolls an opposed check for the all-in-one procedures: the attack pool, then the defence pool unless the
 * defender chose not to defend (`defence: null`) or may not (`mayDefend`), which scores zero successes.
 */
export function rollOpposed(
  state: SkirmishState,
  defenderId: string,
  pools: { attackPool: number; defence: { pool: number } | null },
  dice: DiceSource,
): Promise<{ attackDice: number[]; defenceDice: number[] | null }> {
  return runSteps(opposedSteps(state, defenderId, pools), dice);
}
