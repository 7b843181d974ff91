/**
 * `npm run simulate`: builds an encounter from bestiary entries, simulates it and prints a table (or JSON).
 * Exit status 0 on success, 2 on bad input (an unknown name, bad options), 1 on anything unexpected.
 * Everything that talks to the outside goes through `CliIo`, so tests run the real command in-process.
 */
import { resolve } from "node:path";
import { encounterFromActors } from "../data/simulator-encounter";
import type { ActorData } from "../data/actor/actor-data";
import { FORECAST_FORMAT, FORECAST_VERSION, encounterOfFile } from "../data/combat/forecast-encounter";
import { ADVICE_BUDGET_OPTIONS, SimulationInputError, TACTIC_NAMES, adviceReport, advise, simulate, simulateOnPool, simulationReport } from "../rules/simulator";
import type { MovePhase } from "../rules/procedures/move";
import type { BlockRunner, Encounter, EncounterProblem } from "../rules/simulator";
import { CLI_ERRORS, DEFAULTS, parseArgs } from "./args";
import type { CliOptions } from "./args";
import { findEntry, loadBestiary } from "./bestiary";
import { formatAdvice, formatReport, progressBar } from "./format";
import { englishFrom } from "./i18n";
import type { Translate } from "./i18n";

/** Where the command writes and what it knows of its terminal. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (the progress bar shows there for long runs). */
  errIsTTY: boolean;
  /** The repository root (lang/en.json and packs/_source/bestiary live under it). */
  root: string;
  /** Reads a text file (`--from`); throws when it cannot. */
  readText(path: string): string;
  /**
   * Starts `count` workers to share the runs among (`--workers`, src/cli/threads.ts); without it, or for one
   * worker, this thread plays every run (the numbers are the same either way).
   */
  pool?: (count: number) => { runners: readonly BlockRunner[]; close(): Promise<void> };
}

/** Runs of at least this many show a progress bar on a terminal. */
export const LONG_RUN = 50_000;

const UNKNOWN_ACTOR = "AOD.Simulator.Error.UnknownActor";
const AMBIGUOUS_ACTOR = "AOD.Simulator.Error.AmbiguousActor";

function helpText(t: Translate, names: readonly string[]): string {
  return `${t("AOD.Simulator.Cli.Help", {
    runs: DEFAULTS.runs,
    seed: DEFAULTS.seed,
    rounds: DEFAULTS.roundLimit,
    tactics: TACTIC_NAMES.join(", "),
  })}\n\n${t("AOD.Simulator.Cli.Bestiary")}\n  ${names.join("\n  ")}\n`;
}

function lookUp(sides: string[][], entries: readonly ActorData[]): { actors: ActorData[][] } | { problem: EncounterProblem } {
  const actors: ActorData[][] = [];
  for (const side of sides) {
    const found: ActorData[] = [];
    for (const name of side) {
      const lookup = findEntry(name, entries);
      if ("found" in lookup) found.push(lookup.found);
      else if ("ambiguous" in lookup) return { problem: { key: AMBIGUOUS_ACTOR, data: { name, matches: lookup.ambiguous.join(", ") } } };
      else return { problem: { key: UNKNOWN_ACTOR, data: { name, suggestions: lookup.unknown.join(", ") } } };
    }
    actors.push(found);
  }
  return { actors };
}

/** The encounter of a saved file (`--from`): an exported combat or a bare encounter, as JSON. */
function readEncounter(path: string, io: CliIo): { encounter: Encounter } | { problem: EncounterProblem } {
  const bad = (reason: string) => ({ problem: { key: CLI_ERRORS.BadFile, data: { file: path, reason } } });
  let text: string;
  try {
    text = io.readText(resolve(path));
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return bad(error instanceof Error ? error.message : String(error));
  }
  const encounter = encounterOfFile(parsed);
  // The simulator checks the encounter itself (and refuses it with its own message); this only finds it.
  if (encounter === null) return { problem: { key: CLI_ERRORS.NotEncounter, data: { file: path, format: FORECAST_FORMAT, version: FORECAST_VERSION } } };
  return { encounter: encounter as Encounter };
}

/** Runs the command with its arguments and returns the exit status. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const t = englishFrom(io.root);
  const refuse = (problem: EncounterProblem): number => {
    io.err(`${t("AOD.Simulator.Cli.ErrorPrefix")} ${t(problem.key, problem.data)}\n${t("AOD.Simulator.Cli.SeeHelp")}\n`);
    return 2;
  };
  const parsed = parseArgs(argv);
  if (!parsed.ok) return refuse(parsed.problem);
  const options = parsed.options;
  const entries = loadBestiary(resolve(io.root, "packs/_source/bestiary"));
  if (options.help) {
    io.out(helpText(t, entries.map((e) => e.name)));
    return 0;
  }
  let encounter: Encounter;
  if (options.from !== null) {
    const read = readEncounter(options.from, io);
    if ("problem" in read) return refuse(read.problem);
    encounter = read.encounter;
  } else {
    const looked = lookUp(options.sides, entries);
    if ("problem" in looked) return refuse(looked.problem);
    encounter = encounterFromActors(
      looked.actors.map((actors, i) => ({ actors, altitude: options.altitudes[i] ?? DEFAULTS.altitude })),
      { distance: options.distance, surface: options.surface, mode: options.mode, roundLimit: options.roundLimit },
    );
  }
  const pool = options.workers > 1 && io.pool ? io.pool(options.workers) : null;
  try {
    return await simulateAndPrint(encounter, options, io, t, refuse, pool?.runners);
  } finally {
    await pool?.close();
  }
}

/** Plays the encounter (or advises, with --advise), on `runners` when given, and prints what came out. */
async function simulateAndPrint(
  encounter: Encounter,
  options: CliOptions,
  io: CliIo,
  t: Translate,
  refuse: (problem: EncounterProblem) => number,
  runners: readonly BlockRunner[] | undefined,
): Promise<number> {
  if (options.advise) return adviseFrom(encounter, options.from ?? "", options, io, t, refuse, runners);
  const showProgress = options.progress ?? (io.errIsTTY && options.runs >= LONG_RUN && !options.json);
  let result;
  try {
    const asked = {
      runs: options.runs,
      seed: options.seed,
      progressEvery: Math.max(1000, Math.floor(options.runs / 100)),
      onProgress: showProgress
        ? (done: number, total: number) => {
            io.err(`\r${progressBar(done, total)}${done === total ? "\n" : ""}`);
          }
        : undefined,
    };
    result = runners ? await simulateOnPool(encounter, asked, runners) : await simulate(encounter, asked);
  } catch (error) {
    if (error instanceof SimulationInputError) return refuse(error.problem);
    throw error;
  }
  if (options.json) {
    io.out(`${JSON.stringify({ encounter: describe(encounter), result }, null, 2)}\n`);
    return 0;
  }
  const heading = encounter.start
    ? t("AOD.Simulator.Cli.HeadingFrom", {
        runs: result.runs.toLocaleString("en-GB"),
        seed: result.seed,
        mode: t(`AOD.Simulator.Mode.${result.mode}`),
        round: encounter.start.round,
        rounds: result.roundLimit,
        file: options.from ?? "",
      })
    : t("AOD.Simulator.Cli.Heading", {
    runs: result.runs.toLocaleString("en-GB"),
    seed: result.seed,
    mode: t(`AOD.Simulator.Mode.${result.mode}`),
    rounds: result.roundLimit,
    distance: options.distance,
    surface: options.surface,
    altitudes: options.altitudes.join(" / "),
  });
  io.out(formatReport(simulationReport(result), heading, t));
  return 0;
}

/** Runs per option when advice is asked without --runs: about ±2 points on each option's chance. */
export const ADVICE_RUNS = 2400;

/**
 * `--from FILE --advise`: each combatant of the saved step, its options with their odds and its side's chance when
 * taken (`advise`), as a table or JSON.
 */
async function adviseFrom(
  encounter: Encounter,
  file: string,
  options: CliOptions,
  io: CliIo,
  t: Translate,
  refuse: (problem: EncounterProblem) => number,
  runners: readonly BlockRunner[] | undefined,
): Promise<number> {
  const at = encounter.start?.at;
  if (at === undefined || at.combatants.length === 0) return refuse({ key: "AOD.Simulator.Advice.NoStep", data: { file } });
  const names = Object.fromEntries(encounter.sides.flatMap((s) => s.combatants.map((c) => [c.state.id, c.state.name])));
  const runsPerOption = options.runsGiven ? options.runs : ADVICE_RUNS;
  const all = [];
  for (const id of at.combatants) {
    let advice;
    try {
      advice = await advise(encounter, id, { seed: options.seed, phase: at.phase as MovePhase, runsPerOption }, runners);
    } catch (error) {
      if (error instanceof SimulationInputError) return refuse(error.problem);
      throw error;
    }
    all.push(advice);
    if (options.json) continue;
    const report = adviceReport(advice, names);
    const phase = ["movement", "battle", "end", "starting", "endOfRound"].includes(at.phase) ? `AOD.Combat.Phase.${at.phase}` : `AOD.Choices.speed.${at.phase}`;
    const heading = t("AOD.Simulator.Advice.Heading", { name: report.combatant, side: report.side, phase: t(phase), runs: runsPerOption.toLocaleString("en-GB"), budget: (ADVICE_BUDGET_OPTIONS * runsPerOption).toLocaleString("en-GB"), seed: options.seed });
    io.out(`${formatAdvice(report, heading, t)}\n`);
  }
  if (options.json) io.out(`${JSON.stringify({ advice: all }, null, 2)}\n`);
  return 0;
}

/** What was simulated, for the JSON output: each side's combatants by name with their starting altitude. */
function describe(encounter: Encounter) {
  return {
    start: encounter.start ? { round: encounter.start.round } : undefined,
    distance: encounter.distance,
    surface: encounter.surface,
    mode: encounter.mode,
    roundLimit: encounter.roundLimit,
    sides: encounter.sides.map((s) => ({
      name: s.name,
      combatants: s.combatants.map((c) => ({ id: c.state.id, name: c.state.name, altitude: c.state.altitude })),
    })),
  };
}
