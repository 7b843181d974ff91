/**
 * The simulator's dice: one seeded stream for a whole simulation (README "The public API": in the simulator
 * the DiceSource is a seeded PRNG). The generator is the engine's own (`seededDice`, mulberry32), so a seed means
 * the same faces everywhere; `roll` here only skips the per-call checks the engine's general source makes, since
 * the procedures check every answer (`rollPool`, `rollFrom`) anyway.
 */
import { seededDice } from "../roll-sources";
import type { DieSize } from "../roll-sources";
import type { DiceSource } from "../types";

/** A synchronous seeded dice source; the same seed always yields the same faces in the same order. */
export interface SimulationDice extends DiceSource {
  roll(count: number, faces: DieSize): number[];
}

/** A seeded dice source for the simulator. */
export function simulationDice(seed: number): SimulationDice {
  const source = seededDice(seed);
  const next = (): number => source.next();
  return {
    roll(count: number, faces: DieSize): number[] {
      const out = new Array<number>(count);
      for (let i = 0; i < count; i += 1) out[i] = 1 + Math.floor(next() * faces);
      return out;
    },
  };
}
