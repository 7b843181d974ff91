// The theme in both Foundry themes (test/browser/README.md): one sample of every shared element passes axe (contrast
// included), and the nearest theme wins when a light view sits in a dark interface.
import { describe, expect, it } from "vitest";
import { renderView, THEMES, type Theme } from "./harness";

const context = {
  text: "The Sable Dragon circles high above the spearmen.",
  muted: "Expert, TN 4+",
  label: "Pool",
  pool: 7,
  choiceLabel: "Attribute",
  choices: { soma: "Soma", pneuma: "Pneuma" },
  selected: "pneuma",
  columns: ["Successes", "Chance"],
  rows: [{ label: "At least 1", chance: 0.9122 }, { label: "At least 3", chance: 0.003 }],
  warning: "Steel Dragonplate hampers this check by 2 dice.",
  refusal: "No die can meet TN 7: this check cannot succeed.",
  roll: "Roll",
  cancel: "Cancel",
};

async function surfaces(theme: Theme): Promise<{ sample: string; nested: string; html: string }> {
  let sample = "";
  let nested = "";
  const { html } = await renderView({
    template: "test/browser/fixtures/theme-sample.hbs",
    context,
    theme,
    name: "theme-sample",
    frame: { kind: "window", title: "Theme sample", classes: ["age-of-dragons"] },
    inspect: async (page) => {
      const read = (selector: string) => page.evaluate(
        (s) => getComputedStyle(document.querySelector(s) as Element).getPropertyValue("--aod-surface").trim(), selector);
      sample = await read(".aod-theme-sample");
      nested = await read(".aod-nested-light");
    },
  });
  return { sample, nested, html };
}

describe("the theme", () => {
  it.each(THEMES)("renders the sample in the %s theme with no axe violations", async (theme) => {
    const { html } = await surfaces(theme);
    expect(html).toContain("Age of Dragons");
    expect(html).toContain("91%");
    expect(html).toContain("&lt;1%");
  });

  it("gives light and dark different surfaces", async () => {
    const light = await surfaces("light");
    const dark = await surfaces("dark");
    expect(light.sample).toBe("#f4ecdd");
    expect(dark.sample).toBe("#221b17");
  });

  it("lets the nearest theme win: a light view inside a dark interface is light", async () => {
    const dark = await surfaces("dark");
    expect(dark.nested).toBe("#f4ecdd");
  });
});
