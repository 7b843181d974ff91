/**
 * The `combat.walk` request: a GM who is not the active GM asks the active GM to walk the round (start, next or
 * previous step, next round). Only the active GM walks, one walk at a time, so two GMs pressing "next" at once
 * never resolve one End Phase twice. Each walk names the cursor it was pressed at: once the round has moved on
 * from there the walk is refused, so a double click (or two GMs' clicks) moves the round one step, not two.
 * Parse and the ruling are pure; the Foundry side is in documents/combat.ts.
 */
import type { Refusal, Requester, Verdict } from "../core/requests/registry";
import { badPayload, payloadId } from "../core/requests/registry";

/** The request kind's name. */
export const WALK_REQUEST = "combat.walk";

/** What walking the round can do. */
export type WalkAction = "start" | "next" | "previous" | "nextRound";

/** Every walk action. */
export const WALK_ACTIONS: readonly WalkAction[] = Object.freeze(["start", "next", "previous", "nextRound"]);

/** Where the round stood when the walk was asked for. */
export interface WalkPoint {
  round: number;
  /** The step index in the round's plan. */
  index: number;
  /** The last round whose End Phase was resolved (resolving it does not move the step). */
  end: number;
}

/** What a walk request asks. */
export interface WalkPayload {
  combatId: string;
  action: WalkAction;
  at: WalkPoint;
}

/** Why a walk is refused; each is an en.json key. */
export const WALK_REASONS = Object.freeze({
  GMOnly: "AOD.Combat.Errors.GMOnly",
  MovedOn: "AOD.Combat.Errors.MovedOn",
} as const);

function point(value: unknown): WalkPoint | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { round, index, end } = value as Record<string, unknown>;
  const whole = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
  return whole(round) && whole(index) && whole(end) ? { round, index, end } : undefined;
}

/** Checks a walk request's payload. */
export function parseWalk(payload: unknown): WalkPayload | Refusal {
  const combatId = payloadId(payload, "combatId");
  if (combatId === undefined) return badPayload("combatId");
  const action = (payload as Record<string, unknown>).action;
  if (!(WALK_ACTIONS as readonly unknown[]).includes(action)) return badPayload("action");
  const at = point((payload as Record<string, unknown>).at);
  if (at === undefined) return badPayload("at");
  return { combatId, action: action as WalkAction, at };
}

/** Whether this walk goes ahead: only a GM asks, and only from where the round still stands. */
export function ruleOnWalk(payload: WalkPayload, now: WalkPoint, requester: Requester): Verdict {
  if (!requester.isGM) return { ok: false, reason: WALK_REASONS.GMOnly };
  const { at } = payload;
  if (at.round !== now.round || at.index !== now.index || at.end !== now.end) return { ok: false, reason: WALK_REASONS.MovedOn };
  return { ok: true };
}

/**
 * Core lets a player who owns the current combatant change a Combat's `round` and `turn` itself (its server-side
 * permission test; systems cannot change it). The round is the plan's, so the active GM puts back what a player
 * wrote: the round of the stored cursor and the turn of its step. Returns the update to write, or null when the
 * change came from a GM or touched neither field, or already agrees.
 */
export function repairPlayerWalk(
  changed: { round?: unknown; turn?: unknown },
  by: { isGM: boolean },
  plan: { round: number; turn: number | null },
  now: { round: number; turn: number | null },
): { round: number; turn: number | null } | null {
  if (by.isGM || !("round" in changed || "turn" in changed)) return null;
  if (now.round === plan.round && (plan.turn === null || now.turn === plan.turn)) return null;
  return { round: plan.round, turn: plan.turn ?? now.turn };
}
