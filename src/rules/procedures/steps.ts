/**
 * The dice of an all-in-one procedure as a sequence of requests, so one definition of the order in which a
 * procedure rolls serves both a DiceSource that answers later (Foundry's rolls: `runSteps`, which awaits each
 * answer) and one that answers at once (the simulator's seeded dice: `runStepsSync`, with no Promise at all).
 * A procedure's steps are a generator that yields each roll it needs and receives the checked faces back.
 */
import { clampPool } from "../pools";
import { rollFrom } from "../roll-sources";
import type { DieSize } from "../roll-sources";
import type { DiceSource } from "../types";
import { assertFace, fail, isFace } from "../validate";

/** A DiceSource that always answers at once (the simulator's seeded dice, a script in tests). */
export interface SyncDiceSource extends DiceSource {
  roll(count: number, faces: DieSize): number[];
}

/**
 * A dice source that can also answer a pool's successes at once: `successes(count, tn)` rolls `count` d6 exactly
 * as `roll(count, 6)` would (the same faces, in the same order, from the same stream) and counts those that meet
 * `tn` as `successesAt` does: the simulator's seeded dice (simulator/dice.ts), for the procedures that never
 * need the faces (`performCountedAttack`, `performCountedGrapple`, `performCountedBreakOut`).
 */
export interface CountingDiceSource extends SyncDiceSource {
  successes(count: number, tn: number): number;
}

/** The names a pool of d6 goes by in error messages, built once per kind of roll rather than per roll. */
export interface PoolLabel {
  /** Names the pool size (`clampPool`). */
  pool: string;
  /** Names the faces that come back (`rollFrom`). */
  dice: string;
}

/** The label of a roll called `name`, as `rollPool` names it. */
export function poolLabel(name: string): PoolLabel {
  return { pool: `${name} pool`, dice: `${name} dice` };
}

/** One roll a procedure asks for: a pool of d6 (clamped to 0..30, as `rollPool` does). */
export interface PoolRequest {
  pool: number;
  label: PoolLabel;
}

/** A procedure's steps: yields the rolls it needs, receives their faces, returns its result. */
export type Steps<T> = Generator<PoolRequest, T, number[]>;

/** Plays a procedure's steps against any DiceSource, awaiting each answer and checking it (`rollFrom`). */
export async function runSteps<T>(steps: Steps<T>, dice: DiceSource): Promise<T> {
  let next = steps.next();
  while (next.done !== true) {
    const { pool, label } = next.value;
    next = steps.next(await rollFrom(dice, clampPool(pool, label.pool), 6, label.dice));
  }
  return next.value;
}

/**
 * Plays a procedure's steps against a DiceSource that answers at once: the same requests in the same order, and
 * the same checks of each answer as `rollFrom` makes (how many faces, each a face of a d6), without a Promise.
 */
export function runStepsSync<T>(steps: Steps<T>, dice: SyncDiceSource): T {
  let next = steps.next();
  while (next.done !== true) {
    const { pool, label } = next.value;
    next = steps.next(rollNow(dice, clampPool(pool, label.pool), label.dice));
  }
  return next.value;
}

function rollNow(dice: SyncDiceSource, count: number, name: string): number[] {
  if (count === 0) return [];
  const answer: unknown = dice.roll(count, 6);
  if (!Array.isArray(answer) || answer.length !== count) fail(name, `${count} faces of a d6`, answer);
  const faces = answer as unknown[];
  for (let i = 0; i < count; i += 1) {
    const face = faces[i];
    if (!isFace(face, 6)) assertFace(`${name}[${i}]`, face, 6);
  }
  return faces as number[];
}
