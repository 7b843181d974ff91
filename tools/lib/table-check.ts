/**
 * Checks a RollTable source's results against its formula: every result's range [lo, hi] lies within what
 * the dice can roll, no two ranges overlap (an overlap makes one entry unreachable on some rolls), and together
 * they cover every total the dice can roll (a gap draws nothing).
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

/** Errors for the table's formula and its results' ranges; `results` is the raw embedded array (absent: none). */
export function checkTableRanges(formula: unknown, results: unknown): string[] {
  if (typeof formula !== "string") return [`formula: expected a dice formula such as "1d20", got ${show(formula)}`];
  const span = formulaSpan(formula);
  if (span === null) return [`formula: ${show(formula)} is not a plain dice formula such as "1d20"`];
  if (results !== undefined && !Array.isArray(results)) return [];
  const list: readonly unknown[] = Array.isArray(results) ? results : [];
  const errors: string[] = [];
  const ranges: { lo: number; hi: number; at: string }[] = [];
  list.forEach((result: unknown, i) => {
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
  // Gaps are only worth reporting once every range is sound: a bad range usually is the gap's cause.
  if (errors.length > 0) return errors;
  return uncovered(span, ranges).map(
    ([lo, hi]) => `results: ${lo === hi ? `roll ${lo}` : `rolls ${lo}-${hi}`} of ${formula} fall${lo === hi ? "s" : ""} in no result's range`,
  );
}

/** The runs of totals in `span` that no range covers, as [low, high] pairs in order. */
export function uncovered(span: DiceSpan, ranges: readonly { lo: number; hi: number }[]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a.lo - b.lo);
  const gaps: [number, number][] = [];
  let next = span.min;
  for (const { lo, hi } of sorted) {
    if (lo > next) gaps.push([next, Math.min(lo - 1, span.max)]);
    next = Math.max(next, hi + 1);
    if (next > span.max) break;
  }
  if (next <= span.max) gaps.push([next, span.max]);
  return gaps;
}
