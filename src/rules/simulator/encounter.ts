/**
 * What the encounter simulator plays: sides of combatants (the engine's CombatantState plus each combatant's
 * weapons and check values, as deriveCharacter computes them), where they start, the ground and the round mode.
 * `checkEncounter` refuses bad input with an en.json key and the values it interpolates, so the CLI and the
 * Foundry app show the same words.
 */
import { ALTITUDES, DISTANCES } from "../bands";
import type { CheckValues, CommonCheck } from "../character";
import { SURFACES } from "../falling";
import { checkWeapon } from "../procedures/battle-common";
import type { WeaponSnapshot } from "../procedures/battle-common";
import { ROUND_MODES } from "../round-plan";
import type { RoundMode } from "../round-plan";
import { SPEED_CATEGORIES } from "../speed";
import type { SpeedCategory } from "../speed";
import type { CombatantState } from "../state";
import type { Altitude, Distance, Surface } from "../types";

/** A weapon as the simulator uses it: the engine's snapshot, the skill it attacks with and the skills that may defend. */
export interface EncounterWeapon {
  weapon: WeaponSnapshot;
  /** The skill identifier of the attack (docs/DATA.md `attackSkill`); an untrained Soma check without it. */
  attackSkill: string;
  /** The skill identifiers that may defend against it (docs/DATA.md `defenceSkills`). */
  defenceSkills: readonly string[];
}

/** A check a skill gives: its TN and its pool (DerivedCharacter `skills`). */
export interface SkillCheck {
  tn: number;
  pool: number;
}

/** One combatant of an encounter. */
export interface EncounterCombatant {
  /** The engine's snapshot; its `altitude` is where it starts, its `side` is overwritten by the side it is on. */
  state: CombatantState;
  weapons: readonly EncounterWeapon[];
  /** Checks by use (DerivedCharacter `pools`): grapples, break-outs, and the untrained Soma check. */
  checks: Readonly<Record<CommonCheck, CheckValues>>;
  /** Checks by skill identifier (DerivedCharacter `skills`): weapon attacks and defences, Aerobatics for rescues. */
  skills: Readonly<Record<string, SkillCheck>>;
  /** The name of its tactics (tactics.ts); "standard" when absent. */
  tactics?: string;
  /** Its speed category for the side d10 round (001 "Combat Phases"); "average" when absent. */
  speed?: SpeedCategory;
}

/** One side: a name and its combatants. */
export interface EncounterSide {
  name: string;
  combatants: readonly EncounterCombatant[];
}

/** A whole encounter. */
export interface Encounter {
  sides: readonly EncounterSide[];
  /** Where enemies start from each other (default "long"). Allies start at close quarters. */
  distance?: Distance;
  /** The ground a crash lands on (default "normal"). */
  surface?: Surface;
  /** The round mode (default "descending"). */
  mode?: RoundMode;
  /** Rounds after which a run is a draw (default 20, at most 200). */
  roundLimit?: number;
}

/** How a simulation is run. */
export interface SimulationOptions {
  runs: number;
  seed: number;
}

/** The most runs one simulation may make. */
export const MAX_RUNS = 10_000_000;
/** The most rounds a run may last before it is a draw. */
export const MAX_ROUND_LIMIT = 200;
/** Rounds before a draw when the encounter does not say. */
export const DEFAULT_ROUND_LIMIT = 20;
/** The most combatants an encounter may hold. */
export const MAX_COMBATANTS = 40;

/** Why an encounter or its options are refused; each value is an en.json key. */
export const SIMULATOR_ERRORS = Object.freeze({
  TooFewSides: "AOD.Simulator.Error.TooFewSides",
  EmptySide: "AOD.Simulator.Error.EmptySide",
  TooManyCombatants: "AOD.Simulator.Error.TooManyCombatants",
  DuplicateId: "AOD.Simulator.Error.DuplicateId",
  DuplicateSide: "AOD.Simulator.Error.DuplicateSide",
  BadCombatant: "AOD.Simulator.Error.BadCombatant",
  GroundedNonFlyer: "AOD.Simulator.Error.GroundedNonFlyer",
  BadOption: "AOD.Simulator.Error.BadOption",
  BadRuns: "AOD.Simulator.Error.BadRuns",
  TooManyRuns: "AOD.Simulator.Error.TooManyRuns",
  BadSeed: "AOD.Simulator.Error.BadSeed",
  UnknownTactics: "AOD.Simulator.Error.UnknownTactics",
} as const);

/** A refusal: the en.json key and the values its text interpolates. */
export interface EncounterProblem {
  key: string;
  data: Record<string, string | number>;
}

/** Thrown by `simulate` for bad input; `problem` carries the en.json key for a localised message. */
export class SimulationInputError extends RangeError {
  readonly problem: EncounterProblem;
  constructor(problem: EncounterProblem) {
    super(`${problem.key} ${JSON.stringify(problem.data)}`);
    this.name = "SimulationInputError";
    this.problem = problem;
  }
}

const problem = (key: string, data: Record<string, string | number> = {}): EncounterProblem => ({ key, data });

/** The run count and seed problem, if any: runs a whole number from 1 to MAX_RUNS, the seed a whole number. */
export function checkOptions(options: SimulationOptions): EncounterProblem | null {
  const runs: unknown = (options as Partial<SimulationOptions> | null)?.runs;
  const seed: unknown = (options as Partial<SimulationOptions> | null)?.seed;
  if (typeof runs !== "number" || !Number.isInteger(runs) || runs < 1) {
    return problem(SIMULATOR_ERRORS.BadRuns, { value: String(runs) });
  }
  if (runs > MAX_RUNS) return problem(SIMULATOR_ERRORS.TooManyRuns, { value: runs, max: MAX_RUNS });
  if (typeof seed !== "number" || !Number.isSafeInteger(seed)) return problem(SIMULATOR_ERRORS.BadSeed, { value: String(seed) });
  return null;
}

function combatantProblem(c: EncounterCombatant, side: string, tactics: ReadonlySet<string>): EncounterProblem | null {
  const name = typeof c.state?.name === "string" ? c.state.name : "?";
  const bad = (field: string) => problem(SIMULATOR_ERRORS.BadCombatant, { name, side, field });
  const s = c.state;
  if (typeof s !== "object" || s === null || typeof s.id !== "string" || s.id === "") return bad("id");
  if (!(ALTITUDES as readonly string[]).includes(s.altitude)) return bad("altitude");
  if (!s.canFly && s.altitude !== "grounded") return problem(SIMULATOR_ERRORS.GroundedNonFlyer, { name });
  for (const key of ["soma", "pneuma", "agility", "weight", "armour"] as const) {
    if (typeof s[key] !== "number" || !Number.isInteger(s[key]) || s[key] < 0) return bad(key);
  }
  if (s.weight <= 0) return bad("weight");
  if (!Number.isInteger(s.life?.max) || s.life.max < 1 || !Number.isInteger(s.life.wounds) || s.life.wounds < 0) {
    return bad("life");
  }
  if (!Number.isInteger(s.magic?.value) || s.magic.value < 0) return bad("magic");
  if (!Array.isArray(c.weapons)) return bad("weapons");
  for (const [i, w] of c.weapons.entries()) {
    try {
      checkWeapon(w.weapon, `weapons[${i}]`);
    } catch {
      return bad(`weapons[${i}]`);
    }
    if (typeof w.attackSkill !== "string" || !Array.isArray(w.defenceSkills)) return bad(`weapons[${i}]`);
  }
  for (const use of ["soma", "grapple", "meleeDefence", "breakOut"] as const) {
    const check = c.checks?.[use];
    if (!check || !Number.isInteger(check.tn) || !Number.isInteger(check.pool)) return bad(`checks.${use}`);
  }
  if (typeof c.skills !== "object" || c.skills === null) return bad("skills");
  if (c.speed !== undefined && !(SPEED_CATEGORIES as readonly string[]).includes(c.speed)) return bad("speed");
  if (c.tactics !== undefined && !tactics.has(c.tactics)) {
    return problem(SIMULATOR_ERRORS.UnknownTactics, { name, tactics: String(c.tactics), known: [...tactics].join(", ") });
  }
  return null;
}

/**
 * The first thing wrong with an encounter, or null: at least two sides, none empty, at most MAX_COMBATANTS,
 * unique ids, sound snapshots, non-flyers on the ground, known options and tactics.
 */
export function checkEncounter(encounter: Encounter, tactics: ReadonlySet<string>): EncounterProblem | null {
  if (typeof encounter !== "object" || encounter === null || !Array.isArray(encounter.sides)) {
    return problem(SIMULATOR_ERRORS.TooFewSides, { count: 0 });
  }
  if (encounter.sides.length < 2) return problem(SIMULATOR_ERRORS.TooFewSides, { count: encounter.sides.length });
  const ids = new Set<string>();
  const names = new Set<string>();
  let total = 0;
  for (const side of encounter.sides) {
    const name = typeof side?.name === "string" ? side.name : "?";
    if (names.has(name)) return problem(SIMULATOR_ERRORS.DuplicateSide, { side: name });
    names.add(name);
    if (!Array.isArray(side?.combatants) || side.combatants.length === 0) return problem(SIMULATOR_ERRORS.EmptySide, { side: name });
    for (const c of side.combatants) {
      const found = combatantProblem(c, name, tactics);
      if (found) return found;
      if (ids.has(c.state.id)) return problem(SIMULATOR_ERRORS.DuplicateId, { id: c.state.id });
      ids.add(c.state.id);
      total += 1;
    }
  }
  if (total > MAX_COMBATANTS) return problem(SIMULATOR_ERRORS.TooManyCombatants, { count: total, max: MAX_COMBATANTS });
  const optional = <T extends string>(field: string, value: unknown, allowed: readonly T[]) =>
    value === undefined || (allowed as readonly unknown[]).includes(value)
      ? null
      : problem(SIMULATOR_ERRORS.BadOption, { field, value: String(value), allowed: allowed.join(", ") });
  const limit = encounter.roundLimit;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_ROUND_LIMIT)) {
    return problem(SIMULATOR_ERRORS.BadOption, { field: "roundLimit", value: String(limit), allowed: `1-${MAX_ROUND_LIMIT}` });
  }
  return (
    optional("distance", encounter.distance, DISTANCES.filter((d) => d !== "zero")) ??
    optional("surface", encounter.surface, SURFACES) ??
    optional("mode", encounter.mode, ROUND_MODES)
  );
}

/** The starting altitude a combatant is given when a side's altitude is set: non-flyers stay on the ground. */
export function startingAltitude(state: CombatantState, altitude: Altitude): Altitude {
  return state.canFly ? altitude : "grounded";
}
