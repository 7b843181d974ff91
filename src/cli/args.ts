/**
 * The command line of `npm run simulate`, parsed into plain options (pure: no process, no files). Values the
 * rules check themselves (runs, seed, mode, distance, surface, round limit) pass through unchanged so that the
 * refusal comes from one place, the simulator's own checks.
 */
import { ALTITUDES } from "../rules/bands";
import type { Altitude, Distance, Surface } from "../rules/types";
import type { RoundMode } from "../rules/round-plan";
import type { EncounterProblem } from "../rules/simulator";

/** Everything the command line can say. */
export interface CliOptions {
  /** Bestiary names per side. */
  sides: string[][];
  runs: number;
  seed: number;
  mode: RoundMode;
  /** One starting altitude per side (flyers only; troops stay on the ground). */
  altitudes: Altitude[];
  distance: Distance;
  surface: Surface;
  roundLimit: number;
  json: boolean;
  /** Force the progress bar on (true) or off (false); undefined: on for long runs on a terminal. */
  progress: boolean | undefined;
  help: boolean;
  /** A saved encounter file (an exported combat under way) to simulate instead of bestiary sides; null when none. */
  from: string | null;
  /** With `from`: list the options of the saved step with their forecasts instead of one simulation. */
  advise: boolean;
  /** Whether --runs was given (advice plays fewer runs per option by default). */
  runsGiven: boolean;
  /** Worker threads to share the runs among (1: this thread plays them); the numbers are the same for any count. */
  workers: number;
}

/** The matchup played when no side is named: a Sable Dragon against two Longbowmen. */
export const DEFAULT_SIDES: readonly (readonly string[])[] = Object.freeze([["Sable Dragon"], ["Longbowman", "Longbowman"]]);

/** The defaults of every option. */
export const DEFAULTS = Object.freeze({
  runs: 10_000,
  seed: 1,
  mode: "descending" as RoundMode,
  altitude: "mid" as Altitude,
  distance: "middle" as Distance,
  surface: "normal" as Surface,
  roundLimit: 20,
  workers: 1,
});

/** The most worker threads `--workers` takes. */
export const MAX_WORKERS = 64;

/** Why a command line is refused; each value is an en.json key. */
export const CLI_ERRORS = Object.freeze({
  UnknownFlag: "AOD.Simulator.Cli.UnknownFlag",
  MissingValue: "AOD.Simulator.Cli.MissingValue",
  BadAltitude: "AOD.Simulator.Cli.BadAltitude",
  AltitudeCount: "AOD.Simulator.Cli.AltitudeCount",
  EmptyName: "AOD.Simulator.Cli.EmptyName",
  FromAlone: "AOD.Simulator.Cli.FromAlone",
  AdviseNeedsFrom: "AOD.Simulator.Cli.AdviseNeedsFrom",
  BadFile: "AOD.Simulator.Cli.BadFile",
  NotEncounter: "AOD.Simulator.Cli.NotEncounter",
  BadWorkers: "AOD.Simulator.Cli.BadWorkers",
} as const);

/** What a saved encounter already says, so these options cannot be given with --from. */
const SAID_BY_FILE = ["--side", "--mode", "--altitudes", "--distance", "--surface", "--rounds"] as const;

const WITH_VALUE = ["--side", "--runs", "--seed", "--mode", "--altitudes", "--distance", "--surface", "--rounds", "--from", "--workers"] as const;
const SWITCHES = ["--json", "--help", "-h", "--progress", "--no-progress", "--advise"] as const;

/** A whole number as typed ("10000", "10_000", "10,000", "1e6"); anything else is NaN for the rules to refuse. */
export function parseCount(text: string): number {
  const cleaned = text.trim().replace(/[_,]/g, "");
  return cleaned === "" ? Number.NaN : Number(cleaned);
}

/** Parses the arguments after `npm run simulate --`. */
export function parseArgs(argv: readonly string[]): { ok: true; options: CliOptions } | { ok: false; problem: EncounterProblem } {
  const values = new Map<string, string[]>();
  const switches = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? "";
    const eq = arg.indexOf("=");
    const flag = arg.startsWith("--") && eq > 0 ? arg.slice(0, eq) : arg;
    if ((SWITCHES as readonly string[]).includes(flag)) {
      switches.add(flag);
      continue;
    }
    if (!(WITH_VALUE as readonly string[]).includes(flag)) {
      return { ok: false, problem: { key: CLI_ERRORS.UnknownFlag, data: { flag: arg } } };
    }
    let value: string | undefined;
    if (flag !== arg) value = arg.slice(eq + 1);
    else {
      value = argv[i + 1];
      i += 1;
    }
    if (value === undefined) return { ok: false, problem: { key: CLI_ERRORS.MissingValue, data: { flag } } };
    values.set(flag, [...(values.get(flag) ?? []), value]);
  }
  const last = (flag: string) => values.get(flag)?.at(-1);
  const from = last("--from") ?? null;
  const clash = from === null ? undefined : SAID_BY_FILE.find((flag) => values.has(flag));
  if (clash !== undefined) return { ok: false, problem: { key: CLI_ERRORS.FromAlone, data: { flag: clash } } };
  if (switches.has("--advise") && from === null) return { ok: false, problem: { key: CLI_ERRORS.AdviseNeedsFrom, data: {} } };
  const named = values.get("--side");
  const sides = named ? named.map((side) => side.split(",").map((name) => name.trim())) : DEFAULT_SIDES.map((s) => [...s]);
  for (const side of sides) {
    if (side.some((name) => name === "")) return { ok: false, problem: { key: CLI_ERRORS.EmptyName, data: { side: side.join(",") } } };
  }
  const altitudeText = last("--altitudes");
  const altitudes = altitudeText === undefined ? sides.map(() => DEFAULTS.altitude) : altitudeText.split(",").map((a) => a.trim());
  for (const altitude of altitudes) {
    if (!(ALTITUDES as readonly string[]).includes(altitude)) {
      return { ok: false, problem: { key: CLI_ERRORS.BadAltitude, data: { value: altitude, allowed: ALTITUDES.join(", ") } } };
    }
  }
  if (altitudes.length === 1) while (altitudes.length < sides.length) altitudes.push(altitudes[0] ?? DEFAULTS.altitude);
  if (altitudes.length !== sides.length) {
    return { ok: false, problem: { key: CLI_ERRORS.AltitudeCount, data: { count: altitudes.length, sides: sides.length } } };
  }
  const number = (flag: string, fallback: number) => {
    const text = last(flag);
    return text === undefined ? fallback : parseCount(text);
  };
  const workers = number("--workers", DEFAULTS.workers);
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    return { ok: false, problem: { key: CLI_ERRORS.BadWorkers, data: { value: last("--workers") ?? "", max: MAX_WORKERS } } };
  }
  return {
    ok: true,
    options: {
      sides,
      runs: number("--runs", DEFAULTS.runs),
      seed: number("--seed", DEFAULTS.seed),
      mode: (last("--mode") ?? DEFAULTS.mode) as RoundMode,
      altitudes: altitudes as Altitude[],
      distance: (last("--distance") ?? DEFAULTS.distance) as Distance,
      surface: (last("--surface") ?? DEFAULTS.surface) as Surface,
      roundLimit: number("--rounds", DEFAULTS.roundLimit),
      json: switches.has("--json"),
      progress: switches.has("--no-progress") ? false : switches.has("--progress") ? true : undefined,
      help: switches.has("--help") || switches.has("-h"),
      from,
      advise: switches.has("--advise"),
      runsGiven: values.has("--runs"),
      workers,
    },
  };
}
