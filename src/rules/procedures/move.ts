/**
 * The tactical movement phase: a combatant declares a move and the rules check it and turn it into changes
 * (000 "Phase One: The Tactical Movement Phase", "Manoeuvres"; RULES.md "Movement").
 */
import { ALTITUDES, DISTANCES, altitudeIndex, distanceIndex } from "../bands";
import { healthOf } from "../health";
import { freeMoverAllowance } from "../movement";
import type { MoveSteps } from "../movement";
import { carrierOf, combatant, distanceBetween, hasRoundEffect, isPinned } from "../state";
import type { CombatantState, LogEntry, ReportOptions, SkirmishState, StateChange } from "../state";
import { ALLOWED, RULE_REASONS, refuse } from "../reasons";
import type { Altitude, Distance, Legality, Refusal } from "../types";
import type { RoundStep } from "../round-plan";
import { SPEED_CATEGORIES, SPEED_PHASES } from "../speed";
import { assertOneOf, assertRecord, assertString, fail } from "../validate";

/** A phase of any round mode, as a round-plan step names it. */
export type MovePhase = RoundStep["phase"];

/**
 * Whether a phase allows tactical movement: 000's movement phase, or (001 d10 mode) a speed phase, in which
 * each combatant moves and then fights (round-plan.ts); never Starting, battle, end or End of Round.
 */
export function isMovementPhase(phase: MovePhase): boolean {
  if (phase === "movement") return true;
  if (phase === "battle" || phase === "end") return false;
  return (SPEED_CATEGORIES as readonly string[]).includes(assertOneOf("phase", phase, SPEED_PHASES));
}

/** A standard move (the combatant may still act) or a full move (no other action this round). */
export type MoveKind = "standard" | "full";

/** Every kind of move, the cheaper first. */
export const MOVE_KINDS: readonly MoveKind[] = Object.freeze(["standard", "full"]);

/**
 * What a combatant declares: a target altitude band and/or a target distance band to one reference
 * (another combatant or a landmark). Bands left out stay as they are.
 */
export interface MoveDeclaration {
  id: string;
  kind: MoveKind;
  altitude?: Altitude;
  reference?: string;
  distance?: Distance;
}

/** The answer to a declared move: a refusal with an en.json reason key, or the changes and log of the move. */
export type MoveRuling = Refusal | { allowed: true; changes: StateChange[]; log: LogEntry[] };

/** The bands a combatant could move to with one kind of move, for the range board. */
export interface MoveTargets {
  altitudes: Altitude[];
  /** Per reference id (combatant or landmark): the distance bands it could move to from that reference. */
  distances: Record<string, Distance[]>;
}

/** Why a move is refused, by name: a view of the one list (reasons.ts RULE_REASONS), kept for its callers. */
export const MOVE_REASONS = Object.freeze({
  NotMovementPhase: RULE_REASONS.NotMovementPhase,
  Dead: RULE_REASONS.ActorDead,
  SeverelyInjured: RULE_REASONS.SeverelyInjuredNoMove,
  Pinned: RULE_REASONS.Pinned,
  Carried: RULE_REASONS.Carried,
  FullMoveTaken: RULE_REASONS.FullMoveTaken,
  NoZeroRangeByMove: RULE_REASONS.NoZeroRangeByMove,
  MovesWithPassenger: RULE_REASONS.MovesWithPassenger,
  NoMoveDeclared: RULE_REASONS.NoMoveDeclared,
  CannotFly: RULE_REASONS.CannotFly,
  NoGroundToWalk: RULE_REASONS.NoGroundToWalk,
  NoStandardMove: RULE_REASONS.NoStandardMove,
  TakeOffNeedsFullMove: RULE_REASONS.TakeOffNeedsFullMove,
  TooManyAltitudeSteps: RULE_REASONS.TooManyAltitudeSteps,
  TooManyDistanceSteps: RULE_REASONS.TooManyDistanceSteps,
  ForcedFullMove: RULE_REASONS.ForcedFullMove,
  AlreadyMoved: RULE_REASONS.AlreadyMoved,
  Surprised: RULE_REASONS.Surprised,
  Ambushed: RULE_REASONS.Ambushed,
  ActedNoFullMove: RULE_REASONS.ActedNoFullMove,
} as const);

type MoveReason = keyof typeof MOVE_REASONS;

/** What a move writes to the log; each value is an en.json key. */
export const MOVE_LOG = Object.freeze({
  Altitude: "AOD.Rules.Log.MoveAltitude",
  Distance: "AOD.Rules.Log.MoveDistance",
  CarriedAlong: "AOD.Rules.Log.CarriedAlong",
  FullMove: "AOD.Rules.Log.FullMove",
} as const);

/** Parses a declared move given to a public entry point: known ids, bands and kind. */
export function parseMove(state: SkirmishState, value: unknown): MoveDeclaration {
  const m = assertRecord("move", value);
  const id = combatant(state, assertString("move.id", m.id), "move.id").id;
  const kind = assertOneOf("move.kind", m.kind, MOVE_KINDS);
  const move: MoveDeclaration = { id, kind };
  if (m.altitude !== undefined) move.altitude = assertOneOf("move.altitude", m.altitude, ALTITUDES);
  if (m.distance !== undefined) {
    move.distance = assertOneOf("move.distance", m.distance, DISTANCES);
    if (m.reference === undefined) fail("move.reference", "a reference id when a distance is given", undefined);
  }
  if (m.reference !== undefined) {
    const reference = assertString("move.reference", m.reference);
    if (reference === id) fail("move.reference", "another combatant or a landmark", reference);
    if (!state.combatants[reference] && !state.landmarks[reference]) {
      fail("move.reference", "the id of a combatant or landmark", reference);
    }
    move.reference = reference;
  }
  return move;
}

/** Whatever keeps this combatant from moving at all this phase, as a reason name. */
function blocker(state: SkirmishState, mover: CombatantState, phase: MovePhase): MoveReason | undefined {
  if (!isMovementPhase(phase)) return "NotMovementPhase";
  const health = healthOf(mover);
  if (health === "dead") return "Dead";
  if (health === "severelyInjured") return "SeverelyInjured"; // 000 Severe injury and Death
  if (isPinned(state, mover.id)) return "Pinned"; // 000 Manoeuvres: pinned combatants make no tactical movement
  if (carrierOf(state, mover.id) !== undefined) return "Carried"; // its carrier moves it
  // 000 "Falling out of the Sky": a non-flyer in the air (let go, shaken loose) makes no ground move; it falls.
  if (!mover.canFly && mover.altitude !== "grounded") return "NoGroundToWalk";
  // RULES.md Surprise and ambush: no actions in the first round, movement included.
  if (hasRoundEffect(mover, "ambushed")) return "Ambushed";
  if (hasRoundEffect(mover, "surprised")) return "Surprised";
  if (mover.fullMove) return "FullMoveTaken";
  if (mover.moved) return "AlreadyMoved"; // 000 Manoeuvres: one move a round
  return undefined;
}

const NO_PASSENGERS: readonly string[] = Object.freeze([]);

/** The combatants that travel with a carrier: what it carries, and what that one carries in turn. */
function passengers(state: SkirmishState, id: string): readonly string[] {
  // Most movers carry nobody: the one empty list, none made (a simulator hot path).
  if (state.carrying[id] === undefined) return NO_PASSENGERS;
  const found: string[] = [];
  let next: string | undefined = state.carrying[id];
  while (next !== undefined && next !== id && !found.includes(next)) {
    found.push(next);
    next = state.carrying[next];
  }
  return found;
}

function stepsNeeded(state: SkirmishState, mover: CombatantState, move: MoveDeclaration): MoveSteps {
  const altitude = move.altitude === undefined ? 0 : Math.abs(altitudeIndex(move.altitude) - altitudeIndex(mover.altitude));
  const distance =
    move.distance === undefined || move.reference === undefined
      ? 0
      : Math.abs(distanceIndex(move.distance) - distanceIndex(distanceBetween(state, mover.id, move.reference)));
  return { distance, altitude };
}

/** Checks the steps against the allowance; undefined when the move fits. */
function allowanceProblem(mover: CombatantState, kind: MoveKind, need: MoveSteps): MoveReason | undefined {
  if (need.altitude > 0 && !mover.canFly) return "CannotFly"; // non-flyers never change altitude
  // A flyer that stays on the ground moves as ground troops do; only taking off is a full aerial move.
  const flies = mover.canFly && (mover.altitude !== "grounded" || need.altitude > 0);
  const allowance = freeMoverAllowance(flies, mover.altitude, mover.fastGround);
  const allowed = allowance[kind];
  if (kind === "standard" && allowed.distance === 0 && allowed.altitude === 0) return "NoStandardMove";
  // RULES.md Movement: taking off is a full aerial move.
  if (need.altitude > allowed.altitude && mover.altitude === "grounded") return "TakeOffNeedsFullMove";
  if (need.altitude > allowed.altitude) return "TooManyAltitudeSteps";
  if (need.distance > allowed.distance) return "TooManyDistanceSteps";
  return undefined;
}

/** The first thing that makes a declared move illegal, or undefined when it is legal. */
function moveProblem(state: SkirmishState, move: MoveDeclaration, phase: MovePhase): MoveReason | undefined {
  const mover = combatant(state, move.id, "move.id");
  const blocked = blocker(state, mover, phase);
  if (blocked !== undefined) return blocked;
  // 001 "Combat Events" (Stampede): this round's move must be a full one.
  if (move.kind === "standard" && hasRoundEffect(mover, "forcedFullMove")) return "ForcedFullMove";
  // 000 Manoeuvres: a full move allows no other action, so one who has acted cannot make it (d10 mode).
  if (move.kind === "full" && mover.acted) return "ActedNoFullMove";
  // 000 Distance: zero range comes only from a grapple hit, never from movement.
  if (move.distance === "zero") return "NoZeroRangeByMove";
  if (move.reference !== undefined && passengers(state, mover.id).includes(move.reference)) return "MovesWithPassenger";
  const need = stepsNeeded(state, mover, move);
  if (need.altitude === 0 && need.distance === 0) return "NoMoveDeclared";
  return allowanceProblem(mover, move.kind, need);
}

/**
 * Checks a declared move without making it (000 "Manoeuvres"): a refusal carries an en.json reason key;
 * malformed input (unknown ids, bands or kinds) throws a RangeError.
 */
export function validateMove(state: SkirmishState, move: MoveDeclaration, phase: MovePhase): Legality {
  const problem = moveProblem(state, parseMove(state, move), phase);
  return problem === undefined ? ALLOWED : refuse(MOVE_REASONS[problem]);
}

/**
 * Checks a declared move and, when it is legal, returns its changes and log (000 "Manoeuvres"): the new
 * altitude and distance, the same for anyone it carries, the moved flag, and the fullMove flag for a full move.
 */
export function resolveMove(state: SkirmishState, declared: MoveDeclaration, phase: MovePhase): MoveRuling {
  return resolveParsedMove(state, parseMove(state, declared), phase);
}

/**
 * `resolveMove` for a move already known to be well formed (`parseMove` would return it unchanged: a known mover
 * and reference, a known kind and bands), such as the simulator's own tactics make; the rules' checks all run.
 */
export function resolveParsedMove(
  state: SkirmishState,
  move: MoveDeclaration,
  phase: MovePhase,
  options: ReportOptions = {},
): MoveRuling {
  const problem = moveProblem(state, move, phase);
  if (problem !== undefined) return refuse(MOVE_REASONS[problem]);
  const logging = options.log !== false;
  const mover = combatant(state, move.id);
  const riders = passengers(state, mover.id);
  const changes: StateChange[] = [];
  const log: LogEntry[] = [];

  if (move.altitude !== undefined && move.altitude !== mover.altitude) {
    if (logging) log.push({ key: MOVE_LOG.Altitude, data: { name: mover.name, from: mover.altitude, to: move.altitude } });
    changes.push({ type: "altitude", id: mover.id, altitude: move.altitude });
    for (const id of riders) changes.push({ type: "altitude", id, altitude: move.altitude });
  }
  if (move.reference !== undefined && move.distance !== undefined) {
    const from = distanceBetween(state, mover.id, move.reference);
    if (from !== move.distance) {
      if (logging) {
        const reference = state.combatants[move.reference]?.name ?? state.landmarks[move.reference]?.name ?? move.reference;
        log.push({
          key: MOVE_LOG.Distance,
          data: { name: mover.name, reference, from, to: move.distance },
        });
      }
      changes.push({ type: "distance", a: mover.id, b: move.reference, distance: move.distance });
      for (const id of riders) {
        changes.push({ type: "distance", a: id, b: move.reference, distance: move.distance });
      }
    }
  }
  for (const id of riders) {
    const name = combatant(state, id).name;
    if (logging) log.push({ key: MOVE_LOG.CarriedAlong, data: { name, carrier: mover.name } });
  }
  // A combatant that flies where it wants is no longer falling (it chose to fall last round and has recovered).
  if (mover.falling) changes.push({ type: "flag", id: mover.id, flag: "falling", value: false });
  changes.push({ type: "flag", id: mover.id, flag: "moved", value: true });
  if (move.kind === "full") {
    changes.push({ type: "flag", id: mover.id, flag: "fullMove", value: true });
    if (logging) log.push({ key: MOVE_LOG.FullMove, data: { name: mover.name } });
  }
  return { allowed: true, changes, log };
}

/**
 * The altitude bands and, per reference, the distance bands a combatant may move to with one kind of move,
 * for the range board; empty lists when it cannot move at all. A distance band is listed when some legal move
 * reaches it, with or without a change of altitude.
 */
export function legalMoveTargets(state: SkirmishState, id: string, kind: MoveKind, phase: MovePhase): MoveTargets {
  const mover = combatant(state, id, "id");
  assertOneOf("kind", kind, MOVE_KINDS);
  const legal = (move: Omit<MoveDeclaration, "id" | "kind">): boolean =>
    moveProblem(state, { id, kind, ...move }, phase) === undefined;
  const altitudes = ALTITUDES.filter((altitude) => altitude !== mover.altitude && legal({ altitude }));
  const distances: Record<string, Distance[]> = {};
  for (const reference of [...Object.keys(state.combatants), ...Object.keys(state.landmarks)]) {
    if (reference === id) continue;
    const current = distanceBetween(state, id, reference);
    // A grounded flyer reaches farther when it takes off (a full aerial move): a band counts if any legal climb
    // together with it is allowed.
    const reachable = (distance: Distance): boolean =>
      legal({ reference, distance }) || altitudes.some((altitude) => legal({ altitude, reference, distance }));
    distances[reference] = DISTANCES.filter((distance) => distance !== current && reachable(distance));
  }
  return { altitudes, distances };
}
