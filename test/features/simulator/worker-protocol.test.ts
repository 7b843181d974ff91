// The simulator worker's protocol as pure message handling (src/features/simulator/worker-protocol.ts).
import { describe, expect, it } from "vitest";
import { readFromWorker, readToWorker, simulationWorker, WORKER_ERRORS } from "../../../src/features/simulator/worker-protocol";
import type { FromWorker } from "../../../src/features/simulator/worker-protocol";
import { SIMULATOR_ERRORS, advise, forecast, simulate } from "../../../src/rules/simulator";
import { dragon, knight, versus } from "../../rules/simulator/fixtures";

const encounter = versus([dragon("a", { soma: 6 })], [knight("k")], { distance: "close" });

function host() {
  const sent: FromWorker[] = [];
  let pauses = 0;
  const queued: (() => void)[] = [];
  return {
    sent,
    pauses: () => pauses,
    queue: (f: () => void) => queued.push(f),
    host: {
      post: (m: FromWorker) => sent.push(m),
      // A pause delivers whatever the test queued, as a real worker's event loop would between batches.
      pause: () => {
        pauses += 1;
        for (const f of queued.splice(0)) f();
        return Promise.resolve();
      },
    },
  };
}

describe("the simulator worker", () => {
  it("posts progress, then a result equal to simulate() for the same seed", async () => {
    const h = host();
    await simulationWorker(h.host).receive({ type: "run", job: 4, encounter, runs: 300, seed: 12, progressEvery: 100 });
    expect(h.sent.map((m) => m.type)).toEqual(["progress", "progress", "progress", "result"]);
    expect(h.sent.slice(0, 3).map((m) => (m.type === "progress" ? m.done : -1))).toEqual([100, 200, 300]);
    const last = h.sent.at(-1);
    expect(last?.type === "result" && last.job).toBe(4);
    expect(last?.type === "result" && last.result).toEqual(await simulate(encounter, { runs: 300, seed: 12 }));
    expect(h.pauses()).toBe(3);
  });

  it("stops at the next batch when cancelled and says so", async () => {
    const h = host();
    const worker = simulationWorker(h.host);
    h.queue(() => void worker.receive({ type: "cancel", job: 1 }));
    await worker.receive({ type: "run", job: 1, encounter, runs: 1000, seed: 1, progressEvery: 100 });
    const last = h.sent.at(-1);
    expect(last?.type).toBe("result");
    if (last?.type !== "result") return;
    expect(last.result.cancelled).toBe(true);
    expect(last.result.runs).toBe(100);
  });

  it("a cancel for another job does not stop this one", async () => {
    const h = host();
    const worker = simulationWorker(h.host);
    h.queue(() => void worker.receive({ type: "cancel", job: 99 }));
    await worker.receive({ type: "run", job: 2, encounter, runs: 200, seed: 1, progressEvery: 100 });
    const last = h.sent.at(-1);
    expect(last?.type === "result" && last.result.cancelled).toBe(false);
  });

  it("answers bad input with the simulator's refusal", async () => {
    const h = host();
    await simulationWorker(h.host).receive({ type: "run", job: 3, encounter, runs: -2, seed: 1 });
    expect(h.sent).toEqual([{ type: "error", job: 3, problem: { key: SIMULATOR_ERRORS.BadRuns, data: { value: "-2" } } }]);
    const empty = host();
    await simulationWorker(empty.host).receive({ type: "run", job: 5, encounter: versus([dragon("a")], []), runs: 10, seed: 1 });
    expect(empty.sent[0]?.type === "error" && empty.sent[0].problem.key).toBe(SIMULATOR_ERRORS.EmptySide);
  });

  it("answers a message it does not understand", async () => {
    const h = host();
    await simulationWorker(h.host).receive({ type: "explode", job: 7 });
    await simulationWorker(h.host).receive("nonsense");
    expect(h.sent).toEqual([
      { type: "error", job: 7, problem: { key: WORKER_ERRORS.BadMessage, data: {} } },
      { type: "error", job: -1, problem: { key: WORKER_ERRORS.BadMessage, data: {} } },
    ]);
  });
});

describe("reading messages", () => {
  it("reads what the app sends and refuses anything else", () => {
    expect(readToWorker({ type: "cancel", job: 2 })).toEqual({ type: "cancel", job: 2 });
    expect(readToWorker({ type: "run", job: 1, encounter: {}, runs: 5, seed: 1 })).toMatchObject({ type: "run", job: 1, runs: 5 });
    expect(readToWorker({ type: "run", job: "1" })).toBeNull();
    expect(readToWorker(null)).toBeNull();
  });

  it("reads what the worker sends and refuses anything else", () => {
    expect(readFromWorker({ type: "progress", job: 1, done: 5, total: 10 })).toEqual({ type: "progress", job: 1, done: 5, total: 10 });
    expect(readFromWorker({ type: "error", job: 1, problem: { key: "k", data: {} } })).toEqual({ type: "error", job: 1, problem: { key: "k", data: {} } });
    expect(readFromWorker({ type: "progress", job: 1, done: "5", total: 10 })).toBeNull();
    expect(readFromWorker({ type: "error", job: 1, problem: { key: 3 } })).toBeNull();
    expect(readFromWorker({ type: "result", job: 1 })).toBeNull();
  });
});

describe("the simulator worker: forecasts", () => {
  const underWay = { ...encounter, start: { round: 2 } };
  it("answers a forecast with forecast() for the same seed and precision", async () => {
    const h = host();
    await simulationWorker(h.host).receive({ type: "forecast", job: 7, encounter: underWay, seed: 3, precision: 0.05 });
    expect(h.sent).toEqual([{ type: "forecast", job: 7, forecast: await forecast(underWay, { seed: 3, precision: 0.05 }) }]);
  });
  it("reads forecast messages both ways and refuses a malformed answer", () => {
    expect(readToWorker({ type: "forecast", job: 1, encounter: underWay, seed: 2 })).toEqual({ type: "forecast", job: 1, encounter: underWay, seed: 2 });
    expect(readFromWorker({ type: "forecast", job: 1, forecast: null })).toBeNull();
    expect(readFromWorker({ type: "forecast", job: "x", forecast: {} })).toBeNull();
  });
  it("says what is wrong with a forecast's encounter", async () => {
    const h = host();
    await simulationWorker(h.host).receive({ type: "forecast", job: 8, encounter: { ...underWay, start: { round: 0 } }, seed: 1 });
    expect(h.sent).toEqual([{ type: "error", job: 8, problem: { key: SIMULATOR_ERRORS.BadStart, data: { field: "round", value: "0" } } }]);
  });
});

describe("the simulator worker: advice", () => {
  const underWay = { ...encounter, start: { round: 2 } };
  it("answers an advise job with advise() for the same seed", async () => {
    const h = host();
    await simulationWorker(h.host).receive({ type: "advise", job: 3, encounter: underWay, combatantId: "a", phase: "battle", seed: 2, runsPerOption: 40 });
    expect(h.sent).toEqual([{ type: "advice", job: 3, advice: await advise(underWay, "a", { seed: 2, phase: "battle", runsPerOption: 40 }) }]);
  });
  it("reads advise messages and refuses one without a combatant", () => {
    expect(readToWorker({ type: "advise", job: 1, encounter: underWay, combatantId: "a", phase: "battle", seed: 1 })?.type).toBe("advise");
    expect(readToWorker({ type: "advise", job: 1, encounter: underWay, phase: "battle", seed: 1 })).toBeNull();
    expect(readFromWorker({ type: "advice", job: 1, advice: 3 })).toBeNull();
  });
});
