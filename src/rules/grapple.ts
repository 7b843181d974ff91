/** Breaking out of a grapple against several grapplers (000 "Breaking out of a Grapple"). */
import { assertNonNegativeInteger, fail } from "./validate";

/** One grappler's answer to a break-out: its id and the successes of its defence (0 if it did not defend). */
export interface BreakOutDefence {
  id: string;
  defenceSuccesses: number;
}

/**
 * The grapplers shaken off by a break-out, in input order: each whose defence successes are below the attack
 * successes, compared one by one; an attack with no successes shakes off nobody (000 "Breaking out of a Grapple").
 */
export function breakOut(attackSuccesses: number, grapplers: readonly BreakOutDefence[]): string[] {
  assertNonNegativeInteger("attackSuccesses", attackSuccesses);
  if (!Array.isArray(grapplers)) fail("grapplers", "an array", grapplers);
  const seen = new Set<string>();
  grapplers.forEach((g: unknown, i: number) => {
    if (typeof g !== "object" || g === null) fail(`grapplers[${i}]`, "an object", g);
    const { id, defenceSuccesses } = g as Partial<BreakOutDefence>;
    if (typeof id !== "string" || id === "") fail(`grapplers[${i}].id`, "a non-empty string", id);
    if (seen.has(id)) fail(`grapplers[${i}].id`, "an id not already listed", id);
    seen.add(id);
    assertNonNegativeInteger(`grapplers[${i}].defenceSuccesses`, defenceSuccesses);
  });
  if (attackSuccesses === 0) return [];
  return grapplers.filter((g) => g.defenceSuccesses < attackSuccesses).map((g) => g.id);
}
