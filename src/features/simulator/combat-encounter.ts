/**
 * A combat as the simulator plays it from where it stands: each combatant's actor read through the one actor
 * reader (data/actor/actor-data.ts `actorDataOf`; an actor it cannot read is left out) and the stored round and
 * skirmish, through the same translation the round uses (data/combat/forecast-encounter.ts). The live forecast, the
 * advice and the simulator's export all start from it.
 */
import { actorDataOf } from "../../data/actor/actor-data";
import type { ActorData } from "../../data/actor/actor-data";
import { forecastEncounter } from "../../data/combat/forecast-encounter";
import type { AgeOfDragonsCombat } from "../../documents/combat";
import type { Encounter } from "../../rules/simulator";

/**
 * The combat's encounter from where it stands. `leaveOutHidden` (a player's forecast): the combatants hidden from
 * players are left out, as the tracker leaves them out of a player's view, so the forecast a player is shown does not
 * give them away.
 */
export function combatEncounter(combat: AgeOfDragonsCombat, { leaveOutHidden = false }: { leaveOutHidden?: boolean } = {}): Encounter {
  const actors: Record<string, ActorData> = {};
  for (const c of combat.combatants) {
    const actor = c.actor;
    const data = actor === null || (leaveOutHidden && c.hidden) ? null : actorDataOf(actor.toObject());
    if (c.id !== null && data !== null) actors[c.id] = data;
  }
  return forecastEncounter(combat.stored, combat.entries, actors);
}
