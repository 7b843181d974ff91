/**
 * The simulator's dice: one seeded stream for a whole simulation (README "The public API": in the simulator
 * the DiceSource is a seeded PRNG). The generator is the engine's own (`Mulberry32`, as `seededDice` draws it), so a seed means
 * the same faces everywhere; `roll` here only skips the per-call checks the engine's general source makes, since
 * the procedures check every answer (`rollPool`, `rollFrom`) anyway.
 */
import { MIN_TN } from "../pools";
import type { CountingDiceSource } from "../procedures/steps";
import { Mulberry32 } from "../roll-sources";
import type { DieSize } from "../roll-sources";

/**
 * A synchronous seeded dice source; the same seed always yields the same faces in the same order. `successes`
 * rolls a pool of d6 from the same stream and counts it without making the list of faces.
 */
export type SimulationDice = CountingDiceSource;

/**
 * A seeded dice source for the simulator: one class for every stream (a new one each block of runs), so the
 * procedures' calls to `successes` and `roll` stay calls to the same two methods, which V8 inlines.
 */
class SeededSimulationDice implements SimulationDice {
  private readonly stream: Mulberry32;

  constructor(seed: number) {
    this.stream = new Mulberry32(seed);
  }

  roll(count: number, faces: DieSize): number[] {
    const out = new Array<number>(count);
    for (let i = 0; i < count; i += 1) out[i] = 1 + Math.floor(this.stream.next() * faces);
    return out;
  }

  successes(count: number, tn: number): number {
    // The faces `roll(count, 6)` would give, each counted as `successesAt` counts it (below TN 2 counts as 2):
    // 1 + floor(6x) >= TN exactly when 6x >= TN - 1, a whole number, so the face itself is never made.
    const least = Math.max(MIN_TN, tn) - 1;
    let found = 0;
    for (let i = 0; i < count; i += 1) if (this.stream.next() * 6 >= least) found += 1;
    return found;
  }
}

/** A seeded dice source for the simulator. */
export function simulationDice(seed: number): SimulationDice {
  return new SeededSimulationDice(seed);
}

/**
 * Runs per block. A simulation's runs are played in blocks of this many, each block from its own seed
 * (`blockSeed`), so any block can be played anywhere (another worker, another thread) and the blocks' counts,
 * added in block order, give the same result however many workers shared them (docs/SIMULATOR.md "Workers").
 */
export const BLOCK_RUNS = 500;

/**
 * The seed of a simulation's block `block`: the simulation's own seed for the first block (so a simulation of
 * at most BLOCK_RUNS runs plays exactly as one dice stream from its seed), a mix of the seed and the block's
 * index for every other (a 32-bit finaliser, so neighbouring seeds and blocks give unrelated streams).
 */
export function blockSeed(seed: number, block: number): number {
  if (block === 0) return seed;
  let h = (Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(block, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** How many blocks a simulation of `runs` runs has (the last may be shorter). */
export const blockCount = (runs: number): number => Math.ceil(runs / BLOCK_RUNS);
