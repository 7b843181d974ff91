/**
 * What a GM edit of the board writes: the Combat paths that take the stored skirmish from the state before the
 * edit to the state after it (only the entries that differ, data/combat/updates.ts `skirmishPaths`), the place
 * of a removed combatant deleted, and the statuses that follow the new state (a grapple pulled apart is no
 * longer pinned). Pure, so the write of an edit is tested without Foundry.
 */
import { storedSkirmish } from "../../data/combat/combat-snapshot";
import type { StoredSkirmish } from "../../data/combat/stored";
import { skirmishPaths, statusChanges } from "../../data/combat/updates";
import type { DocumentUpdates } from "../../data/combat/updates";
import type { SkirmishState } from "../../rules/state";

/** The document updates of an edit from `before` to `after`; `statuses` are each combatant's actor statuses now. */
export function editUpdates(
  stored: StoredSkirmish,
  before: SkirmishState,
  after: SkirmishState,
  statuses: Readonly<Record<string, readonly string[]>>,
): DocumentUpdates {
  const combat = skirmishPaths(stored, storedSkirmish(before), storedSkirmish(after));
  for (const id of Object.keys(before.combatants)) {
    if (!Object.hasOwn(after.combatants, id) && Object.hasOwn(stored.combatants, id)) {
      combat[`system.skirmish.combatants.-=${id}`] = null;
    }
  }
  const switches: DocumentUpdates["statuses"] = {};
  for (const id of Object.keys(after.combatants)) {
    const change = statusChanges(after, id, statuses[id] ?? []);
    if (Object.keys(change).length > 0) switches[id] = change;
  }
  return { combat, actors: {}, items: {}, statuses: switches };
}

/**
 * The Combat paths that forget a combatant no longer in the combat: its place, every distance naming it, its
 * grapples and carries (a combatant removed from combat leaves no stale pairs). Empty when nothing
 * stored names it.
 */
export function staleUpdates(stored: StoredSkirmish, removedId: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const names = (key: string): boolean => key.split("|").includes(removedId);
  if (Object.hasOwn(stored.combatants, removedId)) out[`system.skirmish.combatants.-=${removedId}`] = null;
  for (const key of Object.keys(stored.distances)) if (names(key)) out[`system.skirmish.distances.-=${key}`] = null;
  for (const [carrier, carried] of Object.entries(stored.carrying)) {
    if (carrier === removedId || carried === removedId) out[`system.skirmish.carrying.-=${carrier}`] = null;
  }
  const grapples = stored.grapples.filter((key) => !names(key));
  if (grapples.length !== stored.grapples.length) out["system.skirmish.grapples"] = grapples;
  return out;
}
