/**
 * The simulator's Web Worker (emitted by the build as its own file, dist/simulator-worker.mjs): runs simulations
 * off the main thread so the Foundry UI never freezes. All the logic is in worker-protocol.ts. The worker the app
 * starts shares its runs out in blocks among copies of this same file (worker-pool.ts: one fewer than the
 * machine's logical cores, at least one), started when its first job comes; a copy is only ever sent blocks.
 */
import { simulationWorker } from "./worker-protocol";
import type { FromWorker } from "./worker-protocol";
import { poolSize, runnersFor, workerRunner } from "./worker-pool";
import { tacticsLoader } from "./tactics-module";
import type { PoolRunner } from "./worker-pool";

/** The parts of a dedicated worker's global scope used here. */
interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
  location: { href: string };
  navigator: { hardwareConcurrency?: number };
}

const scope = self as unknown as WorkerScope;
let pool: readonly PoolRunner[] | null = null;

/**
 * The block workers, started on first use; none when this context cannot start workers or one of them failed
 * (this worker then plays every run itself, with the same results).
 */
function blockWorkers(): readonly PoolRunner[] {
  if (pool?.some((runner) => runner.broken)) pool = [];
  if (pool) return pool;
  const count = poolSize(scope.navigator.hardwareConcurrency);
  try {
    pool = Array.from({ length: count }, (_, i) =>
      workerRunner(new Worker(scope.location.href, { type: "module", name: `age-of-dragons-simulator-block-${i + 1}` })),
    );
  } catch {
    pool = [];
  }
  return pool;
}

const worker = simulationWorker({
  post: (message) => {
    scope.postMessage(message);
  },
  pause: () =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, 0);
    }),
  pool: (tacticsModule) => runnersFor(blockWorkers(), tacticsModule),
  // A table's tactics module (docs/SIMULATOR.md): only from this worker's own origin, imported once per URL.
  loadTactics: tacticsLoader((url) => import(/* @vite-ignore */ url) as Promise<unknown>, scope.location.href),
});
scope.addEventListener("message", (event) => {
  void worker.receive(event.data);
});
