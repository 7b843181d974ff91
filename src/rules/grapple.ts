/** Breaking out of a grapple against several grapplers (000 "Breaking out of a Grapple"). */
import { assertList, assertNonNegativeInteger, assertRecord, assertUniqueIds, fail } from "./validate";

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
