/** The opposed roll of the all-in-one battle procedures (000 "Melee Attacks", "Defence is Optional"). */
import type { SkirmishState } from "../state";
import type { DiceSource } from "../types";
import { mayDefend } from "./readiness";
import { poolLabel, runSteps } from "./steps";
import type { Steps } from "./steps";

const ATTACK = poolLabel("attack");
const DEFENCE = poolLabel("defence");

/** The opposed roll as steps (steps.ts): the attack pool, then the defence pool if the defender defends. */
export function* opposedSteps(
  state: SkirmishState,
  defenderId: string,
  pools: { attackPool: number; defence: { pool: number } | null },
): Steps<{ attackDice: number[]; defenceDice: number[] | null }> {
  const attackDice = yield { pool: pools.attackPool, label: ATTACK };
  const defends = pools.defence !== null && mayDefend(state, defenderId).allowed;
  const defenceDice = defends && pools.defence ? yield { pool: pools.defence.pool, label: DEFENCE } : null;
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
