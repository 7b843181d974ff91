/**
 * `npm run simulate -- --workers N`: worker threads that play blocks of runs (rules/simulator/pool.ts). Each
 * thread loads this same module (from the bundle `npm run simulate` runs, or from its source under tsx) and, told
 * by its `workerData` that it is a block worker, answers each block with its counts. The results are the same,
 * number for number, for any count of threads (docs/SIMULATOR.md "Workers").
 */
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { localBlockRunner } from "../rules/simulator";
import type { BlockJob, BlockRunner, BlockTally } from "../rules/simulator";

/** What marks a thread as a block worker. */
const MARK = "ageOfDragonsBlockWorker";

interface Asked {
  id: number;
  job: BlockJob;
  block: number;
  runs: number;
}

type Answer = { id: number; tally: BlockTally } | { id: number; error: string };

/** A thread as a `BlockRunner`: one block message per play, answered under its number. */
function threadRunner(worker: Worker): BlockRunner {
  let sent = 0;
  const waiting = new Map<number, { resolve: (tally: BlockTally) => void; reject: (error: Error) => void }>();
  const failAll = (error: Error) => {
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  worker.on("message", (answer: Answer) => {
    const entry = waiting.get(answer.id);
    if (!entry) return;
    waiting.delete(answer.id);
    if ("tally" in answer) entry.resolve(answer.tally);
    else entry.reject(new Error(answer.error));
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => {
    failAll(new Error(`a simulator worker thread exited (${code})`));
  });
  return {
    play(job: BlockJob, block: number, runs: number): Promise<BlockTally> {
      sent += 1;
      const id = sent;
      return new Promise<BlockTally>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, job, block, runs } satisfies Asked);
      });
    },
  };
}

/** Starts `count` block worker threads; `close` ends them. */
export function threadPool(count: number): { runners: readonly BlockRunner[]; close(): Promise<void> } {
  const self = new URL(import.meta.url);
  // From the sources (`tsx src/cli/simulate.ts`), each thread loads this file through tsx's own API.
  const start = (): Worker =>
    self.pathname.endsWith(".ts")
      ? new Worker(`import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then((tsx) => tsx.tsImport(${JSON.stringify(self.href)}, ${JSON.stringify(self.href)}));`, {
          eval: true,
          workerData: { [MARK]: true },
        })
      : new Worker(self, { workerData: { [MARK]: true } });
  const workers = Array.from({ length: count }, start);
  return {
    runners: workers.map(threadRunner),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

// In a block worker thread: answer every block.
if (!isMainThread && parentPort && typeof workerData === "object" && workerData !== null && (workerData as Record<string, unknown>)[MARK] === true) {
  const port = parentPort;
  const local = localBlockRunner();
  port.on("message", (asked: Asked) => {
    local.play(asked.job, asked.block, asked.runs).then(
      (tally) => {
        port.postMessage({ id: asked.id, tally } satisfies Answer);
      },
      (error: unknown) => {
        port.postMessage({ id: asked.id, error: error instanceof Error ? error.message : String(error) } satisfies Answer);
      },
    );
  });
}
