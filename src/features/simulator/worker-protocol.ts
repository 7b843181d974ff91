/**
 * The messages between the simulator app and its Web Worker, and the worker's side as message handling (pure):
 * `simulationWorker({ post, pause })` answers each message it receives, with no Worker global in sight, so tests
 * drive it directly. The worker file (simulator.worker.ts) only wires it to `self`.
 *
 * App -> worker: `run` (an encounter, runs, seed; a new run replaces the current one), `forecast` (a fight under way
 * played until its chances are known to a precision, rules/simulator/forecast.ts; it replaces the current job too)
 * and `cancel`.
 * Worker -> app: `progress` (every `progressEvery` runs), then exactly one `result` (cancelled or complete) or
 * `error` (an en.json key and its data) per run; one `forecast` or `error` per forecast.
 *
 * Several workers (docs/SIMULATOR.md "Workers"): a worker whose host gives it a pool (`WorkerHost.pool`, the
 * worker file's own copies of itself) shares each run, forecast and advice out among them in blocks
 * (rules/simulator/pool.ts): it sends each `block` (a job's block to play) and takes back a `tally` (its counts)
 * or an `error`. The answer is the same, number for number, with or without a pool and for any number of workers.
 *
 * A table's own tactics (tactics-module.ts): run, forecast, advise and block messages may carry `tacticsModule`,
 * the URL of the table's module; the host's `loadTactics` imports and checks it, and the job plays its tactics
 * beside the standard ones (a block through a `localBlockRunner` of them, one per URL). A module that fails to
 * load or is refused answers the job with its `error`. A `tactics` message asks only for the names the module
 * exports (the configs check a typed name against them, src/core/tactics-warning.ts): the worker answers `tactics`
 * with them, or the `error` of its load, and plays nothing.
 */
import { BLOCK_RUNS, SimulationInputError, advise, forecast, localBlockRunner, simulate, simulateOnPool } from "../../rules/simulator";
import type { AdviceResult, BlockJob, BlockRunner, BlockTally, Encounter, EncounterProblem, Forecast, SimulationResult, Tactics } from "../../rules/simulator";
import { TACTICS_MODULE_ERRORS, TacticsModuleError } from "./tactics-module";
import type { MovePhase } from "../../rules/procedures/move";

/** What the app sends. */
export type ToWorker =
  | { type: "run"; job: number; encounter: Encounter; runs: number; seed: number; progressEvery?: number; tacticsModule?: string }
  | { type: "forecast"; job: number; encounter: Encounter; seed: number; precision?: number; tacticsModule?: string }
  | {
      type: "advise";
      job: number;
      encounter: Encounter;
      combatantId: string;
      phase: MovePhase;
      seed: number;
      runsPerOption?: number;
      tacticsModule?: string;
    }
  | { type: "cancel"; job: number }
  | { type: "block"; job: number; task: BlockJob; block: number; runs: number; tacticsModule?: string }
  | { type: "tactics"; job: number; tacticsModule: string };

/** What the worker sends back. */
export type FromWorker =
  | { type: "progress"; job: number; done: number; total: number }
  | { type: "result"; job: number; result: SimulationResult }
  | { type: "forecast"; job: number; forecast: Forecast }
  | { type: "advice"; job: number; advice: AdviceResult }
  | { type: "tally"; job: number; block: number; tally: BlockTally }
  | { type: "tactics"; job: number; names: string[] }
  | { type: "error"; job: number; problem: EncounterProblem };

/** The en.json keys of problems the protocol itself reports. */
export const WORKER_ERRORS = Object.freeze({
  BadMessage: "AOD.Simulator.Error.BadMessage",
  Failed: "AOD.Simulator.Error.Failed",
} as const);

type Fields = Readonly<Record<string, unknown>>;

const isJob = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value);

/** A job's message carrying a table's tactics module's URL (tactics-module.ts) (run, forecast and advise; others, or no URL, unchanged). */
export function withTacticsModule(message: ToWorker, url: string | null): ToWorker {
  if (url === null || (message.type !== "run" && message.type !== "forecast" && message.type !== "advise")) return message;
  return { ...message, tacticsModule: url };
}

/** Reads a message sent to the worker; null when it is not one (the encounter itself is checked by `simulate`). */
export function readToWorker(data: unknown): ToWorker | null {
  if (typeof data !== "object" || data === null) return null;
  const m = data as Fields;
  if (m.type === "cancel" && isJob(m.job)) return { type: "cancel", job: m.job };
  if (m.type === "tactics" && isJob(m.job)) return typeof m.tacticsModule === "string" ? { type: "tactics", job: m.job, tacticsModule: m.tacticsModule } : null;
  if (m.type === "block" && isJob(m.job) && typeof m.task === "object" && m.task !== null) {
    const task = m.task as Fields;
    const count = (v: unknown, max: number): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0 && v <= max;
    if (typeof task.key !== "string" || !count(m.block, Number.MAX_SAFE_INTEGER) || !count(m.runs, BLOCK_RUNS)) return null;
    const block: ToWorker = { type: "block", job: m.job, task: m.task as BlockJob, block: m.block, runs: m.runs };
    if (typeof m.tacticsModule === "string") block.tacticsModule = m.tacticsModule;
    return block;
  }
  if (m.type === "forecast" && isJob(m.job)) {
    const asked: ToWorker = { type: "forecast", job: m.job, encounter: m.encounter as Encounter, seed: m.seed as number };
    if (typeof m.precision === "number") asked.precision = m.precision;
    if (typeof m.tacticsModule === "string") asked.tacticsModule = m.tacticsModule;
    return asked;
  }
  if (m.type === "advise" && isJob(m.job) && typeof m.combatantId === "string" && typeof m.phase === "string") {
    const asked: ToWorker = {
      type: "advise",
      job: m.job,
      encounter: m.encounter as Encounter,
      combatantId: m.combatantId,
      phase: m.phase as MovePhase,
      seed: m.seed as number,
    };
    if (typeof m.runsPerOption === "number") asked.runsPerOption = m.runsPerOption;
    if (typeof m.tacticsModule === "string") asked.tacticsModule = m.tacticsModule;
    return asked;
  }
  if (m.type !== "run" || !isJob(m.job)) return null;
  const run: ToWorker = { type: "run", job: m.job, encounter: m.encounter as Encounter, runs: m.runs as number, seed: m.seed as number };
  if (typeof m.progressEvery === "number") run.progressEvery = m.progressEvery;
  if (typeof m.tacticsModule === "string") run.tacticsModule = m.tacticsModule;
  return run;
}

/** Reads a message from the worker; null when it is not one. */
export function readFromWorker(data: unknown): FromWorker | null {
  if (typeof data !== "object" || data === null) return null;
  const m = data as Fields;
  if (!isJob(m.job)) return null;
  if (m.type === "progress" && typeof m.done === "number" && typeof m.total === "number") {
    return { type: "progress", job: m.job, done: m.done, total: m.total };
  }
  if (m.type === "result" && typeof m.result === "object" && m.result !== null) {
    return { type: "result", job: m.job, result: m.result as SimulationResult };
  }
  if (m.type === "tally" && typeof m.block === "number" && typeof m.tally === "object" && m.tally !== null) {
    return { type: "tally", job: m.job, block: m.block, tally: m.tally as BlockTally };
  }
  if (m.type === "tactics" && Array.isArray(m.names) && m.names.every((name): name is string => typeof name === "string")) {
    return { type: "tactics", job: m.job, names: [...m.names] };
  }
  if (m.type === "advice" && typeof m.advice === "object" && m.advice !== null) {
    return { type: "advice", job: m.job, advice: m.advice as AdviceResult };
  }
  if (m.type === "forecast" && typeof m.forecast === "object" && m.forecast !== null) {
    return { type: "forecast", job: m.job, forecast: m.forecast as Forecast };
  }
  if (m.type === "error" && typeof m.problem === "object" && m.problem !== null) {
    const p = m.problem as Fields;
    if (typeof p.key === "string" && typeof p.data === "object" && p.data !== null) {
      return { type: "error", job: m.job, problem: { key: p.key, data: p.data as EncounterProblem["data"] } };
    }
  }
  return null;
}

/** The problem an error reports: a simulation input's own, or the worker's failure with the error's message. */
function problemOf(error: unknown): EncounterProblem {
  return error instanceof SimulationInputError || error instanceof TacticsModuleError
    ? error.problem
    : { key: WORKER_ERRORS.Failed, data: { message: error instanceof Error ? error.message : String(error) } };
}

/** What the worker side needs from its host: a way to post, and a pause that lets queued messages in. */
export interface WorkerHost {
  post(message: FromWorker): void;
  /** Resolves after the host has delivered any waiting messages (a `setTimeout(0)` in a real worker). */
  pause(): Promise<void>;
  /** The workers to share runs out among, started when first asked for (none: this worker plays every run itself). */
  pool?: (tacticsModule?: string) => readonly BlockRunner[];
  /**
   * A table's tactics module, imported and checked (tactics-module.ts `tacticsLoader`); it rejects with a
   * TacticsModuleError. Without it a job that names a module is refused.
   */
  loadTactics?: (url: string) => Promise<TableTactics>;
}

type TableTactics = Readonly<Record<string, Tactics>>;

/** The worker side: `receive` every message; it runs one simulation at a time and stops one on `cancel`. */
export function simulationWorker(host: WorkerHost): { receive(data: unknown): Promise<void> } {
  let current: number | null = null;
  const stopped = new Set<number>();
  const local = localBlockRunner();
  const locals = new Map<string, BlockRunner>();
  /** The table's tactics a job plays (none without a module), loaded by the host. */
  const tacticsOf = async (url: string | undefined): Promise<TableTactics | undefined> => {
    if (url === undefined) return undefined;
    if (!host.loadTactics) throw new TacticsModuleError({ key: TACTICS_MODULE_ERRORS.LoadFailed, data: { url, message: "no loader" } });
    return host.loadTactics(url);
  };
  /** This worker's own runner for blocks of jobs with the module at `url`. */
  const localFor = async (url: string | undefined): Promise<BlockRunner> => {
    if (url === undefined) return local;
    const tactics = await tacticsOf(url);
    let runner = locals.get(url);
    if (!runner) {
      runner = localBlockRunner(tactics);
      locals.set(url, runner);
    }
    return runner;
  };
  return {
    async receive(data: unknown): Promise<void> {
      const message = readToWorker(data);
      if (!message) {
        const job = typeof data === "object" && data !== null && isJob((data as Fields).job) ? ((data as Fields).job as number) : -1;
        host.post({ type: "error", job, problem: { key: WORKER_ERRORS.BadMessage, data: {} } });
        return;
      }
      if (message.type === "cancel") {
        stopped.add(message.job);
        return;
      }
      if (message.type === "tactics") {
        // Only the module's names: nothing is played, and the job in progress goes on.
        try {
          const table = await tacticsOf(message.tacticsModule);
          host.post({ type: "tactics", job: message.job, names: Object.keys(table ?? {}) });
        } catch (error) {
          host.post({ type: "error", job: message.job, problem: problemOf(error) });
        }
        return;
      }
      if (message.type === "block") {
        // A block for the worker that shares a job out: played whole, never cancelled (it is short).
        try {
          const runner = await localFor(message.tacticsModule);
          host.post({ type: "tally", job: message.job, block: message.block, tally: await runner.play(message.task, message.block, message.runs) });
        } catch (error) {
          host.post({ type: "error", job: message.job, problem: problemOf(error) });
        }
        return;
      }
      if (current !== null) stopped.add(current);
      const job = message.job;
      current = job;
      try {
        const url = message.tacticsModule;
        const table = url === undefined ? undefined : await tacticsOf(url);
        const tactics = table ? { tactics: table } : {};
        const pool = host.pool?.(url);
        if (message.type === "forecast") {
          const answer = await forecast(message.encounter, {
            seed: message.seed,
            ...(message.precision === undefined ? {} : { precision: message.precision }),
            ...tactics,
            shouldStop: () => stopped.has(job),
          }, pool);
          host.post({ type: "forecast", job, forecast: answer });
          return;
        }
        if (message.type === "advise") {
          const advice = await advise(message.encounter, message.combatantId, {
            seed: message.seed,
            phase: message.phase,
            ...(message.runsPerOption === undefined ? {} : { runsPerOption: message.runsPerOption }),
            ...tactics,
            shouldStop: () => stopped.has(job),
          }, pool);
          host.post({ type: "advice", job, advice });
          return;
        }
        const asked = {
          runs: message.runs,
          seed: message.seed,
          ...tactics,
          shouldStop: () => stopped.has(job),
          onProgress: async (done: number, total: number) => {
            host.post({ type: "progress", job, done, total });
            await host.pause();
          },
        };
        // On a pool, progress comes after each block (rules/simulator/pool.ts).
        const result =
          pool && pool.length > 0
            ? await simulateOnPool(message.encounter, asked, pool)
            : await simulate(message.encounter, { ...asked, progressEvery: message.progressEvery ?? 2000 });
        host.post({ type: "result", job, result });
      } catch (error) {
        host.post({ type: "error", job, problem: problemOf(error) });
      } finally {
        stopped.delete(job);
        if (current === job) current = null;
      }
    },
  };
}
