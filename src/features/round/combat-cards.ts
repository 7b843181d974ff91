/**
 * The round's combat cards as card kinds (core/cards): initiative, combat events, End Phase and surprise, each drawn
 * from what its `combatCard` message stores (core/cards/combat-card-context.ts builds the context), and the End
 * Phase card's undo, for GMs only, acting on the card's stored data.
 */
import { CombatCardModel } from "../../data/message/combat-card-model";
import type { CombatCardKind } from "../../data/message/combat-card-model";
import { AgeOfDragonsCombat } from "../../documents/combat";
import type { EndPhaseCardData, InitiativeCardData } from "../../core/cards/combat-card-context";
import { endPhaseCardContext, eventCardContext, initiativeCardContext, surpriseCardContext } from "../../core/cards/combat-card-context";
import type { SurpriseCardData } from "../../data/combat/surprise-round";
import { registerCard } from "../../core/cards/card-hook";
import { i18nFormat } from "../../core/i18n";
import { templatePath } from "../../constants/template-paths";
import { combatOf } from "../../documents/lookups";
import { undoEnd } from "./round-driver";
import type { StoredEventCard } from "./round-driver";
import { isActiveGM, sendRequest } from "../../core/requests/requests";
import { UNDO_END_REQUEST } from "./combat-requests";
import { showsUndo } from "./round-runner";

/** A combat card's system data, or a throw when the message is not one of `kind`. */
export function combatCardOf(message: ChatMessage.Implementation, kind: CombatCardKind): CombatCardModel {
  const system = message.system;
  if (!(system instanceof CombatCardModel) || system.card !== kind || typeof system.data !== "object") {
    throw new Error(`not a ${kind} card`);
  }
  return system;
}

/** The event card's names: its own, else (an older card) the combat's while it exists; null when neither. */
function eventNames(system: CombatCardModel, data: StoredEventCard): Record<string, string> | null {
  if (data.names !== undefined) return data.names;
  const combat = combatOf(system.combatId);
  return combat ? Object.fromEntries(combat.entries.map((e) => [e.id, e.name])) : null;
}

/** Wires the End Phase card's undo: only a GM undoes, and only while the card is not undone (the stored data decides). */
function wireUndo(message: ChatMessage.Implementation, html: HTMLElement): void {
  const system = message.system;
  if (!(system instanceof CombatCardModel) || system.card !== "endPhase") return;
  const button = html.querySelector<HTMLButtonElement>("[data-action='undoEndPhase']");
  if (!button) return;
  if (!showsUndo(game.user, system)) {
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
}

/** Registers the `combatCard` subtype and the round's card kinds (call in `init`). */
export function registerCombatCards(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { combatCard: CombatCardModel });
  registerCard("combatCard.initiative", {
    template: templatePath("round/initiative-card.hbs"),
    context: (message) => initiativeCardContext(combatCardOf(message, "initiative").data as unknown as InitiativeCardData, i18nFormat),
  });
  registerCard("combatCard.event", {
    template: templatePath("round/event-card.hbs"),
    context: (message) => {
      const system = combatCardOf(message, "event");
      const data = system.data as unknown as StoredEventCard;
      const names = eventNames(system, data);
      return names === null ? null : eventCardContext(data, names, i18nFormat);
    },
  });
  registerCard("combatCard.endPhase", {
    template: templatePath("round/end-phase-card.hbs"),
    context: (message) => {
      const system = combatCardOf(message, "endPhase");
      return endPhaseCardContext(system.data as unknown as EndPhaseCardData, i18nFormat, { canUndo: game.user.isGM, undone: system.undone });
    },
    wire: wireUndo,
  });
  registerCard("combatCard.surprise", {
    template: templatePath("round/surprise-card.hbs"),
    context: (message) => surpriseCardContext(combatCardOf(message, "surprise").data as unknown as SurpriseCardData, i18nFormat),
  });
}
