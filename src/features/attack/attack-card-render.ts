/**
 * The attack card's context and buttons, as its card kind draws them (register.ts, core/cards). The view comes from
 * the pure context builder (attack-card-context.ts) over the input attack-card-view.ts makes of the card's stored
 * state and freshly read documents; a button (attack-steps.ts `buttonRequest`) sends only the
 * card's id, a target id and a choice, and the active GM decides from the card what it means (docs/ATTACK.md).
 */
import { attackCardContext } from "./attack-card-context";
import type { CardContextInput } from "./attack-card-context";
import type { Format } from "../../core/format";
import { AttackMessageModel } from "../../data/message/attack-model";
import type { AttackSource } from "../../data/message/attack-source";
import { i18nFormat } from "../../core/i18n";
import { templatePath } from "../../constants/template-paths";
import { cardViewInput } from "./attack-card-view";
import type { ViewSituation } from "./attack-card-view";
import { buttonRequest } from "./attack-steps";
import { requestAttack } from "./attack-flow";
import { cardSituation, optionsFor } from "./card-situation";
import { authorIsGM } from "../../documents/lookups";
import type { CardSituation } from "./card-situation";
import { gmPresenceChanged, showsGmPresence } from "./card-redraw";

/** The card's template. */
export const ATTACK_CARD_TEMPLATE = templatePath("attack/card.hbs");

/** The card builders' formatter (i18n.ts). */
export const translate: Format = i18nFormat;

/** The card's world as the view reads it: each participant's ownership, portrait and skill items, read now. */
function viewWorld(situation: CardSituation): ViewSituation {
  const participants = Object.fromEntries(
    Object.values(situation.participants).map((p) => [
      p.id,
      {
        owned: p.actor.isOwner,
        img: p.actor.img ?? "",
        skills: p.actor.items.contents.flatMap((item) => {
          if (item.type !== "skill") return [];
          const identifier = (item.system as { identifier?: unknown }).identifier;
          return typeof identifier === "string" ? [{ identifier, name: item.name }] : [];
        }),
      },
    ]),
  );
  return { state: situation.state, participants };
}

/** The view input for this user. */
async function viewInput(message: ChatMessage.Implementation, source: AttackSource): Promise<CardContextInput> {
  const situation = await cardSituation(source);
  const viewer = { isGM: game.user.isGM, gmOnline: game.users.activeGM !== null };
  return cardViewInput(source, authorIsGM(message), viewWorld(situation), viewer, (id) => optionsFor(source.card, situation, id));
}

/** The attack card's context for this user, from the card's stored state and freshly read documents; throws when the card does not read. */
export async function attackContext(message: ChatMessage.Implementation): Promise<object> {
  if (!(message.system instanceof AttackMessageModel)) throw new Error("not an attack card");
  // A card whose stored state does not read (forged or damaged) throws here: the card shows the forged notice.
  const source = message.system.source;
  return attackCardContext(translate, await viewInput(message, source));
}

/** Wires the drawn card's buttons: each sends only the card's id, a target and a choice to the active GM. */
export function wireAttackCard(message: ChatMessage.Implementation, content: HTMLElement): void {
  const cardId = message.id ?? "";
  for (const button of content.querySelectorAll<HTMLButtonElement>("button[data-action]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const request = buttonRequest(cardId, button.dataset);
      if (request === null) return;
      for (const other of content.querySelectorAll<HTMLButtonElement>("button[data-action]")) other.disabled = true;
      void requestAttack(request.kind, request.payload).finally(() => {
        for (const other of content.querySelectorAll<HTMLButtonElement>("button[data-action]")) other.disabled = false;
      });
    });
  }
}

/** The sidebar chat log: core v13's ChatLog#updateMessage draws one message again (chat.mjs, "Public API"). */
function chatLog(): { updateMessage(message: ChatMessage.Implementation): Promise<void> } {
  return ui.chat as unknown as { updateMessage(message: ChatMessage.Implementation): Promise<void> };
}

/** Whether an active GM was online when this client last looked (null before `ready`). */
let gmSeen: boolean | null = null;

/**
 * Draws the open attack cards again when a GM connects or the last one leaves: their "waiting for a GM" line and
 * their buttons follow it, but nothing updates the messages themselves. Call on `ready` and on `userConnected`.
 */
export function redrawOnGmPresence(): void {
  const now = game.users.activeGM !== null;
  const changed = gmPresenceChanged(gmSeen, now);
  gmSeen = now;
  if (!changed) return;
  for (const message of game.messages) {
    if (!(message.system instanceof AttackMessageModel)) continue;
    let stage: AttackSource["card"]["stage"];
    try {
      stage = message.system.source.card.stage;
    } catch {
      continue; // a card that does not read shows the forged notice, GM or not
    }
    if (showsGmPresence(stage)) void chatLog().updateMessage(message);
  }
}
