// The actor and item sheets in Chromium (test/browser/README.md): the Sable and the Knight from the bestiary in
// play and edit mode, a weapon, an armour and a skill, in both themes, from the real templates, context builders
// and CSS, at the sheets' default sizes (AgeOfDragonsActorSheet / AgeOfDragonsItemSheet DEFAULT_OPTIONS).
import { skillNamesOf } from "../../src/features/sheets/actor-context";
import { describe, expect, it } from "vitest";
import { buildActorContext } from "../../src/features/sheets/actor-context";
import { buildItemContext } from "../../src/features/sheets/item-context";
import type { ActorSheetInput, ItemSheetInput, SheetItem } from "../../src/features/sheets/sheet-data";
import { DEFAULT_SKILL_LADDER } from "../../src/rules/skills";
import { actorInput, bestiary, derivedFor, packItem, packSkillNames, withItems, withSystem } from "../features/sheets/fixtures";
import { renderView, THEMES } from "./harness";
import type { Theme } from "./harness";
import type { Page } from "playwright-core";

const ACTOR_SIZE = { width: 640, height: 720 };
const ITEM_SIZE = { width: 480, height: 560 };
const sable = bestiary("sable-dragon.yml");
const knight = bestiary("knight.yml");

async function actorView(name: string, theme: Theme, input: ActorSheetInput, title = input.name, scrollTo?: string) {
  return renderView({
    ...(scrollTo === undefined ? {} : { inspect: async (page: Page) => page.locator(scrollTo).scrollIntoViewIfNeeded() }),
    template: "test/browser/fixtures/actor-sheet.hbs",
    context: { ...buildActorContext(input), partId: "actor-1" },
    theme,
    name,
    ...ACTOR_SIZE,
    frame: { kind: "window", title, classes: ["age-of-dragons", "aod-sheet", "aod-actor-sheet", "sheet", "actor"], tag: "form" },
  });
}

async function itemView(name: string, theme: Theme, input: ItemSheetInput, inspect?: (page: Page) => Promise<void>) {
  return renderView({
    ...(inspect === undefined ? {} : { inspect }),
    template: "test/browser/fixtures/item-sheet.hbs",
    context: { ...buildItemContext(input), partId: "item-1" },
    theme,
    name,
    ...ITEM_SIZE,
    frame: { kind: "window", title: input.item.name, classes: ["age-of-dragons", "aod-sheet", "aod-item-sheet", "sheet", "item"], tag: "form" },
  });
}

function itemInput(item: SheetItem, extra: Partial<ItemSheetInput> = {}): ItemSheetInput {
  return {
    item,
    permission: "owner",
    mode: "play",
    enrichedDescription: item.system.description,
    ladder: DEFAULT_SKILL_LADDER,
    owner: null,
    skillChoices: packSkillNames(),
    ...extra,
  };
}

describe.each(THEMES)("the actor sheets (%s theme)", (theme) => {
  it("shows the Sable in play mode: attributes, life track, attacks and skills with roll buttons", async () => {
    const { html } = await actorView("sheet-sable-play", theme, actorInput(sable));
    expect(html).toContain("Sable Dragon");
    expect(html).toContain("Severely injured at 8 wounds");
    expect(html).toContain("6d6 at 4+");
    expect(html).toContain("Killer blow: attack 5+, damage 3+");
    expect(html).toContain('data-action="rollCheck" data-skill="toothAndClaw"');
  });

  it("shows the Sable in edit mode with inputs for every stored field", async () => {
    const { html } = await actorView("sheet-sable-edit", theme, actorInput(sable, { mode: "edit" }));
    expect(html).toContain('name="system.soma" value="6"');
    expect(html).toContain('data-action="deleteItem"');
  });

  it("shows the fields an Active Effect changes disabled, naming the effect, the others bound to stored values", async () => {
    // A +2 Soma potion: prepared Soma 8 over the stored 6 (effect-locks.ts).
    const input = { ...actorInput(withSystem(sable, { soma: 8 }), { mode: "edit" }), source: sable.system, locks: { "system.soma": "Potion of Might" } };
    const { html } = await actorView("sheet-sable-edit-effect", theme, input);
    expect(html).toMatch(/name="system\.soma" value="8"[^>]* disabled/);
    expect(html).toContain("Set by Potion of Might");
  });

  it("shows the Sable's equipment and story tabs", async () => {
    const gear = await actorView("sheet-sable-gear", theme, actorInput(sable, { tab: "gear" }));
    expect(gear.html).toContain("Armour 3, encumbrance 2");
    const story = await actorView("sheet-sable-story", theme, actorInput(sable, { tab: "story", mode: "edit" }));
    expect(story.html).toContain('name="system.breed" value="Sable"');
  });

  it("shows the Knight in play mode, with its kind and no Magic Points", async () => {
    const { html } = await actorView("sheet-knight-play", theme, actorInput(knight, { combat: { altitude: "grounded", statuses: ["pinned"] } }));
    expect(html).toContain("Knight");
    expect(html).toContain("Pinned");
    expect(html).not.toContain("Magic Points");
  });

  it("shows the Knight in edit mode", async () => {
    const { html } = await actorView("sheet-knight-edit", theme, actorInput(knight, { mode: "edit", tab: "story" }));
    expect(html).toContain('name="system.kind"');
  });

  it("keeps a very long name and many items inside the window", async () => {
    const longName = "Vhaerakkthyr the Ash-Winged, Devourer of the Nine Valleys and Sworn Foe of the Silver Host";
    const extra: SheetItem[] = Array.from({ length: 14 }, (_, i) => ({
      id: `extra${i}`,
      name: i === 0 ? "An Exceedingly Long-Named Skill of Aerial Manoeuvring Under Heavy Crossbow Fire" : `Lore of the Peaks ${i}`,
      img: "systems/age-of-dragons/assets/icons/items/wing.svg",
      sort: 900000 + i,
      type: "skill",
      system: { identifier: "", rank: "master", attribute: "pneuma", uses: [], hampered: i % 2 === 0, description: "" },
    }));
    const wounded = withSystem(withItems(sable, extra), { life: { max: 30, wounds: 17 } });
    const { html } = await actorView("sheet-long-name", theme, { ...actorInput(wounded), name: longName }, longName);
    expect(html).toContain(longName);
  });

  it("shows a dragon in combat: altitude, statuses on the severity scale, a severely injured life track", async () => {
    const hurt = withSystem(sable, { life: { max: 14, wounds: 9 } });
    const { html } = await actorView("sheet-sable-combat", theme, actorInput(hurt, { combat: { altitude: "high", statuses: ["falling", "pinned"] } }));
    // The rules' and the board's term for the band, not a sheet's own wording.
    expect(html).toContain("<dd>Flying High</dd>");
    expect(html).toContain('class="aod-chip aod-severity-critical">Falling');
    expect(html).toContain("Severely injured at 8 wounds");
  });

  it("shows a dragon's battle-action buttons in combat: attack, killer blow, grapple, breath, break out, rescue, set down", async () => {
    const { html } = await actorView("sheet-sable-battle", theme, actorInput(sable, { combat: { altitude: "high", statuses: ["pinned"] } }), "Sable Dragon", ".aod-battle-actions");
    expect(html).toContain('aria-label="Grapple with Tooth and Claw"');
    expect(html).toContain('aria-label="Attack with Dragonsbreath"');
    expect(html).toContain("Set down");
  });

  it("shows an adversary's battle-action buttons in combat: its sword, break out and set down, no rescue", async () => {
    const { html } = await actorView("sheet-knight-battle", theme, actorInput(knight, { combat: { altitude: "grounded", statuses: [] } }), "Knight", ".aod-battle-actions");
    expect(html).toContain('aria-label="Attack with Sword"');
    expect(html).toContain("Break out");
    expect(html).not.toContain('data-battle="rescue"');
  });

  it("dims a dead actor's portrait and states death in the critical colour", async () => {
    const dead = withSystem(knight, { life: { max: 12, wounds: 13 } });
    const { html } = await actorView("sheet-knight-dead", theme, actorInput(dead));
    expect(html).toContain("aod-portrait aod-dimmed");
    expect(html).toMatch(/aod-badge-dead aod-severity-critical">Dead/);
    // A wound past the last box: no Life Points left, never "-1 of 12".
    expect(html).toContain("No Life Points left (13 wounds on 12 Life Points)");
    expect(html).not.toContain("-1 of 12");
    // Its rolls are shown disabled, each with the reason in its tooltip and once under its name; none can roll.
    expect(html).toContain('<p class="aod-rolls-off" id="aod-actor-1-rolls-off"><i class="fa-solid fa-skull" aria-hidden="true"></i> Knight is dead: the dead roll no checks and take no actions.</p>');
    expect(html).toContain('<span class="aod-roll-off" data-tooltip="Knight is dead: the dead roll no checks and take no actions."><button type="button" class="aod-roll" disabled aria-describedby="aod-actor-1-rolls-off">');
    expect(html).not.toContain('data-action="rollCheck"');
    expect(html).not.toContain('data-action="attack"');
  });

  it("a dead dragon in combat: its checks, attacks and battle actions disabled with the reason (%s)", async () => {
    const dead = withSystem(sable, { life: { max: 14, wounds: 15 } });
    const { html } = await actorView("sheet-sable-dead", theme, actorInput(dead, { combat: { altitude: "grounded", statuses: [] } }), "Sable Dragon", ".aod-battle-actions");
    expect(html).toContain("Sable Dragon is dead: the dead roll no checks and take no actions.");
    expect(html).toMatch(/<span class="aod-roll-off" data-tooltip="Sable Dragon is dead[^"]*"><button type="button" class="aod-roll aod-battle-button" disabled\s+aria-label="Attack with Dragonsbreath">/);
    expect(html).not.toContain('data-action="battleAction"');
    expect(html).not.toContain('data-action="rollCheck"');
  });

  it("shows an actor with no items: empty lists that say how to add one", async () => {
    const bare = { ...knight, items: [] };
    const { html } = await actorView("sheet-no-items", theme, actorInput(bare));
    expect(html).toContain("No weapons. Drag one here");
    expect(html).toContain("No skills. Drag one here");
  });

  it("shows an observer the numbers read-only: no roll, no edit", async () => {
    const { html } = await actorView("sheet-sable-observer", theme, actorInput(sable, { permission: "observer" }));
    expect(html).toContain("6d6 at 4+");
    expect(html).not.toContain('data-action="rollCheck"');
    expect(html).not.toContain('data-action="setWounds"');
  });

  it("warns that a skill's rank is not on the world's ladder", async () => {
    const oddRank = withItems(knight, [
      { id: "odd1", name: "Siegecraft", img: "systems/age-of-dragons/assets/icons/items/wing.svg", sort: 999, type: "skill", system: { identifier: "", rank: "legendary", attribute: "pneuma", uses: [], hampered: false, description: "" } },
    ]);
    const { html } = await actorView("sheet-missing-rank", theme, actorInput(oddRank));
    expect(html).toContain("rank ladder has no TN for");
  });

  it("shows a limited viewer only the portrait, the name and the biography", async () => {
    const { html } = await actorView("sheet-sable-limited", theme, actorInput(sable, { permission: "limited" }));
    expect(html).toContain("Sable dragons are broad");
    expect(html).not.toContain("Tooth and Claw");
    expect(html).not.toContain("Soma");
  });
});

describe.each(THEMES)("the item sheets (%s theme)", (theme) => {
  const sableOwner = { name: sable.name, derived: derivedFor(sable), magic: sable.system.magic, skillNames: skillNamesOf(sable.items) };

  it("shows a weapon in play mode with its owner's attack", async () => {
    const { html } = await itemView("sheet-weapon-play", theme, itemInput(packItem("weapons", "tooth-and-claw.yml"), { owner: sableOwner }));
    expect(html).toContain("For Sable Dragon");
  });

  it("shows a weapon in edit mode", async () => {
    let colours = { box: "", accent: "" };
    const { html } = await itemView("sheet-weapon-edit", theme, itemInput(packItem("weapons", "dragonsbreath.yml"), { mode: "edit" }), async (page) => {
      colours = await page.evaluate(() => {
        const box = document.querySelector('input[type="checkbox"][name="defence.aerobatics"]');
        // The theme's accent as the browser resolves it: a probe coloured with the custom property.
        const probe = document.createElement("span");
        probe.style.color = "var(--aod-accent)";
        box?.parentElement?.append(probe);
        const accent = getComputedStyle(probe).color;
        probe.remove();
        return { box: box ? getComputedStyle(box).accentColor : "", accent };
      });
    });
    expect(html).toContain('name="system.magicCost" value="1"');
    // Skills picked by name: a select for the attack, a checkbox per skill for the defences.
    expect(html).toMatch(/<option value="dragonsbreath" selected>Dragonsbreath<\/option>/);
    expect(html).toContain('name="defence.aerobatics"');
    // Its checkboxes are ticked in the system's accent of this theme, not the browser's blue.
    expect(colours.accent).toMatch(/^rgb/);
    expect(colours.box).toBe(colours.accent);
  });

  it("shows an armour in play and edit mode", async () => {
    const plate = packItem("armour", "steel-dragonplate.yml");
    expect((await itemView("sheet-armour-play", theme, itemInput(plate))).html).toContain("Barding");
    expect((await itemView("sheet-armour-edit", theme, itemInput(plate, { mode: "edit" }))).html).toContain('name="system.rating" value="3"');
  });

  it("shows a skill in play and edit mode", async () => {
    const skill = packItem("skills", "aerobatics.yml");
    const play = (await itemView("sheet-skill-play", theme, itemInput(skill, { owner: sableOwner }))).html;
    expect(play).toContain("Melee Defence");
    expect(play).toContain('<span class="aod-breakdown">Soma 6 − encumbrance 2</span>');
    expect((await itemView("sheet-skill-edit", theme, itemInput(skill, { mode: "edit" }))).html).toContain('name="uses.rangedDefence" checked');
  });
});
