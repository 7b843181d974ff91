// The check card in the chat log (README "Rolling checks"): a success and a failure, light and dark, axe clean.
import { describe, expect, it } from "vitest";
import { checkCardContext } from "../../src/features/checks/check-card-context";
import { checkCardData } from "../../src/data/message/check-data";
import { prepareCheck } from "../../src/data/check/prepare-check";
import { countSuccesses } from "../../src/rules";
import { bestiary } from "../data/check/bestiary";
import { localizeKey } from "../templates/foundry-helpers";
import { renderView, THEMES } from "./harness";

const TEMPLATE = "systems/age-of-dragons/templates/checks/check-card.hbs";

const LONG = "Vermithraxpejorativetheunconqueredterrorofthenorthernmarches the Eldest";

function card(name: string, request: Parameters<typeof prepareCheck>[1], faces: number[], rename = false, rollMode = "publicroll") {
  const entry = bestiary(name);
  const actor = rename
    ? { ...entry, name: LONG, items: entry.items.map((i) => (i.type === "skill" ? { ...i, name: `${i.name} ${LONG}` } : i)) }
    : entry;
  const prepared = prepareCheck(actor, request);
  const data = checkCardData({ uuid: `Actor.${actor._id ?? ""}`, name: actor.name, img: actor.img ?? "" }, prepared, countSuccesses(faces, prepared.check?.tn ?? 6));
  if (data === null) throw new Error("the check was refused");
  return checkCardContext(data, faces, localizeKey, [], rollMode);
}

describe("the check card", () => {
  it.each(THEMES)("shows the Sable's Tooth and Claw succeeding (%s)", async (theme) => {
    const context = card("sable-dragon", { choice: { skill: "toothAndClaw" }, extraDice: 1 }, [6, 4, 2, 5, 1, 3, 4]);
    const { html } = await renderView({ template: TEMPLATE, context, theme, name: "check-card-success", frame: { kind: "chat", speaker: "Sable Dragon" } });
    expect(html).toContain("4 successes from 7 dice at TN\u00a04+");
    expect(html).toContain("Expert");
    expect(html).toContain("Extra dice +1");
    expect(html.match(/aod-die-mark/g)).toHaveLength(4);
  });

  it.each(THEMES)("shows the Knight's Soma check failing (%s)", async (theme) => {
    const context = card("knight", { choice: { attribute: "soma" } }, [5, 2, 1]);
    const { html } = await renderView({ template: TEMPLATE, context, theme, name: "check-card-failure", frame: { kind: "chat", speaker: "Knight" } });
    expect(html).toContain("No successes from 3 dice at TN\u00a06+");
    expect(html).toContain("Failure");
    expect(html).not.toContain("aod-die-mark");
  });

  it.each(THEMES)("a private GM roll says who sees it (%s)", async (theme) => {
    const context = card("sable-dragon", { choice: { skill: "aerobatics" } }, [5, 6, 2, 1], false, "gmroll");
    const { html } = await renderView({ template: TEMPLATE, context, theme, name: "check-card-private", frame: { kind: "chat", speaker: "Sable Dragon" } });
    expect(html).toContain("Private GM roll: only the roller and the GM see it");
  });

  it.each(THEMES)("a blind GM roll, as the GM sees it (%s)", async (theme) => {
    const context = card("knight", { choice: { skill: "swordsmanship" } }, [4, 1, 6], false, "blindroll");
    const { html } = await renderView({ template: TEMPLATE, context, theme, name: "check-card-blind", frame: { kind: "chat", speaker: "Knight" } });
    expect(html).toContain("Blind GM roll: only the GM sees the dice");
  });

  it("names no roll mode on a public roll", () => {
    expect(card("knight", { choice: { attribute: "soma" } }, [5, 2, 1]).mode.label).toBe("");
  });

  it("wraps a very long actor and skill name inside the chat log", async () => {
    const context = card("sable-dragon", { choice: { skill: "toothAndClaw" }, extraDice: 6 }, [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1], true);
    let lines = Infinity;
    const { html } = await renderView({
      template: TEMPLATE,
      context,
      theme: "dark",
      name: "check-card-long-names",
      frame: { kind: "chat", speaker: LONG },
      inspect: async (page) => {
        lines = await page.evaluate(() => {
          const title = document.querySelector<HTMLElement>(".aod-card-title");
          return title ? Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight)) : Infinity;
        });
      },
    });
    expect(html).toContain(LONG);
    // "Tooth and Claw", the unbroken word cut with an ellipsis on its one line, "the Eldest": never broken inside.
    expect(lines).toBe(3);
  });
});
