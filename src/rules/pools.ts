/** Dice pools and success counting (000 "Melee Attacks", RULES.md "Dice and checks"). */
import { assertInteger, checkFaces } from "./validate";

/** The largest pool a check may roll; larger pools are capped (RULES.md). */
export const MAX_POOL = 30;
/** The lowest TN that can be rolled: a 1 never succeeds. */
export const MIN_TN = 2;
/** The highest TN a d6 can meet. */
export const MAX_TN = 6;

/** Clamps a pool to 0..30 dice: a pool below 0 rolls nothing, a pool above 30 rolls 30. */
export function clampPool(pool: number, name = "pool"): number {
  assertInteger(name, pool);
  return Math.min(MAX_POOL, Math.max(0, pool));
}

/** The TN actually rolled against: below 2 counts as 2; above 6 stays (no die can meet it). */
export function effectiveTN(tn: number, name = "tn"): number {
  assertInteger(name, tn);
  return Math.max(MIN_TN, tn);
}

/** Whether a TN can be met at all by a d6 (false above 6: the dialog warns before rolling). */
export function isAchievableTN(tn: number): boolean {
  return effectiveTN(tn) <= MAX_TN;
}

/** Counts the dice at or above the TN (000 "Melee Attacks": each die meeting the TN is a success). */
export function countSuccesses(dice: readonly number[], tn: number): number {
  return successesAt(checkFaces("dice", dice, 6), effectiveTN(tn));
}

/** `countSuccesses` for faces already checked (a DiceSource's answer through `rollFrom`) and an integer TN. */
export function successesAt(faces: readonly number[], tn: number): number {
  const target = Math.max(MIN_TN, tn);
  let successes = 0;
  for (const face of faces) if (face >= target) successes += 1;
  return successes;
}

/** Chance that one d6 meets a TN, as an exact fraction of 6 (0..6 faces). */
export function facesMeeting(tn: number): number {
  const target = effectiveTN(tn);
  return target > MAX_TN ? 0 : MAX_TN - target + 1;
}
