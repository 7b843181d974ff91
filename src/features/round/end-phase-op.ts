/**
 * The End Phase and its undo, exactly once (docs/COMBAT.md "Exactly once"). The round's End Phase card is posted
 * first, under an id that follows from the combat and the round, carrying the record of everything to write: the
 * server keeps one such card, so one End Phase per round even when two GMs overlap at a hand-over. Then the
 * falls, crashes and resets travel with the mark that the round's End Phase is done in ONE combat update, the
 * actors follow (each skipping an operation it already lists, core/writes/write-once.ts), and the card is marked
 * done; the next operation on the combat, or the active GM taking over, finishes a record a reload cut short. The
 * undo's record rides in the combat update that reverts the skirmish. The documents and the dice come in through `EndPhaseIO`, so the tests' interleaving harness drives this same
 * code. Pure: no Foundry, DOM or browser globals.
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

/** The combat's flag (under the system's scope) holding an End Phase undo still being written. */
export const PENDING_FLAG = "endPhasePending";

/** The update path of that flag. */
export const PENDING_PATH = `flags.${SYSTEM_ID}.${PENDING_FLAG}`;

/** What is still to be written of an End Phase undo. Bulky parts are JSON. */
export interface PendingEnd {
  op: string;
  kind: "undo";
  round: number;
  /** The actors' part of the updates (the combat's went with the record). */
  updates: string;
  /** The undone card's data. */
  card: string;
  /** The card undone. */
  messageId: string;
}

/** Reads the pending record (null when none, or malformed). */
export function readPending(value: unknown): PendingEnd | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const str = (k: string): string | null => (typeof v[k] === "string" ? v[k] : null);
  const op = str("op");
  const updates = str("updates");
  if (op === null || updates === null || v.kind !== "undo" || typeof v.round !== "number") return null;
  return { op, kind: "undo", round: v.round, updates, card: str("card") ?? "", messageId: str("messageId") ?? "" };
}

function parsed<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** What an End Phase card records of its operation until it is written: `flags.<system>.endRecord`. */
export interface EndRecord {
  op: string;
  round: number;
  /** The combat's part of the updates, and the actors' (JSON). */
  combat: string;
  actors: string;
  done: boolean;
}

/** The End Phase card's flag holding its record. */
export const END_RECORD_FLAG = "endRecord";

/** Reads an End Phase card's record (null when none, or malformed). */
export function readEndRecord(value: unknown): EndRecord | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.op !== "string" || typeof v.round !== "number" || typeof v.combat !== "string" || typeof v.actors !== "string" || typeof v.done !== "boolean") return null;
  return { op: v.op, round: v.round, combat: v.combat, actors: v.actors, done: v.done };
}

/** The documents, dice and cards of an End Phase. */
export interface EndPhaseIO {
  /** The combat's round now. */
  round(): number;
  /** The last round whose End Phase is done (`system.endPhase.round`) and its card. */
  endPhase(): { round: number; messageId: string };
  /** The undo record as stored (`flags.<system>.endPhasePending`). */
  pending(): unknown;
  skirmish(): SkirmishState;
  /** The document updates of engine changes against the combat now. */
  updatesFor(changes: readonly StateChange[]): DocumentUpdates;
  targets(): CombatTargets;
  /** Resolves the End Phase with real dice; the rolls as they will be stored on the card. */
  roll(state: SkirmishState): Promise<{ outcome: EndPhaseOutcome; rolls: unknown[] }>;
  /** The id of round `round`'s End Phase card: the same for every GM (op-record.ts `claimId`). */
  cardId(round: number): string;
  /**
   * Posts the End Phase card with that id, carrying its record; false when the server already has a card with the
   * id (another GM claimed this round's End Phase first).
   */
  claimCard(id: string, data: EndPhaseCardData, rolls: unknown[], record: EndRecord): Promise<boolean>;
  /** This combat's End Phase cards with their records as stored. */
  endCards(): { id: string; record: unknown }[];
  /** One update of an End Phase card. */
  updateCard(id: string, update: Record<string, unknown>): Promise<void>;
  /** Marks an End Phase card undone. */
  markUndone(messageId: string, data: EndPhaseCardData): Promise<void>;
  /** The state an End Phase card's undo returns to (its stored skirmish, with the wounds it kept). */
  undoTarget(data: EndPhaseCardData): SkirmishState;
  /** Reverts the skirmish from `now` to `before` (data/combat/round.ts revertChanges). */
  revert(now: SkirmishState, before: SkirmishState): StateChange[];
}

const noUpdates = (): DocumentUpdates => ({ combat: {}, actors: {}, items: {}, statuses: {} });

/** Writes what an End Phase card's record says is still to write: the combat's update, the actors, then "done". */
async function finishCard(io: EndPhaseIO, id: string, record: EndRecord): Promise<void> {
  const targets = io.targets();
  if (io.endPhase().round < record.round) {
    const data = stamped(targets.combat, record.op, {
      ...parsed<Record<string, unknown>>(record.combat, {}),
      "system.endPhase.round": record.round,
      "system.endPhase.messageId": id,
    });
    if (data !== null) await targets.combat.update(data);
  }
  await writeOnce(targets, { ...parsed<DocumentUpdates>(record.actors, noUpdates()), combat: {} }, record.op);
  await io.updateCard(id, { [`flags.${SYSTEM_ID}.${END_RECORD_FLAG}.done`]: true });
}

/** Finishes every End Phase, or undo, that a reload left half-written; true when there was one. */
export async function finishEndPhase(io: EndPhaseIO): Promise<boolean> {
  let finished = false;
  for (const { id, record } of io.endCards()) {
    const r = readEndRecord(record);
    if (r === null || r.done) continue;
    await finishCard(io, id, r);
    finished = true;
  }
  const pending = readPending(io.pending());
  if (pending === null) return finished;
  const targets = io.targets();
  const updates = parsed<DocumentUpdates>(pending.updates, noUpdates());
  await writeOnce(targets, { ...updates, combat: {} }, pending.op);
  const data = parsed<EndPhaseCardData | null>(pending.card, null);
  if (data !== null && pending.messageId !== "") await io.markUndone(pending.messageId, data);
  await targets.combat.update({ [`flags.${SYSTEM_ID}.-=${PENDING_FLAG}`]: null });
  return true;
}

/**
 * Resolves this round's End Phase as operation `op`, unless it is done already: falls, crashes and resets against
 * the state now. The round's card is the claim (its id follows from the combat and the round, so the server takes
 * one card per round): it carries the record of what is to be written, then the combat update (the skirmish's
 * changes with the round's mark) and the actors follow, and the card is marked done. A GM whose claim is refused
 * finishes the other's record instead; a reload anywhere leaves a record the next operation finishes.
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
  const record: EndRecord = { op: op.id, round, combat: JSON.stringify(updates.combat), actors: JSON.stringify({ ...updates, combat: {} }), done: false };
  const id = io.cardId(round);
  const claimed = await io.claimCard(id, data, rolls, record);
  if (!claimed) {
    // Another GM's End Phase for this round is on the server: finish that one, never a second.
    await finishEndPhase(io);
    return false;
  }
  await finishCard(io, id, record);
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
  const pending: PendingEnd = { op: op.id, kind: "undo", round: data.round, updates: JSON.stringify({ ...updates, combat: {} }), card: JSON.stringify(data), messageId };
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
