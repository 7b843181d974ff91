// The simulator worker's pool (src/features/simulator/worker-pool.ts) and a worker sharing its jobs out among
// block workers (worker-protocol.ts `WorkerHost.pool`), with fake workers that pass messages as a real one would.
import { describe, expect, it } from "vitest";
import { poolSize, workerRunner } from "../../../src/features/simulator/worker-pool";
import type { PoolWorker } from "../../../src/features/simulator/worker-pool";
import { readToWorker, simulationWorker } from "../../../src/features/simulator/worker-protocol";
import type { FromWorker, ToWorker } from "../../../src/features/simulator/worker-protocol";
import { BLOCK_RUNS, advise, forecast, simulate } from "../../../src/rules/simulator";
import type { BlockRunner, Encounter } from "../../../src/rules/simulator";
import { pairKey } from "../../../src/rules/state";
import { dragon, knight, versus } from "../../rules/simulator/fixtures";

/**
 * A fake block worker: the real worker side (`simulationWorker`) behind message passing that delivers on a later
 * task, each worker after a delay of its own, so blocks come back out of order. `posted` counts the blocks it got.
 */
function fakeWorker(delay: number) {
  const listeners: ((event: { data?: unknown }) => void)[] = [];
  let posted = 0;
  const inside = simulationWorker({
    post: (message: FromWorker) => {
      setTimeout(() => {
        for (const l of listeners) l({ data: structuredClone(message) });
      }, delay);
    },
    pause: () => Promise.resolve(),
  });
  const worker: PoolWorker & { posted: () => number; fail: () => void } = {
    postMessage: (message: ToWorker) => {
      posted += 1;
      setTimeout(() => void inside.receive(structuredClone(message)), 0);
    },
    addEventListener: (type, listener) => {
      if (type === "message") listeners.push(listener);
      else failures.push(listener);
    },
    posted: () => posted,
    fail: () => {
      for (const l of failures) l({});
    },
  };
  const failures: ((event: { data?: unknown }) => void)[] = [];
  return worker;
}

/** A worker that shares its jobs out among `count` fake block workers; what it posts back is in `sent`. */
function coordinator(count: number) {
  const sent: FromWorker[] = [];
  const workers = Array.from({ length: count }, (_, i) => fakeWorker(1 + ((i * 5) % 7)));
  const runners: BlockRunner[] = workers.map(workerRunner);
  const worker = simulationWorker({ post: (m) => sent.push(m), pause: () => Promise.resolve(), pool: () => runners });
  return { worker, sent, workers };
}

const underWay = (extra: Partial<Encounter> = {}): Encounter =>
  versus([dragon("a", { altitude: "grounded" })], [knight("k", { life: { max: 4, wounds: 2 } })], {
    start: { round: 2, distances: { [pairKey("a", "k")]: "close" } },
    ...extra,
  });

describe("the pool's size", () => {
  it("is one fewer than the logical cores, at least one, and one when the browser does not say", () => {
    expect(poolSize(8)).toBe(7);
    expect(poolSize(2)).toBe(1);
    expect(poolSize(1)).toBe(1);
    expect(poolSize(0)).toBe(1);
    expect(poolSize(undefined)).toBe(1);
  });
});

describe("a worker with a pool of block workers", () => {
  it("answers a run, a forecast and advice exactly as on one thread, with 1, 2 or 3 block workers", async () => {
    const encounter = underWay({ roundLimit: 4 });
    const runs = BLOCK_RUNS * 2 + 40;
    const single = {
      result: await simulate(encounter, { runs, seed: 6 }),
      forecast: await forecast(encounter, { seed: 6, precision: 0.04 }),
      advice: await advise(encounter, "a", { seed: 6, phase: "battle", runsPerOption: 300 }),
    };
    for (const count of [1, 2, 3]) {
      const { worker, sent, workers } = coordinator(count);
      await worker.receive({ type: "run", job: 1, encounter, runs, seed: 6 });
      await worker.receive({ type: "forecast", job: 2, encounter, seed: 6, precision: 0.04 });
      await worker.receive({ type: "advise", job: 3, encounter, combatantId: "a", phase: "battle", seed: 6, runsPerOption: 300 });
      const result = sent.find((m) => m.type === "result");
      expect(result?.type === "result" && result.result).toEqual(single.result);
      const progress = sent.flatMap((m) => (m.type === "progress" ? [m.done] : []));
      expect(progress).toEqual([BLOCK_RUNS, BLOCK_RUNS * 2, runs]);
      const answer = sent.find((m) => m.type === "forecast");
      expect(answer?.type === "forecast" && answer.forecast).toEqual(single.forecast);
      const advice = sent.find((m) => m.type === "advice");
      expect(advice?.type === "advice" && advice.advice).toEqual(single.advice);
      // Every block worker was given blocks.
      expect(workers.every((w) => w.posted() > 0)).toBe(true);
    }
  });

  it("a block worker that fails makes the job an error, not a hang", async () => {
    const { worker, sent, workers } = coordinator(2);
    const done = worker.receive({ type: "run", job: 5, encounter: underWay(), runs: BLOCK_RUNS * 8, seed: 1 });
    workers[1]?.fail();
    await done;
    expect(sent.at(-1)?.type).toBe("error");
  });

  it("a block worker answers a block with its counts, and refuses a block of more runs than a block has", async () => {
    const sent: FromWorker[] = [];
    const worker = simulationWorker({ post: (m) => sent.push(m), pause: () => Promise.resolve() });
    const task = { key: "t", encounter: underWay(), seed: 2 };
    await worker.receive({ type: "block", job: 9, task, block: 3, runs: 20 });
    const tally = sent[0];
    expect(tally?.type).toBe("tally");
    if (tally?.type !== "tally") return;
    expect(tally.block).toBe(3);
    expect(tally.tally.draws + tally.tally.wins.reduce((a, b) => a + b, 0)).toBe(20);
    expect(readToWorker({ type: "block", job: 9, task, block: 0, runs: BLOCK_RUNS + 1 })).toBeNull();
    expect(readToWorker({ type: "block", job: 9, task: { encounter: underWay() }, block: 0, runs: 5 })).toBeNull();
  });
});
