/** Wires the combat cards' buttons: the End Phase card's undo, for GMs only, acting on the card's stored data. */
import { CombatCardModel } from "../../data/message/combat-card-model";
import { AgeOfDragonsCombat } from "../../documents/combat";
import type { EndPhaseCardData } from "../../core/cards/combat-card-context";
import { undoEnd } from "./round-driver";

/** Registers the renderChatMessageHTML hook for the combat cards (call in `init`). */
export function registerCombatCards(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { combatCard: CombatCardModel });
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const system = message.system;
    if (!(system instanceof CombatCardModel) || system.card !== "endPhase") return;
    const button = html.querySelector<HTMLButtonElement>("[data-action='undoEndPhase']");
    if (!button) return;
    // Only a GM undoes, and only while the card is not undone (the stored data decides, not the HTML).
    if (!game.user.isGM || system.undone) {
      button.remove();
      return;
    }
    button.addEventListener("click", () => {
      const combat = game.combats.get(system.combatId);
      if (!(combat instanceof AgeOfDragonsCombat)) return;
      button.disabled = true;
      void undoEnd(combat, message, system.data as unknown as EndPhaseCardData);
    });
  });
}
