/**
 * What a rolled pool shows a player: every die with its face and whether it succeeded, the count and the TN in
 * words (en.json keys). Pure: the success of each die and the count come from the rules (countSuccesses).
 */
import { countSuccesses, effectiveTN } from "../../rules";

/** One die as the chat shows it. */
export interface DieView {
  readonly face: number;
  readonly success: boolean;
  /** en.json key of the die's spoken description ("4: a success"), with `face` as its value. */
  readonly labelKey: string;
}

/** A rolled pool as the chat shows it. */
export interface PoolResultView {
  readonly dice: readonly DieView[];
  readonly pool: number;
  /** The TN rolled against (below 2 shown as 2). */
  readonly tn: number;
  readonly successes: number;
  readonly succeeded: boolean;
  /** en.json key of the sentence stating the count and the TN, with `count`, `pool` and `tn` as values. */
  readonly summaryKey: string;
}

/** Builds the view of a rolled pool from its faces and TN (000 "Melee Attacks": each die at or above the TN). */
export function poolResult(faces: readonly number[], tn: number): PoolResultView {
  const successes = countSuccesses(faces, tn);
  const dice = faces.map((face) => {
    const success = countSuccesses([face], tn) === 1;
    return { face, success, labelKey: success ? "AOD.Roll.Die.Success" : "AOD.Roll.Die.Failure" };
  });
  const summaryKey = successes === 0 ? "AOD.Roll.Summary.None" : successes === 1 ? "AOD.Roll.Summary.One" : "AOD.Roll.Summary.Many";
  return { dice, pool: faces.length, tn: effectiveTN(tn), successes, succeeded: successes > 0, summaryKey };
}
