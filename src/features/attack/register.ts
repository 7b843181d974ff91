/**
 * Registers the attack card: its message subtype and card kind, settings, defence query, request kinds and hooks, and the
 * `startAttack` and `attackWith` actions other features call.
 */
import { ATTACK_CARD_TEMPLATE, attackContext, redrawOnGmPresence, wireAttackCard } from "./attack-card-render";
import { hideMessages, registerCard } from "../../core/cards/card-hook";
import { AttackMessageModel } from "../../data/message/attack-model";
import { DEFEND_QUERY, answerDefenceQuery, isDefenceClaim, registerAttackRequests, sweepCards } from "./attack-flow";
import { onTakeOver } from "../../core/writes/hand-over";
import { provideActions } from "../../core/actions";
import { attackWith, startAttack } from "./start-attack";

type QueryHandler = (data: unknown) => Promise<unknown>;

/** Call in `init`. */
export function registerAttackCard(): void {
  Object.assign(CONFIG.ChatMessage.dataModels, { attack: AttackMessageModel });
  provideActions({ startAttack, attackWith });
  // The defender's owner answers the GM's query; the handler checks the card and ownership for itself.
  (CONFIG as unknown as { queries: Record<string, QueryHandler> }).queries[DEFEND_QUERY] = (data) => answerDefenceQuery(data);
  registerAttackRequests();
  // The card, drawn from its stored state on every render; a card that does not read shows the forged notice.
  registerCard("attack", { template: ATTACK_CARD_TEMPLATE, context: attackContext, wire: wireAttackCard, unreadable: "AOD.Attack.Notice.forged" });
  // A defence claim is the GM's record of an answer (card-writes.ts), never shown in the chat.
  hideMessages("defenceClaim", { matches: isDefenceClaim });
  // A client that becomes the active GM finishes cards a reload left half-applied and asks for open defences again.
  onTakeOver(sweepCards);
  Hooks.once("ready", () => {
    redrawOnGmPresence();
  });
  Hooks.on("userConnected", () => {
    void sweepCards();
    redrawOnGmPresence();
  });
}
