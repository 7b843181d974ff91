// Simulations shared out among workers in blocks (src/rules/simulator/pool.ts): the same numbers for any number of
// workers, in any order the blocks come back, and the same as `simulate` on one thread.
import { describe, expect, it } from "vitest";
import {
  BLOCK_RUNS,
  advise,
  blockSeed,
  forecast,
  localBlockRunner,
  playInRounds,
  playOnPool,
  simulate,
  simulateOnPool,
  simulationDice,
} from "../../../src/rules/simulator";
import type { BlockJob, BlockRunner, BlockTally, Encounter, PoolSimulation } from "../../../src/rules/simulator";
import { Runner, emptyTally } from "../../../src/rules/simulator/play";
import { prepare, runContext, summarise } from "../../../src/rules/simulator/simulate";
import { compileEncounter } from "../../../src/rules/simulator/compile";
import { pairKey } from "../../../src/rules/state";
import { dragon, knight, versus } from "./fixtures";

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `count` fake workers, each an in-process runner that answers after a delay that differs by worker and block, so
 * the blocks come back out of order. `log` records which worker played which block.
 */
function fakeWorkers(count: number, log: string[] = []): BlockRunner[] {
  return Array.from({ length: count }, (_, w) => {
    const local = localBlockRunner();
    return {
      async play(job: BlockJob, block: number, runs: number): Promise<BlockTally> {
        log.push(`${w}:${block}`);
        await wait(((block * 7 + w * 3) % 5) * 2);
        return local.play(job, block, runs);
      },
    };
  });
}

const fight = (): Encounter => versus([dragon("a")], [knight("k")]);

/** A dragon and a knight one wound from severe injury, close, in round 2 (as forecast.test.ts). */
const underWay = (extra: Partial<Encounter> = {}): Encounter =>
  versus([dragon("a", { altitude: "grounded" })], [knight("k", { life: { max: 4, wounds: 2 } })], {
    start: { round: 2, distances: { [pairKey("a", "k")]: "close" } },
    ...extra,
  });

describe("block seeds", () => {
  it("the first block plays from the simulation's own seed, the others from seeds of their own", () => {
    expect(blockSeed(42, 0)).toBe(42);
    const seeds = [1, 2, 3, 4].map((b) => blockSeed(42, b));
    expect(new Set([42, ...seeds]).size).toBe(5);
    expect(seeds).toEqual([1, 2, 3, 4].map((b) => blockSeed(42, b)));
    expect(blockSeed(43, 1)).not.toBe(blockSeed(42, 1));
  });

  it("a simulation plays its first block as one dice stream from its seed, and each further block from its block seed", async () => {
    const runs = BLOCK_RUNS + 120;
    const prepared = prepare(fight(), { seed: 5 });
    const ctx = runContext(prepared);
    const runner = new Runner(ctx);
    ctx.dice = simulationDice(5);
    for (let i = 0; i < BLOCK_RUNS; i += 1) await runner.play();
    expect(summarise(prepared.compiled, ctx.tally, BLOCK_RUNS, 5, false)).toEqual(await simulate(fight(), { runs: BLOCK_RUNS, seed: 5 }));
    ctx.dice = simulationDice(blockSeed(5, 1));
    for (let i = BLOCK_RUNS; i < runs; i += 1) await runner.play();
    expect(summarise(prepared.compiled, ctx.tally, runs, 5, false)).toEqual(await simulate(fight(), { runs, seed: 5 }));
  });
});

describe("simulateOnPool: the same numbers for any number of workers", () => {
  it("1, 2 and 3 workers, blocks coming back out of order, give simulate's result exactly", async () => {
    const runs = BLOCK_RUNS * 3 + 170;
    const single = await simulate(fight(), { runs, seed: 11 });
    for (const count of [1, 2, 3]) {
      const log: string[] = [];
      const pooled = await simulateOnPool(fight(), { runs, seed: 11 }, fakeWorkers(count, log));
      expect(pooled).toEqual(single);
      expect(new Set(log.map((l) => l.split(":")[0])).size).toBe(count);
    }
  });

  it("tells the progress after each block, in block order", async () => {
    const seen: number[] = [];
    await simulateOnPool(fight(), { runs: BLOCK_RUNS * 3 + 1, seed: 2, onProgress: (done) => void seen.push(done) }, fakeWorkers(3));
    expect(seen).toEqual([BLOCK_RUNS, BLOCK_RUNS * 2, BLOCK_RUNS * 3, BLOCK_RUNS * 3 + 1]);
  });
});

describe("forecast and advise on a pool", () => {
  it("a forecast stops at the same block with 1, 2 or 3 workers as on one thread", async () => {
    const single = await forecast(underWay(), { seed: 4, precision: 0.03 });
    expect(single.result.runs).toBeLessThan(20_000);
    expect(single.result.runs % BLOCK_RUNS).toBe(0);
    for (const count of [1, 2, 3]) expect(await forecast(underWay(), { seed: 4, precision: 0.03 }, fakeWorkers(count))).toEqual(single);
  });

  it("advice is the same with 1, 2 or 3 workers as on one thread", async () => {
    const asked = { seed: 3, phase: "battle" as const, runsPerOption: BLOCK_RUNS + 60 };
    const single = await advise(underWay({ roundLimit: 3 }), "a", asked);
    expect(single.options.length).toBeGreaterThan(1);
    for (const count of [1, 2, 3]) expect(await advise(underWay({ roundLimit: 3 }), "a", asked, fakeWorkers(count))).toEqual(single);
  });

  it("advice with options stopped early (precise enough or clearly worse) is the same with 1, 2 or 3 workers", async () => {
    const asked = { seed: 2, phase: "battle" as const, runsPerOption: BLOCK_RUNS * 4, precision: 0.01 };
    const single = await advise(underWay({ roundLimit: 2 }), "a", asked);
    const runs = single.options.map((o) => o.runs);
    expect(single.options.some((o) => o.clearlyWorse)).toBe(true);
    expect(Math.min(...runs)).toBe(BLOCK_RUNS);
    expect(Math.max(...runs)).toBeGreaterThan(BLOCK_RUNS);
    for (const count of [1, 2, 3]) expect(await advise(underWay({ roundLimit: 2 }), "a", asked, fakeWorkers(count))).toEqual(single);
  });
});

describe("playOnPool: the merge", () => {
  const compiled = compileEncounter(fight());
  /** A block whose counts say which block it is: one draw per run, and its index in `rounds[1]`. */
  const marked = (block: number, runs: number): BlockTally => {
    const t = emptyTally(compiled);
    t.draws = runs;
    t.rounds[1] = block;
    return {
      wins: Array.from(t.wins),
      draws: t.draws,
      endings: { ...t.endings, roundLimit: runs },
      rounds: Array.from(t.rounds),
      dead: Array.from(t.dead),
      severe: Array.from(t.severe),
      damage: Array.from(t.damage),
      attacks: Array.from(t.attacks),
      hits: Array.from(t.hits),
    };
  };
  /** Workers that answer with `marked` blocks, later blocks sooner (so every block waits for the ones before it). */
  const backwards = (count: number, played: number[]): BlockRunner[] =>
    Array.from({ length: count }, () => ({
      async play(_job: BlockJob, block: number, runs: number): Promise<BlockTally> {
        played.push(block);
        await wait(Math.max(0, 12 - block * 3));
        return marked(block, runs);
      },
    }));
  const job: BlockJob = { key: "k", encounter: fight(), seed: 1 };

  it("adds blocks in block order and stops at the first block where enough says so, dropping later ones", async () => {
    const played: number[] = [];
    const order: number[][] = [];
    const sim: PoolSimulation = {
      job,
      runs: BLOCK_RUNS * 6,
      tally: emptyTally(compiled),
      // Records the blocks counted so far (their indexes sum in rounds[1]) and says enough after the third.
      enough: (t, done) => {
        order.push([done, t.rounds[1] ?? -1]);
        return done >= BLOCK_RUNS * 3;
      },
    };
    const [outcome] = await playOnPool([sim], backwards(3, played));
    expect(order).toEqual([
      [BLOCK_RUNS, 0],
      [BLOCK_RUNS * 2, 0 + 1],
      [BLOCK_RUNS * 3, 0 + 1 + 2],
    ]);
    expect(outcome).toEqual({ runs: BLOCK_RUNS * 3, cancelled: false });
    expect(sim.tally.draws).toBe(BLOCK_RUNS * 3);
    expect(sim.tally.rounds[1]).toBe(3);
    // Blocks 3 and 4 may have been played by then; none of them was counted.
    expect(played.length).toBeGreaterThanOrEqual(3);
  });

  it("shares several simulations' blocks, each counted into its own tally", async () => {
    const sims: PoolSimulation[] = [BLOCK_RUNS + 1, BLOCK_RUNS * 2].map((runs, i) => ({ job: { ...job, key: `s${i}` }, runs, tally: emptyTally(compiled) }));
    const outcomes = await playOnPool(sims, backwards(2, []));
    expect(outcomes).toEqual([
      { runs: BLOCK_RUNS + 1, cancelled: false },
      { runs: BLOCK_RUNS * 2, cancelled: false },
    ]);
    expect(sims.map((s) => s.tally.draws)).toEqual([BLOCK_RUNS + 1, BLOCK_RUNS * 2]);
  });

  it("stops handing out blocks when asked to, and says cancelled with the blocks counted", async () => {
    let asks = 0;
    const sim: PoolSimulation = { job, runs: BLOCK_RUNS * 10, tally: emptyTally(compiled) };
    const [outcome] = await playOnPool([sim], backwards(1, []), () => ++asks > 2);
    expect(outcome).toEqual({ runs: BLOCK_RUNS * 2, cancelled: true });
  });

  it("playInRounds: decides each round on the same counts for any number of workers, and drops the blocks of a stopped simulation", async () => {
    const run = async (workers: number) => {
      const sims: PoolSimulation[] = [0, 1, 2].map((i) => ({ job: { ...job, key: `r${i}` }, runs: BLOCK_RUNS * 4, tally: emptyTally(compiled) }));
      const seen: string[] = [];
      // Stops simulation 1 after round 0 and simulation 2 after round 2; records what each decision saw.
      const outcomes = await playInRounds(sims, backwards(workers, []), (round, done, running) => {
        seen.push(`${round}:${done.join("/")}:${running.join("/")}:${sims.map((s) => s.tally.rounds[1]).join("/")}`);
        return running.filter((s) => (s === 1 && round === 0) || (s === 2 && round === 2));
      });
      return { outcomes, seen, tallies: sims.map((s) => [s.tally.draws, s.tally.rounds[1]]) };
    };
    const one = await run(1);
    expect(one.seen).toEqual([
      `0:${BLOCK_RUNS}/${BLOCK_RUNS}/${BLOCK_RUNS}:0/1/2:0/0/0`,
      `1:${BLOCK_RUNS * 2}/${BLOCK_RUNS}/${BLOCK_RUNS * 2}:0/2:1/0/1`,
      `2:${BLOCK_RUNS * 3}/${BLOCK_RUNS}/${BLOCK_RUNS * 3}:0/2:3/0/3`,
      `3:${BLOCK_RUNS * 4}/${BLOCK_RUNS}/${BLOCK_RUNS * 3}:0:6/0/3`,
    ]);
    expect(one.outcomes).toEqual([
      { runs: BLOCK_RUNS * 4, cancelled: false },
      { runs: BLOCK_RUNS, cancelled: false },
      { runs: BLOCK_RUNS * 3, cancelled: false },
    ]);
    expect(one.tallies).toEqual([
      [BLOCK_RUNS * 4, 0 + 1 + 2 + 3],
      [BLOCK_RUNS, 0],
      [BLOCK_RUNS * 3, 0 + 1 + 2],
    ]);
    for (const workers of [2, 3, 5]) expect(await run(workers)).toEqual(one);
  });

  it("playInRounds: cancelling stops handing out blocks", async () => {
    let asks = 0;
    const sims: PoolSimulation[] = [0, 1].map((i) => ({ job: { ...job, key: `c${i}` }, runs: BLOCK_RUNS * 10, tally: emptyTally(compiled) }));
    const outcomes = await playInRounds(sims, backwards(1, []), () => [], () => ++asks > 3);
    expect(outcomes).toEqual([
      { runs: BLOCK_RUNS * 2, cancelled: true },
      { runs: BLOCK_RUNS, cancelled: true },
    ]);
  });

  it("a worker's failure fails the whole simulation", async () => {
    const failing: BlockRunner = { play: () => Promise.reject(new Error("worker died")) };
    const sim: PoolSimulation = { job, runs: BLOCK_RUNS * 4, tally: emptyTally(compiled) };
    await expect(playOnPool([sim], [...backwards(1, []), failing])).rejects.toThrow("worker died");
  });
});
