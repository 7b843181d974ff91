/**
 * The `combat.fall` request (000 "Falling out of the Sky": any aerial combatant may choose to fall): a player marks,
 * or unmarks, its own combatant to fall one band in this round's End Phase. Parse and validate are pure; gather
 * re-reads the combat and combatant, apply writes through the combat (GM side).
 */
import { chooseToFall } from "../../rules/procedures/end-phase";
import type { SkirmishState, StateChange } from "../../rules/state";
import type { Refusal, Requester, RequestKind, Verdict } from "../../core/requests/registry";
import { REQUEST_REASONS, badPayload, ownsOrGM, payloadId } from "../../core/requests/registry";
import type { OpContext } from "../../core/writes/write-queue";

/** What a fall request asks. */
export interface FallPayload {
  combatId: string;
  combatantId: string;
  /** true to choose to fall, false to take the choice back. */
  fall: boolean;
}

/** What the GM re-reads before ruling on a fall request. */
export interface FallFacts {
  /** The requester owns the combatant's actor. */
  owns: boolean;
  /** The combat has started, is not ended, and this round's End Phase has not been resolved yet. */
  open: boolean;
  /** The skirmish as it stands. */
  state: SkirmishState;
}

/** The request kind's name. */
export const FALL_REQUEST = "combat.fall";

/** Checks a fall request's payload. */
export function parseFall(payload: unknown): FallPayload | Refusal {
  const combatId = payloadId(payload, "combatId");
  if (combatId === undefined) return badPayload("combatId");
  const combatantId = payloadId(payload, "combatantId");
  if (combatantId === undefined) return badPayload("combatantId");
  const fall = (payload as Record<string, unknown>).fall;
  if (typeof fall !== "boolean") return badPayload("fall");
  return { combatId, combatantId, fall };
}

/** The changes a fall request makes, or a refusal (pure: the owner, the moment, and the rules). */
export function ruleOnFall(payload: FallPayload, facts: FallFacts, requester: Requester): { verdict: Verdict; changes: StateChange[] } {
  const owner = ownsOrGM(facts.owns, requester);
  if (!owner.ok) return { verdict: owner, changes: [] };
  if (!facts.open) return { verdict: { ok: false, reason: REQUEST_REASONS.NotNow }, changes: [] };
  const c = facts.state.combatants[payload.combatantId];
  if (!c) return { verdict: { ok: false, reason: REQUEST_REASONS.Gone }, changes: [] };
  if (!payload.fall) {
    const changes: StateChange[] = c.choseToFall ? [{ type: "flag", id: c.id, flag: "choseToFall", value: false }] : [];
    return { verdict: { ok: true }, changes };
  }
  const ruling = chooseToFall(facts.state, c.id);
  if (!ruling.allowed) return { verdict: { ok: false, reason: ruling.reason }, changes: [] };
  return { verdict: { ok: true }, changes: ruling.changes };
}

/** Builds the request kind from the Foundry-side gather and write (requests.ts registers it). */
export function fallRequestKind(io: {
  gather(payload: FallPayload, requester: Requester): FallFacts | Refusal | Promise<FallFacts | Refusal>;
  write(payload: FallPayload, changes: StateChange[], op: OpContext): Promise<void>;
}): RequestKind<FallPayload, FallFacts> {
  return {
    parse: parseFall,
    gather: (payload, requester) => io.gather(payload, requester),
    validate: (payload, facts, requester) => ruleOnFall(payload, facts, requester).verdict,
    async apply(payload, facts, requester, op) {
      const { changes } = ruleOnFall(payload, facts, requester);
      if (changes.length > 0) await io.write(payload, changes, op);
      return { ok: true };
    },
  };
}
