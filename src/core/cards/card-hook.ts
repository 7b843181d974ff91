/**
 * The Foundry side of the card registry (card-registry.ts): the system's one registry of card kinds, and its one
 * `renderChatMessageHTML` hook. In v13, core's ChatMessage#renderHTML (client/documents/chat-message.mjs) builds the
 * message's element and calls `Hooks.callAll("renderChatMessageHTML", message, html, context)` with the element
 * before it is put in the log, without awaiting the hook; the hook redraws the content element in place, keeping
 * the posted content out of sight until it is drawn. The posted content shows wherever the hook does not run.
 */
import { SYSTEM_ID } from "../../constants/system-id";
import { i18nFormat } from "../i18n";
import { CardRegistry, drawCard } from "./card-registry";
import type { CardHost, CardSpec, DrawDeps, HiddenSpec } from "./card-registry";

/** Every card kind of the system; features register theirs from their register.ts. */
export const CARDS = new CardRegistry<ChatMessage.Implementation, HTMLElement>();

/** Registers a card kind (`combatCard.initiative`, `attack`...; card-registry.ts `cardKindOf`). Call in `init`. */
export function registerCard(kind: string, spec: CardSpec<ChatMessage.Implementation, HTMLElement>): void {
  CARDS.register(kind, spec);
}

/** Registers a kind of record message the chat never shows. Call in `init`. */
export function hideMessages(name: string, spec: HiddenSpec<ChatMessage.Implementation>): void {
  CARDS.hide(name, spec);
}

/** What drawing a card needs in Foundry. */
export const FOUNDRY_DRAW: DrawDeps = {
  render: (template, context) => foundry.applications.handlebars.renderTemplate(template, context as Record<string, unknown>),
  format: i18nFormat,
  // A card that does not read is its data's problem, not the chat's: the card says so, the console keeps why.
  log: (message, error) => {
    console.warn(message, error);
  },
};

let registered = false;

/** Registers the one render hook of the system's cards (once, whoever calls it; config/register.ts does, in `init`). */
export function registerCardHook(): void {
  if (registered) return;
  registered = true;
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    void drawCard(CARDS, message, html as unknown as CardHost, FOUNDRY_DRAW).catch((error: unknown) => {
      console.error(`${SYSTEM_ID} | a chat card could not be drawn`, error);
    });
  });
}
