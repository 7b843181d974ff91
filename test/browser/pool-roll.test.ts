// The pool roll's own chat template (PoolRoll.render, e.g. roll.toMessage()), light and dark, axe clean.
import { describe, expect, it } from "vitest";
import { poolResult } from "../../src/core/dice/pool-result";
import { renderView, THEMES } from "./harness";

describe("the pool roll in chat", () => {
  it.each(THEMES)("shows every die with its mark and the sentence (%s)", async (theme) => {
    const context = { flavor: "Aerobatics", isPrivate: false, formula: "4d6cs>=5", result: poolResult([5, 1, 6, 3], 5) };
    const { html } = await renderView({
      template: "systems/age-of-dragons/templates/core/dice/pool-roll.hbs", context, theme, name: "pool-roll",
      frame: { kind: "chat", speaker: "Sable Dragon" },
    });
    expect(html).toContain("2 successes from 4 dice at TN\u00a05+");
    // The player reads the pool and TN in words; the formula is only the summary's tooltip.
    expect(html).not.toMatch(/>\s*4d6cs&gt;&#x3D;5\s*</);
  });
  it.each(THEMES)("a private roll tells whoever may not see it that its dice are hidden (%s)", async (theme) => {
    const context = { flavor: null, isPrivate: true, formula: "", result: null };
    const { html } = await renderView({
      template: "systems/age-of-dragons/templates/core/dice/pool-roll.hbs", context, theme, name: "pool-roll-private",
      frame: { kind: "chat", speaker: "Sable Dragon" },
    });
    expect(html).toContain("A private roll: its dice are hidden from you.");
    expect(html).not.toContain("aod-die");
  });
});
