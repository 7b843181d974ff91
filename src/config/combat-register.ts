/** Registers the combat (issue 8): Combat and Combatant classes and models, requests and their kinds. Call in `init`. */
import { registerCombatCards } from "../applications/combat/card-hooks";
import { AgeOfDragonsCombatTracker } from "../applications/combat/combat-tracker";
import { registerCombatantConfig } from "../applications/combat/combatant-config";
import { CombatModel } from "../data/combat/combat-model";
import { CombatantModel } from "../data/combat/combatant-model";
import { AgeOfDragonsCombat } from "../documents/combat";
import { AgeOfDragonsCombatant } from "../documents/combatant";
import { registerCombatRequests } from "../net/combat-requests";
import { registerRequests } from "../net/requests";

/** Registers everything the combat needs. */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = AgeOfDragonsCombat;
  CONFIG.Combatant.documentClass = AgeOfDragonsCombatant;
  Object.assign(CONFIG.Combat.dataModels, { base: CombatModel });
  Object.assign(CONFIG.Combatant.dataModels, { base: CombatantModel });
  registerRequests();
  registerCombatRequests();
  registerCombatCards();
  CONFIG.ui.combat = AgeOfDragonsCombatTracker;
  registerCombatantConfig();
  // Wounds, Magic Points and statuses live on actors: the tracker's markers follow them.
  Hooks.on("updateActor", (actor: Actor.Implementation) => {
    if (game.combat?.combatants.some((c) => c.actorId === actor.id)) void ui.combat.render();
  });
}
