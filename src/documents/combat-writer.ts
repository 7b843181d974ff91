/**
 * Performs the document updates that updates.ts computed from an engine outcome: the combat's skirmish paths,
 * each combatant actor's wounds and Magic Points, armour item damage, and the statuses that follow the state.
 * Runs on the active GM's client only (only the active GM writes).
 */
import type { DocumentUpdates } from "../data/combat/updates";
import type { StatusId } from "../constants/status-effects";

/** Writes every update of `updates` for the combat; combatants whose actor is gone are skipped. */
export async function writeUpdates(combat: Combat.Implementation, updates: DocumentUpdates, options: Record<string, unknown> = {}): Promise<void> {
  if (Object.keys(updates.combat).length > 0) await combat.update(updates.combat as Combat.UpdateData, options);
  const actorOf = (combatantId: string): Actor.Implementation | null => combat.combatants.get(combatantId)?.actor ?? null;
  for (const [combatantId, update] of Object.entries(updates.actors)) {
    await actorOf(combatantId)?.update(update as Actor.UpdateData);
  }
  for (const [combatantId, list] of Object.entries(updates.items)) {
    await actorOf(combatantId)?.updateEmbeddedDocuments("Item", list as Item.UpdateData[]);
  }
  for (const [combatantId, switches] of Object.entries(updates.statuses)) {
    const actor = actorOf(combatantId);
    if (!actor) continue;
    for (const [status, active] of Object.entries(switches) as [StatusId, boolean][]) {
      await actor.toggleStatusEffect(status, { active });
    }
  }
}
