/**
 * Performs the document updates that updates.ts computed from an engine outcome: the combat's skirmish paths,
 * each combatant actor's wounds and Magic Points, armour item damage, and the statuses that follow the state.
 * Runs on the active GM's client only (only the active GM writes), inside an operation of the write queue
 * (core/writes/write-queue.ts); each document records the operation's id in the same update that changes it
 * (core/writes/write-once.ts), so writing the same operation again changes nothing.
 */
import type { DocumentUpdates } from "../data/combat/updates";
import type { StatusId } from "../constants/status-effects";
import { SYSTEM_ID } from "../constants/system-id";
import { OPS_FLAG } from "../core/writes/op-record";
import { newOpId } from "../core/writes/write-queue";
import type { CombatTargets, OpActor, OpDocument } from "../core/writes/write-once";
import { PENDING_WRITES_FLAG, finishRecorded, writeRecorded } from "../core/writes/write-once";

type Flagged = { getFlag(scope: string, key: string): unknown; setFlag(scope: string, key: string, value: unknown): Promise<unknown> };

/** A document's flag under the system's scope (undefined when unset); the system's flags are not declared to the types. */
export function systemFlag(doc: object, key: string): unknown {
  return (doc as Flagged).getFlag(SYSTEM_ID, key);
}

/**
 * Sets a document's flag under the system's scope. Call it inside an operation of the write queue that read the
 * flag there first (the autopilot's claims, the forecast's history: `combat.serially`), so a repeat changes nothing.
 */
export function setSystemFlag(doc: object, key: string, value: unknown): Promise<unknown> {
  return (doc as Flagged).setFlag(SYSTEM_ID, key, value);
}

/** A Foundry document as the write-once code sees it. */
export function opDocument(doc: { update(data: never, options?: never): Promise<unknown> }, options: Record<string, unknown> = {}): OpDocument {
  return {
    ops: () => systemFlag(doc, OPS_FLAG),
    update: async (data) => {
      await (doc.update as (d: unknown, o?: unknown) => Promise<unknown>).call(doc, data, options);
    },
  };
}

/** An actor as the write-once code sees it. */
export function opActor(actor: Actor.Implementation): OpActor {
  return {
    ...opDocument(actor),
    updateItems: async (list) => {
      await actor.updateEmbeddedDocuments("Item", list as Item.UpdateData[]);
    },
    setStatus: async (status: StatusId, active: boolean) => {
      await actor.toggleStatusEffect(status, { active });
    },
  };
}

/** A combat's documents: the combat and each combatant's actor. */
export function combatTargets(combat: Combat.Implementation, options: Record<string, unknown> = {}): CombatTargets {
  return {
    combat: opDocument(combat, options),
    actor: (id) => {
      const actor = combat.combatants.get(id)?.actor ?? null;
      return actor === null ? null : opActor(actor);
    },
  };
}

/**
 * Writes every update of `updates` for the combat as operation `opId` (a fresh one when none is given), exactly once
 * and resumably (write-once.ts `writeRecorded`); `extra` rides in the same combat update.
 */
export async function writeUpdates(
  combat: Combat.Implementation,
  updates: DocumentUpdates,
  options: Record<string, unknown> = {},
  opId: string = newOpId(),
  extra: Record<string, unknown> = {},
): Promise<void> {
  await writeRecorded(combatTargets(combat, options), updates, opId, extra);
}

/** Finishes the actor writes a reload left undone on a combat (the active GM taking over). */
export async function finishCombatWrites(combat: Combat.Implementation): Promise<number> {
  return finishRecorded(combatTargets(combat), systemFlag(combat, PENDING_WRITES_FLAG));
}
