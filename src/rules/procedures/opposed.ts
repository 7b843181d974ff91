/** The opposed roll of the all-in-one battle procedures (000 "Melee Attacks", "Defence is Optional"). */
import { rollPool } from "../roll-sources";
import type { SkirmishState } from "../state";
import type { DiceSource } from "../types";
import { mayDefend } from "./readiness";

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
