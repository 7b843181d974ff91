/**
 * Exact odds of the attack procedure, with no sampling (000 "Melee Attacks", "Damage and Health states",
 * "Armour"; RULES.md "Dice and checks", "Attacks"). The roll dialog shows these before anyone rolls.
 */
import { clampPool, effectiveTN, facesMeeting } from "./pools";
import { AT_LEAST, AT_MOST, EXACTLY, ROW, copyOut } from "./odds-tables";
import { assertNonNegativeInteger, fail } from "./validate";

/** An attack roll against a defence roll; a defence pool of 0 (or below) is no defence. */
export interface ContestOddsInput {
  attackPool: number;
  attackTN: number;
  defencePool: number;
  defenceTN: number;
}

/** A damage check: its pool, its TN and the target's armour rating. */
export interface DamageOddsInput {
  pool: number;
  tn: number;
  armour: number;
}

/** Refuses anything that is not an object, before its fields are read. */
export function assertOddsInput(name: string, value: unknown): void {
  if (typeof value !== "object" || value === null) fail(name, "an object", value);
}

/** How many faces of a d6 meet a TN (0 above 6), with errors naming the TN's argument. */
export function facesFor(tn: number, name: string): number {
  return facesMeeting(effectiveTN(tn, name));
}

/** A checked contest: the clamped pools and the number of faces meeting each TN. */
export interface ContestDice {
  a: number;
  fa: number;
  d: number;
  fd: number;
}

/** Checks a contest's input and clamps its pools (RULES.md: below 0 is 0, above 30 is 30). */
export function contestDice(c: ContestOddsInput): ContestDice {
  assertOddsInput("c", c);
  return {
    a: clampPool(c.attackPool, "attackPool"),
    fa: facesFor(c.attackTN, "attackTN"),
    d: clampPool(c.defencePool, "defencePool"),
    fd: facesFor(c.defenceTN, "defenceTN"),
  };
}

/** 000 "Melee Attacks": the chance that the attack scores strictly more successes than the defence. */
export function hitProbability(c: ContestOddsInput): number {
  const { a, fa, d, fd } = contestDice(c);
  const atLeastA = AT_LEAST[fa] as Float64Array;
  const exactlyD = EXACTLY[fd] as Float64Array;
  const rowA = a * ROW + 1;
  const rowD = d * ROW;
  // Sum over defence results s: P(defence = s) * P(attack >= s + 1); terms past the attack pool are 0.
  const last = d < a ? d : a - 1;
  let hit = 0;
  for (let s = 0; s <= last; s += 1) hit += (exactlyD[rowD + s] ?? 0) * (atLeastA[rowA + s] ?? 0);
  return hit > 1 ? 1 : hit;
}

/**
 * Fills `out[0..pool]` with the margin distribution of a contest and returns the largest possible margin:
 * out[m] for m >= 1 is P(attack - defence = m); out[0] is P(miss or tie). Inputs must already be clamped.
 */
export function fillMargins(out: Float64Array, a: number, fa: number, d: number, fd: number): number {
  const exactlyA = EXACTLY[fa] as Float64Array;
  const atMostA = AT_MOST[fa] as Float64Array;
  const exactlyD = EXACTLY[fd] as Float64Array;
  const rowA = a * ROW;
  const rowD = d * ROW;
  const top = fa > 0 ? a : 0;
  // Miss or tie: the attack scores at most what the defence scored (at most the whole pool for big defences).
  let missOrTie = 0;
  for (let s = 0; s <= d; s += 1) {
    missOrTie += (exactlyD[rowD + s] ?? 0) * (atMostA[rowA + (s < a ? s : a)] ?? 0);
  }
  out[0] = missOrTie > 1 ? 1 : missOrTie;
  for (let m = 1; m <= top; m += 1) {
    const last = d < a - m ? d : a - m;
    let sum = 0;
    for (let s = 0; s <= last; s += 1) sum += (exactlyD[rowD + s] ?? 0) * (exactlyA[rowA + s + m] ?? 0);
    out[m] = sum;
  }
  return top;
}

const marginScratch = new Float64Array(ROW);

/**
 * 000 "Damage and Health states": the distribution of the margin of a contest, index = attack successes minus
 * defence successes on a hit; index 0 holds every miss and tie. Length = largest possible margin + 1.
 */
export function marginDistribution(c: ContestOddsInput): number[] {
  const { a, fa, d, fd } = contestDice(c);
  const top = fillMargins(marginScratch, a, fa, d, fd);
  return copyOut(marginScratch, top + 1);
}

/**
 * 000 "Armour": the distribution of damage after armour for one damage check, index = damage (successes
 * minus armour, never below 0). Length = largest damage that can happen + 1, so a TN above 6, an empty pool
 * or armour at least the pool gives [1].
 */
export function damageDistribution(c: DamageOddsInput): number[] {
  assertOddsInput("c", c);
  const n = clampPool(c.pool, "pool");
  const f = facesFor(c.tn, "tn");
  const armour = assertNonNegativeInteger("armour", c.armour);
  const top = f > 0 && n > armour ? n - armour : 0;
  const row = n * ROW;
  const out = new Array<number>(top + 1);
  out[0] = (AT_MOST[f] as Float64Array)[row + (armour < n ? armour : n)] ?? 0;
  const exactly = EXACTLY[f] as Float64Array;
  for (let k = 1; k <= top; k += 1) out[k] = exactly[row + armour + k] ?? 0;
  return out;
}
