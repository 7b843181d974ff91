import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/features/attack/attack-card-context";
import type { CardViewer } from "../../src/features/attack/attack-card-context";
import { cardStates, inputFor, t } from "../features/attack/attack-card-states";
import { rolled } from "../rules/attack-card-fixtures";
import { THEMES, renderView } from "./harness";

const states = cardStates();
/** Every state as a GM sees it, the awaiting defence as the defender's owner, and once as a player not in it. */
const shots: Record<string, { state: string; viewer: CardViewer }> = {
  ...Object.fromEntries(Object.keys(states).map((name) => [name, { state: name, viewer: { isGM: true, owns: [] } }])),
  "awaiting-defence": { state: "awaiting-defence", viewer: { isGM: false, owns: ["b"] } },
  "uninvolved-player": { state: "awaiting-defence", viewer: { isGM: false, owns: [] } },
};
const views = Object.keys(shots).flatMap((name) => THEMES.map((theme) => [name, theme] as const));

describe("the attack card in the chat log", () => {
  it.each(views)("%s (%s)", async (name, theme) => {
    const shot = shots[name];
    const entry = shot === undefined ? undefined : states[shot.state];
    if (shot === undefined || entry === undefined) throw new Error(`no state ${name}`);
    const context = attackCardContext(t, inputFor(entry.card, entry.state, { viewer: shot.viewer }));
    const { html } = await renderView({
      template: "systems/age-of-dragons/templates/attack/card.hbs",
      context,
      theme,
      name: `attack-card-${name}`,
      frame: { kind: "chat", speaker: "Sable Dragon" },
    });
    // The title as Handlebars writes it (an apostrophe escaped).
    expect(html).toContain(context.title.replace(/'/g, "&#x27;"));
    if (name === "refused") expect(html).toContain("Sable Dragon&#x27;s action is refused");
    if (name === "uninvolved-player") expect(html).not.toContain("<button");
    if (name === "killed") expect(html).toContain("life 0/12, past the last box: killed");
  });
});

describe("the attack card shows the roll dialog's modifiers", () => {
  it.each(THEMES)("under the roll (%s)", async (theme) => {
    const entry = states["awaiting-defence"];
    if (entry === undefined || entry.card.check === null) throw new Error("no state");
    // Tooth and Claw's 5 dice at 4+ with the dialog's +2 dice and TN -1: the card's roll is 7 dice at 3+.
    const { attacker, targets, weapon } = entry.card;
    const check = { ...entry.card.check, pool: entry.card.check.pool + 2, tn: entry.card.check.tn - 1 };
    const card = rolled([4, 4, 6, 1, 2, 3, 5], { attacker, targets, weapon, check, modifiers: { dice: 2, tn: -1 } });
    const context = attackCardContext(t, inputFor(card, entry.state, { viewer: { isGM: true, owns: [] } }));
    const { html } = await renderView({
      template: "systems/age-of-dragons/templates/attack/card.hbs",
      context,
      theme,
      name: "attack-card-with-modifiers",
      frame: { kind: "chat", speaker: "Sable Dragon" },
    });
    expect(html).toContain("Roll dialog modifiers: +2 dice, TN\u00a0−1 (counted in this roll)");
    expect(html).toContain("of 7 dice at 3+");
  });
});
