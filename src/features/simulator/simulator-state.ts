/**
 * The simulator app's state and the context its template renders, as pure functions (tested without Foundry):
 * the sides and the actors dropped on them, the settings, the run in progress and its result. Worker messages
 * move the state on (`onWorkerMessage`); `simulatorContext` prepares everything the template shows.
 */
import { ALTITUDES, DISTANCES } from "../../rules/bands";
import { SURFACES } from "../../rules/falling";
import { ROUND_MODES } from "../../rules/round-plan";
import type { RoundMode } from "../../rules/round-plan";
import { DEFAULT_ROUND_LIMIT, simulationReport } from "../../rules/simulator";
import type { EncounterProblem, SimulationReport, SimulationResult } from "../../rules/simulator";
import type { Altitude, Distance, Surface } from "../../rules/types";
import { TACTIC_NAMES } from "../../rules/simulator/tactics";
import type { Encounter } from "../../rules/simulator";
import { encounterFromActors } from "../../data/simulator-encounter";
import type { ActorData } from "../../data/actor/actor-data";
import { tacticsRefused, tacticsSuggestions, tacticsWarning } from "../../core/tactics-warning";
import type { ModuleTactics } from "../../core/tactics-warning";
import type { FromWorker } from "./worker-protocol";
import type { Format } from "../../core/format";

/** An actor placed on a side: what the app shows of it and how it finds it again. */
export interface SideActor {
  uuid: string;
  name: string;
  img: string;
}

/** One side of the encounter being built. */
export interface SideInput {
  actors: SideActor[];
  altitude: Altitude;
  /**
   * The tactics every combatant of the side plays (rules/simulator/tactics.ts, or a table's module's): "standard"
   * unless the GM chose another; "" (a cleared text field) plays the standard ones too.
   */
  tactics: string;
}

/** The tactics a side starts with. */
export const DEFAULT_TACTICS = "standard";

/** The longest tactics name the field takes (tactics-module.ts TACTICS_NAME). */
const TACTICS_LENGTH = 40;

/** The settings a GM can change before a run. */
export interface SimulatorSettings {
  runs: number;
  seed: number;
  mode: RoundMode;
  distance: Distance;
  surface: Surface;
  roundLimit: number;
}

/** What a run was asked to play: the settings and sides when Simulate was pressed. */
export interface RunAsked {
  settings: SimulatorSettings;
  sides: SideInput[];
}

/** Where a run stands (`asked`, when known, says what it was asked to play). */
export type RunState =
  | { status: "idle" }
  | { status: "running"; job: number; done: number; total: number; asked?: RunAsked }
  | { status: "done"; result: SimulationResult; asked?: RunAsked }
  | { status: "failed"; problem: EncounterProblem; asked?: RunAsked };

/** The settings typed as numbers: their fields keep what was typed, so a refused value stays in view. */
export type NumberField = "runs" | "seed" | "roundLimit";

/** The whole app state. */
export interface SimulatorState {
  sides: SideInput[];
  settings: SimulatorSettings;
  run: RunState;
  /** The last job number handed out. */
  job: number;
  /** The number fields as typed, when they were changed in the form. Absent: the settings' numbers. */
  typed?: Partial<Record<NumberField, string>>;
}

/** The settings a new simulator starts with (the CLI's defaults). */
export const DEFAULT_SETTINGS: Readonly<SimulatorSettings> = Object.freeze({
  runs: 10_000,
  seed: 1,
  mode: "descending",
  distance: "middle",
  surface: "normal",
  roundLimit: DEFAULT_ROUND_LIMIT,
});

/** A fresh state: two empty sides with flyers at mid altitude. */
export function initialState(sides: SideInput[] = []): SimulatorState {
  const filled = [...sides];
  while (filled.length < 2) filled.push({ actors: [], altitude: "mid", tactics: DEFAULT_TACTICS });
  return { sides: filled, settings: { ...DEFAULT_SETTINGS }, run: { status: "idle" }, job: 0 };
}

/** Adds an actor to a side (the same actor may stand twice: two Longbowmen). */
export function addActor(state: SimulatorState, side: number, actor: SideActor): SimulatorState {
  if (side < 0 || side >= state.sides.length) return state;
  const sides = state.sides.map((s, i) => (i === side ? { ...s, actors: [...s.actors, actor] } : s));
  return { ...state, sides, run: state.run.status === "running" ? state.run : { status: "idle" } };
}

/** Removes the actor at a position of a side. */
export function removeActor(state: SimulatorState, side: number, index: number): SimulatorState {
  const sides = state.sides.map((s, i) => (i === side ? { ...s, actors: s.actors.filter((_, j) => j !== index) } : s));
  return { ...state, sides };
}

/** Applies one form field ("runs", "seed", "mode", "distance", "surface", "roundLimit", "altitude.<side>", "tactics.<side>"). */
export function setField(state: SimulatorState, name: string, value: string): SimulatorState {
  const next = applyField(state, name, value);
  // A refusal of a field lasts until that field is changed: then Simulate may be pressed again.
  if (next !== state && state.run.status === "failed" && fieldOf(state.run.problem) === name && shownValue(next, name) !== shownValue(state, name)) {
    return { ...next, run: { status: "idle" } };
  }
  return next;
}

/** A field's value as the form shows it (what was typed for the number fields). */
function shownValue(state: SimulatorState, name: string): string {
  if (name === "runs" || name === "seed" || name === "roundLimit") return state.typed?.[name] ?? String(state.settings[name]);
  if (name === "mode" || name === "distance" || name === "surface") return state.settings[name];
  return "";
}

function applyField(state: SimulatorState, name: string, value: string): SimulatorState {
  if (name.startsWith("altitude.")) {
    const side = Number(name.slice("altitude.".length));
    if (!(ALTITUDES as readonly string[]).includes(value)) return state;
    return { ...state, sides: state.sides.map((s, i) => (i === side ? { ...s, altitude: value as Altitude } : s)) };
  }
  if (name.startsWith("tactics.")) {
    // Kept as typed (trimmed): a name the simulator does not know is warned about under the field, and refused by the run.
    const side = Number(name.slice("tactics.".length));
    const tactics = value.trim().slice(0, TACTICS_LENGTH);
    if (state.sides[side]?.tactics === tactics) return state;
    return { ...state, sides: state.sides.map((s, i) => (i === side ? { ...s, tactics } : s)) };
  }
  const settings = { ...state.settings };
  switch (name) {
    case "runs":
    case "seed":
    case "roundLimit":
      // Kept as typed (NaN, fractions); the simulator refuses what it cannot play, with its message.
      settings[name] = value.trim() === "" ? Number.NaN : Number(value.replace(/[_,\s]/g, ""));
      return { ...state, settings, typed: { ...state.typed, [name]: value } };
    case "mode":
      if ((ROUND_MODES as readonly string[]).includes(value)) settings.mode = value as RoundMode;
      break;
    case "distance":
      if ((DISTANCES as readonly string[]).includes(value)) settings.distance = value as Distance;
      break;
    case "surface":
      if ((SURFACES as readonly string[]).includes(value)) settings.surface = value as Surface;
      break;
    default:
      return state;
  }
  return { ...state, settings };
}

/**
 * The encounter a run plays: the sides' actors (as `actors` gives them, side by side, in the state's order) at
 * their altitudes, each side's combatants playing its tactics, with the window's settings.
 */
export function runEncounter(state: SimulatorState, actors: readonly (readonly ActorData[])[]): Encounter {
  const { settings } = state;
  const sides = state.sides.map((side, i) => ({ actors: actors[i] ?? [], altitude: side.altitude, tactics: side.tactics }));
  return encounterFromActors(sides, { distance: settings.distance, surface: settings.surface, mode: settings.mode, roundLimit: settings.roundLimit });
}

/** Starts a run: the next job number, nothing done yet. */
export function startRun(state: SimulatorState): SimulatorState {
  const job = state.job + 1;
  const asked = { settings: { ...state.settings }, sides: state.sides };
  return { ...state, job, run: { status: "running", job, done: 0, total: state.settings.runs, asked } };
}

const asked = (run: { asked?: RunAsked }): { asked?: RunAsked } => (run.asked ? { asked: run.asked } : {});

/** The state after a worker message; messages of an older job are ignored. */
export function onWorkerMessage(state: SimulatorState, message: FromWorker): SimulatorState {
  if (state.run.status !== "running" || message.job !== state.run.job) return state;
  switch (message.type) {
    case "progress":
      return { ...state, run: { ...state.run, done: message.done, total: message.total } };
    case "result":
      return { ...state, run: { status: "done", result: message.result, ...asked(state.run) } };
    case "error":
      return { ...state, run: { status: "failed", problem: message.problem, ...asked(state.run) } };
    case "forecast":
    case "advice":
    case "tally":
    case "tactics":
      // The app asks for runs, never forecasts, advice, blocks or a module's names: such an answer is for another user of the worker.
      return state;
  }
}

/** One `<option>` of a select: its value, the en.json key of its label, whether it is chosen. */
export interface Choice {
  value: string;
  label: string;
  selected: boolean;
}

/** One bar of the rounds chart, in SVG units (see CHART). */
export interface ChartBar {
  round: number;
  share: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Round numbers are labelled under every bar when there are few, under every fifth when many. */
  labelled: boolean;
  labelX: number;
}

/** Everything the template shows. */
export interface SimulatorContext {
  sides: {
    index: number;
    number: number;
    actors: (SideActor & { index: number })[];
    empty: boolean;
    altitudeName: string;
    altitudes: Choice[];
    tactics: SideTactics;
  }[];
  settings: SimulatorSettings;
  modes: Choice[];
  distances: Choice[];
  surfaces: Choice[];
  running: boolean;
  canRun: boolean;
  progress: { percent: number; done: string; total: string } | null;
  /** The refusal or failure, in words. */
  problem: string | null;
  report: SimulationReport | null;
  /** The en.json key of the result's round mode. */
  modeKey: string;
  chart: { bars: ChartBar[]; width: number } | null;
  /** The number fields' values as shown (what was typed, so a refused value stays). */
  fields: Record<NumberField, string>;
  /** The field the refusal is about (its message shows under it), or null for a refusal of the whole encounter. */
  problemField: string | null;
  /** The refusal shows under its field (a number field); otherwise (a menu, the encounter) under the buttons. */
  problemUnderField: boolean;
  /** The result in one line ("Deadly for Knight, Longbowman: Sable Dragon wins 97.1% of fights"), or null. */
  verdict: string | null;
  /** What was played: "1,500 runs, seed 1, descending Pneuma", or the cancelled run's share of what was asked. */
  summary: string;
  /** Said when the settings or sides changed after the result: the figures are for the run shown. */
  stale: string | null;
  /** The combatants' rows under one heading per side, so no row repeats its side. */
  groups: { title: string; rows: SimulationReport["combatants"] }[];
  /** The results pane while a run is under way: how far it is. */
  runningText: string | null;
}

/**
 * A side's tactics field, as the combatant config's (src/features/round/combatant-config-context.ts): a select of
 * the standard tactics, or with a table's module set a text field suggesting the standard names and the module's.
 * Its labels are words already (the module's names have none in en.json).
 */
export interface SideTactics {
  name: string;
  id: string;
  text: boolean;
  value: string;
  placeholder: string;
  options: { value: string; label: string; selected: boolean }[];
  suggestions: { value: string; label: string }[];
  /** The typed name neither standard nor the module's, in words; null when it is known (or blank). */
  warning: string | null;
  /** The name would be refused when played (`tacticsRefused`): the field is marked invalid and Simulate disabled. */
  refused: boolean;
}

function sideTactics(index: number, tactics: string, module: ModuleTactics, format: Format): SideTactics {
  const label = (name: string): string => (TACTIC_NAMES.includes(name) ? format(`AOD.Combat.Combatant.TacticsName.${name}`) : name);
  const chosen = tactics === "" ? DEFAULT_TACTICS : tactics;
  const known = TACTIC_NAMES.includes(chosen);
  return {
    name: `tactics.${index}`,
    id: `aod-sim-tactics-${index}`,
    text: module.kind !== "none",
    value: tactics,
    placeholder: DEFAULT_TACTICS,
    options: [
      ...TACTIC_NAMES.map((t) => ({ value: t, label: label(t), selected: t === chosen })),
      // A name left from a module since unset stays chosen, as in the combatant config.
      ...(known ? [] : [{ value: chosen, label: format("AOD.Combat.Combatant.TacticsOther", { name: chosen }), selected: true }]),
    ],
    suggestions: tacticsSuggestions(module).map((t) => ({ value: t, label: label(t) })),
    warning: tacticsWarning(tactics, module, format),
    refused: tacticsRefused(tactics, module),
  };
}

const choices = (values: readonly string[], selected: string, prefix: string): Choice[] =>
  values.map((value) => ({ value, label: `${prefix}.${value}`, selected: value === selected }));

const count = (n: number): string => n.toLocaleString("en-GB");

/** The chart's drawing area in SVG units: bars up to BAR_AREA high, round numbers below them. */
export const CHART = Object.freeze({ width: 300, height: 80, barArea: 64, labelY: 76 });

function chartOf(report: SimulationReport): { bars: ChartBar[]; width: number } | null {
  const n = report.chart.length;
  if (n === 0) return null;
  const every = n > 12 ? 5 : 1;
  const step = CHART.width / n;
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const bars = report.chart.map((bar, i) => {
    const height = round2(Math.max(bar.count > 0 ? 1 : 0, (bar.height / 100) * CHART.barArea));
    return {
      round: bar.round,
      share: bar.share,
      x: round2(i * step + step * 0.1),
      y: round2(CHART.barArea - height),
      width: round2(step * 0.8),
      height,
      labelled: bar.round % every === 0 || i === 0,
      labelX: round2(i * step + step / 2),
    };
  });
  return { bars, width: CHART.width };
}

/** Verdict thresholds on the leading side's win rate (presentation only; docs/SIMULATOR.md "In Foundry"). */
export const VERDICT = Object.freeze({ deadly: 0.9, hard: 0.7, edge: 0.55, stalemate: 0.5 });

const share = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The result in one line: who the fight is deadly or hard for, who has the edge, or an even fight or a stalemate. */
export function verdictOf(result: SimulationResult, format: Format): string | null {
  if (result.runs === 0 || result.sides.length === 0) return null;
  if (result.draws.rate >= VERDICT.stalemate) return format("AOD.Simulator.Verdict.stalemate", { rate: share(result.draws.rate) });
  const ranked = [...result.sides].sort((a, b) => b.wins.rate - a.wins.rate);
  const [best] = ranked;
  if (!best) return null;
  const losers = ranked.slice(1).map((side) => side.name).join(format("AOD.Simulator.Verdict.and", {}));
  const data = { winner: best.name, losers, rate: share(best.wins.rate) };
  const p = best.wins.rate;
  const kind = p >= VERDICT.deadly ? "deadly" : p >= VERDICT.hard ? "hard" : p >= VERDICT.edge ? "edge" : "even";
  return format(`AOD.Simulator.Verdict.${kind}`, data);
}

/** The refusal's field: a number field, a menu, or null for a refusal of the encounter itself. */
function fieldOf(problem: EncounterProblem): string | null {
  if (problem.key === "AOD.Simulator.Error.BadRuns" || problem.key === "AOD.Simulator.Error.TooManyRuns") return "runs";
  if (problem.key === "AOD.Simulator.Error.BadSeed") return "seed";
  if (problem.key === "AOD.Simulator.Error.BadOption" && typeof problem.data.field === "string") return problem.data.field;
  return null;
}

/** A refusal in words, its whole numbers written with thousands separators like the rest of the app. */
function problemText(problem: EncounterProblem, format: Format): string {
  const data = Object.fromEntries(
    Object.entries(problem.data).map(([k, v]) => [k, typeof v === "number" && Number.isSafeInteger(v) ? count(v) : v]),
  );
  return format(problem.key, data);
}

const sameAsked = (asked: RunAsked | undefined, state: SimulatorState): boolean =>
  asked === undefined || (JSON.stringify(asked.settings) === JSON.stringify(state.settings) && JSON.stringify(asked.sides) === JSON.stringify(state.sides));

/**
 * The template's context for a state; `module` is what the table's tactics module offers (none set: the sides'
 * tactics are a select of the standard ones).
 */
export function simulatorContext(state: SimulatorState, format: Format, module: ModuleTactics = { kind: "none" }): SimulatorContext {
  const running = state.run.status === "running";
  const report = state.run.status === "done" ? simulationReport(state.run.result) : null;
  return {
    sides: state.sides.map((side, index) => ({
      index,
      number: index + 1,
      actors: side.actors.map((actor, i) => ({ ...actor, index: i })),
      empty: side.actors.length === 0,
      altitudeName: `altitude.${index}`,
      altitudes: choices(ALTITUDES, side.altitude, "AOD.Simulator.Altitude"),
      tactics: sideTactics(index, side.tactics, module, format),
    })),
    settings: state.settings,
    // The menu's own labels: AOD.Simulator.Mode words the mode inside a sentence ("seed 1, descending Pneuma").
    modes: choices(ROUND_MODES, state.settings.mode, "AOD.Simulator.ModeOption"),
    distances: choices(DISTANCES.filter((d) => d !== "zero"), state.settings.distance, "AOD.Choices.distance"),
    surfaces: choices(SURFACES, state.settings.surface, "AOD.Choices.surface"),
    running,
    // Not while a field's value is refused: its message is under the field, and Simulate names it (aria-describedby);
    // nor while a side's tactics name would be refused (its warning is under the sides).
    canRun:
      !running &&
      state.sides.filter((s) => s.actors.length > 0).length >= 2 &&
      !(state.run.status === "failed" && fieldOf(state.run.problem) !== null) &&
      !state.sides.some((side) => tacticsRefused(side.tactics, module)),
    progress:
      state.run.status === "running"
        ? {
            percent: state.run.total > 0 ? Math.floor((state.run.done / state.run.total) * 100) : 0,
            done: count(state.run.done),
            total: count(state.run.total),
          }
        : null,
    problem: state.run.status === "failed" ? problemText(state.run.problem, format) : null,
    report,
    modeKey: `AOD.Simulator.Mode.${report?.mode ?? state.settings.mode}`,
    chart: report ? chartOf(report) : null,
    fields: {
      runs: state.typed?.runs ?? String(state.settings.runs),
      seed: state.typed?.seed ?? String(state.settings.seed),
      roundLimit: state.typed?.roundLimit ?? String(state.settings.roundLimit),
    },
    problemField: state.run.status === "failed" ? fieldOf(state.run.problem) : null,
    problemUnderField: state.run.status === "failed" && ["runs", "seed", "roundLimit"].includes(fieldOf(state.run.problem) ?? ""),
    verdict: state.run.status === "done" ? verdictOf(state.run.result, format) : null,
    summary: report ? summaryOf(state, report, format) : "",
    stale: state.run.status === "done" && !sameAsked(state.run.asked, state) ? format("AOD.Simulator.Stale", {}) : null,
    groups: report
      ? report.sides.map((side, i) => ({
          title: format("AOD.Simulator.SideTitle", { number: i + 1 }),
          rows: report.combatants.filter((c) => c.side === side.name),
        }))
      : [],
    runningText: state.run.status === "running" ? format("AOD.Simulator.Running", { done: count(state.run.done), total: count(state.run.total) }) : null,
  };
}

/** "1,500 runs, seed 1, descending Pneuma"; a cancelled run says how many of the runs asked it played. */
function summaryOf(state: SimulatorState, report: SimulationReport, format: Format): string {
  const mode = format(`AOD.Simulator.Mode.${report.mode}`, {});
  const asked = state.run.status === "done" ? state.run.asked?.settings.runs : undefined;
  if (report.cancelled && asked !== undefined) {
    return format("AOD.Simulator.SummaryCancelled", { runs: count(report.runs), asked: count(asked), seed: report.seed, mode });
  }
  return format("AOD.Simulator.ResultsSummary", { runs: count(report.runs), seed: report.seed, mode });
}

/**
 * Sides from a combat's combatants, grouped by their side key in order of first appearance. A side plays the
 * tactics its combatants are set to in the combatant config (`tactics`, blank: the standard ones) when they all
 * agree; where they differ, the window's one choice per side cannot say it, and the side plays the standard ones.
 */
export function sidesFromCombatants(list: readonly (SideActor & { side: string; tactics?: string })[]): SideInput[] {
  const sides = new Map<string, { actors: SideActor[]; tactics: Set<string> }>();
  for (const { side, tactics, ...actor } of list) {
    const entry = sides.get(side) ?? { actors: [], tactics: new Set<string>() };
    entry.actors.push(actor);
    entry.tactics.add(tactics === undefined || tactics.trim() === "" ? DEFAULT_TACTICS : tactics.trim().slice(0, TACTICS_LENGTH));
    sides.set(side, entry);
  }
  return [...sides.values()].map(({ actors, tactics }) => ({
    actors,
    altitude: "mid",
    tactics: tactics.size === 1 ? ([...tactics][0] ?? DEFAULT_TACTICS) : DEFAULT_TACTICS,
  }));
}
