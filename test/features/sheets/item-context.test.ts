import { describe, expect, it } from "vitest";
import { skillNamesOf } from "../../../src/features/sheets/actor-context";
import { buildItemContext } from "../../../src/features/sheets/item-context";
import type { ItemOwnerData, ItemSheetInput, SheetItem } from "../../../src/features/sheets/sheet-data";
import { DEFAULT_SKILL_LADDER } from "../../../src/rules/skills";
import { bestiary, derivedFor, packItem } from "./fixtures";
import { missingKeys } from "./lang-check";

const sable = bestiary("sable-dragon.yml");
const sableOwner: ItemOwnerData = {
  name: sable.name,
  derived: derivedFor(sable),
  magic: sable.system.magic,
  skillNames: skillNamesOf(sable.items),
};

function input(item: SheetItem, extra: Partial<ItemSheetInput> = {}): ItemSheetInput {
  return {
    item,
    permission: "owner",
    mode: "play",
    enrichedDescription: item.system.description,
    ladder: DEFAULT_SKILL_LADDER,
    owner: null,
    ...extra,
  };
}

const figure = (context: ReturnType<typeof buildItemContext>, label: string): unknown =>
  context.figures.find((f) => f.label === label)?.value;

describe("the weapon sheet", () => {
  const claws = packItem("weapons", "tooth-and-claw.yml");

  it("shows what the weapon is: range, skill, damage TN and the killer blow's damage TN", () => {
    const context = buildItemContext(input(claws));
    expect(figure(context, "AOD.Item.weapon.FIELDS.range.label")).toBe("AOD.Choices.range.melee");
    expect(figure(context, "AOD.Item.weapon.FIELDS.attackSkill.label")).toBe("toothAndClaw");
    expect(figure(context, "AOD.Item.weapon.FIELDS.damageTN.label")).toBe("5+");
    expect(figure(context, "AOD.Sheet.Attacks.KillerBlowDamage")).toBe("3+");
    expect(context.owner).toBeNull();
    expect(missingKeys(context)).toEqual([]);
  });

  it("shows the owner's attack pool and TN when a dragon carries it", () => {
    const context = buildItemContext(input(claws, { owner: sableOwner }));
    expect(context.owner?.name).toBe("Sable Dragon");
    // The attack skill by the name the owner's skill goes by, not its identifier.
    expect(figure(context, "AOD.Item.weapon.FIELDS.attackSkill.label")).toBe("Tooth and Claw");
    expect(context.owner?.figures.map((f) => [f.label, f.value])).toEqual([
      ["AOD.Sheet.Attacks.Pool", 6],
      ["AOD.Sheet.Attacks.TN", "4+"],
      ["AOD.Sheet.Attacks.KillerBlowTN", "5+"],
      ["AOD.Sheet.Magic.Heading", "4 / 4"],
    ]);
  });

  it("offers both ranges in edit mode and the defence skills as a list", () => {
    const context = buildItemContext(input(packItem("weapons", "longbow.yml"), { mode: "edit" }));
    expect(context.isEdit).toBe(true);
    expect(context.options.range?.map((o) => [o.value, o.selected])).toEqual([
      ["melee", false],
      ["ranged", true],
    ]);
    expect(context.lists.defenceSkills).toMatch(/^[a-zA-Z]+(, [a-zA-Z]+)*$/);
    expect(figure(context, "AOD.Sheet.Attacks.KillerBlowDamage")).toBeUndefined();
  });
});

describe("the armour sheet", () => {
  it("shows rating, encumbrance, slot, equipped and damage, and the owner's totals", () => {
    const plate = packItem("armour", "steel-dragonplate.yml");
    const context = buildItemContext(input(plate, { owner: sableOwner }));
    expect(context.figures.map((f) => [f.value, f.translate])).toEqual([
      [3, false],
      [2, false],
      ["AOD.Choices.slot.barding", true],
      ["AOD.Sheet.Yes", true],
      [0, false],
    ]);
    expect(context.owner?.figures.map((f) => f.value)).toEqual([3, 2]);
    expect(context.options.slot?.find((o) => o.selected)?.value).toBe("barding");
    expect(missingKeys(context)).toEqual([]);
  });
});

describe("the skill sheet", () => {
  const aerobatics = packItem("skills", "aerobatics.yml");

  it("shows the rank's TN from the ladder and the owner's pool (hampered by the dragonplate)", () => {
    const context = buildItemContext(input(aerobatics, { owner: sableOwner }));
    expect(figure(context, "AOD.Sheet.Skills.TN")).toBe("5+");
    expect(context.owner?.figures.map((f) => [f.label, f.value])).toEqual([
      ["AOD.Sheet.Skills.Pool", 4],
      ["AOD.Sheet.Skills.TN", "5+"],
    ]);
  });

  it("follows the world's ladder", () => {
    const harsh = { ...DEFAULT_SKILL_LADDER, trained: 6 };
    expect(figure(buildItemContext(input(aerobatics, { ladder: harsh })), "AOD.Sheet.Skills.TN")).toBe("6+");
  });

  it("shows a rank the ladder lacks as untrained", () => {
    const { trained: _gone, ...rest } = DEFAULT_SKILL_LADDER;
    const context = buildItemContext(input(aerobatics, { ladder: rest as unknown as typeof DEFAULT_SKILL_LADDER }));
    expect(figure(context, "AOD.Item.skill.FIELDS.rank.label")).toBe("AOD.Choices.rank.untrained");
    expect(figure(context, "AOD.Sheet.Skills.TN")).toBe("6+");
  });

  it("offers a checkbox per use, ticked for the skill's own", () => {
    const context = buildItemContext(input(aerobatics, { mode: "edit" }));
    expect(context.checkboxes.filter((c) => c.checked).map((c) => c.value)).toEqual(["meleeDefence", "rangedDefence"]);
    expect(context.checkboxes.map((c) => c.name)).toContain("uses.breakOut");
    expect(missingKeys(context)).toEqual([]);
  });
});

describe("who sees an item sheet", () => {
  it("keeps an observer in play mode", () => {
    const context = buildItemContext(input(packItem("skills", "archery.yml"), { permission: "observer", mode: "edit" }));
    expect(context.mode).toBe("play");
    expect(context.view.canEdit).toBe(false);
  });
  it("gives a limited viewer only the public parts", () => {
    const context = buildItemContext(input(packItem("skills", "archery.yml"), { permission: "limited" }));
    expect(context.view).toEqual({ limited: true, details: false, canRoll: false, canEdit: false });
  });
});
