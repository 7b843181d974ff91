/**
 * The surprise step, once (docs/COMBAT.md "One write path"). Inside an operation on the combat's write queue it asks
 * whether the surprise was rolled already (its card is there), then rolls and posts the card first, under an id that
 * follows from the combat (core/writes/op-record.ts `claimId`): the server keeps one such card, so of two GMs
 * overlapping at a hand-over only one goes on. The card carries the record of the one-round effects; they are
 * written next (each document recording the operation, core/writes/write-once.ts) and the card marked done. A reload
 * in between leaves the record, which the next active GM finishes (`finishSurprise`). Deleting the card lets the GM
 * roll again. The documents come in through `SurpriseIO`, so the tests' interleaving harness drives this same code.
 * Pure: no Foundry, DOM or browser globals.
 */
import { SURPRISE_MOMENT_REASONS } from "../../data/combat/surprise-round";

/** The card's flag (under the system's scope) recording the effects still to write: `{ op, updates, done }`. */
export const SURPRISE_RECORD_FLAG = "surpriseRecord";

/** The refusal when another GM's roll got there first; an en.json key. */
export const ROLLED_ALREADY = SURPRISE_MOMENT_REASONS.Rolled;

/** What a surprise card records of its effects until they are written. */
export interface SurpriseRecord {
  op: string;
  /** The effects' document updates (JSON). */
  updates: string;
  done: boolean;
}

/** Reads a surprise card's record (null when none, or malformed). */
export function readSurpriseRecord(value: unknown): SurpriseRecord | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  return typeof v.op === "string" && typeof v.updates === "string" && typeof v.done === "boolean" ? { op: v.op, updates: v.updates, done: v.done } : null;
}

/** What the surprise step reads and does. */
export interface SurpriseIO {
  /** Why the surprise cannot be rolled now (a card of it exists, the combat started or is gone), or null. */
  refusal(): string | null;
  /** The id of the combat's surprise card. */
  cardId(): string;
  /** Rolls, and posts the card with that id and the record; false when the server already has that card. */
  claim(id: string, opId: string): Promise<boolean>;
  /** The combat's surprise cards with their records as stored. */
  cards(): { id: string; record: unknown }[];
  /** Writes a record's effects as its operation (write-once). */
  writeEffects(record: SurpriseRecord): Promise<void>;
  /** Marks a card's record done. */
  markDone(id: string): Promise<void>;
}

/** Writes the effects of every surprise card a reload left unfinished; true when there was one. */
export async function finishSurprise(io: SurpriseIO): Promise<boolean> {
  let finished = false;
  for (const { id, record } of io.cards()) {
    const r = readSurpriseRecord(record);
    if (r === null || r.done) continue;
    await io.writeEffects(r);
    await io.markDone(id);
    finished = true;
  }
  return finished;
}

/** Rolls the surprise as operation `opId` unless it may not be rolled now; returns the refusal, or null. */
export async function surpriseOp(io: SurpriseIO, opId: string): Promise<string | null> {
  await finishSurprise(io);
  const refused = io.refusal();
  if (refused !== null) return refused;
  if (!(await io.claim(io.cardId(), opId))) {
    await finishSurprise(io);
    return ROLLED_ALREADY;
  }
  await finishSurprise(io);
  return null;
}
