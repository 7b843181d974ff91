/**
 * Simulations shared out among workers (docs/SIMULATOR.md "Workers"). A simulation's runs are blocks of
 * BLOCK_RUNS, each played from its own seed (`blockSeed`); a worker plays one block at a time and answers with the
 * block's counts (`BlockTally`, plain numbers that cross a thread). `playOnPool` hands the blocks out to whichever
 * worker is free and adds their counts up in block order, asking `enough` only after each block in that order, so
 * the result is the same, number for number, for one worker or ten, and the same as `simulate` on one thread.
 * Pure: a worker is anything with `play` (a Web Worker, a Node worker thread, or `localBlockRunner` in-process).
 */
import type { MovePhase } from "../procedures/move";
import type { CompiledEncounter } from "./compile";
import { BLOCK_RUNS, blockCount } from "./dice";
import type { Encounter } from "./encounter";
import { emptyTally } from "./play";
import type { Ending, Tally } from "./play";
import { prepare, summarise } from "./simulate";
import type { SimulateOptions, SimulationResult } from "./simulate";

/** One block's counts, as plain arrays (what a worker sends back). */
export interface BlockTally {
  wins: number[];
  draws: number;
  endings: Record<Ending, number>;
  rounds: number[];
  dead: number[];
  severe: number[];
  damage: number[];
  attacks: number[];
  hits: number[];
}

/**
 * What a worker is asked to play: an encounter and a seed, named by `key` (a worker keeps the encounters it has
 * compiled by key, so one job's blocks compile it once), and for advice the option whose first choice is fixed
 * (`advise`: the index among the options it lists, -1 for the combatant's own tactics).
 */
export interface BlockJob {
  key: string;
  encounter: Encounter;
  seed: number;
  advice?: { combatantId: string; phase: MovePhase; maxOptions?: number; option: number };
}

/** A worker: plays `runs` runs of a job's block `block` and answers with their counts. */
export interface BlockRunner {
  play(job: BlockJob, block: number, runs: number): Promise<BlockTally>;
}

/** A tally's counts as plain arrays. */
export function blockTallyOf(t: Tally): BlockTally {
  return {
    wins: Array.from(t.wins),
    draws: t.draws,
    endings: { ...t.endings },
    rounds: Array.from(t.rounds),
    dead: Array.from(t.dead),
    severe: Array.from(t.severe),
    damage: Array.from(t.damage),
    attacks: Array.from(t.attacks),
    hits: Array.from(t.hits),
  };
}

const addInto = (into: Float64Array, from: readonly number[]): void => {
  const n = Math.min(into.length, from.length);
  for (let i = 0; i < n; i += 1) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
};

/** Adds a block's counts to a tally (every count is a whole number, so the sums are exact in any order). */
export function addBlockTally(into: Tally, block: BlockTally): void {
  addInto(into.wins, block.wins);
  into.draws += block.draws;
  into.endings.sideOut += block.endings.sideOut;
  into.endings.disengaged += block.endings.disengaged;
  into.endings.roundLimit += block.endings.roundLimit;
  addInto(into.rounds, block.rounds);
  addInto(into.dead, block.dead);
  addInto(into.severe, block.severe);
  addInto(into.damage, block.damage);
  addInto(into.attacks, block.attacks);
  addInto(into.hits, block.hits);
}

/** One simulation for the pool: its job, its runs, the empty tally to count into, and when it may stop early. */
export interface PoolSimulation {
  job: BlockJob;
  runs: number;
  tally: Tally;
  /** Asked after each block, in block order, while runs remain: true ends the simulation there. */
  enough?: (tally: Tally, runs: number) => boolean;
  /** Told the runs counted so far after each block, in block order. */
  onBlock?: (done: number) => void | Promise<void>;
}

/** What the pool played of one simulation: the runs counted (whole blocks, in order) and whether it was cut short. */
export interface PoolOutcome {
  runs: number;
  cancelled: boolean;
}

interface Progress {
  sim: PoolSimulation;
  blocks: number;
  waiting: (BlockTally | undefined)[];
  merged: number;
  done: number;
  finished: boolean;
  merging: boolean;
}

/**
 * Plays the simulations' blocks on the workers, each worker taking the next block (simulations in order, blocks
 * in order) as soon as it is free, and adds each simulation's blocks into its tally in block order. A block that
 * comes back early waits for the ones before it; once `enough` says so, the blocks after it are not handed out and
 * any already played are dropped. `shouldStop` is asked before each block is handed out (true: every simulation
 * not yet finished is cancelled, with the blocks counted so far).
 */
export async function playOnPool(
  sims: readonly PoolSimulation[],
  runners: readonly BlockRunner[],
  shouldStop?: () => boolean,
): Promise<PoolOutcome[]> {
  if (runners.length === 0) throw new Error("playOnPool needs at least one worker");
  const progress: Progress[] = sims.map((sim) => ({ sim, blocks: blockCount(sim.runs), waiting: [], merged: 0, done: 0, finished: sim.runs <= 0, merging: false }));
  const tasks: [number, number][] = [];
  progress.forEach((p, s) => {
    for (let b = 0; b < p.blocks; b += 1) tasks.push([s, b]);
  });
  let next = 0;
  let halted = false;
  let cancelled = false;
  const take = (): [number, number] | null => {
    while (next < tasks.length) {
      const task = tasks[next] as [number, number];
      next += 1;
      if (!(progress[task[0]] as Progress).finished) return task;
    }
    return null;
  };
  const merge = async (p: Progress): Promise<void> => {
    if (p.merging) return;
    p.merging = true;
    try {
      while (!p.finished) {
        const block = p.waiting[p.merged];
        if (block === undefined) break;
        p.waiting[p.merged] = undefined;
        addBlockTally(p.sim.tally, block);
        p.done = Math.min(p.sim.runs, (p.merged + 1) * BLOCK_RUNS);
        p.merged += 1;
        if (p.sim.onBlock) await p.sim.onBlock(p.done);
        if (p.merged >= p.blocks || (p.sim.enough?.(p.sim.tally, p.done) ?? false)) p.finished = true;
      }
    } finally {
      p.merging = false;
    }
  };
  const work = async (runner: BlockRunner): Promise<void> => {
    for (;;) {
      if (halted) return;
      if (shouldStop?.()) {
        cancelled = true;
        halted = true;
        return;
      }
      const task = take();
      if (task === null) return;
      const [s, b] = task;
      const p = progress[s] as Progress;
      const runs = Math.min(BLOCK_RUNS, p.sim.runs - b * BLOCK_RUNS);
      try {
        p.waiting[b] = await runner.play(p.sim.job, b, runs);
      } catch (error) {
        halted = true;
        throw error;
      }
      await merge(p);
    }
  };
  await Promise.all(runners.map(work));
  return progress.map((p) => ({ runs: p.done, cancelled: cancelled && !p.finished }));
}

let jobs = 0;
/** A key no earlier job of this thread had (workers keep compiled encounters by it). */
export const newJobKey = (): string => {
  jobs += 1;
  return `job${jobs}`;
};

/**
 * `simulate` on a pool of workers: the same result, number for number, as `simulate` with the same options on one
 * thread (tables' own tactics are the workers': a job names tactics, it cannot carry them). Progress is told after
 * each block in block order.
 */
export async function simulateOnPool(encounter: Encounter, options: SimulateOptions, runners: readonly BlockRunner[]): Promise<SimulationResult> {
  const { compiled } = prepare(encounter, options);
  return playOne(compiled, { key: newJobKey(), encounter, seed: options.seed }, options, runners);
}

/** One job's simulation on the pool, summarised. */
export async function playOne(
  compiled: CompiledEncounter,
  job: BlockJob,
  options: Pick<SimulateOptions, "runs" | "seed" | "onProgress" | "shouldStop" | "enough">,
  runners: readonly BlockRunner[],
): Promise<SimulationResult> {
  const tally = emptyTally(compiled);
  const { enough, onProgress } = options;
  const sim: PoolSimulation = { job, runs: options.runs, tally };
  if (enough) sim.enough = (t, done) => enough(summarise(compiled, t, done, options.seed, false));
  if (onProgress) sim.onBlock = (done) => onProgress(done, options.runs);
  const [outcome] = await playOnPool([sim], runners, options.shouldStop);
  const played = outcome ?? { runs: 0, cancelled: false };
  return summarise(compiled, tally, played.runs, options.seed, played.cancelled);
}

/**
 * Which simulations stop after a round (`playInRounds`): told the round just counted, the runs each simulation has
 * counted so far, and the indexes of those still running; answers the indexes to stop now.
 */
export type RoundDecision = (round: number, done: readonly number[], running: readonly number[]) => readonly number[];

/**
 * Plays several simulations side by side in rounds: round r is block r of every simulation still running. Once
 * each of them has counted its block r, `decide` is asked which of them stop there (successive elimination:
 * `advise`); a simulation also ends after its last block. The blocks are handed out in round order, simulations
 * in order within a round; a free worker may take a block of the next round before the round in play is decided
 * (so no worker waits on the slowest block of a round), and that block is dropped if its simulation stops. Blocks
 * are counted in block order, a next round's only after the decision, so `decide` sees the same counts and the
 * answer is the same, number for number, for one worker or ten. `shouldStop` is asked before each block is handed
 * out (true: every simulation still running is cancelled, with the blocks counted so far).
 */
export async function playInRounds(
  sims: readonly PoolSimulation[],
  runners: readonly BlockRunner[],
  decide: RoundDecision,
  shouldStop?: () => boolean,
): Promise<PoolOutcome[]> {
  if (runners.length === 0) throw new Error("playInRounds needs at least one worker");
  const blocks = sims.map((sim) => blockCount(sim.runs));
  const handed = sims.map(() => 0);
  const merged = sims.map(() => 0);
  const done = sims.map(() => 0);
  const waiting: (BlockTally | undefined)[][] = sims.map(() => []);
  const finished = sims.map((sim) => sim.runs <= 0);
  /** The round being counted: every earlier one is decided. */
  let round = 0;
  let halted = false;
  let cancelled = false;
  let wake: () => void = () => undefined;
  let woken = new Promise<void>((resolve) => (wake = resolve));
  const nudge = (): void => {
    wake();
    woken = new Promise<void>((resolve) => (wake = resolve));
  };
  const take = (): [number, number] | null => {
    for (const r of [round, round + 1]) {
      for (let s = 0; s < sims.length; s += 1) {
        if (!finished[s] && handed[s] === r && r < (blocks[s] ?? 0)) {
          handed[s] = r + 1;
          return [s, r];
        }
      }
    }
    return null;
  };
  /** Counts every block that may be counted, and decides each round once all of it is counted. */
  const advance = (): void => {
    for (;;) {
      let complete = true;
      for (let s = 0; s < sims.length; s += 1) {
        if (finished[s] || (merged[s] ?? 0) > round) continue;
        const block = waiting[s]?.[round];
        if (block === undefined) {
          complete = false;
          continue;
        }
        const sim = sims[s] as PoolSimulation;
        (waiting[s] as (BlockTally | undefined)[])[round] = undefined;
        addBlockTally(sim.tally, block);
        merged[s] = round + 1;
        done[s] = Math.min(sim.runs, (round + 1) * BLOCK_RUNS);
      }
      const running = sims.flatMap((_, s) => (finished[s] ? [] : [s]));
      if (!complete || running.length === 0) return;
      for (const s of decide(round, done, running)) finished[s] = true;
      running.forEach((s) => {
        if ((merged[s] ?? 0) >= (blocks[s] ?? 0)) finished[s] = true;
        if (finished[s]) waiting[s] = [];
      });
      round += 1;
      nudge();
    }
  };
  const work = async (runner: BlockRunner): Promise<void> => {
    for (;;) {
      if (halted || finished.every(Boolean)) return;
      if (shouldStop?.()) {
        cancelled = true;
        halted = true;
        nudge();
        return;
      }
      const task = take();
      if (task === null) {
        // Every block of this round and the next is out: wait for the round's decision.
        await woken;
        continue;
      }
      const [s, b] = task;
      const sim = sims[s] as PoolSimulation;
      try {
        const block = await runner.play(sim.job, b, Math.min(BLOCK_RUNS, sim.runs - b * BLOCK_RUNS));
        if (!finished[s]) (waiting[s] as (BlockTally | undefined)[])[b] = block;
      } catch (error) {
        halted = true;
        nudge();
        throw error;
      }
      advance();
    }
  };
  await Promise.all(runners.map(work));
  return sims.map((_, s) => ({ runs: done[s] ?? 0, cancelled: cancelled && !finished[s] }));
}
