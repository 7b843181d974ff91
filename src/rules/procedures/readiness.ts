/**
 * Who may act and defend in the battle phase, and what acting spends (000 "Phase Two: The Battle Phase",
 * "Non-attack Battle Actions", "Defence is Optional", "Catching / Mid air rescues").
 */
import { healthOf, isDead } from "../health";
import { ALLOWED, RULE_REASONS, refuse } from "../reasons";
import { combatant, hasRoundEffect } from "../state";
import type { CombatantState, SkirmishState, StateChange } from "../state";
import type { Legality } from "../types";

/**
 * Whether a combatant may take a battle action at all: alive, not severely injured, no full move this round, and
 * no one-round effect that takes its action away.
 */
export function readyToAct(actor: CombatantState): Legality {
  const health = healthOf(actor);
  if (health === "dead") return refuse(RULE_REASONS.ActorDead);
  // 000 Severe injury and Death: no tactical movement or battle actions.
  if (health === "severelyInjured") return refuse(RULE_REASONS.ActorSeverelyInjured);
  // 000 Manoeuvres: a full move allows no other action this round.
  if (actor.fullMove) return refuse(RULE_REASONS.FullMoveNoAction);
  // 000 "Non-attack Battle Actions": a combatant spends its one battle action a round.
  if (actor.acted) return refuse(RULE_REASONS.AlreadyActed);
  // RULES.md Surprise and ambush: the surprised and the ambushed take no actions in the first round.
  if (hasRoundEffect(actor, "ambushed")) return refuse(RULE_REASONS.Ambushed);
  if (hasRoundEffect(actor, "surprised")) return refuse(RULE_REASONS.Surprised);
  // One-round effects of combat events (001 "Combat Events").
  if (hasRoundEffect(actor, "noBattleAction")) return refuse(RULE_REASONS.NoBattleAction);
  if (hasRoundEffect(actor, "forcedFullMove")) return refuse(RULE_REASONS.ForcedFullMove);
  return ALLOWED;
}

/** 000 Catching: a carrier holding someone of at least its own weight makes no melee attacks. */
export function carriesTooMuch(state: SkirmishState, carrier: CombatantState): boolean {
  const carriedId = state.carrying[carrier.id];
  if (carriedId === undefined) return false;
  const carried = state.combatants[carriedId];
  return carried !== undefined && carried.weight >= carrier.weight;
}

/** The change that marks a combatant's battle action as spent for this round. */
export function spendAction(id: string): StateChange {
  return { type: "flag", id, flag: "acted", value: true };
}

/**
 * Whether a combatant may roll a defence (000 "Defence is Optional": it may always choose not to). The dead
 * cannot, and neither can the ambushed in the first round (RULES.md "Surprise and ambush"); the attack then
 * meets zero successes.
 */
export function mayDefend(state: SkirmishState, id: string): Legality {
  const defender = combatant(state, id, "defender");
  if (isDead(defender)) return refuse(RULE_REASONS.TargetDead);
  if (hasRoundEffect(defender, "ambushed")) return refuse(RULE_REASONS.Ambushed);
  return ALLOWED;
}
