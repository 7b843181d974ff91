/**
 * Moves as the board offers them: a standard move, a full (aerial) move, or a full ground move, checked by the
 * engine's validateMove and resolveMove (000 "Manoeuvres", RULES.md "Movement"). The board adds what the
 * engine does not say about its own choices: a full ground move is a full move made on the ground without
 * climbing, and a combatant without wings that is in the air (dropped by its carrier) cannot walk anywhere.
 */
import { DISTANCES, distanceIndex } from "../bands";
import { MOVE_REASONS, legalMoveTargets, resolveMove, validateMove } from "../procedures/move";
import type { MoveDeclaration, MovePhase, MoveRuling, MoveTargets } from "../procedures/move";
import { carrierOf, combatant, distanceBetween } from "../state";
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
  // Without wings and off the ground, nothing holds it up to walk on; its carrier moves it (the engine says so).
  if (!mover.canFly && mover.altitude !== "grounded" && carrierOf(state, mover.id) === undefined) {
    return BOARD_REASONS.AirborneCannotWalk;
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

/**
 * The altitudes and, per reference, the distance bands a board move of this kind could reach, from the engine's
 * legalMoveTargets narrowed by the board's own checks.
 */
export function boardMoveTargets(state: SkirmishState, id: string, kind: BoardMoveKind, phase: MovePhase): MoveTargets {
  const engine = legalMoveTargets(state, id, kind === "standard" ? "standard" : "full", phase);
  const ok = (move: Omit<BoardMove, "id" | "kind">): boolean => validateBoardMove(state, { id, kind, ...move }, phase).allowed;
  const altitudes = kind === "fullGround" ? [] : engine.altitudes.filter((altitude) => ok({ altitude }));
  const distances: Record<string, Distance[]> = {};
  for (const [reference, bands] of Object.entries(engine.distances)) {
    distances[reference] = bands.filter(
      (distance) => ok({ reference, distance }) || altitudes.some((altitude) => ok({ altitude, reference, distance })),
    );
  }
  return { altitudes, distances };
}

/**
 * Why this combatant cannot make a move of this kind at all right now, or undefined when some move of the kind
 * is open to it: what stands in the way of any move (pinned, injured, already moved...), else why a one-step
 * move is refused (no standard move on the ground...).
 */
export function moveKindBlocked(state: SkirmishState, id: string, kind: BoardMoveKind, phase: MovePhase): string | undefined {
  const targets = boardMoveTargets(state, id, kind, phase);
  const open = targets.altitudes.length > 0 || Object.values(targets.distances).some((bands) => bands.length > 0);
  if (open) return undefined;
  const plain = validateBoardMove(state, { id, kind }, phase);
  if (plain.reason !== undefined && plain.reason !== MOVE_REASONS.NoMoveDeclared) return plain.reason;
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
