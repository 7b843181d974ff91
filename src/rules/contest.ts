/** Opposed checks, damage pools and armour (000 "Defence is Optional", "Melee Attacks", "Damage", "Armour"). */
import { clampPool, successesAt } from "./pools";
import { assertInteger, assertNonNegativeInteger, assertRecord, checkFaces } from "./validate";

/** The dice and TNs of one attack against one defence; `defenceDice: null` means the target did not defend. */
export interface ContestInput {
  attackDice: readonly number[];
  attackTN: number;
  defenceDice: readonly number[] | null;
  defenceTN: number;
}

/** How an attack roll fared against the defence roll. */
export interface ContestResult {
  attackSuccesses: number;
  defenceSuccesses: number;
  hit: boolean;
  margin: number;
}

/**
 * Compares attack and defence successes (000 "Melee Attacks"): a hit needs strictly more attack successes,
 * and the margin is the difference (0 on a miss). No defence dice scores zero (000 "Defence is Optional").
 */
export function resolveContest(input: ContestInput): ContestResult {
  const c = assertRecord("contest", input);
  // Each list is checked once and read where it is (no copies): this runs for every simulated attack.
  const attackDice = checkFaces("attackDice", c.attackDice, 6);
  const attackSuccesses = successesAt(attackDice, assertInteger("attackTN", c.attackTN));
  const defenceTN = assertInteger("defenceTN", c.defenceTN);
  const defenceDice = c.defenceDice === null ? null : checkFaces("defenceDice", c.defenceDice, 6);
  const defenceSuccesses = defenceDice === null ? 0 : successesAt(defenceDice, defenceTN);
  const hit = attackSuccesses > defenceSuccesses;
  return { attackSuccesses, defenceSuccesses, hit, margin: hit ? attackSuccesses - defenceSuccesses : 0 };
}

/** The damage check pool: Soma plus the attack's margin, clamped to 0..30 dice (000 "Damage and Health states"). */
export function damagePool(soma: number, margin: number): number {
  assertInteger("soma", soma);
  assertNonNegativeInteger("margin", margin);
  return clampPool(soma + margin, "damage pool");
}

/** Damage left after armour takes off its rating, never below 0 (000 "Armour"). */
export function applyArmour(successes: number, armourRating: number): number {
  assertNonNegativeInteger("successes", successes);
  assertNonNegativeInteger("armourRating", armourRating);
  return Math.max(0, successes - armourRating);
}
