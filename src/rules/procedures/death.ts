/**
 * What a death undoes (000 "Severe injury and Death"): the dead hold nobody. Its grapples end, so its partners
 * are no longer pinned by it, and whoever it carried is let go (`setDown`: set down on the ground, or released
 * in the air to fall unless it can fly on).
 */
import { grapplePartners } from "../state";
import type { SkirmishState, StateChange } from "../state";
import { setDown } from "./rescue";

/** The changes that free everyone a combatant held when it dies; call it with the state at the moment of death. */
export function releasedByDeath(state: SkirmishState, id: string): StateChange[] {
  const changes: StateChange[] = grapplePartners(state, id).map((partner) => ({ type: "release", a: id, b: partner }));
  const letGo = setDown(state, id);
  if (letGo.allowed) changes.push(...letGo.changes);
  return changes;
}
