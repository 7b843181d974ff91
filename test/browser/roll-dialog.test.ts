// The roll dialog in the browser (README "Rolling checks"): a plain check and an attack with a target, light and dark, axe clean.
import { describe, expect, it } from "vitest";
import { rollDialogContext } from "../../src/core/rolls/roll-dialog-context";
import { bestiary } from "../data/check/bestiary";
import { ROLL_MODES } from "../core/rolls/roll-modes";
import { localizeKey } from "../templates/foundry-helpers";
import { renderView, THEMES } from "./harness";

const TEMPLATE = "test/browser/fixtures/roll-dialog.hbs";
const sable = bestiary("sable-dragon");
const knight = bestiary("knight");
const claw = sable.items.find((item) => item.type === "weapon" && item.name === "Tooth and Claw");

describe("the roll dialog", () => {
  it.each(THEMES)("shows a plain Soma check with its odds (%s)", async (theme) => {
    const context = rollDialogContext({
      actor: sable, choice: { attribute: "soma" }, extraDice: 0, tnShift: 0, rollMode: "publicroll",
      rollModes: ROLL_MODES, idPrefix: "aod-roll",
    }, localizeKey);
    const { html } = await renderView({
      template: TEMPLATE, context, theme, name: "roll-dialog-check", width: 480,
      frame: { kind: "window", title: context.title, classes: ["age-of-dragons", "aod-roll-dialog"], tag: "form" },
      inspect: async (page) => {
        // Keyboard alone: the check select has focus first, Tab reaches every control and then the Roll button.
        await page.focus("#aod-roll-check");
        const order: string[] = [];
        for (let i = 0; i < 5; i += 1) {
          await page.keyboard.press("Tab");
          order.push(await page.evaluate(() => document.activeElement?.getAttribute("name") ?? document.activeElement?.getAttribute("data-action") ?? ""));
        }
        // Cancel first, the action last, in every dialog of the system.
        expect(order).toEqual(["extraDice", "tnShift", "rollMode", "cancel", "roll"]);
      },
    });
    expect(html).toContain("6 dice");
    expect(html).toContain("6+");
  });

  it.each(THEMES)("shows an attack with a target: chance to hit, wound, severely injure and kill (%s)", async (theme) => {
    const context = rollDialogContext({
      actor: sable, choice: { skill: "toothAndClaw" }, extraDice: 0, tnShift: 0, rollMode: "publicroll",
      rollModes: ROLL_MODES, idPrefix: "aod-attack",
      attack: { weapon: claw?._id ?? "", target: knight, killerBlow: false },
    }, localizeKey);
    const { html } = await renderView({
      template: TEMPLATE, context, theme, name: "roll-dialog-attack", width: 480,
      frame: { kind: "window", title: context.title, classes: ["age-of-dragons", "aod-roll-dialog"], tag: "form" },
    });
    expect(html).toContain("Against Knight: defence 3 dice at TN\u00a04+");
    expect(html).toContain("Kill");
    expect(html).toContain("Attack Knight</button>");
    expect(html).not.toContain("At least 1");
  });

  it.each(THEMES)("notes the encumbrance a hampered skill loses (%s)", async (theme) => {
    const context = rollDialogContext({
      actor: sable, choice: { skill: "aerobatics" }, extraDice: 0, tnShift: 0, rollMode: "publicroll",
      rollModes: ROLL_MODES, idPrefix: "aod-hampered",
    }, localizeKey);
    let skillLines = 0;
    const { html } = await renderView({
      template: TEMPLATE, context, theme, name: "roll-dialog-encumbrance", width: 480,
      frame: { kind: "window", title: context.title, classes: ["age-of-dragons", "aod-roll-dialog"], tag: "form" },
      inspect: async (page) => {
        // "Aerobatics" in the facts is one word on one line, not broken inside the word.
        skillLines = await page.evaluate(() => {
          const dd = document.querySelector(".aod-check-facts dd.aod-name");
          if (!dd) return 0;
          return Math.round(dd.getBoundingClientRect().height / parseFloat(getComputedStyle(dd).lineHeight || "20"));
        });
      },
    });
    expect(skillLines).toBe(1);
    expect(html).toContain("Aerobatics: Soma 6 − encumbrance 2 &#x3D; 4 dice.");
  });

  it.each(THEMES)("offers the killer blow and shows its harder TN (%s)", async (theme) => {
    const context = rollDialogContext({
      actor: sable, choice: { skill: "toothAndClaw" }, extraDice: 0, tnShift: 0, rollMode: "publicroll",
      rollModes: ROLL_MODES, idPrefix: "aod-killer",
      attack: { weapon: claw?._id ?? "", target: knight, killerBlow: true },
    }, localizeKey);
    const { html } = await renderView({
      template: TEMPLATE, context, theme, name: "roll-dialog-killer-blow", width: 480,
      frame: { kind: "window", title: context.title, classes: ["age-of-dragons", "aod-roll-dialog"], tag: "form" },
    });
    expect(html).toMatch(/name="killerBlow" type="checkbox" checked/);
    expect(html).toContain("5+");
    // Why the TN is 5+: the hint under the box, which the box names as its description.
    expect(html).toContain('aria-describedby="aod-killer-killer-blow-hint"');
    expect(html).toContain("attack TN 4+ → 5+");
  });

  it.each(THEMES)("says why an impossible check cannot be rolled (%s)", async (theme) => {
    const context = rollDialogContext({
      actor: sable, choice: { attribute: "pneuma" }, extraDice: 0, tnShift: 1, rollMode: "gmroll",
      rollModes: ROLL_MODES, idPrefix: "aod-impossible",
    }, localizeKey);
    const { html } = await renderView({
      template: TEMPLATE, context, theme, name: "roll-dialog-impossible", width: 480,
      frame: { kind: "window", title: context.title, classes: ["age-of-dragons", "aod-roll-dialog"], tag: "form" },
      inspect: async (page) => {
        expect(await page.isDisabled("button[name=roll]")).toBe(true);
      },
    });
    expect(html).toContain("no die can meet TN\u00a07+");
    // The pool and TN that explain why stay on show.
    expect(html).toContain('aod-check-big aod-severity-critical">7+');
  });
});
