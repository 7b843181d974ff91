/**
 * The pool roll's formula, `Nd6cs>=T` (README "Rolling checks"): N six-sided dice, each at or above T a success.
 * Pure (no Foundry globals) so parsing and writing are tested directly.
 */

/** A pool and its TN as the formula states them. */
export interface PoolSpec {
  readonly pool: number;
  readonly tn: number;
}

const POOL_FORMULA = /^\s*(\d{1,3})\s*d6\s*cs\s*>=\s*(\d{1,2})\s*$/i;

/** The formula for a pool: `poolFormula({ pool: 5, tn: 4 })` is "5d6cs>=4". */
export function poolFormula(spec: PoolSpec): string {
  if (!Number.isInteger(spec.pool) || spec.pool < 1) throw new RangeError(`pool must be a whole number above 0: ${spec.pool}`);
  if (!Number.isInteger(spec.tn)) throw new RangeError(`tn must be a whole number: ${spec.tn}`);
  return `${spec.pool}d6cs>=${spec.tn}`;
}

/** Reads `Nd6cs>=T` (spaces and case ignored); anything else, or a pool of 0, is null. */
export function parsePoolFormula(formula: string): PoolSpec | null {
  const match = POOL_FORMULA.exec(formula);
  if (match === null) return null;
  const pool = Number(match[1]);
  const tn = Number(match[2]);
  return pool > 0 ? { pool, tn } : null;
}
