/**
 * Moves as the board offers them: a standard move, a full (aerial) move, or a full ground move, checked by the
 * engine's validateMove and resolveMove (000 "Manoeuvres", RULES.md "Movement"). The board adds what the
 * engine does not say about its own choices: a full (aerial) move needs wings and, from the ground, a take-off,
 * and a full ground move is a full move made on the ground without climbing. (That a combatant without wings in
 * the air cannot walk is the engine's own rule.)
 */
import { ALTITUDES, DISTANCES, distanceIndex } from "../bands";
import { MOVE_REASONS, legalMoveTargets, resolveMove, validateMove } from "../procedures/move";
import type { MoveDeclaration, MovePhase, MoveRuling, MoveTargets } from "../procedures/move";
import { combatant, distanceBetween } from "../state";
import type { SkirmishState } from "../state";
import type { Altitude, Distance, Legality } from "../types";
import { BOARD_REASONS } from "./reasons";

/** The three moves the board offers (000 "Manoeuvres"). */
export type BoardMoveKind = "standard" | "full" | "fullGround";

/** Every board move kind, the cheapest first. */
export const BOARD_MOVE_KINDS: readonly BoardMoveKind[] = Object.freeze(["standard", "full", "fullGround"]);

/** A move picked on the board: its kind, a new altitude, and a new distance to one combatant or landmark. */
export interface BoardMove {
  id: string;
  kind: BoardMoveKind;
  altitude?: Altitude;
  reference?: string;
  distance?: Distance;
}

/** The engine's declaration for a board move (a full ground move is a full move). */
export function moveDeclaration(move: BoardMove): MoveDeclaration {
  const declaration: MoveDeclaration = { id: move.id, kind: move.kind === "standard" ? "standard" : "full" };
  if (move.altitude !== undefined) declaration.altitude = move.altitude;
  if (move.reference !== undefined) declaration.reference = move.reference;
  if (move.distance !== undefined) declaration.distance = move.distance;
  return declaration;
}

/** What the board forbids before the engine is asked, as an en.json key. */
function boardProblem(state: SkirmishState, move: BoardMove): string | undefined {
  const mover = combatant(state, move.id, "move.id");
  if (move.kind === "full") {
    // The board's full move is the full aerial move; on foot the same full move is the full ground move.
    if (!mover.canFly) return MOVE_REASONS.CannotFly;
    const takesOff = move.altitude !== undefined && move.altitude !== mover.altitude;
    if (mover.altitude === "grounded" && !takesOff) return BOARD_REASONS.FullMoveTakesOff;
  }
  if (move.kind === "fullGround") {
    if (mover.altitude !== "grounded") return BOARD_REASONS.GroundMoveOnGround;
    if (move.altitude !== undefined && move.altitude !== mover.altitude) return BOARD_REASONS.GroundMoveNoClimb;
  }
  return undefined;
}

/** Checks a board move without making it; malformed input throws a RangeError as the engine's does. */
export function validateBoardMove(state: SkirmishState, move: BoardMove, phase: MovePhase): Legality {
  const engine = validateMove(state, moveDeclaration(move), phase);
  if (!engine.allowed) return engine;
  const problem = boardProblem(state, move);
  return problem === undefined ? engine : { allowed: false, reason: problem };
}

/** Checks a board move and, when legal, returns the engine's changes and log for it. */
export function resolveBoardMove(state: SkirmishState, move: BoardMove, phase: MovePhase): MoveRuling {
  const ruling = resolveMove(state, moveDeclaration(move), phase);
  if (!ruling.allowed) return ruling;
  const problem = boardProblem(state, move);
  return problem === undefined ? ruling : { allowed: false, reason: problem };
}

/** Whatever stops every move of this kind for this mover before any band is looked at (the board's own checks). */
function kindProblem(state: SkirmishState, id: string, kind: BoardMoveKind): string | undefined {
  return boardProblem(state, { id, kind });
}

/**
 * The altitudes and, per reference, the distance bands a board move of this kind could reach: the engine's
 * legalMoveTargets, narrowed by the board's own checks only where they can differ (a full move from the ground
 * must take off, a full ground move must not climb).
 */
export function boardMoveTargets(state: SkirmishState, id: string, kind: BoardMoveKind, phase: MovePhase): MoveTargets {
  const mover = combatant(state, id, "id");
  const engine = legalMoveTargets(state, id, kind === "standard" ? "standard" : "full", phase);
  const problem = kindProblem(state, id, kind);
  if (problem !== undefined && problem !== BOARD_REASONS.FullMoveTakesOff) {
    return { altitudes: [], distances: Object.fromEntries(Object.keys(engine.distances).map((ref) => [ref, []])) };
  }
  if (kind === "standard" || mover.altitude !== "grounded") return engine;
  const ok = (move: Omit<BoardMove, "id" | "kind">): boolean => validateBoardMove(state, { id, kind, ...move }, phase).allowed;
  const altitudes = kind === "fullGround" ? [] : engine.altitudes;
  const distances: Record<string, Distance[]> = {};
  for (const [reference, bands] of Object.entries(engine.distances)) {
    distances[reference] = bands.filter((distance) =>
      kind === "fullGround" ? ok({ reference, distance }) : altitudes.some((altitude) => ok({ altitude, reference, distance })),
    );
  }
  return { altitudes, distances };
}

/** Whether some move of this kind is open: a change of altitude, or one distance step to some reference. */
function anyMoveOpen(state: SkirmishState, id: string, kind: BoardMoveKind, phase: MovePhase): boolean {
  const ok = (move: Omit<BoardMove, "id" | "kind">): boolean => validateBoardMove(state, { id, kind, ...move }, phase).allowed;
  const mover = combatant(state, id, "id");
  if (ALTITUDES.some((altitude) => altitude !== mover.altitude && ok({ altitude }))) return true;
  // Any legal distance move implies a legal one-step move towards or away from the same reference.
  for (const reference of [...Object.keys(state.combatants), ...Object.keys(state.landmarks)]) {
    if (reference === id) continue;
    const from = distanceIndex(distanceBetween(state, id, reference));
    for (const index of [from - 1, from + 1]) {
      const distance = DISTANCES[index];
      if (distance !== undefined && ok({ reference, distance })) return true;
    }
  }
  return false;
}

/**
 * Why this combatant cannot make a move of this kind at all right now, or undefined when some move of the kind
 * is open to it: what stands in the way of any move (pinned, injured, already moved...), else why a one-step
 * move is refused (no standard move on the ground...).
 */
export function moveKindBlocked(state: SkirmishState, id: string, kind: BoardMoveKind, phase: MovePhase): string | undefined {
  const plain = validateBoardMove(state, { id, kind }, phase);
  if (plain.reason !== undefined && plain.reason !== MOVE_REASONS.NoMoveDeclared) return plain.reason;
  // The board's own checks that close the whole kind (no wings, not on the ground) need no search.
  const kindReason = kindProblem(state, id, kind);
  if (kindReason !== undefined && kindReason !== BOARD_REASONS.FullMoveTakesOff) return kindReason;
  if (anyMoveOpen(state, id, kind, phase)) return undefined;
  if (kindReason !== undefined) return kindReason;
  const reference = [...Object.keys(state.combatants), ...Object.keys(state.landmarks)].find((other) => other !== id);
  if (reference !== undefined) {
    const from = distanceIndex(distanceBetween(state, id, reference));
    const step = DISTANCES[from > 1 ? from - 1 : from + 1];
    if (step !== undefined) {
      const stepped = validateBoardMove(state, { id, kind, reference, distance: step }, phase);
      if (stepped.reason !== undefined) return stepped.reason;
    }
  }
  return BOARD_REASONS.NoMoveOpen;
}

/** What the move form needs for one kind: the reachable altitudes, the references with a reachable band, the bands of one. */
export interface MoveOptions {
  altitudes: Altitude[];
  /** Every combatant or landmark some move of this kind can close on or open from, in board order. */
  references: string[];
  /** The reachable bands of `reference` (the first of `references` unless another was asked for and is there). */
  reference: string | undefined;
  distances: Distance[];
}

/**
 * The move form's choices without listing every band of every reference (docs/BOARD.md): a reference is
 * listed when a one-step move to or from it is legal (any legal move implies one), and the bands are listed for
 * the chosen reference only. Agrees with boardMoveTargets (a test checks it).
 */
export function moveOptions(state: SkirmishState, id: string, kind: BoardMoveKind, phase: MovePhase, wanted?: string): MoveOptions {
  const mover = combatant(state, id, "id");
  const ok = (move: Omit<BoardMove, "id" | "kind">): boolean => validateBoardMove(state, { id, kind, ...move }, phase).allowed;
  const altitudes = ALTITUDES.filter((altitude) => altitude !== mover.altitude && ok({ altitude }));
  const reaches = (reference: string, distance: Distance): boolean =>
    ok({ reference, distance }) || altitudes.some((altitude) => ok({ altitude, reference, distance }));
  const references: string[] = [];
  for (const reference of [...Object.keys(state.combatants), ...Object.keys(state.landmarks)]) {
    if (reference === id) continue;
    const from = distanceIndex(distanceBetween(state, id, reference));
    const steps = [DISTANCES[from - 1], DISTANCES[from + 1]].filter((d): d is Distance => d !== undefined);
    if (steps.some((distance) => reaches(reference, distance))) references.push(reference);
  }
  const reference = wanted !== undefined && references.includes(wanted) ? wanted : references[0];
  const current = reference === undefined ? undefined : distanceBetween(state, id, reference);
  const distances =
    reference === undefined ? [] : DISTANCES.filter((distance) => distance !== current && reaches(reference, distance));
  return { altitudes, references, reference, distances };
}
