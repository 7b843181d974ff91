/**
 * What a death undoes (000 "Severe injury and Death"): the dead hold nobody. Its grapples end, so its partners
 * are no longer pinned by it, and whoever it carried is let go (`setDown`: set down on the ground, or released
 * in the air to fall unless it can fly on).
 */
import { BATTLE_LOG } from "../reasons";
import { combatant, grapplePartners } from "../state";
import type { WoundState } from "../health";
import type { LogEntry, Outcome, SkirmishState } from "../state";
import { setDown } from "./rescue";

/** The log line of a change of health: killed, or severely injured (000 "Severe injury and Death"). */
export function healthChangeLog(name: string, after: WoundState): LogEntry {
  return { key: after === "dead" ? BATTLE_LOG.Killed : BATTLE_LOG.SeverelyInjured, data: { name } };
}

/** The changes and log lines that free everyone a combatant held; call it with the state at the moment of death. */
export function releasedByDeath(state: SkirmishState, id: string): Outcome {
  const dead = combatant(state, id, "id");
  const outcome: Outcome = { changes: [], log: [] };
  for (const partner of grapplePartners(state, id)) {
    outcome.changes.push({ type: "release", a: id, b: partner });
    outcome.log.push({ key: BATTLE_LOG.GrappleEnds, data: { name: dead.name, partner: combatant(state, partner).name } });
  }
  const letGo = setDown(state, id);
  if (letGo.allowed) {
    outcome.changes.push(...letGo.changes);
    outcome.log.push(...letGo.log);
  }
  return outcome;
}
