/**
 * What a rolled pool shows a player: every die with its face and whether it succeeded, the count and the TN in
 * words (en.json keys). Pure: the success of each die and the count come from the rules (countSuccesses).
 * Every view that draws dice (check and pool cards, the attack card, the combat cards) builds them here and draws
 * them with the one partial templates/core/dice/dice-faces.hbs.
 */
import { countSuccesses, effectiveTN } from "../../rules";

/** One die as the chat shows it. */
export interface DieView {
  readonly face: number;
  readonly success: boolean;
  /** How it is drawn: a success (ticked), a failure or a roll that no longer counts (faded), or a plain die read for its face. */
  readonly tone: "success" | "failure" | "plain";
  /** Its sides: a d6 of a pool, or a d10 or d20 read for its face (drawn in their own shapes). */
  readonly sides: 6 | 10 | 20;
  /** en.json key of the die's spoken description ("4: a success"), with `face` and `sides` as its values. */
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

/**
 * The dice of a d6 pool against a TN as drawn: the successes first (highest face first within each group), so a
 * glance at the left of the row reads the count (000 "Melee Attacks": each die at or above the TN succeeds).
 */
export function dieViews(faces: readonly number[], tn: number): DieView[] {
  const dice = faces.map((face): DieView => {
    const success = countSuccesses([face], tn) === 1;
    return { face, success, tone: success ? "success" : "failure", sides: 6, labelKey: success ? "AOD.Roll.Die.Success" : "AOD.Roll.Die.Failure" };
  });
  return dice.sort((a, b) => Number(b.success) - Number(a.success) || b.face - a.face);
}

/**
 * Dice read for their face (a side's d10, a surprise d10, an event's d20), in the order they were rolled; every
 * roll but the last was tied and rolled again, so only the last is drawn plain and the others faded.
 */
export function faceViews(faces: readonly number[], sides: 10 | 20): DieView[] {
  return faces.map((face, i): DieView => {
    const last = i === faces.length - 1;
    return { face, success: false, tone: last ? "plain" : "failure", sides, labelKey: last ? "AOD.Roll.Die.Plain" : "AOD.Roll.Die.Rerolled" };
  });
}

/** Builds the view of a rolled pool from its faces and TN. */
export function poolResult(faces: readonly number[], tn: number): PoolResultView {
  const successes = countSuccesses(faces, tn);
  const summaryKey = successes === 0 ? "AOD.Roll.Summary.None" : successes === 1 ? "AOD.Roll.Summary.One" : "AOD.Roll.Summary.Many";
  return { dice: dieViews(faces, tn), pool: faces.length, tn: effectiveTN(tn), successes, succeeded: successes > 0, summaryKey };
}
