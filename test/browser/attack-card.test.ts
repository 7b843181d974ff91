import { describe, expect, it } from "vitest";
import { attackCardContext } from "../../src/features/attack/attack-card-context";
import { cardStates, inputFor, t } from "../features/attack/attack-card-states";
import { THEMES, renderView } from "./harness";

const states = cardStates();
const views = Object.keys(states).flatMap((name) => THEMES.map((theme) => [name, theme] as const));

describe("the attack card in the chat log", () => {
  it.each(views)("%s (%s)", async (name, theme) => {
    const entry = states[name];
    if (entry === undefined) throw new Error(`no state ${name}`);
    const owner = name === "awaiting-defence" ? { isGM: false, owns: ["b"] } : { isGM: true, owns: [] };
    const context = attackCardContext(t, inputFor(entry.card, entry.state, { viewer: owner }));
    const { html } = await renderView({
      template: "systems/age-of-dragons/templates/chat/attack/card.hbs",
      context,
      theme,
      name: `attack-card-${name}`,
      frame: { kind: "chat", speaker: "Sable Dragon" },
    });
    expect(html).toContain(context.title);
  });
});
