// The pool roll's chat template with real Handlebars and en.json: every die, a mark on each success, words.
import { describe, expect, it } from "vitest";
import { poolResult } from "../../src/core/dice/pool-result";
import { renderTemplate } from "./render";

const TEMPLATE = "systems/age-of-dragons/templates/core/dice/pool-roll.hbs";

describe("the pool roll template", () => {
  it("shows every die, marks the successes and states the count and TN", () => {
    const html = renderTemplate(TEMPLATE, { formula: "5d6cs>=4", isPrivate: false, result: poolResult([6, 4, 3, 1, 5], 4) });
    expect(html.match(/class="aod-die /g)).toHaveLength(5);
    expect(html.match(/aod-die--success/g)).toHaveLength(3);
    expect(html.match(/aod-die-mark/g)).toHaveLength(3);
    expect(html).toContain("3 successes from 5 dice at TN\u00a04+");
    expect(html).toContain("6: a success");
    expect(html).toContain("3: no success");
    // The formula is no line of its own, only the summary's tooltip.
    expect(html).not.toMatch(/>\s*5d6cs&gt;&#x3D;4\s*</);
    expect(html).toContain('data-tooltip="5d6cs&gt;&#x3D;4"');
  });
  it("says so when nothing succeeded", () => {
    const html = renderTemplate(TEMPLATE, { formula: "2d6cs>=6", isPrivate: false, result: poolResult([5, 1], 6) });
    expect(html).toContain("No successes from 2 dice at TN\u00a06+");
    expect(html).not.toContain("aod-die-mark");
  });
  it("shows no dice to whoever may not see a private roll", () => {
    const html = renderTemplate(TEMPLATE, { formula: "", isPrivate: true, result: null });
    expect(html).not.toContain("aod-die");
    expect(html).toContain("A private roll: its dice are hidden from you.");
  });
});
