/**
 * The simulator's Web Worker (emitted by the build as its own file, dist/simulator-worker.mjs): runs simulations
 * off the main thread so the Foundry UI never freezes. All the logic is in worker-protocol.ts.
 */
import { simulationWorker } from "./worker-protocol";
import type { FromWorker } from "./worker-protocol";

/** The parts of a dedicated worker's global scope used here. */
interface WorkerScope {
  postMessage(message: FromWorker): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

const scope = self as unknown as WorkerScope;
const worker = simulationWorker({
  post: (message) => {
    scope.postMessage(message);
  },
  pause: () =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, 0);
    }),
});
scope.addEventListener("message", (event) => {
  void worker.receive(event.data);
});
