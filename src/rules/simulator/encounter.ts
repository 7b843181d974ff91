/**
 * What the encounter simulator plays: sides of combatants (the engine's CombatantState plus each combatant's
 * weapons and check values, as deriveCharacter computes them), where they start, the ground and the round mode.
 * `checkEncounter` refuses bad input with an en.json key and the values it interpolates, so the CLI and the
 * Foundry app show the same words.
 */
import { ALTITUDES, DISTANCES } from "../bands";
import type { CheckValues, CommonCheck } from "../character";
import { SURFACES } from "../falling";
import { checkWeapon } from "../procedures/weapon";
import type { WeaponSnapshot } from "../procedures/weapon";
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
  /** The weapon item's id on its actor, when it came from one (advice names it, to carry the option out). */
  itemId?: string | null;
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
  /** Its armour's encumbrance (DerivedCharacter `encumbrance`), which the rescue pool loses; 0 when absent. */
  encumbrance?: number;
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

/**
 * A fight already under way, to simulate from (the forecast of a live combat). Each combatant's `state` is then
 * taken as it stands: wounds, Magic Points, altitude, falling and this round's flags (acted, moved) are kept
 * instead of starting fresh.
 */
export interface EncounterStart {
  /** The round in progress, from 1; a run that reaches the round limit is a draw as ever. */
  round: number;
  /**
   * The step of this round to play next: its index in the round's plan as `planRound` makes it from the mode, the
   * order, the side d10 result and who is dead or severely injured (0, the default: the round from its start).
   * In the declaration modes, a start after a phase's declare step has everyone still to resolve in that phase
   * declare again by its tactics (the declarations already made are not read).
   */
  step?: number;
  /**
   * The step to play next as the live round names it, instead of `step`: each run starts at the first step of its
   * own plan with this phase and kind and the same combatants, else at the first step of this phase (a plan can
   * differ from the live one, a surprised combatant's round 1 for one), else at the round's start.
   */
  at?: { phase: string; kind: string; combatants: readonly string[] };
  /** The combat's Pneuma order, first to last (descending and reverse declaration); each run rolls one when absent. */
  order?: readonly string[];
  /** This round's side d10 result (side d10 mode), by side name; rolled when absent. Later rounds roll their own. */
  sides?: { order: readonly string[]; phaseShift?: Readonly<Record<string, -1 | 0 | 1>> };
  /** Distances by `pairKey`; a pair not listed starts as a fresh encounter's does. */
  distances?: Readonly<Record<string, Distance>>;
  /** Grappling pairs by `pairKey` (at zero range). */
  grapples?: readonly string[];
  /** Who carries whom: carrier id to carried id. */
  carrying?: Readonly<Record<string, string>>;
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
  /** Where a fight under way stands; absent, every run starts the encounter afresh. */
  start?: EncounterStart;
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
  BadStart: "AOD.Simulator.Error.BadStart",
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

type Fields = Readonly<Record<string, unknown>>;

const fields = (value: unknown): Fields | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Fields) : null;

/** Text for a value in a message: strings as they are, anything else as JSON. */
const shown = (value: unknown): string => (typeof value === "string" ? value : (JSON.stringify(value) as string | undefined) ?? "undefined");

const wholeAtLeast = (value: unknown, min: number): boolean => typeof value === "number" && Number.isInteger(value) && value >= min;

/** The run count and seed problem, if any: runs a whole number from 1 to MAX_RUNS, the seed a whole number. */
export function checkOptions(options: unknown): EncounterProblem | null {
  const o = fields(options) ?? {};
  const runs = o.runs;
  if (typeof runs !== "number" || !wholeAtLeast(runs, 1)) return problem(SIMULATOR_ERRORS.BadRuns, { value: shown(runs) });
  if (runs > MAX_RUNS) return problem(SIMULATOR_ERRORS.TooManyRuns, { value: runs, max: MAX_RUNS });
  if (typeof o.seed !== "number" || !Number.isSafeInteger(o.seed)) return problem(SIMULATOR_ERRORS.BadSeed, { value: shown(o.seed) });
  return null;
}

function checkProblem(checks: Fields | null, use: string): boolean {
  const check = fields(checks?.[use]);
  return !check || !Number.isInteger(check.tn) || !wholeAtLeast(check.pool, 0);
}

function weaponProblem(value: unknown): boolean {
  const w = fields(value);
  if (!w || typeof w.attackSkill !== "string" || !Array.isArray(w.defenceSkills)) return true;
  try {
    checkWeapon(w.weapon as WeaponSnapshot);
    return false;
  } catch {
    return true;
  }
}

/**
 * `inTheAir`: in a fight under way, the ids of the carried; they and anyone falling may be off the ground without
 * wings (a fresh encounter puts every non-flyer on the ground).
 */
function combatantProblem(value: unknown, side: string, tactics: ReadonlySet<string>, inTheAir: ReadonlySet<unknown> | null): EncounterProblem | null {
  const c = fields(value) ?? {};
  const s = fields(c.state) ?? {};
  const name = typeof s.name === "string" ? s.name : "?";
  const bad = (field: string) => problem(SIMULATOR_ERRORS.BadCombatant, { name, side, field });
  if (typeof s.id !== "string" || s.id === "") return bad("id");
  if (typeof s.name !== "string") return bad("name");
  if (!(ALTITUDES as readonly unknown[]).includes(s.altitude)) return bad("altitude");
  if (typeof s.canFly !== "boolean") return bad("canFly");
  if (typeof s.fastGround !== "boolean") return bad("fastGround");
  const aloft = inTheAir !== null && (s.falling === true || inTheAir.has(s.id));
  if (!s.canFly && s.altitude !== "grounded" && !aloft) return problem(SIMULATOR_ERRORS.GroundedNonFlyer, { name });
  for (const key of ["soma", "pneuma", "agility", "armour"] as const) if (!wholeAtLeast(s[key], 0)) return bad(key);
  if (typeof s.weight !== "number" || !(s.weight > 0) || !Number.isFinite(s.weight)) return bad("weight");
  const life = fields(s.life);
  if (!life || !wholeAtLeast(life.max, 1) || !wholeAtLeast(life.wounds, 0)) return bad("life");
  const magic = fields(s.magic);
  if (!magic || !wholeAtLeast(magic.value, 0) || !wholeAtLeast(magic.max, 0)) return bad("magic");
  if (!Array.isArray(c.weapons)) return bad("weapons");
  const broken = c.weapons.findIndex(weaponProblem);
  if (broken >= 0) return bad(`weapons[${broken}]`);
  const checks = fields(c.checks);
  for (const use of ["soma", "grapple", "meleeDefence", "breakOut"]) if (checkProblem(checks, use)) return bad(`checks.${use}`);
  const skills = fields(c.skills);
  if (!skills || Object.keys(skills).some((id) => checkProblem(skills, id))) return bad("skills");
  if (c.encumbrance !== undefined && !wholeAtLeast(c.encumbrance, 0)) return bad("encumbrance");
  if (c.speed !== undefined && !(SPEED_CATEGORIES as readonly unknown[]).includes(c.speed)) return bad("speed");
  if (c.tactics !== undefined && (typeof c.tactics !== "string" || !tactics.has(c.tactics))) {
    return problem(SIMULATOR_ERRORS.UnknownTactics, { name, tactics: shown(c.tactics), known: [...tactics].join(", ") });
  }
  return null;
}

function optionProblem(field: string, value: unknown, allowed: readonly string[]): EncounterProblem | null {
  if (value === undefined || allowed.includes(value as string)) return null;
  return problem(SIMULATOR_ERRORS.BadOption, { field, value: shown(value), allowed: allowed.join(", ") });
}

/**
 * The first thing wrong with an encounter, or null (then it is a sound `Encounter`): at least two sides with
 * distinct names, none empty, at most MAX_COMBATANTS, unique ids, sound snapshots, non-flyers on the ground,
 * known options and tactics. It takes `unknown`: encounters arrive from a worker message or a macro.
 */
export function checkEncounter(encounter: unknown, tactics: ReadonlySet<string>): EncounterProblem | null {
  const e = fields(encounter);
  const sides = e?.sides;
  if (!e || !Array.isArray(sides)) return problem(SIMULATOR_ERRORS.TooFewSides, { count: 0 });
  if (sides.length < 2) return problem(SIMULATOR_ERRORS.TooFewSides, { count: sides.length });
  const ids = new Set<string>();
  const names = new Set<string>();
  let total = 0;
  const underWay = e.start === undefined ? null : fields(e.start);
  const inTheAir = underWay === null ? null : new Set(Object.values(fields(underWay.carrying) ?? {}));
  for (const sideValue of sides) {
    const side = fields(sideValue) ?? {};
    const name = typeof side.name === "string" ? side.name : "?";
    if (names.has(name)) return problem(SIMULATOR_ERRORS.DuplicateSide, { side: name });
    names.add(name);
    const combatants = side.combatants;
    if (!Array.isArray(combatants) || combatants.length === 0) return problem(SIMULATOR_ERRORS.EmptySide, { side: name });
    for (const c of combatants) {
      const found = combatantProblem(c, name, tactics, inTheAir);
      if (found) return found;
      const id = (c as EncounterCombatant).state.id;
      if (ids.has(id)) return problem(SIMULATOR_ERRORS.DuplicateId, { id });
      ids.add(id);
      total += 1;
    }
  }
  if (total > MAX_COMBATANTS) return problem(SIMULATOR_ERRORS.TooManyCombatants, { count: total, max: MAX_COMBATANTS });
  const limit = e.roundLimit;
  if (limit !== undefined && (!wholeAtLeast(limit, 1) || (limit as number) > MAX_ROUND_LIMIT)) {
    return problem(SIMULATOR_ERRORS.BadOption, { field: "roundLimit", value: shown(limit), allowed: `1-${MAX_ROUND_LIMIT}` });
  }
  const sideNames = sides.map((side) => (fields(side)?.name as string | undefined) ?? "");
  const roundLimit = typeof limit === "number" ? limit : DEFAULT_ROUND_LIMIT;
  return (
    optionProblem("distance", e.distance, DISTANCES.filter((d) => d !== "zero")) ??
    optionProblem("surface", e.surface, SURFACES) ??
    optionProblem("mode", e.mode, ROUND_MODES) ??
    (e.start === undefined ? null : startProblem(e.start, ids, sideNames, roundLimit))
  );
}

/** A pair key of two known, different ids ("a|b" with a before b, as `pairKey` makes it). */
function knownPair(key: unknown, ids: ReadonlySet<string>): boolean {
  if (typeof key !== "string") return false;
  const parts = key.split("|");
  return parts.length === 2 && parts[0] !== parts[1] && parts.every((id) => ids.has(id)) && (parts[0] as string) < (parts[1] as string);
}

const permutation = (value: unknown, of: readonly string[]): boolean =>
  Array.isArray(value) && value.length === of.length && new Set(value).size === of.length && value.every((v) => of.includes(v as string));

/** The first thing wrong with a start, as BadStart naming the field, or null. */
function startProblem(value: unknown, ids: ReadonlySet<string>, sides: readonly string[], roundLimit: number): EncounterProblem | null {
  const bad = (field: string, v: unknown): EncounterProblem => problem(SIMULATOR_ERRORS.BadStart, { field, value: shown(v) });
  const start = fields(value);
  if (!start) return bad("start", value);
  if (!wholeAtLeast(start.round, 1) || (start.round as number) > roundLimit) return bad("round", start.round);
  if (start.step !== undefined && !wholeAtLeast(start.step, 0)) return bad("step", start.step);
  if (start.at !== undefined) {
    const at = fields(start.at);
    const listed = at?.combatants;
    if (!at || typeof at.phase !== "string" || typeof at.kind !== "string" || !Array.isArray(listed) || !listed.every((id) => ids.has(id as string))) {
      return bad("at", start.at);
    }
  }
  if (start.order !== undefined && !permutation(start.order, [...ids])) return bad("order", start.order);
  if (start.sides !== undefined) {
    const d10 = fields(start.sides);
    if (!d10 || !permutation(d10.order, sides)) return bad("sides", start.sides);
    const shifts = d10.phaseShift === undefined ? {} : fields(d10.phaseShift);
    if (!shifts || Object.entries(shifts).some(([side, shift]) => !sides.includes(side) || ![-1, 0, 1].includes(shift as number))) {
      return bad("sides.phaseShift", d10.phaseShift);
    }
  }
  const distances = start.distances === undefined ? {} : fields(start.distances);
  if (!distances) return bad("distances", start.distances);
  for (const [key, distance] of Object.entries(distances)) {
    if (!knownPair(key, ids) || !(DISTANCES as readonly unknown[]).includes(distance)) return bad(`distances.${key}`, distance);
  }
  const grapples = start.grapples ?? [];
  if (!Array.isArray(grapples) || new Set(grapples).size !== grapples.length) return bad("grapples", start.grapples);
  for (const key of grapples) {
    if (!knownPair(key, ids) || distances[key as string] !== "zero") return bad("grapples", key);
  }
  const carrying = start.carrying === undefined ? {} : fields(start.carrying);
  if (!carrying) return bad("carrying", start.carrying);
  const carried = Object.values(carrying);
  if (new Set(carried).size !== carried.length) return bad("carrying", start.carrying);
  for (const [carrier, who] of Object.entries(carrying)) {
    if (!ids.has(carrier) || typeof who !== "string" || !ids.has(who) || who === carrier || carrying[who] !== undefined) {
      return bad(`carrying.${carrier}`, who);
    }
  }
  return null;
}

/** The starting altitude a combatant is given when a side's altitude is set: non-flyers stay on the ground. */
export function startingAltitude(state: CombatantState, altitude: Altitude): Altitude {
  return state.canFly ? altitude : "grounded";
}
