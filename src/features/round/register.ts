/**
 * Registers the skirmish round: the Combat and Combatant classes and models (the combat handed this feature's round
 * driver), the round's requests, cards, tracker and combatant config. Call in `init`.
 */
import { registerCombatCards } from "./combat-cards";
import { AgeOfDragonsCombatTracker } from "./combat-tracker";
import { registerCombatantConfig } from "./combatant-config";
import { CombatModel } from "../../data/combat/combat-model";
import { CombatantModel } from "../../data/combat/combatant-model";
import { AgeOfDragonsCombat } from "../../documents/combat";
import { AgeOfDragonsCombatant } from "../../documents/combatant";
import { registerCombatRequests } from "./combat-requests";
import { registerRequests } from "../../core/requests/requests";
import { beginRound, finishEnd, finishSurpriseCard, resolveEnd, surpriseStep } from "./round-driver";
import { onTakeOver } from "../../core/writes/hand-over";
import { finishCombatWrites } from "../../documents/combat-writer";
import { registerDeclarations } from "./declarations/register";

/** Registers everything the combat needs. */
export function registerCombat(): void {
  CONFIG.Combat.documentClass = AgeOfDragonsCombat;
  AgeOfDragonsCombat.useRoundDriver({ beginRound: (combat, round) => beginRound(combat, round), resolveEnd, surpriseStep });
  CONFIG.Combatant.documentClass = AgeOfDragonsCombatant;
  Object.assign(CONFIG.Combat.dataModels, { base: CombatModel });
  Object.assign(CONFIG.Combatant.dataModels, { base: CombatantModel });
  registerRequests();
  registerCombatRequests();
  registerCombatCards();
  CONFIG.ui.combat = AgeOfDragonsCombatTracker;
  registerCombatantConfig();
  registerDeclarations();
  // Hand-over: a client that becomes the active GM finishes, in each combat's queue, the actor writes and the End
  // Phase (or its undo) a reload left half-written (documents/combat-writer.ts, end-phase-op.ts).
  onTakeOver(async () => {
    for (const combat of game.combats.contents) {
      if (!(combat instanceof AgeOfDragonsCombat)) continue;
      await combat.serially(() => finishCombatWrites(combat));
      await finishEnd(combat);
      await finishSurpriseCard(combat);
    }
  });
  // Wounds, Magic Points and statuses live on actors: the tracker's markers follow them.
  Hooks.on("updateActor", (actor: Actor.Implementation) => {
    if (game.combat?.combatants.some((c) => c.actorId === actor.id)) void ui.combat.render();
  });
}
