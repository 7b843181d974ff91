// A table's tactics module (src/features/simulator/tactics-module.ts): the setting's path, the imported module, the
// URL built on the main thread, and the worker side (worker-protocol.ts, worker-pool.ts) with a fake loader.
import { describe, expect, it } from "vitest";
import {
  TACTICS_MODULE_ERRORS,
  TacticsModuleError,
  checkTacticsModule,
  checkTacticsPath,
  sameOrigin,
  tacticsLoader,
  tacticsModuleUrl,
} from "../../../src/features/simulator/tactics-module";
import { readToWorker, simulationWorker, withTacticsModule, WORKER_ERRORS } from "../../../src/features/simulator/worker-protocol";
import type { FromWorker, ToWorker, WorkerHost } from "../../../src/features/simulator/worker-protocol";
import { runnersFor, workerRunner } from "../../../src/features/simulator/worker-pool";
import type { PoolWorker } from "../../../src/features/simulator/worker-pool";
import { SIMULATOR_ERRORS, forecast, simulate } from "../../../src/rules/simulator";
import type { Tactics } from "../../../src/rules/simulator";
import { dragon, knight, versus } from "../../rules/simulator/fixtures";
import en from "../../../lang/en.json";

const hold: Tactics = { letGo: () => false, moves: () => [], actions: () => [] };
const URL_A = "http://localhost:30000/worlds/w/tactics.mjs";
const BASE = "http://localhost:30000/systems/age-of-dragons/simulator-worker.mjs";

/** The en.json string at a dotted key. */
function lang(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined), en);
}

describe("the tactics module's path", () => {
  it("takes a path the world serves, relative, ending in .mjs or .js", () => {
    expect(checkTacticsPath("worlds/my-world/tactics.mjs")).toEqual({ ok: true, value: "worlds/my-world/tactics.mjs" });
    expect(checkTacticsPath(" modules/my-mod/tactics.js ")).toEqual({ ok: true, value: "modules/my-mod/tactics.js" });
    expect(checkTacticsPath("/worlds/w/t.mjs")).toEqual({ ok: true, value: "worlds/w/t.mjs" });
    expect(checkTacticsPath("")).toEqual({ ok: true, value: "" });
    expect(checkTacticsPath(undefined)).toEqual({ ok: true, value: "" });
  });

  it.each([
    "https://evil.example/t.mjs",
    "data:text/javascript,export const tactics={}",
    "javascript:alert(1).js",
    "//evil.example/t.mjs",
    "worlds//w/t.mjs",
    "worlds/../secrets/t.mjs",
    "../t.mjs",
    "worlds/w/t.ts",
    "worlds/w/t.mjs?x=1",
    "worlds\\w\\t.mjs",
  ])("refuses %s, naming it", (path) => {
    expect(checkTacticsPath(path)).toEqual({ ok: false, problem: { key: TACTICS_MODULE_ERRORS.BadPath, data: { path } } });
  });

  it("has every refusal in en.json", () => {
    for (const key of Object.values(TACTICS_MODULE_ERRORS)) expect(typeof lang(key)).toBe("string");
  });
});

describe("an imported tactics module", () => {
  it("gives its tactics by name", () => {
    const checked = checkTacticsModule({ tactics: { holder: hold, slow_2: hold } });
    expect(checked.ok && Object.keys(checked.value)).toEqual(["holder", "slow_2"]);
    expect(checked.ok && checked.value.holder).toBe(hold);
  });

  it("refuses a module without a tactics object", () => {
    for (const namespace of [{}, { tactics: null }, { tactics: [hold] }, { tactics: "x" }, null]) {
      expect(checkTacticsModule(namespace)).toEqual({ ok: false, problem: { key: TACTICS_MODULE_ERRORS.NoTactics, data: {} } });
    }
  });

  it("refuses a bad entry, naming it", () => {
    expect(checkTacticsModule({ tactics: { holder: hold, half: { letGo: () => false, moves: () => [] } } })).toEqual({
      ok: false,
      problem: { key: TACTICS_MODULE_ERRORS.BadEntry, data: { name: "half" } },
    });
    expect(checkTacticsModule({ tactics: { "1st": hold } })).toEqual({ ok: false, problem: { key: TACTICS_MODULE_ERRORS.BadName, data: { name: "1st" } } });
    expect(checkTacticsModule({ tactics: { ["a".repeat(41)]: hold } }).ok).toBe(false);
    expect(checkTacticsModule({ tactics: { "my tactic": hold } }).ok).toBe(false);
    expect(checkTacticsModule({ tactics: { brawler: hold } })).toEqual({
      ok: false,
      problem: { key: TACTICS_MODULE_ERRORS.StandardName, data: { name: "brawler" } },
    });
  });
});

describe("the docs' example module (table-tactics.mjs)", () => {
  it("passes the checks and plays: a statue never hurts anyone, the adversaries do", async () => {
    const namespace: unknown = await import(new URL("./table-tactics.mjs", import.meta.url).href);
    const checked = checkTacticsModule(namespace);
    expect(checked.ok && Object.keys(checked.value)).toEqual(["statue", "adversaries"]);
    if (!checked.ok) return;
    const play = (tactics: string) =>
      simulate(versus([dragon("a", { soma: 6 }, { tactics })], [knight("k")], { distance: "close" }), { runs: 200, seed: 3, tactics: checked.value });
    const statue = await play("statue");
    const adversaries = await play("adversaries");
    expect(statue.sides[0]?.wins.count).toBe(0);
    expect(adversaries.sides[0]?.wins.count).toBeGreaterThan(0);
  });
});

describe("the module's URL on the main thread", () => {
  // As Foundry's getRoute (common/utils/helpers.mjs) builds a path: "/", the route prefix if any, then the path.
  const route = (prefix: string) => (path: string) => `/${prefix ? `${prefix}/` : ""}${path}`;

  it("is absolute, of the page's origin, with the route prefix", () => {
    expect(tacticsModuleUrl("worlds/w/tactics.mjs", route(""), (path) => new URL(path, "http://localhost:30000/game").href)).toBe(URL_A);
    expect(tacticsModuleUrl("worlds/w/tactics.mjs", route("vtt"), (path) => new URL(path, "https://example.org/vtt/game").href)).toBe("https://example.org/vtt/worlds/w/tactics.mjs");
  });

  it("is none when no module is set or the path is refused", () => {
    expect(tacticsModuleUrl("", route(""), (path) => new URL(path, "http://localhost:30000/game").href)).toBeNull();
    expect(tacticsModuleUrl("https://evil.example/t.mjs", route(""), (path) => new URL(path, "http://localhost:30000/game").href)).toBeNull();
  });

  it("rides on run, forecast and advise messages only", () => {
    const encounter = versus([dragon("a")], [knight("k")]);
    const run: ToWorker = { type: "run", job: 1, encounter, runs: 10, seed: 1 };
    expect(withTacticsModule(run, URL_A)).toEqual({ ...run, tacticsModule: URL_A });
    expect(withTacticsModule(run, null)).toBe(run);
    const advise: ToWorker = { type: "advise", job: 1, encounter, combatantId: "a", phase: "movement", seed: 1 };
    expect(withTacticsModule(advise, URL_A)).toEqual({ ...advise, tacticsModule: URL_A });
    const cancel: ToWorker = { type: "cancel", job: 1 };
    expect(withTacticsModule(cancel, URL_A)).toBe(cancel);
  });
});

describe("the worker's loader", () => {
  it("imports a module of its own origin once per URL and checks it", async () => {
    const imported: string[] = [];
    const load = tacticsLoader((url) => {
      imported.push(url);
      return Promise.resolve({ tactics: { holder: hold } });
    }, BASE);
    expect(Object.keys(await load(URL_A))).toEqual(["holder"]);
    await load(URL_A);
    expect(imported).toEqual([URL_A]);
  });

  it("refuses another origin without importing it", async () => {
    const imported: string[] = [];
    const load = tacticsLoader((url) => {
      imported.push(url);
      return Promise.resolve({ tactics: {} });
    }, BASE);
    await expect(load("https://evil.example/t.mjs")).rejects.toMatchObject({ problem: { key: TACTICS_MODULE_ERRORS.OtherOrigin } });
    await expect(load("data:text/javascript,export%20const%20tactics={}")).rejects.toBeInstanceOf(TacticsModuleError);
    expect(imported).toEqual([]);
    expect(sameOrigin(URL_A, BASE)).toBe(true);
    expect(sameOrigin("http://localhost:30000@evil.example/t.mjs", BASE)).toBe(false);
    expect(sameOrigin("https://localhost:30000/t.mjs", BASE)).toBe(false);
    expect(sameOrigin("http://localhost:3000/t.mjs", BASE)).toBe(false);
  });

  it("says why a module failed to load or is refused, and tries again next time", async () => {
    let calls = 0;
    const load = tacticsLoader(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error("404")) : Promise.resolve({ tactics: { standard: hold } });
    }, BASE);
    await expect(load(URL_A)).rejects.toMatchObject({ problem: { key: TACTICS_MODULE_ERRORS.LoadFailed, data: { url: URL_A, message: "404" } } });
    await expect(load(URL_A)).rejects.toMatchObject({ problem: { key: TACTICS_MODULE_ERRORS.StandardName, data: { name: "standard" } } });
    expect(calls).toBe(2);
  });
});

/** The encounter with the dragon playing the table's `holder`, and the same with its standard tactics. */
const holding = versus([dragon("a", { soma: 6 }, { tactics: "holder" })], [knight("k")], { distance: "close" });
const standardOne = versus([dragon("a", { soma: 6 })], [knight("k")], { distance: "close" });

function worker(loadTactics?: WorkerHost["loadTactics"], pool?: WorkerHost["pool"]) {
  const sent: FromWorker[] = [];
  const host: WorkerHost = { post: (m) => sent.push(m), pause: () => Promise.resolve() };
  if (loadTactics) host.loadTactics = loadTactics;
  if (pool) host.pool = pool;
  return { sent, worker: simulationWorker(host) };
}

const fakeLoad = (asked: string[]) => (url: string) => {
  asked.push(url);
  return Promise.resolve({ holder: hold });
};

describe("a job with the table's tactics module", () => {
  it("reads the module's URL only when it is a string", () => {
    expect(readToWorker({ type: "run", job: 1, encounter: holding, runs: 5, seed: 1, tacticsModule: URL_A })).toMatchObject({ tacticsModule: URL_A });
    expect(readToWorker({ type: "run", job: 1, encounter: holding, runs: 5, seed: 1, tacticsModule: 7 })).not.toHaveProperty("tacticsModule");
    expect(readToWorker({ type: "forecast", job: 1, encounter: holding, seed: 1, tacticsModule: URL_A })).toMatchObject({ tacticsModule: URL_A });
    expect(readToWorker({ type: "advise", job: 1, encounter: holding, combatantId: "a", phase: "movement", seed: 1, tacticsModule: URL_A })).toMatchObject({
      tacticsModule: URL_A,
    });
    const task = { key: "k", encounter: holding, seed: 1 };
    expect(readToWorker({ type: "block", job: 1, task, block: 0, runs: 5, tacticsModule: URL_A })).toMatchObject({ tacticsModule: URL_A });
    expect(readToWorker({ type: "block", job: 1, task, block: 0, runs: 5, tacticsModule: {} })).not.toHaveProperty("tacticsModule");
  });

  it("plays the table's tactics: a dragon that always holds fares unlike a standard one, with the same seed", async () => {
    const asked: string[] = [];
    const w = worker(fakeLoad(asked));
    await w.worker.receive({ type: "run", job: 3, encounter: holding, runs: 200, seed: 9, tacticsModule: URL_A });
    const answer = w.sent.at(-1);
    expect(asked).toEqual([URL_A]);
    expect(answer?.type).toBe("result");
    if (answer?.type !== "result") return;
    expect(answer.result).toEqual(await simulate(holding, { runs: 200, seed: 9, tactics: { holder: hold } }));
    expect(answer.result).not.toEqual(await simulate(standardOne, { runs: 200, seed: 9 }));
  });

  it("forecasts with the table's tactics", async () => {
    const w = worker(fakeLoad([]));
    await w.worker.receive({ type: "forecast", job: 4, encounter: holding, seed: 2, precision: 0.05, tacticsModule: URL_A });
    const answer = w.sent.at(-1);
    expect(answer?.type).toBe("forecast");
    expect(answer?.type === "forecast" && answer.forecast).toEqual(await forecast(holding, { seed: 2, precision: 0.05, tactics: { holder: hold } }));
  });

  it("without the module, the same encounter names unknown tactics", async () => {
    const w = worker(fakeLoad([]));
    await w.worker.receive({ type: "run", job: 5, encounter: holding, runs: 10, seed: 1 });
    expect(w.sent.at(-1)).toMatchObject({ type: "error", job: 5, problem: { key: SIMULATOR_ERRORS.UnknownTactics } });
  });

  it("answers a module that fails to load with a localised error, and goes on working", async () => {
    const w = worker(() => Promise.reject(new TacticsModuleError({ key: TACTICS_MODULE_ERRORS.LoadFailed, data: { url: URL_A, message: "404" } })));
    await w.worker.receive({ type: "run", job: 6, encounter: holding, runs: 10, seed: 1, tacticsModule: URL_A });
    expect(w.sent).toEqual([{ type: "error", job: 6, problem: { key: TACTICS_MODULE_ERRORS.LoadFailed, data: { url: URL_A, message: "404" } } }]);
    await w.worker.receive({ type: "advise", job: 7, encounter: holding, combatantId: "a", phase: "movement", seed: 1, tacticsModule: URL_A });
    expect(w.sent.at(-1)).toMatchObject({ type: "error", job: 7, problem: { key: TACTICS_MODULE_ERRORS.LoadFailed } });
    await w.worker.receive({ type: "run", job: 8, encounter: standardOne, runs: 10, seed: 1 });
    expect(w.sent.at(-1)?.type).toBe("result");
  });

  it("answers any other failure of the loader with the worker's own error, and a missing loader with a refusal", async () => {
    const w = worker(() => Promise.reject(new Error("boom")));
    await w.worker.receive({ type: "run", job: 1, encounter: holding, runs: 10, seed: 1, tacticsModule: URL_A });
    expect(w.sent.at(-1)).toEqual({ type: "error", job: 1, problem: { key: WORKER_ERRORS.Failed, data: { message: "boom" } } });
    const bare = worker();
    await bare.worker.receive({ type: "block", job: 2, task: { key: "k", encounter: holding, seed: 1 }, block: 0, runs: 5, tacticsModule: URL_A });
    expect(bare.sent.at(-1)).toMatchObject({ type: "error", job: 2, problem: { key: TACTICS_MODULE_ERRORS.LoadFailed } });
  });

  it("sends each block with the module's URL, and a block worker plays it with the table's tactics", async () => {
    const posted: ToWorker[] = [];
    const asked: string[] = [];
    const inside = worker(fakeLoad(asked));
    const listeners: ((event: { data?: unknown }) => void)[] = [];
    const fake: PoolWorker = {
      postMessage: (message) => {
        posted.push(structuredClone(message));
        void inside.worker.receive(structuredClone(message)).then(() => {
          const answer = inside.sent.at(-1);
          for (const l of listeners) l({ data: structuredClone(answer) });
        });
      },
      addEventListener: (type, listener) => {
        if (type === "message") listeners.push(listener);
      },
    };
    const runner = workerRunner(fake);
    const pooled: (string | undefined)[] = [];
    const outer = worker(fakeLoad([]), (url) => {
      pooled.push(url);
      return runnersFor([runner], url);
    });
    await outer.worker.receive({ type: "run", job: 1, encounter: holding, runs: 200, seed: 9, tacticsModule: URL_A });
    expect(pooled).toEqual([URL_A]);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((m) => m.type === "block" && m.tacticsModule === URL_A)).toBe(true);
    expect(asked).toEqual(posted.map(() => URL_A));
    const answer = outer.sent.at(-1);
    expect(answer?.type).toBe("result");
    expect(answer?.type === "result" && answer.result).toEqual(await simulate(holding, { runs: 200, seed: 9, tactics: { holder: hold } }));
  });

  it("without a module, the pool's runners post blocks as before", () => {
    const posted: ToWorker[] = [];
    const runner = workerRunner({ postMessage: (m) => posted.push(m), addEventListener: () => undefined });
    expect(runnersFor([runner], undefined)[0]).toBe(runner);
    void runner.play({ key: "k", encounter: holding, seed: 1 }, 0, 5);
    expect(posted[0]).not.toHaveProperty("tacticsModule");
  });
});
