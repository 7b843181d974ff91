/**
 * Writes the document updates of one operation exactly once (docs/COMBAT.md "Exactly once"). Every document the
 * operation changes gets its change and the operation's id in one update (the bounded list of op-record.ts); a
 * document that already lists the id is skipped, so running the same writes again (a retry, or the next active GM
 * finishing an operation a reload cut short) changes nothing. The documents come in through `OpTargets`, so the
 * same code runs against Foundry (documents/combat-writer.ts) and against the tests' document store. Pure: no
 * Foundry globals.
 */
import { SYSTEM_ID } from "../../constants/system-id";
import type { StatusId } from "../../constants/status-effects";
import type { DocumentUpdates } from "../../data/combat/updates";
import { OPS_FLAG, hasOp, withOp } from "./op-record";

/** The update path of a document's applied operations. */
export const OPS_PATH = `flags.${SYSTEM_ID}.${OPS_FLAG}`;

/** One document as an operation writes it. */
export interface OpDocument {
  /** The document's applied operations as stored now (its `flags.<system>.ops`). */
  ops(): unknown;
  /** One update of the document (flat or nested keys, core's semantics). */
  update(data: Record<string, unknown>): Promise<void>;
}

/** An actor: its own update, its armour items and its statuses. */
export interface OpActor extends OpDocument {
  updateItems(list: readonly Record<string, unknown>[]): Promise<void>;
  /** Switches a status on or off; doing it twice is doing it once (core's toggleStatusEffect with `active`). */
  setStatus(status: StatusId, active: boolean): Promise<void>;
}

/** Where an operation's updates land: the combat (none outside combat) and each participant's actor. */
export interface OpTargets {
  combat: OpDocument | null;
  actor(id: string): OpActor | null;
}

/** The update that carries `data` and records operation `opId` on a document, or null when it already did. */
export function stamped(doc: OpDocument, opId: string, data: Record<string, unknown>): Record<string, unknown> | null {
  const ops = doc.ops();
  if (hasOp(ops, opId)) return null;
  return { ...data, [OPS_PATH]: withOp(ops, opId) };
}

/** Whether an update writes nothing. */
export function isEmptyUpdates(updates: DocumentUpdates): boolean {
  return (
    Object.keys(updates.combat).length === 0 &&
    Object.keys(updates.actors).length === 0 &&
    Object.keys(updates.items).length === 0 &&
    Object.keys(updates.statuses).length === 0
  );
}

/**
 * Writes `updates` for operation `opId`: the combat's paths with the id in one update, then per actor its items and
 * statuses (both absolute, so repeating them is harmless) and last its own update with the id, which marks the
 * actor done. Documents already marked are skipped; an actor that is gone is skipped.
 */
export async function writeOnce(targets: OpTargets, updates: DocumentUpdates, opId: string): Promise<void> {
  if (targets.combat !== null && Object.keys(updates.combat).length > 0) {
    const data = stamped(targets.combat, opId, updates.combat);
    if (data !== null) await targets.combat.update(data);
  }
  const ids = new Set([...Object.keys(updates.actors), ...Object.keys(updates.items), ...Object.keys(updates.statuses)]);
  for (const id of ids) {
    const actor = targets.actor(id);
    if (actor === null || hasOp(actor.ops(), opId)) continue;
    const items = updates.items[id];
    if (items !== undefined && items.length > 0) await actor.updateItems(items);
    for (const [status, active] of Object.entries(updates.statuses[id] ?? {}) as [StatusId, boolean][]) {
      await actor.setStatus(status, active);
    }
    const data = stamped(actor, opId, updates.actors[id] ?? {});
    if (data !== null) await actor.update(data);
  }
}

/** The combat's flag (under the system's scope) holding, per operation, the actor writes still to do. */
export const PENDING_WRITES_FLAG = "pendingWrites";

/** A combat's own document, which every combat write needs. */
export type CombatTargets = OpTargets & { combat: OpDocument };

/**
 * Writes one operation on a combat exactly once, resumably: ONE combat update carries the combat's changes, `extra`
 * (a mark such as "this declaration is resolved"), the operation's id and, when actors change too, the actor
 * writes still to do; then the actors (each skipping an operation it lists); then the record is dropped. A reload
 * after the first update leaves the record, and `finishRecorded` (the next active GM) does the rest.
 */
export async function writeRecorded(targets: CombatTargets, updates: DocumentUpdates, opId: string, extra: Record<string, unknown> = {}): Promise<void> {
  const rest: DocumentUpdates = { ...updates, combat: {} };
  const more = !isEmptyUpdates(rest);
  const record = more ? { [`flags.${SYSTEM_ID}.${PENDING_WRITES_FLAG}.${opId}`]: JSON.stringify(rest) } : {};
  const combatPart = { ...updates.combat, ...extra, ...record };
  if (Object.keys(combatPart).length > 0) {
    const data = stamped(targets.combat, opId, combatPart);
    if (data === null) return;
    await targets.combat.update(data);
  }
  if (!more) return;
  await writeOnce(targets, rest, opId);
  await targets.combat.update({ [`flags.${SYSTEM_ID}.${PENDING_WRITES_FLAG}.-=${opId}`]: null });
}

/** Finishes every operation a combat's record lists as not yet written to its actors; how many there were. */
export async function finishRecorded(targets: CombatTargets, pending: unknown): Promise<number> {
  if (typeof pending !== "object" || pending === null) return 0;
  let count = 0;
  for (const [opId, text] of Object.entries(pending as Record<string, unknown>)) {
    let rest: DocumentUpdates = { combat: {}, actors: {}, items: {}, statuses: {} };
    try {
      if (typeof text === "string") rest = { ...rest, ...(JSON.parse(text) as Partial<DocumentUpdates>), combat: {} };
    } catch {
      // An unreadable record writes nothing more; it is dropped below.
    }
    await writeOnce(targets, rest, opId);
    await targets.combat.update({ [`flags.${SYSTEM_ID}.${PENDING_WRITES_FLAG}.-=${opId}`]: null });
    count += 1;
  }
  return count;
}
