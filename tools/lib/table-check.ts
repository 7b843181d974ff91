/**
 * Checks a RollTable source's results against its formula: every result's range [lo, hi] lies within what
 * the dice can roll, and no two ranges overlap (an overlap makes one entry unreachable on some rolls).
 */
import { isRecord, show } from "./records";

/** The lowest and highest totals a formula such as "1d20" or "2d6" can roll. */
export interface DiceSpan {
  readonly min: number;
  readonly max: number;
}

/** The span of a plain "NdF" formula (N defaults to 1), or null when the formula is anything else. */
export function formulaSpan(formula: string): DiceSpan | null {
  const match = /^\s*(\d*)\s*d\s*(\d+)\s*$/i.exec(formula);
  if (match === null) return null;
  const count = match[1] === "" || match[1] === undefined ? 1 : Number(match[1]);
  const faces = Number(match[2]);
  if (count < 1 || faces < 1) return null;
  return { min: count, max: count * faces };
}

/** Errors for the table's formula and its results' ranges; `results` is the raw embedded array. */
export function checkTableRanges(formula: unknown, results: unknown): string[] {
  if (typeof formula !== "string") return [`formula: expected a dice formula such as "1d20", got ${show(formula)}`];
  const span = formulaSpan(formula);
  if (span === null) return [`formula: ${show(formula)} is not a plain dice formula such as "1d20"`];
  if (!Array.isArray(results)) return [];
  const errors: string[] = [];
  const ranges: { lo: number; hi: number; at: string }[] = [];
  results.forEach((result: unknown, i) => {
    if (!isRecord(result)) return;
    const at = `results[${i}].range`;
    const range = result.range;
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n: unknown) => Number.isInteger(n))) {
      errors.push(`${at}: expected [low, high] whole numbers, got ${show(range)}`);
      return;
    }
    const [lo, hi] = range as [number, number];
    if (lo > hi) {
      errors.push(`${at}: low ${lo} is above high ${hi}`);
      return;
    }
    if (lo < span.min || hi > span.max) {
      errors.push(`${at}: [${lo}, ${hi}] is outside ${formula} (${span.min}-${span.max})`);
    }
    for (const other of ranges) {
      if (lo <= other.hi && other.lo <= hi) errors.push(`${at}: [${lo}, ${hi}] overlaps ${other.at} [${other.lo}, ${other.hi}]`);
    }
    ranges.push({ lo, hi, at });
  });
  return errors;
}
