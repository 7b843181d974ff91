// The sheet templates with real Handlebars and en.json (test/templates/render.ts): what each viewer is offered.
import { describe, expect, it } from "vitest";
import { buildActorContext } from "../../src/features/sheets/actor-context";
import { buildItemContext } from "../../src/features/sheets/item-context";
import { DEFAULT_SKILL_LADDER } from "../../src/rules/skills";
import { actorInput, bestiary, packItem } from "../features/sheets/fixtures";
import { renderTemplate } from "./render";

const sable = bestiary("sable-dragon.yml");
const ACTOR = "test/browser/fixtures/actor-sheet.hbs";
const ITEM = "test/browser/fixtures/item-sheet.hbs";
const render = (input: Parameters<typeof buildActorContext>[0]): string =>
  renderTemplate(ACTOR, { ...buildActorContext(input), partId: "t" });

describe("the actor sheet's templates", () => {
  it("give the owner in play mode a check button for every attribute and skill, and an attack button for every weapon", () => {
    const html = render(actorInput(sable));
    expect(html.match(/data-action="rollCheck"/g)).toHaveLength(2 + 3);
    // Attack with each weapon, and a killer blow with Tooth and Claw (the only one with the trait).
    expect(html.match(/data-action="attack"/g)).toHaveLength(3);
    expect(html.match(/data-killer-blow="true"/g)).toHaveLength(1);
    expect(html).toContain('data-attribute="pneuma"');
    expect(html).toContain('data-skill="aerobatics"');
    // A weapon's skill keeps its plain check on the skill row; the weapon's own button starts the attack card.
    expect(html).toContain('data-action="rollCheck" data-skill="toothAndClaw"');
    expect(html).toContain('data-action="attack" data-weapon="og1cUrsaFwrwlmvL"');
    expect(html).not.toMatch(/data-action="rollCheck" data-weapon=/);
    expect(html).toContain('data-action="setWounds" data-wounds="15"');
    expect(html).not.toContain('data-action="deleteItem"');
  });

  it("give the owner in combat a grapple with Tooth and Claw and the battle actions without a weapon", () => {
    const html = render(actorInput(sable, { combat: { altitude: "high", statuses: [] } }));
    expect(html).toContain('data-action="battleAction" data-weapon="K6IPXsi9uoCKBDp0" data-battle="grapple"');
    expect(html).toContain('aria-label="Killer blow with Tooth and Claw"');
    for (const action of ["breakOut", "rescue", "setDown"]) expect(html).toContain(`data-action="battleAction" data-battle="${action}"`);
    expect(html).toContain("Battle actions");
  });

  it("give the owner in edit mode inputs, create and delete buttons, and no roll buttons", () => {
    const html = render(actorInput(sable, { mode: "edit" }));
    expect(html).not.toMatch(/data-action="(rollCheck|attack)"/);
    expect(html.match(/data-action="deleteItem"/g)).toHaveLength(sable.items.length);
    expect(html).toContain('data-action="createItem" data-type="skill"');
    expect(html).toContain('name="system.lifepaths"');
    expect(html).toContain('<prose-mirror name="system.biography"');
  });

  it("give an observer the numbers but nothing to roll or change", () => {
    const html = render(actorInput(sable, { permission: "observer", mode: "edit" }));
    expect(html).toContain("6d6 at 4+");
    expect(html).not.toMatch(/data-action="(rollCheck|attack|battleAction|setWounds|deleteItem|createItem|toggleEquipped)"/);
    expect(html).not.toContain("<input");
    expect(html).toContain('data-action="viewItem"');
  });

  it("give a limited viewer the portrait, the name and the biography only", () => {
    const html = render(actorInput(sable, { permission: "limited" }));
    expect(html).toContain("Sable Dragon");
    expect(html).toContain("Sable dragons are broad");
    expect(html).not.toMatch(/Soma|Tooth and Claw|Steel Dragonplate|Life Points|data-action="viewItem"/);
  });

  it("show the warning for a skill the ladder cannot rate", () => {
    const { expert: _gone, ...rest } = DEFAULT_SKILL_LADDER;
    const html = render(actorInput(sable, {}, rest as unknown as typeof DEFAULT_SKILL_LADDER));
    expect(html).toContain("Tooth and Claw: this world&#x27;s rank ladder has no TN for &quot;expert&quot;, so it rolls as untrained.");
  });
});

describe("the item sheet's templates", () => {
  it("show an observer the weapon's figures without edit fields", () => {
    const item = packItem("weapons", "dragonsbreath.yml");
    const context = buildItemContext({ item, permission: "observer", mode: "edit", enrichedDescription: "", ladder: DEFAULT_SKILL_LADDER, owner: null });
    const html = renderTemplate(ITEM, { ...context, partId: "t" });
    expect(html).toContain("Magic Cost");
    expect(html).not.toContain("<input");
  });

  it("show a limited viewer the name and description only", () => {
    const item = packItem("armour", "kite-shield.yml");
    const context = buildItemContext({ item, permission: "limited", mode: "play", enrichedDescription: "<p>Wood and leather.</p>", ladder: DEFAULT_SKILL_LADDER, owner: null });
    const html = renderTemplate(ITEM, { ...context, partId: "t" });
    expect(html).toContain("Kite Shield");
    expect(html).toContain("Wood and leather.");
    expect(html).not.toContain("Armour Rating");
  });
});
