/**
 * Registers the declaration modes (docs/COMBAT.md "Declarations"): the `combat.declare` request, the
 * secret declaration query, the step hook that runs as each step begins, the declaration and simultaneous
 * cards (with the Resolve button) and the `declareChoice` action (a declaration filled in or made from the advice). Call in `init`.
 */
import { combatOf } from "../../../documents/lookups";
import { SYSTEM_ID } from "../../../constants/system-id";
import { CombatCardModel } from "../../../data/message/combat-card-model";
import type { DeclarationCardData, SimultaneousCardData } from "./declaration-context";
import { declarationCardContext, simultaneousCardContext } from "./declaration-context";
import { registerCard } from "../../../core/cards/card-hook";
import { templatePath } from "../../../constants/template-paths";
import { i18nFormat } from "../../../core/i18n";
import { declareChoice, onStepBegins, registerDeclareRequest, resolveDeclared, resumeSteps } from "./declaration-flow";
import { provideActions } from "../../../core/actions";
import { DECLARE_ANSWER_QUERY, DECLARE_QUERY, answerDeclareQuery, forgetSecrets, receiveSecretAnswer, sweepSecrets } from "./secret-flow";
import { onTakeOver } from "../../../core/writes/hand-over";
import { AgeOfDragonsCombat } from "../../../documents/combat";

type QueryHandler = (data: unknown) => Promise<unknown>;

/** A declaration or simultaneous card's stored data, or a throw when the message is not one of `kind`. */
function cardData(message: ChatMessage.Implementation, kind: "declaration" | "simultaneous"): Record<string, unknown> {
  const system = message.system;
  if (!(system instanceof CombatCardModel) || system.card !== kind || typeof system.data !== "object") throw new Error(`not a ${kind} card`);
  return system.data;
}

/** Registers the declared, revealed and aborted card and the simultaneous result card as card kinds. */
function registerDeclarationCards(): void {
  registerCard("combatCard.declaration", {
    template: templatePath("round/declarations/declaration-card.hbs"),
    context: (message) => {
      const data = cardData(message, "declaration") as unknown as DeclarationCardData;
      // The button is drawn on every card that may resolve; wiring keeps it only for those who may.
      return declarationCardContext(data, i18nFormat, { canResolve: data.kind !== "aborted" });
    },
    wire: wireResolveButton,
  });
  registerCard("combatCard.simultaneous", {
    template: templatePath("round/declarations/simultaneous-card.hbs"),
    context: (message) => simultaneousCardContext(cardData(message, "simultaneous") as unknown as SimultaneousCardData, i18nFormat),
  });
}

/** Wires the Resolve button of a declared or revealed card: kept for the combatant's owners and the GMs only. */
function wireResolveButton(message: ChatMessage.Implementation, html: HTMLElement): void {
  const system = message.system;
  if (!(system instanceof CombatCardModel) || system.card !== "declaration") return;
  const button = html.querySelector<HTMLButtonElement>("[data-action='resolveDeclared']");
  if (!button) return;
  const data = system.data as unknown as Partial<DeclarationCardData>;
  const combat = combatOf(system.combatId);
  const id = typeof data.combatantId === "string" ? data.combatantId : "";
  const mine = game.user.isGM || (combat?.combatants.get(id)?.actor?.isOwner ?? false);
  // The card's stored data decides, never the HTML: an aborted card or another's combatant has no button.
  if (!combat || !mine || data.kind === "aborted" || system.round !== combat.round) {
    button.remove();
    return;
  }
  button.addEventListener("click", () => {
    void resolveDeclared(combat, id);
  });
}

/** Registers everything the two declaration modes need. */
export function registerDeclarations(): void {
  registerDeclareRequest();
  provideActions({ declareChoice });
  // The declarer's owner answers the GM's query; the handler checks the step and ownership for itself.
  // It sends the choice to the active GM's answer handler (never back to the asker); the GM keeps it only with the
  // token of a question it asked (features/round/declarations/secret-answer.ts).
  const queries = (CONFIG as unknown as { queries: Record<string, QueryHandler> }).queries;
  queries[DECLARE_QUERY] = (data) => answerDeclareQuery(data);
  queries[DECLARE_ANSWER_QUERY] = (data) => receiveSecretAnswer(data);
  Hooks.on("updateCombat", (combat: Combat.Implementation, changes: Record<string, unknown>) => {
    if (!(combat instanceof AgeOfDragonsCombat)) return;
    const moved = "round" in changes || foundry.utils.hasProperty(changes, "system.cursor") || foundry.utils.hasProperty(changes, "system.plan");
    if (!moved) return;
    onStepBegins(combat).catch((error: unknown) => {
      console.error(`${SYSTEM_ID} | the declarations of this step could not be handled`, error);
      ui.notifications.error(game.i18n.localize("AOD.Declare.Notify.StepFailed"));
    });
  });
  registerDeclarationCards();
  // Hand-over: a client that becomes the active GM finishes the step each combat is at, and asks again for the
  // secret declarations it does not hold.
  onTakeOver(async () => {
    await resumeSteps();
    await sweepSecrets();
  });
  Hooks.on("userConnected", () => {
    void sweepSecrets();
  });
  // A deleted combat's secrets leave this browser's store (every GM client that holds any).
  Hooks.on("deleteCombat", (combat: Combat.Implementation) => {
    if (combat.id) forgetSecrets(combat.id);
  });
}
