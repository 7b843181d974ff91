/**
 * Apply and Undo of an attack card, exactly once (docs/ATTACK.md "Exactly once"). A card changes the card itself
 * and the documents it damages, which no single update can carry together, so each runs in three steps inside one
 * operation of the write queue:
 *
 *   1. the card records "operation X is applying" (or undoing), with the document updates X writes, in the same
 *      update that moves its stage;
 *   2. each document's update carries X in its bounded record of applied operations (core/writes/write-once.ts),
 *      so a document already listing X is skipped;
 *   3. the card records X as done.
 *
 * A reload anywhere leaves either nothing (the card still open: Apply again) or a card whose record is not done,
 * which the next operation on the card, or the active GM taking over, finishes from the record (`finishCard`):
 * repeating any step changes nothing. Undo writes the inverse the card kept, as its own operation. The documents
 * come in through `CardWrites`, so the tests' interleaving harness drives this same code. No Foundry globals.
 */
import { SYSTEM_ID } from "../../constants/system-id";
import type { DocumentUpdates } from "../../data/combat/updates";
import type { AttackSource } from "../../data/message/attack-source";
import { answerDefence, applyCard, autoApplies, closeCard, isResolved, undoCard } from "../../rules/attack-card";
import type { AnswerSource, CardResult } from "../../rules/attack-card";
import type { CardCheck } from "../../rules/attack-card-checks";
import { RULE_REASONS } from "../../rules/reasons";
import type { SkirmishState, StateChange } from "../../rules/state";
import type { Refusal, Requester, Verdict } from "../../core/requests/registry";
import type { OpContext } from "../../core/writes/write-queue";
import type { OpTargets } from "../../core/writes/write-once";
import { isEmptyUpdates, writeOnce } from "../../core/writes/write-once";
import type { CardFacts, DefendPayload } from "./attack-requests";
import { chosenCheck, isRefusal, validateApply, validateDefend, validateUndo } from "./attack-requests";

/** The card's flag (under the system's scope) holding its last write. */
export const WRITE_FLAG = "write";

/** The update path of that flag. */
export const WRITE_PATH = `flags.${SYSTEM_ID}.${WRITE_FLAG}`;

/** What a card records of the operation that writes its documents. */
export interface CardWriteRecord {
  op: string;
  kind: "apply" | "undo";
  done: boolean;
  /** The document updates of the operation, as JSON (their keys hold dots and `-=`, which an update would expand). */
  updates: string;
}

/** Reads a card's write record (null when it has none or it is malformed). */
export function readWriteRecord(value: unknown): CardWriteRecord | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.op !== "string" || (v.kind !== "apply" && v.kind !== "undo") || typeof v.done !== "boolean" || typeof v.updates !== "string") return null;
  return { op: v.op, kind: v.kind, done: v.done, updates: v.updates };
}

/** The updates a record holds (none when they do not read). */
export function recordUpdates(record: CardWriteRecord): DocumentUpdates {
  try {
    const parsed = JSON.parse(record.updates) as Partial<DocumentUpdates>;
    return { combat: parsed.combat ?? {}, actors: parsed.actors ?? {}, items: parsed.items ?? {}, statuses: parsed.statuses ?? {} };
  } catch {
    return { combat: {}, actors: {}, items: {}, statuses: {} };
  }
}

/** One card re-read inside the operation. */
export interface CardRead<S> {
  facts: CardFacts;
  source: AttackSource;
  record: CardWriteRecord | null;
  situation: S;
}

/** What the card's world must offer: its skirmish now and who is missing. */
export interface CardWorld {
  state: SkirmishState;
  missing: readonly string[];
}

/** The documents an Apply or Undo reads and writes. */
export interface CardWrites<S extends CardWorld> {
  /** Re-reads the card and its world (a refusal when the card is gone or unreadable). */
  read(): Promise<CardRead<S> | Refusal>;
  /** The document updates of engine changes against the world as it is now. */
  updatesFor(situation: S, changes: readonly StateChange[]): DocumentUpdates;
  /** The documents those updates land on. */
  targets(situation: S): OpTargets;
  /** One update of the card message (flat or nested keys). */
  writeCard(update: Record<string, unknown>): Promise<void>;
}

const verdictOf = (result: CardResult): Verdict => (result.ok ? { ok: true } : { ok: false, reason: result.reason });

/** The refusals of Apply's second look (`spentSince`): the card can never apply, so it closes. */
const SPENT: readonly string[] = [RULE_REASONS.AlreadyActed, RULE_REASONS.FullMoveNoAction, RULE_REASONS.NotEnoughMagic];

/** Finishes the card's write left half-done, if any (steps 2 and 3 from its record); true when there was one. */
export async function finishCard<S extends CardWorld>(io: CardWrites<S>, read: CardRead<S>): Promise<boolean> {
  const { record } = read;
  if (record === null || record.done || !read.facts.authoredByGM) return false;
  await writeOnce(io.targets(read.situation), recordUpdates(record), record.op);
  await io.writeCard({ [`${WRITE_PATH}.done`]: true });
  return true;
}

/** Re-reads the card, finishing first any write a reload or a failure left half-done. */
async function fresh<S extends CardWorld>(io: CardWrites<S>): Promise<CardRead<S> | Refusal> {
  const first = await io.read();
  if (isRefusal(first)) return first;
  return (await finishCard(io, first)) ? io.read() : first;
}

async function writeRecorded<S extends CardWorld>(
  io: CardWrites<S>,
  read: CardRead<S>,
  card: AttackSource["card"],
  kind: CardWriteRecord["kind"],
  changes: readonly StateChange[],
  op: OpContext,
): Promise<void> {
  const updates = io.updatesFor(read.situation, changes);
  const record: CardWriteRecord = { op: op.id, kind, done: isEmptyUpdates(updates), updates: JSON.stringify(updates) };
  await io.writeCard({ system: { ...read.source, card }, [WRITE_PATH]: record });
  if (record.done) return;
  await writeOnce(io.targets(read.situation), updates, op.id);
  await io.writeCard({ [`${WRITE_PATH}.done`]: true });
}

/** Apply, as operation `op`: the card's changes to the documents, once. */
export async function applyOp<S extends CardWorld>(io: CardWrites<S>, requester: Requester, op: OpContext): Promise<Verdict> {
  const read = await fresh(io);
  if (isRefusal(read)) return { ok: false, reason: read.refused, ...(read.data ? { data: read.data } : {}) };
  const { facts, source, situation } = read;
  const verdict = validateApply(facts, requester, situation.missing, isResolved(source.card));
  if (!verdict.ok) return verdict;
  const applied = applyCard(source.card, situation.state);
  if (!applied.ok) {
    // The second look found its battle action or Magic Points spent since: the card closes, holding nothing.
    const closed = SPENT.includes(applied.reason) ? closeCard(source.card, applied.reason) : null;
    if (closed?.ok) await io.writeCard({ system: { ...source, card: closed.card } });
    return verdictOf(applied);
  }
  await writeRecorded(io, read, applied.card, "apply", applied.card.application?.changes ?? [], op);
  return { ok: true };
}

/** Undo, as operation `op`: the inverse the card kept, once. */
export async function undoOp<S extends CardWorld>(io: CardWrites<S>, requester: Requester, op: OpContext): Promise<Verdict> {
  const read = await fresh(io);
  if (isRefusal(read)) return { ok: false, reason: read.refused, ...(read.data ? { data: read.data } : {}) };
  const { facts, source, situation } = read;
  const verdict = validateUndo(facts, requester, situation.missing);
  if (!verdict.ok) return verdict;
  const undone = undoCard(source.card);
  if (!undone.ok) return verdictOf(undone);
  await writeRecorded(io, read, undone.card, "undo", undone.card.application?.undo ?? [], op);
  return { ok: true };
}

/** What a defence needs besides the card's documents: the defender's checks, real dice, and who auto-applies. */
export interface DefendWrites<S extends CardWorld> extends CardWrites<S> {
  /** The checks this target may defend with now (card-situation.ts `optionsFor`). */
  options(read: CardRead<S>, targetId: string): CardCheck[];
  /** Rolls a pool; the faces, and the roll as the card stores it. */
  roll(pool: number, tn: number): Promise<{ faces: number[]; roll: unknown }>;
  /** Writes the card with a new roll added to its rolls (none: `roll` null). */
  writeAnswer(update: Record<string, unknown>, roll: unknown): Promise<void>;
  /** Who applies a card that settles itself (the active GM). */
  gm: Requester;
}

/**
 * One defender's answer, as operation `op`: re-read inside the operation, so of two answers for one target (its
 * owner's and the GM's) the first counts and the second is refused as no longer awaited; then a card that is
 * settled and needs no look (a miss, a grapple, a rescue) applies itself, within the same operation.
 */
export async function defendOp<S extends CardWorld>(io: DefendWrites<S>, payload: DefendPayload, requester: Requester, by: AnswerSource, op: OpContext): Promise<Verdict> {
  const read = await fresh(io);
  if (isRefusal(read)) return { ok: false, reason: read.refused, ...(read.data ? { data: read.data } : {}) };
  const options = io.options(read, payload.targetId);
  const verdict = validateDefend(payload, read.facts, requester, options);
  if (!verdict.ok) return verdict;
  const check = chosenCheck(payload, options);
  const rolled = check === null ? { faces: [] as number[], roll: null } : await io.roll(check.pool, check.tn);
  const answered = answerDefence(read.source.card, payload.targetId, { check, dice: check === null ? null : rolled.faces, by }, options);
  if (!answered.ok) return verdictOf(answered);
  await io.writeAnswer({ system: { ...read.source, card: answered.card } }, rolled.roll);
  const after = await io.read();
  if (!isRefusal(after) && autoApplies(after.source.card)) await applyOp(io, io.gm, op);
  return { ok: true };
}
