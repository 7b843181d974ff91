/**
 * Exact success-count tables for d6 pools, built once at load (000 "Melee Attacks": each die at or above the
 * TN is a success). The exact-odds functions read these tables instead of recomputing binomials per call.
 */
import { MAX_POOL, MAX_TN } from "./pools";

/** Row length of every table: one entry per success count 0..pool plus a trailing zero for "more than pool". */
export const ROW = MAX_POOL + 2;

/** Number of distinct "faces meeting the TN" values, 0 (TN above 6) to 6. */
const FACE_KINDS = MAX_TN + 1;

/**
 * Builds the three tables for one chance of success f/6: the probability of exactly k successes, of at most
 * k, and of at least k, for every pool 0..30. Index `pool * ROW + k`.
 */
function buildTables(faces: number): { exactly: Float64Array; atMost: Float64Array; atLeast: Float64Array } {
  const p = faces / MAX_TN;
  const q = 1 - p;
  const exactly = new Float64Array((MAX_POOL + 1) * ROW);
  const atMost = new Float64Array((MAX_POOL + 1) * ROW);
  const atLeast = new Float64Array((MAX_POOL + 1) * ROW);
  exactly[0] = 1;
  // Adding one die at a time keeps every term a sum of positive products, so no cancellation creeps in.
  for (let n = 1; n <= MAX_POOL; n += 1) {
    const row = n * ROW;
    const prev = row - ROW;
    exactly[row] = (exactly[prev] ?? 0) * q;
    for (let k = 1; k <= n; k += 1) {
      exactly[row + k] = (exactly[prev + k] ?? 0) * q + (exactly[prev + k - 1] ?? 0) * p;
    }
  }
  for (let n = 0; n <= MAX_POOL; n += 1) {
    const row = n * ROW;
    // Cumulative sums run from the near end, so small tails keep their precision; clamp drift above 1.
    let low = 0;
    for (let k = 0; k <= n; k += 1) {
      low += exactly[row + k] ?? 0;
      atMost[row + k] = Math.min(1, low);
    }
    atMost[row + n + 1] = 1;
    let high = 0;
    for (let k = n; k >= 0; k -= 1) {
      high += exactly[row + k] ?? 0;
      atLeast[row + k] = Math.min(1, high);
    }
    atLeast[row] = 1;
  }
  return { exactly, atMost, atLeast };
}

const built = Array.from({ length: FACE_KINDS }, (_, faces) => buildTables(faces));

/** P(exactly k successes) for a pool rolling against f meeting faces: `EXACTLY[f][pool * ROW + k]`. */
export const EXACTLY: readonly Float64Array[] = built.map((t) => t.exactly);
/** P(at most k successes): `AT_MOST[f][pool * ROW + k]`, 1 for k at or above the pool. */
export const AT_MOST: readonly Float64Array[] = built.map((t) => t.atMost);
/** P(at least k successes): `AT_LEAST[f][pool * ROW + k]`, 0 for k above the pool. */
export const AT_LEAST: readonly Float64Array[] = built.map((t) => t.atLeast);

/** Copies the first `length` entries of a scratch table into a fresh array for the caller to keep. */
export function copyOut(source: Float64Array, length: number): number[] {
  const out = new Array<number>(length);
  for (let i = 0; i < length; i += 1) out[i] = source[i] ?? 0;
  return out;
}
