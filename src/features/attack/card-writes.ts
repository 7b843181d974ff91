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
 * repeating any step changes nothing. Undo writes the inverse the card kept, as its own operation.
 *
 * A defender's answer is a claim (`defendOp`): before it is written on the card, a claim document is created under
 * an id that follows from the card and the target (`defenceClaimId`, core/writes/op-record.ts `claimId`), carrying
 * the answer. The server keeps one document per id (core's `keepId` create, common/abstract/document.mjs), so of
 * two GMs accepting answers at once (a hand-over's overlap) exactly one claims; the card then records the answer
 * with its operation's id (`flags.<system>.defences.<target>`), and the claim is dropped. A reload in between leaves
 * the claim, which the next operation on the card, or the active GM taking over, writes (`finishCard`). The
 * documents come in through `CardWrites`, so the tests' interleaving harness drives this same code. No Foundry
 * globals.
 */
import { SYSTEM_ID } from "../../constants/system-id";
import type { DocumentUpdates } from "../../data/combat/updates";
import type { AttackSource } from "../../data/message/attack-source";
import { ANSWER_SOURCES, CARD_REASONS, answerDefence, applyCard, autoApplies, closeCard, isResolved, undoCard } from "../../rules/attack-card";
import type { AnswerSource, CardResult, DefenceAnswer } from "../../rules/attack-card";
import type { CardCheck } from "../../rules/attack-card-checks";
import { RULE_REASONS } from "../../rules/reasons";
import type { SkirmishState, StateChange } from "../../rules/state";
import type { Refusal, Requester, Verdict } from "../../core/requests/registry";
import type { OpContext } from "../../core/writes/write-queue";
import type { OpTargets } from "../../core/writes/write-once";
import { claimId } from "../../core/writes/op-record";
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

/** The card's flag (under the system's scope) naming, per target, the operation whose defence answer it shows. */
export const DEFENCES_FLAG = "defences";

/** The update path of that flag. */
export const DEFENCES_PATH = `flags.${SYSTEM_ID}.${DEFENCES_FLAG}`;

/** The flag of a defence claim document holding its record. */
export const DEFENCE_CLAIM_FLAG = "defenceClaim";

/** What a defence claim carries: the answer, who gave it (its operation) and its roll as stored (JSON, or null). */
export interface DefenceClaim {
  op: string;
  cardId: string;
  targetId: string;
  answer: DefenceAnswer;
  roll: unknown;
}

/** The id of the claim of one target's defence on one card: the same on every GM's client. */
export function defenceClaimId(cardId: string, targetId: string): string {
  return claimId(cardId, "defence", targetId);
}

const isDice = (value: unknown): value is number[] => Array.isArray(value) && value.every((d) => typeof d === "number");

/** Reads a defence claim's record (null when malformed). */
export function readDefenceClaim(value: unknown): DefenceClaim | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const a = v.answer as Record<string, unknown> | null | undefined;
  if (typeof v.op !== "string" || typeof v.cardId !== "string" || typeof v.targetId !== "string" || typeof a !== "object" || a === null) return null;
  if (!ANSWER_SOURCES.includes(a.by as AnswerSource)) return null;
  const check = a.check as DefenceAnswer["check"] | undefined;
  if (check !== null && (typeof check !== "object" || typeof check.skill !== "string" || typeof check.pool !== "number" || typeof check.tn !== "number")) return null;
  if (a.dice !== null && !isDice(a.dice)) return null;
  const answer: DefenceAnswer = { check: check === null ? null : { ...check }, dice: a.dice === null ? null : [...a.dice], by: a.by as AnswerSource };
  return { op: v.op, cardId: v.cardId, targetId: v.targetId, answer, roll: v.roll ?? null };
}

/**
 * What a card records, per target, of the answer it accepted (`flags.<system>.defences.<target>`): its operation and
 * the answer. Flags merge key by key, so this record survives a write of the card's whole `system` made from an
 * older read (two GMs at once at a hand-over answering different targets), and the answer is written back from it.
 */
export interface DefenceRecord {
  op: string;
  answer: DefenceAnswer;
}

/** The answer a card records for a target (null when none, or malformed). */
export function defenceRecord(flags: unknown, targetId: string): DefenceRecord | null {
  if (typeof flags !== "object" || flags === null) return null;
  const value = (flags as Record<string, unknown>)[targetId];
  if (typeof value !== "object" || value === null) return null;
  const claim = readDefenceClaim({ ...(value as Record<string, unknown>), cardId: "", targetId });
  return claim === null ? null : { op: claim.op, answer: claim.answer };
}

/** The operation whose answer a card shows for a target ("" when none is recorded). */
export function defenceOp(flags: unknown, targetId: string): string {
  return defenceRecord(flags, targetId)?.op ?? "";
}

/** The update path of a target's defence record. */
const defencePath = (targetId: string): string => `${DEFENCES_PATH}.${targetId}`;

/** One card re-read inside the operation. */
export interface CardRead<S> {
  facts: CardFacts;
  source: AttackSource;
  record: CardWriteRecord | null;
  /** The card's `flags.<system>.defences` as stored. */
  defences: unknown;
  situation: S;
}

/** What the situation a card is read in must offer: the skirmish now and who is missing. */
export interface CardSkirmish {
  state: SkirmishState;
  missing: readonly string[];
}

/** The documents an Apply or Undo reads and writes. */
export interface CardWrites<S extends CardSkirmish> {
  /** Re-reads the card and its situation (a refusal when the card is gone or unreadable). */
  read(): Promise<CardRead<S> | Refusal>;
  /** The document updates of engine changes against the skirmish as it is now. */
  updatesFor(situation: S, changes: readonly StateChange[]): DocumentUpdates;
  /** The documents those updates land on. */
  targets(situation: S): OpTargets;
  /** One update of the card message (flat or nested keys). */
  writeCard(update: Record<string, unknown>): Promise<void>;
  /** The card's id. */
  readonly cardId: string;
  /** Writes the card with a defence roll added to its rolls (`roll`: the roll or its stored JSON; null: none). */
  writeAnswer(update: Record<string, unknown>, roll: unknown): Promise<void>;
  /** Creates a defence claim under `id`; false when the server already has a document with that id. */
  claimDefence(id: string, claim: DefenceClaim): Promise<boolean>;
  /** This card's defence claims (GM-authored), with their records as stored. */
  defenceClaims(): { id: string; record: unknown }[];
  /** Removes a claim (nothing when it is gone already). */
  dropClaim(id: string): Promise<void>;
}

const verdictOf = (result: CardResult): Verdict => (result.ok ? { ok: true } : { ok: false, reason: result.reason });

/** The refusals of Apply's second look (`spentSince`): the card can never apply, so it closes. */
const SPENT: readonly string[] = [RULE_REASONS.AlreadyActed, RULE_REASONS.FullMoveNoAction, RULE_REASONS.NotEnoughMagic];

/**
 * Writes every defence claim of the card that the card does not show yet (its answer, with its operation's id), and
 * drops every claim; true when an answer was written. A claim whose target has answered meanwhile writes nothing.
 */
export async function finishDefences<S extends CardSkirmish>(io: CardWrites<S>): Promise<boolean> {
  let wrote = false;
  for (const { id, record } of io.defenceClaims()) {
    const claim = readDefenceClaim(record);
    if (claim !== null && claim.cardId === io.cardId) {
      const read = await io.read();
      if (isRefusal(read)) return wrote;
      const allowed = claim.answer.check === null ? [] : [claim.answer.check];
      const answered = answerDefence(read.source.card, claim.targetId, claim.answer, allowed);
      if (answered.ok && read.facts.authoredByGM) {
        const record: DefenceRecord = { op: claim.op, answer: claim.answer };
        await io.writeAnswer({ system: { ...read.source, card: answered.card }, [defencePath(claim.targetId)]: record }, claim.roll);
        wrote = true;
      }
    }
    await io.dropClaim(id);
  }
  // An answer the card records but no longer shows (its `system` written whole from an older read) is shown again.
  const read = await io.read();
  if (isRefusal(read) || !read.facts.authoredByGM || read.source.card.stage !== "rolled") return wrote;
  let card = read.source.card;
  for (const t of card.targets) {
    const recorded = t.defence === null ? defenceRecord(read.defences, t.id) : null;
    if (recorded === null) continue;
    const answered = answerDefence(card, t.id, recorded.answer, recorded.answer.check === null ? [] : [recorded.answer.check]);
    if (answered.ok) card = answered.card;
  }
  if (card === read.source.card) return wrote;
  await io.writeCard({ system: { ...read.source, card } });
  return true;
}

/**
 * Finishes the card's write left half-done, if any (steps 2 and 3 from its record), and writes the defence answers
 * its claims hold; true when there was anything to do.
 */
export async function finishCard<S extends CardSkirmish>(io: CardWrites<S>, read: CardRead<S>): Promise<boolean> {
  const restore = read.source.card.stage === "rolled" && read.source.card.targets.some((t) => t.defence === null && defenceRecord(read.defences, t.id) !== null);
  const defences = (io.defenceClaims().length > 0 || restore) && read.facts.authoredByGM ? await finishDefences(io) : false;
  const { record } = read;
  if (record === null || record.done || !read.facts.authoredByGM) return defences;
  await writeOnce(io.targets(read.situation), recordUpdates(record), record.op);
  await io.writeCard({ [`${WRITE_PATH}.done`]: true });
  return true;
}

/** Re-reads the card, finishing first any write a reload or a failure left half-done. */
async function fresh<S extends CardSkirmish>(io: CardWrites<S>): Promise<CardRead<S> | Refusal> {
  const first = await io.read();
  if (isRefusal(first)) return first;
  return (await finishCard(io, first)) ? io.read() : first;
}

async function writeRecorded<S extends CardSkirmish>(
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
export async function applyOp<S extends CardSkirmish>(io: CardWrites<S>, requester: Requester, op: OpContext): Promise<Verdict> {
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
export async function undoOp<S extends CardSkirmish>(io: CardWrites<S>, requester: Requester, op: OpContext): Promise<Verdict> {
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
export interface DefendWrites<S extends CardSkirmish> extends CardWrites<S> {
  /** The checks this target may defend with now (card-situation.ts `optionsFor`). */
  options(read: CardRead<S>, targetId: string): CardCheck[];
  /** Rolls a pool; the faces, and the roll as the card stores it. */
  roll(pool: number, tn: number): Promise<{ faces: number[]; roll: unknown }>;
  /** Who applies a card that settles itself (the active GM). */
  gm: Requester;
}

/**
 * One defender's answer, as operation `op`: re-read inside the operation and rolled, then claimed (a document whose
 * id follows from the card and the target, so of two answers accepted at once by two GMs, the server keeps one
 * claim), re-read again and written on the card with the operation's id; a second answer is refused (the first
 * counts). A card that is then settled and needs no look (a miss, a grapple, a rescue) applies itself, within the
 * same operation.
 */
export async function defendOp<S extends CardSkirmish>(io: DefendWrites<S>, payload: DefendPayload, requester: Requester, by: AnswerSource, op: OpContext): Promise<Verdict> {
  const read = await fresh(io);
  if (isRefusal(read)) return { ok: false, reason: read.refused, ...(read.data ? { data: read.data } : {}) };
  const options = io.options(read, payload.targetId);
  const verdict = validateDefend(payload, read.facts, requester, options);
  if (!verdict.ok) return verdict;
  const check = chosenCheck(payload, options);
  const rolled = check === null ? { faces: [] as number[], roll: null } : await io.roll(check.pool, check.tn);
  const answer: DefenceAnswer = { check, dice: check === null ? null : rolled.faces, by };
  const answered = answerDefence(read.source.card, payload.targetId, answer, options);
  if (!answered.ok) return verdictOf(answered);
  const id = defenceClaimId(io.cardId, payload.targetId);
  const claim: DefenceClaim = { op: op.id, cardId: io.cardId, targetId: payload.targetId, answer, roll: rolled.roll };
  if (!(await io.claimDefence(id, claim))) {
    // Another answer holds the claim: it is the one that counts. It is written on the card (if its GM has not yet).
    await finishDefences(io);
    return { ok: false, reason: CARD_REASONS.AlreadyAnswered };
  }
  const now = await io.read();
  if (isRefusal(now)) {
    await io.dropClaim(id);
    return { ok: false, reason: now.refused, ...(now.data ? { data: now.data } : {}) };
  }
  const shown = defenceOp(now.defences, payload.targetId);
  if (shown !== op.id) {
    const again = answerDefence(now.source.card, payload.targetId, answer, options);
    if (!again.ok) {
      // Answered since this operation read the card (an answer whose claim was already dropped): the first counts.
      await io.dropClaim(id);
      return verdictOf(again);
    }
    const record: DefenceRecord = { op: op.id, answer };
    await io.writeAnswer({ system: { ...now.source, card: again.card }, [defencePath(payload.targetId)]: record }, rolled.roll);
  }
  // Else another operation finished this claim already (its answer on the card is this one).
  await io.dropClaim(id);
  // Another target's answer that this write replaced (it read the card before that answer landed) is shown again.
  await finishDefences(io);
  const after = await io.read();
  if (!isRefusal(after) && autoApplies(after.source.card)) await applyOp(io, io.gm, op);
  return { ok: true };
}

/**
 * Settles a card a reload left answered but not applied: a card that needs no look (every defence in, a miss, a
 * grapple, a rescue) applies itself as operation `op`, as its last answer would have done. Nothing otherwise.
 */
export async function settleCard<S extends CardSkirmish>(io: CardWrites<S>, gm: Requester, op: OpContext): Promise<void> {
  const read = await fresh(io);
  if (isRefusal(read) || !read.facts.authoredByGM || read.source.card.stage !== "rolled" || !autoApplies(read.source.card)) return;
  await applyOp(io, gm, op);
}
