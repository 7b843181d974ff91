/**
 * The End Phase and its undo, exactly once (docs/COMBAT.md "Exactly once"). The End Phase's falls and crashes and
 * the mark that this round's End Phase is done travel in ONE combat update, together with what is still to be
 * written (the actors' wounds, armour and statuses, and the card): a reload after it can never resolve the round's
 * End Phase again, and the next operation on the combat (or the active GM taking over) finishes what the record
 * says, each actor skipping an operation it already lists (core/writes/write-once.ts). The undo is written the same
 * way. The documents and the dice come in through `EndPhaseIO`, so the tests' interleaving harness drives this same
 * code. No Foundry globals.
 */
import { SYSTEM_ID } from "../../constants/system-id";
import type { EndPhaseCardData } from "../../core/cards/combat-card-context";
import { storedSkirmish } from "../../data/combat/combat-snapshot";
import type { StoredSkirmish } from "../../data/combat/stored";
import type { DocumentUpdates } from "../../data/combat/updates";
import type { OpContext } from "../../core/writes/write-queue";
import type { CombatTargets } from "../../core/writes/write-once";
import { stamped, writeOnce } from "../../core/writes/write-once";
import type { EndPhaseOutcome } from "../../rules/procedures/end-phase";
import type { SkirmishState, StateChange } from "../../rules/state";

/** The combat's flag (under the system's scope) holding an End Phase, or its undo, still being written. */
export const PENDING_FLAG = "endPhasePending";

/** The update path of that flag. */
export const PENDING_PATH = `flags.${SYSTEM_ID}.${PENDING_FLAG}`;

/** What is still to be written of an End Phase (`end`) or of its undo (`undo`). Bulky parts are JSON. */
export interface PendingEnd {
  op: string;
  kind: "end" | "undo";
  round: number;
  /** The actors' part of the updates (the combat's went with the record). */
  updates: string;
  /** The card's data (`end`). */
  card: string;
  /** The rolls of the card (`end`), as the Foundry side stores them. */
  rolls: string;
  /** The card undone (`undo`). */
  messageId: string;
}

/** Reads the pending record (null when none, or malformed). */
export function readPending(value: unknown): PendingEnd | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const str = (k: string): string | null => (typeof v[k] === "string" ? v[k] : null);
  const op = str("op");
  const updates = str("updates");
  if (op === null || updates === null || (v.kind !== "end" && v.kind !== "undo") || typeof v.round !== "number") return null;
  return { op, kind: v.kind, round: v.round, updates, card: str("card") ?? "", rolls: str("rolls") ?? "[]", messageId: str("messageId") ?? "" };
}

function parsed<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The documents, dice and cards of an End Phase. */
export interface EndPhaseIO {
  /** The combat's round now. */
  round(): number;
  /** The last round whose End Phase is done (`system.endPhase.round`) and its card. */
  endPhase(): { round: number; messageId: string };
  /** The pending record as stored (`flags.<system>.endPhasePending`). */
  pending(): unknown;
  skirmish(): SkirmishState;
  /** The skirmish as stored now (to translate the changes into paths). */
  updatesFor(changes: readonly StateChange[]): DocumentUpdates;
  targets(): CombatTargets;
  /** Resolves the End Phase with real dice; the rolls as they will be stored on the card. */
  roll(state: SkirmishState): Promise<{ outcome: EndPhaseOutcome; rolls: unknown[] }>;
  /** The End Phase card an operation posted, if it did. */
  findCard(opId: string): string | null;
  /** Posts the End Phase card for an operation; its id. */
  postCard(data: EndPhaseCardData, rolls: unknown[], opId: string): Promise<string>;
  /** Marks an End Phase card undone. */
  markUndone(messageId: string, data: EndPhaseCardData): Promise<void>;
  /** The state an End Phase card's undo returns to (its stored skirmish, with the wounds it kept). */
  undoTarget(data: EndPhaseCardData): SkirmishState;
  /** Reverts the skirmish from `now` to `before` (data/combat/round.ts revertChanges). */
  revert(now: SkirmishState, before: SkirmishState): StateChange[];
}

const actorsOnly = (updates: DocumentUpdates): string => JSON.stringify({ ...updates, combat: {} });

/** Finishes an End Phase (or undo) the record says is still being written; true when there was one. */
export async function finishEndPhase(io: EndPhaseIO): Promise<boolean> {
  const pending = readPending(io.pending());
  if (pending === null) return false;
  const targets = io.targets();
  const updates = parsed<DocumentUpdates>(pending.updates, { combat: {}, actors: {}, items: {}, statuses: {} });
  await writeOnce(targets, { ...updates, combat: {} }, pending.op);
  if (pending.kind === "end") {
    const data = parsed<EndPhaseCardData | null>(pending.card, null);
    const messageId = io.findCard(pending.op) ?? (data === null ? "" : await io.postCard(data, parsed<unknown[]>(pending.rolls, []), pending.op));
    const done: Record<string, unknown> = { [`flags.${SYSTEM_ID}.-=${PENDING_FLAG}`]: null };
    // The card's id is the combat's only while this End Phase is still its last (an undo may have come since).
    if (io.endPhase().round === pending.round) done["system.endPhase.messageId"] = messageId;
    await targets.combat.update(done);
    return true;
  }
  const data = parsed<EndPhaseCardData | null>(pending.card, null);
  if (data !== null && pending.messageId !== "") await io.markUndone(pending.messageId, data);
  await targets.combat.update({ [`flags.${SYSTEM_ID}.-=${PENDING_FLAG}`]: null });
  return true;
}

/**
 * Resolves this round's End Phase as operation `op`, unless it is done already: falls, crashes and resets against
 * the state now, written with the round's mark and the record in one combat update, then finished.
 */
export async function endPhaseOp(io: EndPhaseIO, op: OpContext): Promise<boolean> {
  await finishEndPhase(io);
  const round = io.round();
  if (round < 1 || io.endPhase().round >= round) return false;
  const before = io.skirmish();
  const { outcome, rolls } = await io.roll(before);
  const updates = io.updatesFor(outcome.changes);
  const wounds = Object.fromEntries(Object.values(before.combatants).map((c) => [c.id, c.life.wounds]));
  const undo: { skirmish: StoredSkirmish; wounds: Record<string, number> } = { skirmish: storedSkirmish(before), wounds };
  const data: EndPhaseCardData = { round, surface: before.surface, falls: outcome.falls, log: outcome.log, undo };
  const pending: PendingEnd = { op: op.id, kind: "end", round, updates: actorsOnly(updates), card: JSON.stringify(data), rolls: JSON.stringify(rolls), messageId: "" };
  const targets = io.targets();
  const record = stamped(targets.combat, op.id, {
    ...updates.combat,
    "system.endPhase.round": round,
    "system.endPhase.messageId": "",
    [PENDING_PATH]: pending,
  });
  if (record !== null) await targets.combat.update(record);
  await finishEndPhase(io);
  return true;
}

/** Why an End Phase undo is refused; an en.json key. */
export const UNDO_TOO_LATE = "AOD.Combat.Errors.UndoTooLate";

/**
 * Undoes the End Phase a card shows as operation `op`, if it is still the combat's last one and the round has not
 * moved on: the reverting skirmish paths, the round's mark and the record in one combat update, then the actors
 * and the card. Returns a refusal key, or null.
 */
export async function undoEndPhaseOp(io: EndPhaseIO, messageId: string, data: EndPhaseCardData, op: OpContext): Promise<string | null> {
  await finishEndPhase(io);
  const last = io.endPhase();
  if (last.messageId !== messageId || last.round !== data.round || io.round() !== data.round) return UNDO_TOO_LATE;
  const updates = io.updatesFor(io.revert(io.skirmish(), io.undoTarget(data)));
  const pending: PendingEnd = { op: op.id, kind: "undo", round: data.round, updates: actorsOnly(updates), card: JSON.stringify(data), rolls: "[]", messageId };
  const targets = io.targets();
  const record = stamped(targets.combat, op.id, {
    ...updates.combat,
    "system.endPhase.round": data.round - 1,
    "system.endPhase.messageId": "",
    [PENDING_PATH]: pending,
  });
  if (record !== null) await targets.combat.update(record);
  await finishEndPhase(io);
  return null;
}
