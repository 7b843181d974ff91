/**
 * The check card's kind (core/cards): drawn from the message's data (check-data.ts), its PoolRoll's faces and
 * what the card flag keeps of the roll (its notices as en.json keys, its roll mode), so a language change shows
 * on old cards. A card posted before the flag existed keeps its posted content.
 */
import { templatePath } from "../../constants/template-paths";
import { cardFlag } from "../../core/cards/card-registry";
import { registerCard } from "../../core/cards/card-hook";
import { PoolRoll } from "../../core/dice/pool-roll";
import { i18nFormat } from "../../core/i18n";
import type { CheckCardData } from "../../data/message/check-data";
import { CheckMessageModel } from "../../data/message/check-model";
import { checkCardContext } from "./check-card-context";
import { CHECK_CARD_FLAG, readCheckCardFlag } from "./check-card-flag";

/** The check card's template. */
export const CHECK_CARD_TEMPLATE = templatePath("checks/check-card.hbs");

/** The faces of the card's roll. */
function facesOf(message: ChatMessage.Implementation): number[] {
  const roll = message.rolls[0];
  if (roll === undefined) throw new Error("a check card without its roll");
  return roll instanceof PoolRoll ? roll.faces : roll.dice.flatMap((die) => die.results.map((result) => result.result));
}

/** Registers the check card's kind (call in `init`). */
export function registerCheckCard(): void {
  registerCard("check", {
    template: CHECK_CARD_TEMPLATE,
    context: (message) => {
      if (!(message.system instanceof CheckMessageModel)) throw new Error("a check card without its data");
      const flag = readCheckCardFlag(cardFlag(message, CHECK_CARD_FLAG));
      if (flag === null) return null;
      const notices = flag.notices.map((n) => i18nFormat(n.key, n.data));
      return checkCardContext(message.system as unknown as CheckCardData, facesOf(message), i18nFormat, notices, flag.rollMode);
    },
  });
}
