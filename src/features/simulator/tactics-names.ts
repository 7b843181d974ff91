/**
 * The names the table's tactics module exports, asked of a worker (docs/SIMULATOR.md "Who plays what in the
 * forecast"): the module runs only in workers, never on the main thread (tactics-module.ts), so a config that checks
 * a typed name posts a `tactics` message and the worker answers the names, or the error of its load. Pure: the
 * worker is anything that posts and listens (a Web Worker in tactics-url.ts, a fake in the tests), the wait a
 * promise handed in.
 */
import type { ModuleTactics } from "../../core/tactics-warning";
import { readFromWorker } from "./worker-protocol";
import type { ToWorker } from "./worker-protocol";

/** The parts of a Worker the asker uses. */
export interface NamesWorker {
  postMessage(message: ToWorker): void;
  addEventListener(type: "message", listener: (event: { data?: unknown }) => void): void;
}

/**
 * An asker: for the module's URL (null: none set) what the module offers. The worker is started on the first
 * question and kept; each question has a job number of its own. With no answer before `timeout` resolves, the names
 * are `unknown` (a late answer is dropped).
 */
export function tacticsNamesAsker(start: () => NamesWorker, timeout: () => Promise<void>): (url: string | null) => Promise<ModuleTactics> {
  let worker: NamesWorker | null = null;
  let job = 0;
  const waiting = new Map<number, (answer: ModuleTactics) => void>();
  const ensure = (): NamesWorker => {
    if (worker) return worker;
    const started = start();
    started.addEventListener("message", (event) => {
      const message = readFromWorker(event.data);
      if (!message || (message.type !== "tactics" && message.type !== "error")) return;
      const settle = waiting.get(message.job);
      if (!settle) return;
      waiting.delete(message.job);
      settle(message.type === "tactics" ? { kind: "loaded", names: message.names } : { kind: "failed", problem: message.problem });
    });
    worker = started;
    return started;
  };
  return (url) => {
    if (url === null) return Promise.resolve({ kind: "none" });
    job += 1;
    const asked = job;
    const answer = new Promise<ModuleTactics>((resolve) => {
      waiting.set(asked, resolve);
    });
    const late = timeout().then((): ModuleTactics => {
      waiting.delete(asked);
      return { kind: "unknown" };
    });
    try {
      ensure().postMessage({ type: "tactics", job: asked, tacticsModule: url });
    } catch {
      waiting.delete(asked);
      return Promise.resolve({ kind: "unknown" });
    }
    return Promise.race([answer, late]);
  };
}
