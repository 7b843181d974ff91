/** The non-attack battle action (000 "Non-attack Battle Actions"). */
import { BATTLE_LOG } from "../reasons";
import { combatant } from "../state";
import type { Outcome, SkirmishState } from "../state";
import type { Refusal } from "../types";
import { readyToAct, spendAction } from "./readiness";

/**
 * A non-attack battle action (000 "Non-attack Battle Actions": smashing a gate, intimidating the troops below, a
 * lifepath power): refused when the combatant cannot act, otherwise it spends the round's battle action.
 */
export function takeBattleAction(state: SkirmishState, id: string): Refusal | ({ allowed: true } & Outcome) {
  const actor = combatant(state, id, "id");
  const ready = readyToAct(actor);
  if (!ready.allowed) return ready;
  return { allowed: true, changes: [spendAction(actor.id)], log: [{ key: BATTLE_LOG.BattleAction, data: { name: actor.name } }] };
}
