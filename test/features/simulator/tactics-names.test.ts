// The table's module's names asked of a worker (src/features/simulator/tactics-names.ts), the worker played by the
// real message handling (worker-protocol.ts `simulationWorker`) with a fake loader.
import { describe, expect, it } from "vitest";
import { tacticsNamesAsker } from "../../../src/features/simulator/tactics-names";
import type { NamesWorker } from "../../../src/features/simulator/tactics-names";
import { readFromWorker, readToWorker, simulationWorker } from "../../../src/features/simulator/worker-protocol";
import type { FromWorker, ToWorker, WorkerHost } from "../../../src/features/simulator/worker-protocol";
import { TACTICS_MODULE_ERRORS, TacticsModuleError } from "../../../src/features/simulator/tactics-module";
import type { Tactics } from "../../../src/rules/simulator";

const URL_A = "http://localhost:30000/worlds/w/tactics.mjs";
const hold: Tactics = { letGo: () => false, moves: () => [], actions: () => [] };

/** A worker as the page sees one: what it is posted goes through `simulationWorker`, its answers come back as events. */
function fakeWorker(loadTactics: WorkerHost["loadTactics"], counts: { started: number; posted: ToWorker[] }): () => NamesWorker {
  return () => {
    counts.started += 1;
    const listeners: ((event: { data?: unknown }) => void)[] = [];
    const inside = simulationWorker({
      post: (message: FromWorker) => {
        for (const listen of listeners) listen({ data: message });
      },
      pause: () => Promise.resolve(),
      ...(loadTactics ? { loadTactics } : {}),
    });
    return {
      postMessage: (message) => {
        counts.posted.push(message);
        void inside.receive(message);
      },
      addEventListener: (_type, listener) => listeners.push(listener),
    };
  };
}

const never = () => new Promise<void>(() => undefined);

describe("the table's module's names, asked of a worker", () => {
  it("answers none without a module, and starts no worker", async () => {
    const counts = { started: 0, posted: [] as ToWorker[] };
    const ask = tacticsNamesAsker(fakeWorker(() => Promise.resolve({ statue: hold }), counts), never);
    expect(await ask(null)).toEqual({ kind: "none" });
    expect(counts.started).toBe(0);
  });

  it("answers the module's names, one worker for every question", async () => {
    const counts = { started: 0, posted: [] as ToWorker[] };
    const ask = tacticsNamesAsker(fakeWorker(() => Promise.resolve({ statue: hold, adversaries: hold }), counts), never);
    expect(await ask(URL_A)).toEqual({ kind: "loaded", names: ["statue", "adversaries"] });
    expect(await ask(URL_A)).toEqual({ kind: "loaded", names: ["statue", "adversaries"] });
    expect(counts.started).toBe(1);
    expect(counts.posted).toEqual([
      { type: "tactics", job: 1, tacticsModule: URL_A },
      { type: "tactics", job: 2, tacticsModule: URL_A },
    ]);
  });

  it("answers the module's refusal when it does not load", async () => {
    const problem = { key: TACTICS_MODULE_ERRORS.LoadFailed, data: { url: URL_A, message: "404" } };
    const ask = tacticsNamesAsker(fakeWorker(() => Promise.reject(new TacticsModuleError(problem)), { started: 0, posted: [] }), never);
    expect(await ask(URL_A)).toEqual({ kind: "failed", problem });
  });

  it("answers unknown when the worker says nothing in time", async () => {
    const silent = (): NamesWorker => ({ postMessage: () => undefined, addEventListener: () => undefined });
    expect(await tacticsNamesAsker(silent, () => Promise.resolve())(URL_A)).toEqual({ kind: "unknown" });
    const broken = (): NamesWorker => {
      throw new Error("no workers here");
    };
    expect(await tacticsNamesAsker(broken, never)(URL_A)).toEqual({ kind: "unknown" });
  });
});

describe("the tactics message", () => {
  it("is read only with the module's URL, and its answer only with a list of names", () => {
    expect(readToWorker({ type: "tactics", job: 1, tacticsModule: URL_A })).toEqual({ type: "tactics", job: 1, tacticsModule: URL_A });
    expect(readToWorker({ type: "tactics", job: 1 })).toBeNull();
    expect(readFromWorker({ type: "tactics", job: 1, names: ["statue"] })).toEqual({ type: "tactics", job: 1, names: ["statue"] });
    expect(readFromWorker({ type: "tactics", job: 1, names: [3] })).toBeNull();
    expect(readFromWorker({ type: "tactics", job: 1 })).toBeNull();
  });

  it("is answered with the names, or the error of the load, and plays nothing", async () => {
    const sent: FromWorker[] = [];
    const worker = simulationWorker({ post: (m) => sent.push(m), pause: () => Promise.resolve(), loadTactics: () => Promise.resolve({ statue: hold }) });
    await worker.receive({ type: "tactics", job: 4, tacticsModule: URL_A });
    expect(sent).toEqual([{ type: "tactics", job: 4, names: ["statue"] }]);
    const bare = simulationWorker({ post: (m) => sent.push(m), pause: () => Promise.resolve() });
    await bare.receive({ type: "tactics", job: 5, tacticsModule: URL_A });
    expect(sent.at(-1)).toMatchObject({ type: "error", job: 5, problem: { key: TACTICS_MODULE_ERRORS.LoadFailed } });
  });
});
