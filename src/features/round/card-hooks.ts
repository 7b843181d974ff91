/** Wires the combat cards' buttons: the End Phase card's undo, for GMs only, acting on the card's stored data. */
import { CombatCardModel } from "../../data/message/combat-card-model";
import { AgeOfDragonsCombat } from "../../documents/combat";
import type { EndPhaseCardData } from "../../core/cards/combat-card-context";
import { undoEnd } from "./round-driver";
import { isActiveGM, sendRequest } from "../../core/requests/requests";
import { UNDO_END_REQUEST } from "./combat-requests";

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
      void (async () => {
        // The active GM undoes in the combat's write queue; another GM asks it to.
        if (!isActiveGM()) {
          await sendRequest(UNDO_END_REQUEST, { combatId: combat.id, messageId: message.id }, game.i18n.localize("AOD.Combat.Walk.undoEnd"));
          return;
        }
        const reason = await undoEnd(combat, message.id ?? "", system.data as unknown as EndPhaseCardData);
        if (reason !== null) ui.notifications.warn(game.i18n.localize(reason));
      })();
    });
  });
}
