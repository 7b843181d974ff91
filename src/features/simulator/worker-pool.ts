/**
 * The simulator worker's pool (docs/SIMULATOR.md "Workers"): how many block workers a client starts, and a block
 * worker as a `BlockRunner` that posts `block` messages and resolves with the `tally` that answers each. Pure: the
 * worker is anything that posts and listens (a Web Worker in simulator.worker.ts, a fake in the tests).
 */
import type { BlockJob, BlockRunner, BlockTally } from "../../rules/simulator";
import { readFromWorker } from "./worker-protocol";
import type { ToWorker } from "./worker-protocol";

/** The parts of a Worker a pool uses. */
export interface PoolWorker {
  postMessage(message: ToWorker): void;
  addEventListener(type: "message" | "error", listener: (event: { data?: unknown }) => void): void;
}

/**
 * A block worker; `broken` once it failed (its script did not load, or it threw outside a block). `play` may name
 * the table's tactics module (tactics-module.ts) the block is played with.
 */
export interface PoolRunner extends BlockRunner {
  readonly broken: boolean;
  play(task: BlockJob, block: number, runs: number, tacticsModule?: string): Promise<BlockTally>;
}

/** The pool's runners for a job: each block they play carries the job's tactics module (none: unchanged). */
export function runnersFor(pool: readonly PoolRunner[], tacticsModule: string | undefined): readonly BlockRunner[] {
  if (tacticsModule === undefined) return pool;
  return pool.map((runner) => ({ play: (task: BlockJob, block: number, runs: number) => runner.play(task, block, runs, tacticsModule) }));
}

/** Block workers for a machine with `hardwareConcurrency` logical cores: one fewer than that (the page keeps one), at least one. */
export function poolSize(hardwareConcurrency: number | undefined): number {
  const cores = typeof hardwareConcurrency === "number" && Number.isFinite(hardwareConcurrency) ? Math.floor(hardwareConcurrency) : 2;
  return Math.max(1, cores - 1);
}

/**
 * A block worker as a `BlockRunner`: each `play` posts a `block` under a number of its own and resolves with the
 * `tally` posted back under that number (or rejects with the `error`'s key). Several plays may wait at once. When
 * the worker itself fails, every play waiting and every later one rejects.
 */
export function workerRunner(worker: PoolWorker): PoolRunner {
  let sent = 0;
  let broken = false;
  const waiting = new Map<number, { resolve: (tally: BlockTally) => void; reject: (error: Error) => void }>();
  worker.addEventListener("message", (event) => {
    const message = readFromWorker(event.data);
    if (!message || (message.type !== "tally" && message.type !== "error")) return;
    const entry = waiting.get(message.job);
    if (!entry) return;
    waiting.delete(message.job);
    if (message.type === "tally") entry.resolve(message.tally);
    else entry.reject(new Error(`${message.problem.key} ${JSON.stringify(message.problem.data)}`));
  });
  worker.addEventListener("error", () => {
    broken = true;
    for (const entry of waiting.values()) entry.reject(new Error("A simulator block worker failed"));
    waiting.clear();
  });
  return {
    get broken() {
      return broken;
    },
    play(task: BlockJob, block: number, runs: number, tacticsModule?: string): Promise<BlockTally> {
      if (broken) return Promise.reject(new Error("A simulator block worker failed"));
      sent += 1;
      const job = sent;
      return new Promise<BlockTally>((resolve, reject) => {
        waiting.set(job, { resolve, reject });
        worker.postMessage({ type: "block", job, task, block, runs, ...(tacticsModule === undefined ? {} : { tacticsModule }) });
      });
    },
  };
}
