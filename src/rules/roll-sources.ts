/**
 * Dice sources for the rules' async procedures: a seeded generator for the
 * simulator, a script of faces for tests, and `rollFrom`, the checked way every procedure asks a source.
 */
import { clampPool } from "./pools";
import type { DiceSource } from "./types";
import { assertFace, assertFinite, assertInteger, assertList, assertNonNegativeInteger, fail, isFace } from "./validate";

/** The die sizes a DiceSource is asked for. */
export type DieSize = 6 | 10 | 20;

/** The die sizes a DiceSource is asked for, smallest first. */
export const DIE_SIZES: readonly DieSize[] = Object.freeze([6, 10, 20]);

/** A dice source driven by a seeded generator; `next()` gives the underlying float in [0, 1). */
export interface SeededDice extends DiceSource {
  roll(count: number, faces: DieSize): number[];
  next: () => number;
}

/** One request made of a scripted source: how many dice of which size, and the faces handed out. */
export interface DiceRequest {
  count: number;
  faces: DieSize;
  results: number[];
}

/** A dice source that hands out a fixed script of faces and remembers every request. */
export interface ScriptedDice extends DiceSource {
  roll(count: number, faces: DieSize): number[];
  /** Every request so far, in order. */
  readonly requests: readonly DiceRequest[];
  /** How many scripted faces are still unused. */
  remaining(): number;
}

function checkRequest(count: unknown, faces: unknown): { count: number; faces: DieSize } {
  const n = assertNonNegativeInteger("count", count);
  if (!(DIE_SIZES as readonly unknown[]).includes(faces)) fail("faces", "6, 10 or 20", faces);
  return { count: n, faces: faces as DieSize };
}

/**
 * The mulberry32 generator behind `seededDice`: numbers in [0, 1), the same for the same integer seed. A class,
 * so a caller that draws many numbers (the simulator's dice) calls one method V8 can inline, not a new closure per
 * stream.
 */
export class Mulberry32 {
  private state: number;

  constructor(seed: number) {
    this.state = assertInteger("seed", seed) >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/**
 * A small deterministic generator (mulberry32): the same integer seed always yields the same faces.
 * Good enough for simulations; not for anything that must be unpredictable.
 */
export function seededDice(seed: number): SeededDice {
  const stream = new Mulberry32(seed);
  const next = (): number => stream.next();
  return {
    next,
    roll(count: number, faces: DieSize): number[] {
      const request = checkRequest(count, faces);
      return Array.from({ length: request.count }, () => 1 + Math.floor(next() * request.faces));
    },
  };
}

/**
 * A source that returns the given faces in order. It throws an Error when the script runs out or when the
 * next face cannot be shown by the die asked for, so a test fails loudly instead of rolling something else.
 */
export function scriptedDice(faces: readonly number[]): ScriptedDice {
  const script = assertList("faces", faces, "an array of die faces").map((f, i) => assertFinite(`faces[${i}]`, f));
  const requests: DiceRequest[] = [];
  let used = 0;
  return {
    requests,
    remaining: () => script.length - used,
    roll(count: number, size: DieSize): number[] {
      const request = checkRequest(count, size);
      const results: number[] = [];
      for (let i = 0; i < request.count; i += 1) {
        const face = script[used];
        if (face === undefined) {
          throw new Error(
            `scripted dice ran out: request ${requests.length + 1} asked for ${request.count}d${request.faces} ` +
              `after ${used} faces were used`,
          );
        }
        if (!isFace(face, request.faces)) {
          throw new Error(`scripted face ${used + 1} is ${face}, which a d${request.faces} cannot show`);
        }
        results.push(face);
        used += 1;
      }
      requests.push({ count: request.count, faces: request.faces, results });
      return results;
    },
  };
}

/**
 * Asks a source for `count` dice of one size and checks that it answered with that many valid faces; `name`
 * names the answer in error messages.
 */
export async function rollFrom(dice: DiceSource, count: number, faces: DieSize, name = "dice results"): Promise<number[]> {
  const request = checkRequest(count, faces);
  if (request.count === 0) return [];
  const answer: unknown = await dice.roll(request.count, request.faces);
  // Messages are built only when a check fails: this runs for every roll of every simulated skirmish.
  if (!Array.isArray(answer) || answer.length !== request.count) {
    fail(name, `${request.count} faces of a d${request.faces}`, answer);
  }
  const results = new Array<number>(request.count);
  for (let i = 0; i < request.count; i += 1) {
    const face: unknown = (answer as readonly unknown[])[i];
    if (!isFace(face, request.faces)) assertFace(`${name}[${i}]`, face, request.faces);
    results[i] = face as number;
  }
  return results;
}

/** Rolls a pool of d6 from a DiceSource (nothing for an empty pool) and checks what came back. */
export function rollPool(dice: DiceSource, pool: number, name: string): Promise<number[]> {
  return rollFrom(dice, clampPool(pool, `${name} pool`), 6, `${name} dice`);
}
