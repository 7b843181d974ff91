/**
 * The defence prompt on a defender's owner's client: the handler of the GM's `attackDefend` query. It checks for
 * itself that the query came from the GM who asked (the token whose hash that GM wrote on the card's prompt), that
 * the card is a GM's, still awaits this target, and that this user owns the target; then it asks
 * which defence to roll (or none) and returns the choice. The GM validates the answer again before rolling.
 */
import { attackSuccesses } from "../../rules/attack-card";
import { isRefusal, parseDefenceQuery, queryFromAskingGM } from "./attack-requests";
import type { DefenceQuery, DefendPayload } from "./attack-requests";
import type { AttackSource } from "../../data/message/attack-source";
import { cardMessage, cardSituation, optionsFor } from "./card-situation";
import { targetStatus } from "../../rules/attack-card";
import { translate } from "./attack-card-render";
import { promptDefenceLabel } from "./attack-card-context";

function paragraph(text: string): string {
  const p = document.createElement("p");
  p.textContent = text;
  return p.outerHTML;
}

/** The GM's card the query names, when it carries the token whose hash the GM wrote on that target's prompt. */
function vouchedCard(asked: DefenceQuery): AttackSource | null {
  const found = cardMessage(asked.cardId);
  if (found === null || !found.authoredByGM || !found.model.readable) return null;
  const source = found.model.source;
  // Any user can send this query; only the GM who asked knows the token behind the hash on the card.
  return queryFromAskingGM(source.prompts[asked.targetId], asked.token) ? source : null;
}

/** How long to wait for the card's prompt to arrive when the GM's query overtakes it (ms). */
const PROMPT_GRACE_MS = 1000;

/** Answers the GM's defence query: the chosen defence, or null (not the GM's query, not mine, no longer awaited, or closed). */
export async function answerDefenceQuery(data: unknown): Promise<DefendPayload | null> {
  const asked = parseDefenceQuery(data);
  if (isRefusal(asked)) return null;
  // The GM writes the prompt before it sends the query; should the query still arrive first, look once more.
  let source = vouchedCard(asked);
  if (source === null) {
    await new Promise((resolve) => setTimeout(resolve, PROMPT_GRACE_MS));
    source = vouchedCard(asked);
  }
  if (source === null) return null;
  const card = source.card;
  if (targetStatus(card, asked.targetId) !== "awaitingDefence") return null;
  const situation = await cardSituation(source);
  const defender = situation.participants[asked.targetId];
  if (defender === undefined || !defender.actor.isOwner) return null;
  const options = optionsFor(card, situation, asked.targetId);
  const target = card.targets.find((t) => t.id === asked.targetId)?.name ?? defender.actor.name;
  const values = { attacker: card.attacker.name, target, weapon: card.weapon?.name ?? "", successes: attackSuccesses(card) ?? 0 };
  const body = translate(card.action === "breakOut" ? "AOD.Attack.Prompt.breakOut" : "AOD.Attack.Prompt.body", values);
  const buttons = [
    ...options.map((check, i) => ({
      action: `skill:${check.skill ?? ""}`,
      // Each defence with its exact chance against the roll already made, as on the card.
      label: promptDefenceLabel(
        translate,
        card,
        check,
        translate("AOD.Attack.CheckLabel", {
          skill: check.skill === null ? translate("AOD.Attack.Untrained") : check.skill,
          pool: check.pool,
          tn: check.tn,
        }),
      ),
      default: i === 0,
    })),
    { action: "none", label: translate("AOD.Attack.Button.noDefence"), default: options.length === 0 },
  ];
  const choice: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: translate("AOD.Attack.Prompt.title", { target }) },
    content: paragraph(body),
    buttons,
    rejectClose: false,
  });
  if (typeof choice !== "string") return null;
  if (choice === "none") return { cardId: asked.cardId, targetId: asked.targetId, defend: false, skill: null };
  const skill = choice.slice("skill:".length);
  return { cardId: asked.cardId, targetId: asked.targetId, defend: true, skill: skill === "" ? null : skill };
}
