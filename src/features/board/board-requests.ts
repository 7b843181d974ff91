/**
 * The board's requests between users, as pure functions: a player's move, read from an untrusted payload,
 * checked against who asked and the latest skirmish state, and turned into the engine's changes; and the GM's
 * direct edits. The Foundry wiring (src/features/board/board-request-handlers.ts) re-reads the combat
 * and the requester from documents the server vouches for before it calls these (docs/COMBAT.md "Requests"); nothing here trusts a payload's claim about who sent it.
 */
import { ALTITUDES, DISTANCES } from "../../rules/bands";
import { BOARD_MOVE_KINDS, resolveBoardMove } from "../../rules/board/board-move";
import type { BoardMove } from "../../rules/board/board-move";
import { applyBoardEdit } from "../../rules/board/edits";
import type { BoardEdit, EditRuling } from "../../rules/board/edits";
import { BOARD_REASONS } from "../../rules/board/reasons";
import type { LogEntry, SkirmishState, StateChange } from "../../rules/state";
import { MOVE_REASONS } from "../../rules/procedures/move";
import type { MovePhase } from "../../rules/procedures/move";

/** The request kinds of the board. */
export const BOARD_REQUESTS = Object.freeze({ move: "board.move", edit: "board.edit" } as const);

/** The longest id a request may name (Foundry ids are 16 characters; landmark ids are the board's own). */
const MAX_ID = 64;

/** A move request after parsing: the combat it is for and the board move. */
export interface MoveRequest {
  combatId: string;
  move: BoardMove;
}

/** The outcome of reading a payload. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Who asked, as the GM's client established it from documents (never from the payload). */
export interface Requester {
  isGM: boolean;
  /** Whether the requester owns this combatant (the Combatant document's OWNER permission). */
  owns(combatantId: string): boolean;
}

/** The answer to a move request: a refusal with an en.json reason (nothing changes) or the changes to write. */
export type RequestRuling =
  | { allowed: false; reason: string }
  | { allowed: true; changes: StateChange[]; log: LogEntry[] };

function isId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= MAX_ID && !value.includes("|");
}

function oneOf<T extends string>(value: unknown, list: readonly T[]): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

/**
 * Reads a move payload: `{ combatId, moverId, kind, altitude?, reference?, distance? }`. A band that does not
 * exist is UnknownBand, anything else malformed is Malformed; extra fields are ignored.
 */
export function parseMoveRequest(payload: unknown): Parsed<MoveRequest> {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return fail(BOARD_REASONS.Malformed);
  const p = payload as Record<string, unknown>;
  if (!isId(p.combatId) || !isId(p.moverId)) return fail(BOARD_REASONS.Malformed);
  if (!oneOf(p.kind, BOARD_MOVE_KINDS)) return fail(BOARD_REASONS.Malformed);
  const move: BoardMove = { id: p.moverId, kind: p.kind };
  if (p.altitude !== undefined && p.altitude !== null) {
    if (!oneOf(p.altitude, ALTITUDES)) return fail(BOARD_REASONS.UnknownBand);
    move.altitude = p.altitude;
  }
  const hasReference = p.reference !== undefined && p.reference !== null;
  const hasDistance = p.distance !== undefined && p.distance !== null;
  if (hasReference !== hasDistance) return fail(BOARD_REASONS.Malformed);
  if (hasReference) {
    if (!isId(p.reference)) return fail(BOARD_REASONS.Malformed);
    if (!oneOf(p.distance, DISTANCES)) return fail(BOARD_REASONS.UnknownBand);
    move.reference = p.reference;
    move.distance = p.distance;
  }
  return { ok: true, value: { combatId: p.combatId, move } };
}

/**
 * Rules on a parsed move against the latest state: the mover and the reference must be on the board, the
 * requester must own the mover (or be a GM), and the engine must allow the move in this phase.
 */
export function ruleMoveRequest(
  state: SkirmishState,
  request: MoveRequest,
  phase: MovePhase | undefined,
  requester: Requester,
): RequestRuling {
  const { move } = request;
  if (!Object.hasOwn(state.combatants, move.id)) return { allowed: false, reason: BOARD_REASONS.UnknownCombatant };
  if (move.reference !== undefined) {
    const known = Object.hasOwn(state.combatants, move.reference) || Object.hasOwn(state.landmarks, move.reference);
    if (!known || move.reference === move.id) return { allowed: false, reason: BOARD_REASONS.UnknownReference };
  }
  if (!requester.isGM && !requester.owns(move.id)) return { allowed: false, reason: BOARD_REASONS.NotOwner };
  // Before the combat starts there is no round, so no movement phase either.
  if (phase === undefined) return { allowed: false, reason: MOVE_REASONS.NotMovementPhase };
  return resolveBoardMove(state, move, phase);
}

/** Reads a GM edit payload: an object with a known `type`; the edit itself checks every field. */
export function parseEditRequest(payload: unknown): Parsed<{ combatId: string; edit: BoardEdit }> {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return fail(BOARD_REASONS.Malformed);
  const p = payload as Record<string, unknown>;
  if (!isId(p.combatId) || typeof p.edit !== "object" || p.edit === null) return fail(BOARD_REASONS.Malformed);
  return { ok: true, value: { combatId: p.combatId, edit: p.edit as BoardEdit } };
}

/** Rules on a GM edit: only a GM may edit the board directly; the edit keeps the state consistent. */
export function ruleEditRequest(state: SkirmishState, edit: BoardEdit, requester: Requester): EditRuling {
  if (!requester.isGM) return { allowed: false, reason: BOARD_REASONS.GMOnly };
  return applyBoardEdit(state, edit);
}
