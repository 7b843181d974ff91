/**
 * The end phase: who falls out of the sky, who crashes and how hard, and the reset of per-round flags
 * (000 "Phase Three: The End Phase", "Falling out of the Sky"; RULES.md "End phase").
 */
import { altitudeIndex } from "../bands";
import { applyArmour } from "../contest";
import { clampPool, countSuccesses } from "../pools";
import { crashTN, fallStep } from "../falling";
import { capWounds, healthOf, isDead, woundState } from "../health";
import type { WoundState } from "../health";
import { applyChanges, carrierOf, combatant, isPinned } from "../state";
import type { CombatantState, LogEntry, Outcome, ReportOptions, SkirmishState, StateChange } from "../state";
import { RULE_REASONS, refuse } from "../reasons";
import type { Altitude, DiceSource, Refusal } from "../types";
import { healthChangeLog, releasedByDeath } from "./death";
import { poolLabel, runSteps, runStepsSync } from "./steps";
import type { Steps, SyncDiceSource } from "./steps";

/** Why a combatant fell: its own state, or the carrier that fell with it. */
export type FallCause = "pinned" | "severelyInjured" | "dead" | "choseToFall" | "cannotFly" | "carrier";

/** A crash roll and what it did (000 "Falling out of the Sky"). */
export interface CrashReport {
  pool: number;
  tn: number;
  dice: number[];
  successes: number;
  armour: number;
  damage: number;
  wounds: number;
  woundState: WoundState;
}

/** One fall, for the chat card: from where to where, why, and the crash if it reached the ground. */
export interface FallReport {
  id: string;
  name: string;
  cause: FallCause;
  from: Altitude;
  to: Altitude;
  crashed: boolean;
  crash?: CrashReport;
}

/** The end phase's changes and log, plus one report per combatant that fell, in combatant order. */
export interface EndPhaseOutcome extends Outcome {
  falls: FallReport[];
}

/** The answer to "I choose to fall": a refusal with an en.json reason key, or the flag change. */
export type FallChoiceRuling = Refusal | { allowed: true; changes: StateChange[]; log: LogEntry[] };

/** What the end phase writes to the log; each value is an en.json key (shared with the battle rules where they overlap). */
export const END_PHASE_LOG = Object.freeze({
  Fell: "AOD.Rules.Log.Fell",
  FellWithCarrier: "AOD.Rules.Log.FellWithCarrier",
  Crashed: "AOD.Rules.Log.Crashed",
  SeverelyInjured: "AOD.Rules.Log.BecameSeverelyInjured",
  Killed: "AOD.Rules.Log.Killed",
  NoFalls: "AOD.Rules.Log.NoFalls",
  ChoseToFall: "AOD.Rules.Log.ChoseToFall",
} as const);

/** Why a combatant may not choose to fall, by name: a view of the one list (reasons.ts RULE_REASONS). */
export const FALL_CHOICE_REASONS = Object.freeze({
  CannotFly: RULE_REASONS.CannotFly,
  Grounded: RULE_REASONS.Grounded,
  Dead: RULE_REASONS.ActorDead,
  Carried: RULE_REASONS.Carried,
} as const);

/** Why an airborne combatant cannot stay up this end phase, if it cannot (000 "Falling out of the Sky"). */
function ownFallCause(state: SkirmishState, c: CombatantState): FallCause | undefined {
  if (isPinned(state, c.id)) return "pinned";
  const health = healthOf(c);
  // A dead flyer cannot keep itself aloft any more than a severely injured one.
  if (health !== "fit") return health;
  if (c.choseToFall) return "choseToFall";
  // A combatant without wings that is somehow aloft (dropped by its carrier) comes down too.
  if (!c.canFly) return "cannotFly";
  return undefined;
}

function* rollCrash(c: CombatantState, state: SkirmishState): Steps<CrashReport> {
  const pool = clampPool(c.soma, `${c.id}.soma`);
  const tn = crashTN(state.surface);
  const faces = yield { pool, label: poolLabel(`${c.id} crash`) };
  const successes = countSuccesses(faces, tn);
  // RULES.md Attacks: armour is taken off every damage total, crashes included, never below 0.
  const damage = applyArmour(successes, c.armour);
  const wounds = capWounds(c.life.wounds + damage, c.life.max);
  return { pool, tn, dice: faces, successes, armour: c.armour, damage, wounds, woundState: woundState(wounds, c.life.max) };
}

/**
 * Runs the end phase (000 "Falling out of the Sky"): every airborne combatant that is pinned, severely
 * injured or chose to fall drops one band, in the order of `state.combatants`; what it carries drops with it;
 * reaching the ground is a crash of Soma dice at the surface TN, armour off, one wound per success.
 * Sets `falling` for those still in the air after a fall, resets the round's flags (moved, full move, battle
 * action spent, chose to fall), and ends every one-round effect.
 */
export function resolveEndPhase(state: SkirmishState, dice: DiceSource): Promise<EndPhaseOutcome> {
  return runSteps(endPhaseSteps(state), dice);
}

/** `resolveEndPhase` with dice that answer at once (steps.ts): the same crashes rolled in the same order. */
export function resolveEndPhaseSync(state: SkirmishState, dice: SyncDiceSource, options: EndPhaseOptions = {}): EndPhaseOutcome {
  const logging = options.log !== false;
  const compactResets = options.compactResets === true;
  // Most End Phases nobody falls: no dice, so the resets alone, without the steps' generator (a simulator hot path).
  if (!anyoneFalls(state)) return { changes: roundResets(state, [], NOBODY, compactResets), log: logging ? [{ key: END_PHASE_LOG.NoFalls }] : [], falls: [] };
  return runStepsSync(endPhaseSteps(state, logging, compactResets), dice);
}

const NOBODY: ReadonlySet<string> = new Set();

/** Whether anyone falls this End Phase: someone airborne, held up by nobody, with a cause to fall (`endPhaseSteps`). */
function anyoneFalls(state: SkirmishState): boolean {
  const all = state.combatants;
  for (const id in all) {
    const c = all[id] as CombatantState;
    if (c.altitude !== "grounded" && carrierOf(state, id) === undefined && ownFallCause(state, c) !== undefined) return true;
  }
  return false;
}

/**
 * Options of `resolveEndPhaseSync`: `log: false` builds no log lines; `compactResets: true` resets each combatant
 * with one "newRound" change (where anything is to reset) instead of a "flag" change per flag and a
 * "roundEffect" change per effect: the same state, fewer changes (the simulator's End Phase).
 */
export interface EndPhaseOptions extends ReportOptions {
  compactResets?: boolean;
}

/** What one End Phase builds up as it goes, shared by the falls it works out. */
interface EndPhaseWork {
  state: SkirmishState;
  logging: boolean;
  changes: StateChange[];
  log: LogEntry[];
  falls: FallReport[];
  stillFalling: Set<string>;
}

/** One combatant's fall of one band, and its crash if that band is the ground. */
function* fallSteps(
  at: EndPhaseWork,
  c: CombatantState,
  cause: FallCause,
  to: Altitude,
  crashed: boolean,
  carrier?: string,
): Steps<void> {
  const { state, logging, changes, log, falls, stillFalling } = at;
  const report: FallReport = { id: c.id, name: c.name, cause, from: c.altitude, to, crashed };
  changes.push({ type: "altitude", id: c.id, altitude: to });
  if (logging) {
    log.push(
      carrier === undefined
        ? { key: END_PHASE_LOG.Fell, data: { name: c.name, from: c.altitude, to } }
        : { key: END_PHASE_LOG.FellWithCarrier, data: { name: c.name, carrier, from: c.altitude, to } },
    );
  }
  if (crashed) {
    const crash = yield* rollCrash(c, state);
    report.crash = crash;
    const { successes, tn, armour, damage, wounds } = crash;
    if (logging) log.push({ key: END_PHASE_LOG.Crashed, data: { name: c.name, successes, tn, armour, damage, wounds } });
    if (damage > 0) changes.push({ type: "wounds", id: c.id, wounds });
    const before = healthOf(c);
    if (crash.woundState !== before && logging) {
      log.push(healthChangeLog(c.name, crash.woundState));
    }
  } else if (carrier === undefined && state.carrying[c.id] === undefined) {
    // RULES.md Rescue: only lone fallers are marked falling (and so can be caught).
    stillFalling.add(c.id);
  }
  falls.push(report);
}

/** The end phase as steps (steps.ts): one roll per crash, in combatant order. */
export function* endPhaseSteps(state: SkirmishState, logging = true, compactResets = false): Steps<EndPhaseOutcome> {
  const changes: StateChange[] = [];
  const log: LogEntry[] = [];
  const falls: FallReport[] = [];
  const stillFalling = new Set<string>();

  const at: EndPhaseWork = { state, logging, changes, log, falls, stillFalling };

  // Each combatant read where it is, in key order (`Object.keys` order, without the list: a simulator hot path).
  const all = state.combatants;
  for (const id in all) {
    const c = all[id] as CombatantState;
    if (c.altitude === "grounded") continue;
    if (carrierOf(state, id) !== undefined) continue; // its carrier holds it up, or takes it down below
    const cause = ownFallCause(state, c);
    if (cause === undefined) continue;
    const step = fallStep(c.altitude);
    yield* fallSteps(at, c, cause, step.altitude, step.crashed);
    // 000 Catching: a passenger goes where its carrier goes, down to the ground included.
    if (state.carrying[id] === undefined) continue;
    const seen = new Set<string>([id]);
    for (let p: string | undefined = state.carrying[id], by = c.name; p !== undefined && !seen.has(p); p = state.carrying[p]) {
      seen.add(p);
      const passenger = combatant(state, p, "carried");
      yield* fallSteps(at, passenger, "carrier", step.altitude, step.crashed, by);
      by = passenger.name;
    }
  }

  // 000 Severe injury and Death: those a crash killed hold nobody any more (both are on the ground by now).
  const killed = falls.length === 0 ? falls : falls.filter((f) => f.crash?.woundState === "dead" && !isDead(combatant(state, f.id)));
  if (killed.length > 0) {
    const landed = applyChanges(state, changes);
    for (const f of killed) {
      const freed = releasedByDeath(landed, f.id);
      changes.push(...freed.changes);
      if (logging) log.push(...freed.log);
    }
  }

  roundResets(state, changes, stillFalling, compactResets);
  if (falls.length === 0 && logging) log.push({ key: END_PHASE_LOG.NoFalls });
  return { changes, log, falls };
}

/**
 * The End Phase's resets, added to `changes`: each combatant's round flags and one-round effects end, and
 * `falling` is set for those in `stillFalling` (RULES.md "End phase"); `compact`: one "newRound" change each.
 */
function roundResets(state: SkirmishState, changes: StateChange[], stillFalling: ReadonlySet<string>, compact: boolean): StateChange[] {
  const all = state.combatants;
  for (const id in all) {
    const c = all[id] as CombatantState;
    const falling = stillFalling.size > 0 && stillFalling.has(id);
    if (compact) {
      if (c.falling !== falling || c.moved || c.fullMove || c.acted || c.choseToFall || c.roundEffects.length > 0) {
        changes.push({ type: "newRound", id, falling });
      }
      continue;
    }
    if (c.falling !== falling) changes.push({ type: "flag", id, flag: "falling", value: falling });
    // The round's flags, each read by name (a simulator hot path).
    if (c.moved) changes.push({ type: "flag", id, flag: "moved", value: false });
    if (c.fullMove) changes.push({ type: "flag", id, flag: "fullMove", value: false });
    if (c.acted) changes.push({ type: "flag", id, flag: "acted", value: false });
    if (c.choseToFall) changes.push({ type: "flag", id, flag: "choseToFall", value: false });
    // RULES.md End phase: effects that last one round end.
    for (const effect of c.roundEffects) changes.push({ type: "roundEffect", id, effect, active: false });
  }
  return changes;
}

/**
 * Marks an airborne flyer as choosing to fall one band in the coming end phase (000 "Falling out of the Sky":
 * any aerial combatant may). Grounded combatants, non-flyers, the dead and those being carried cannot.
 */
export function chooseToFall(state: SkirmishState, id: string): FallChoiceRuling {
  const c = combatant(state, id, "id");
  if (!c.canFly) return refuse(FALL_CHOICE_REASONS.CannotFly);
  if (altitudeIndex(c.altitude) === 0) return refuse(FALL_CHOICE_REASONS.Grounded);
  if (isDead(c)) return refuse(FALL_CHOICE_REASONS.Dead);
  if (carrierOf(state, id) !== undefined) return refuse(FALL_CHOICE_REASONS.Carried);
  return {
    allowed: true,
    changes: [{ type: "flag", id, flag: "choseToFall", value: true }],
    log: [{ key: END_PHASE_LOG.ChoseToFall, data: { name: c.name } }],
  };
}
