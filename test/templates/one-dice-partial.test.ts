// One dice language: templates/core/dice/dice-faces.hbs is the only template that draws a die. Every other template
// that shows dice includes it; none draws faces, die classes or its own dice list.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { foundryPath, templateFiles } from "./render";

const PARTIAL = "systems/age-of-dragons/templates/core/dice/dice-faces.hbs";
const others = templateFiles().filter((file) => foundryPath(file) !== PARTIAL);

/**
 * What drawing a die in a template looks like: a die or dice class (aod-die, aod-card-dice, x__die; not an icon
 * such as fa-dice-d6 or a label such as aod-dice-text), a die's face, or a face handed to a label.
 */
const DRAWS_A_DIE = [/class="[^"]*?\b(?:[\w-]*[_-])?(?:die|dice)\b(?!-)/i, /\{\{\s*(?:this\.)?face\s*\}\}/, /\bface=/];

describe("the one dice partial", () => {
  it("is the only template that draws a die", () => {
    const drawing = others.filter((file) => DRAWS_A_DIE.some((pattern) => pattern.test(readFileSync(file, "utf8"))));
    expect(drawing.map(foundryPath)).toEqual([]);
  });
  it("is what every card that shows dice includes", () => {
    const users = others.filter((file) => readFileSync(file, "utf8").includes(`{{> "${PARTIAL}"`)).map(foundryPath).sort();
    expect(users).toEqual(
      [
        "attack/card.hbs",
        "attack/target.hbs",
        "checks/check-card.hbs",
        "core/dice/pool-roll.hbs",
        "round/declarations/simultaneous-card.hbs",
        "round/end-phase-card.hbs",
        "round/event-card.hbs",
        "round/initiative-card.hbs",
        "round/surprise-card.hbs",
      ].map((file) => `systems/age-of-dragons/templates/${file}`),
    );
  });
  it.each([
    '<ul class="aod-card-dice">',
    '<li class="aod-attack-card__die aod-attack-card__die--success">',
    '<li class="x aod-die">',
    "<span>{{this.face}}</span>",
  ])("catches a template that draws its own dice: %s", (own) => {
    expect(DRAWS_A_DIE.some((pattern) => pattern.test(own))).toBe(true);
  });
  it.each(['<i class="fa-solid fa-dice-d6">', '<span class="aod-dice-text">'])("lets an icon or a dice label through: %s", (fine) => {
    expect(DRAWS_A_DIE.some((pattern) => pattern.test(fine))).toBe(false);
  });
});
