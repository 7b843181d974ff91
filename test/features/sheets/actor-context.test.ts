import { describe, expect, it } from "vitest";
import { buildActorContext } from "../../../src/features/sheets/actor-context";
import type { SheetItem } from "../../../src/features/sheets/sheet-data";
import { DEFAULT_SKILL_LADDER } from "../../../src/rules/skills";
import { actorInput, bestiary, withItems, withSystem } from "./fixtures";
import { keysIn, missingKeys } from "./lang-check";

const sable = bestiary("sable-dragon.yml");
const knight = bestiary("knight.yml");

function skill(id: string, name: string, rank: string, sort: number, extra: Partial<SheetItem["system"]> = {}): SheetItem {
  return {
    id,
    name,
    img: "icons/svg/book.svg",
    sort,
    type: "skill",
    system: { identifier: "", rank, attribute: "pneuma", uses: [], hampered: false, description: "", ...extra },
  } as SheetItem;
}

function weapon(id: string, name: string, attackSkill: string, sort: number): SheetItem {
  return {
    id,
    name,
    img: "icons/svg/sword.svg",
    sort,
    type: "weapon",
    system: {
      range: "melee",
      longRange: false,
      attackSkill,
      defenceSkills: [],
      damageTN: 5,
      killerBlow: false,
      grapple: false,
      magicCost: 0,
      description: "",
    },
  };
}

describe("the dragon sheet of the Sable (bestiary)", () => {
  const context = buildActorContext(actorInput(sable));

  it("shows Soma, Pneuma and Agility, with the plain Soma and Pneuma checks as derived", () => {
    expect(context.attributes.map((a) => [a.key, a.value])).toEqual([
      ["soma", 6],
      ["pneuma", 4],
      ["agility", 2],
    ]);
    expect(context.attributes[0]?.check).toEqual({ tn: 6, pool: 6, request: { attribute: "soma", skill: null, weapon: null } });
    expect(context.attributes[1]?.check).toEqual({ tn: 6, pool: 4, request: { attribute: "pneuma", skill: null, weapon: null } });
    expect(context.attributes[2]?.check).toBeNull();
  });

  it("lists its skills with rank, TN and pool: Aerobatics loses the dragonplate's 2 dice", () => {
    expect(context.skills.map((s) => [s.name, s.rankLabel, s.tn, s.pool])).toEqual([
      ["Tooth and Claw", "AOD.Choices.rank.expert", 4, 6],
      ["Aerobatics", "AOD.Choices.rank.trained", 5, 4],
      ["Dragonsbreath", "AOD.Choices.rank.trained", 5, 6],
    ]);
    expect(context.skills[1]?.hampered).toBe(true);
    expect(context.skills[0]?.request).toEqual({ attribute: null, skill: "toothAndClaw", weapon: null });
  });

  it("shows each weapon as an attack: pool, TN, damage TN, killer blow and Magic Point cost", () => {
    const [claws, breath] = context.attacks;
    expect(claws).toMatchObject({ name: "Tooth and Claw", pool: 6, tn: 4, damageTN: 5, magicCost: 0, grapple: true });
    expect(claws?.killerBlow).toEqual({ tn: 5, damageTN: 3 });
    expect(claws?.skillLabel).toBe("Tooth and Claw");
    expect(breath).toMatchObject({ name: "Dragonsbreath", pool: 6, tn: 5, killerBlow: null, magicCost: 1, affordable: true });
    expect(breath?.request).toEqual({ attribute: null, skill: null, weapon: "og1cUrsaFwrwlmvL" });
  });

  it("shows the armour with rating, encumbrance, slot, equipped and damage, and the derived totals", () => {
    expect(context.armour.entries).toEqual([
      expect.objectContaining({ name: "Steel Dragonplate", rating: 3, encumbrance: 2, slotLabel: "AOD.Choices.slot.barding", equipped: true, damage: 0 }),
    ]);
    expect(context.armour.total).toBe(3);
    expect(context.armour.encumbrance).toBe(2);
  });

  it("draws a life track to the death threshold with severe injury and death marked", () => {
    expect(context.life).toMatchObject({ max: 14, wounds: 0, value: 14, health: "fit", thresholds: { severelyInjured: 8, dead: 15 } });
    expect(context.life.track).toHaveLength(15);
    expect(context.life.track.filter((box) => box.marks !== null).map((box) => [box.wounds, box.marks])).toEqual([
      [8, "severelyInjured"],
      [15, "dead"],
    ]);
  });

  it("shows the breed and Magic Points, and no combat panel outside combat", () => {
    expect(context.actor.typeLabel).toBe("TYPES.Actor.dragon");
    expect(context.magic).toEqual({ value: 4, max: 4, shown: true });
    expect(context.details.breed).toBe("Sable");
    expect(context.details.lifepaths).toEqual([]);
    expect(context.combat).toBeNull();
  });

  it("names only keys that en.json has", () => {
    expect(keysIn(context).length).toBeGreaterThan(20);
    expect(missingKeys(context)).toEqual([]);
  });
});

describe("the adversary sheet of the Knight (bestiary)", () => {
  const context = buildActorContext(actorInput(knight));

  it("shows the kind and fast ground movement instead of a breed and lifepaths", () => {
    expect(context.details.kindLabel).toBe("AOD.Choices.kind.knight");
    expect(context.details).toMatchObject({ breed: null, lifepaths: null, fastGround: false, canFly: false });
    expect(context.details.kindOptions.find((o) => o.selected)?.value).toBe("knight");
  });

  it("hides Magic Points when it has none", () => {
    expect(context.magic.shown).toBe(false);
  });

  it("attacks with its sword at its Swordsmanship TN and Soma pool, and wears its plate and shield", () => {
    expect(context.attacks).toEqual([expect.objectContaining({ name: "Sword", pool: 3, tn: 4, killerBlow: null })]);
    expect(context.armour.total).toBe(3);
    expect(context.armour.encumbrance).toBe(1);
    expect(context.life.track).toHaveLength(5);
    expect(context.life.thresholds).toEqual({ severelyInjured: 3, dead: 5 });
  });

  it("names only keys that en.json has", () => {
    expect(missingKeys(context)).toEqual([]);
  });
});

describe("the numbers come from the derived data, not from the sheet", () => {
  it("follows the stored values through the data model's derivation: a stronger knight swings more dice", () => {
    const context = buildActorContext(actorInput(withSystem(knight, { soma: 5 })));
    expect(context.attacks[0]?.pool).toBe(5);
    expect(context.attributes[0]?.check?.pool).toBe(5);
  });

  it("shows whatever was derived, even when it differs from the stored fields", () => {
    const input = actorInput(sable);
    const derived = { ...input.derived, skills: { ...input.derived.skills, toothAndClaw: { tn: 2, pool: 9 } }, armour: 7 };
    const context = buildActorContext({ ...input, derived });
    expect(context.skills[0]).toMatchObject({ tn: 2, pool: 9 });
    expect(context.attacks[0]).toMatchObject({ tn: 2, pool: 9, killerBlow: { tn: 3, damageTN: 3 } });
    expect(context.armour.total).toBe(7);
  });

  it("fills the wound boxes and names the health state the model derived", () => {
    const context = buildActorContext(actorInput(withSystem(sable, { life: { max: 14, wounds: 8 } })));
    expect(context.life.health).toBe("severelyInjured");
    expect(context.life.healthLabel).toBe("AOD.Status.SeverelyInjured");
    expect(context.life.value).toBe(6);
    expect(context.life.track.filter((box) => box.filled)).toHaveLength(8);
  });

  it("marks an attack the actor cannot pay for", () => {
    const context = buildActorContext(actorInput(withSystem(sable, { magic: { value: 0, max: 4 } })));
    expect(context.attacks[1]).toMatchObject({ name: "Dragonsbreath", affordable: false });
    expect(context.attacks[0]?.affordable).toBe(true);
  });
});

describe("bad input shows a warning, not a crash", () => {
  it("shows a skill whose rank the world's ladder lacks as untrained, with a warning", () => {
    const { expert: _dropped, ...rest } = DEFAULT_SKILL_LADDER;
    const ladder = rest as unknown as typeof DEFAULT_SKILL_LADDER;
    const context = buildActorContext(actorInput(sable, {}, ladder));
    expect(context.skills[0]).toMatchObject({ name: "Tooth and Claw", rankLabel: "AOD.Choices.rank.untrained", tn: 6 });
    expect(context.skills[0]?.warning).toEqual({
      key: "AOD.Sheet.Warning.RankNotOnLadder",
      data: { skill: "Tooth and Claw", rank: "expert" },
    });
    expect(context.skills[1]?.warning).toBeNull();
    expect(context.attacks[0]).toMatchObject({ tn: 6, pool: 6, killerBlow: { tn: 7, damageTN: 3 } });
    expect(context.attacks[0]?.warning?.key).toBe("AOD.Sheet.Warning.AttackRankNotOnLadder");
    expect(context.warnings).toHaveLength(2);
    expect(missingKeys(context.warnings)).toEqual([]);
  });

  it("rolls a weapon whose skill the actor lacks as an untrained Soma check, with a warning", () => {
    const context = buildActorContext(actorInput(withItems(knight, [weapon("w1", "Lance", "lance", 900)])));
    const lance = context.attacks.find((a) => a.name === "Lance");
    expect(lance).toMatchObject({ tn: 6, pool: 3, skillLabel: "lance", request: { attribute: null, skill: null, weapon: "w1" } });
    expect(lance?.warning?.key).toBe("AOD.Sheet.Warning.NoAttackSkill");
    expect(context.attacks.find((a) => a.name === "Sword")?.warning).toBeNull();
  });
});

describe("who sees what", () => {
  it("gives a limited viewer the portrait, name and story only", () => {
    const context = buildActorContext(actorInput(sable, { permission: "limited", tab: "combat" }));
    expect(context.view).toEqual({ limited: true, details: false, canRoll: false, canEdit: false });
    expect(context.sheetTabs.map((t) => t.id)).toEqual(["story"]);
    expect(context.activeTab).toBe("story");
  });

  it("lets an observer read everything in play mode but neither roll nor edit", () => {
    const context = buildActorContext(actorInput(sable, { permission: "observer", mode: "edit" }));
    expect(context.view).toEqual({ limited: false, details: true, canRoll: false, canEdit: false });
    expect(context.mode).toBe("play");
  });

  it("lets the owner edit", () => {
    const context = buildActorContext(actorInput(sable, { mode: "edit", tab: "gear" }));
    expect(context).toMatchObject({ mode: "edit", isEdit: true, isPlay: false, activeTab: "gear" });
    expect(context.toggle.label).toBe("AOD.Sheet.Mode.ToPlay");
  });

  it("falls back to the first tab for an unknown one", () => {
    expect(buildActorContext(actorInput(sable, { tab: "nonsense" })).activeTab).toBe("combat");
  });
});

describe("in combat", () => {
  it("shows the altitude band and the known status effects", () => {
    const context = buildActorContext(
      actorInput(sable, { combat: { altitude: "high", statuses: ["pinned", "someModuleStatus", "falling"] } }),
    );
    expect(context.combat).toEqual({
      altitudeLabel: "AOD.Sheet.Altitude.high",
      statuses: [
        { id: "pinned", label: "AOD.Status.Pinned", severity: "aod-severity-normal" },
        { id: "falling", label: "AOD.Status.Falling", severity: "aod-severity-critical" },
      ],
    });
    expect(missingKeys(context)).toEqual([]);
  });

  it("leaves the altitude out when the combat does not know it", () => {
    const context = buildActorContext(actorInput(sable, { combat: { altitude: null, statuses: [] } }));
    expect(context.combat).toEqual({ altitudeLabel: null, statuses: [] });
  });
});

describe("many items and a very long name", () => {
  const longName = "Ashvael the Unbroken, Last Daughter of the Cinder Peaks and Terror of the Western Marches".repeat(2);
  const skills = Array.from({ length: 40 }, (_, i) => skill(`s${i}`, `Lore ${40 - i}`, "master", 700000 + i));
  const weapons = Array.from({ length: 20 }, (_, i) => weapon(`w${i}`, `Blade ${i}`, "toothAndClaw", 800000 + i));
  const context = buildActorContext({ ...actorInput(withItems(sable, [...skills, ...weapons])), name: longName });

  it("keeps every item, in their stored order, and the whole name", () => {
    expect(context.actor.name).toBe(longName);
    expect(context.skills).toHaveLength(43);
    expect(context.skills.slice(3, 6).map((s) => s.name)).toEqual(["Lore 40", "Lore 39", "Lore 38"]);
    expect(context.attacks).toHaveLength(22);
  });

  it("derives each added skill's identifier from its name and its numbers from the model", () => {
    const lore = context.skills.find((s) => s.name === "Lore 7");
    expect(lore).toMatchObject({ identifier: "lore7", tn: 3, pool: 4, attributeLabel: "AOD.Choices.attribute.pneuma" });
  });
});

describe("the life track and the pools, as a player reads them", () => {
  it("breaks the track into one line per health state, each named by its threshold", () => {
    const context = buildActorContext(actorInput(withSystem(sable, { life: { max: 14, wounds: 9 } })));
    expect(context.life.zones.map((z) => [z.zone, z.label, z.from, z.boxes.length, z.boxes.filter((b) => b.filled).length])).toEqual([
      ["fit", "AOD.Status.Fit", 1, 7, 7],
      ["severelyInjured", "AOD.Sheet.Life.SevereAt", 8, 7, 2],
      ["dead", "AOD.Sheet.Life.DeadAt", 15, 1, 0],
    ]);
    expect(context.life.severity).toBe("aod-severity-critical");
  });

  it("explains a hampered skill's pool: its attribute less the encumbrance", () => {
    const context = buildActorContext(actorInput(sable));
    const aerobatics = context.skills.find((s) => s.name === "Aerobatics");
    expect(aerobatics?.pool).toBe(4);
    expect(aerobatics?.breakdown).toEqual({ attributeLabel: "AOD.Choices.attribute.soma", attribute: 6, encumbrance: 2 });
    expect(context.skills.find((s) => s.name === "Tooth and Claw")?.breakdown).toBeNull();
  });

  it("dims a dead actor's portrait and marks dead and falling as critical, moved as muted", () => {
    const dead = buildActorContext(actorInput(withSystem(knight, { life: { max: 12, wounds: 13 } }), { combat: { altitude: null, statuses: ["falling", "pinned"] } }));
    expect(dead.actor.dead).toBe(true);
    expect(dead.life.severity).toBe("aod-severity-critical");
    expect(dead.combat?.statuses.map((s) => [s.id, s.severity])).toEqual([
      ["pinned", "aod-severity-normal"],
      ["falling", "aod-severity-critical"],
    ]);
    expect(buildActorContext(actorInput(knight)).actor.dead).toBe(false);
    expect(buildActorContext(actorInput(knight)).life.severity).toBe("aod-severity-normal");
  });
});
