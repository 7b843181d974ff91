import { describe, expect, it } from "vitest";
import { skillNamesOf } from "../../../src/features/sheets/actor-context";
import { buildItemContext } from "../../../src/features/sheets/item-context";
import type { ItemOwnerData, ItemSheetInput, SheetItem } from "../../../src/features/sheets/sheet-data";
import { DEFAULT_SKILL_LADDER } from "../../../src/rules/skills";
import { formToUpdate } from "../../../src/features/sheets/form-data";
import { skillIdentifier } from "../../../src/rules/character";
import { bestiary, derivedFor, packItem, packSkillNames } from "./fixtures";
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
      // Tooth and Claw costs no Magic Points: the owner's Magic Points are not shown (Dragonsbreath shows them).
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
    // The pool says how it is made: Soma 6 less the dragonplate's encumbrance 2.
    expect(context.owner?.figures[0]?.breakdown).toEqual({ attributeLabel: "AOD.Choices.attribute.soma", attribute: 6, encumbrance: 2 });
    expect(context.owner?.figures[1]?.breakdown).toBeUndefined();
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

describe("the weapon sheet names skills, never their identifiers", () => {
  const skills = packSkillNames();
  const input = (item: SheetItem, extra: Partial<ItemSheetInput> = {}): ItemSheetInput => ({
    item,
    permission: "owner",
    mode: "play",
    enrichedDescription: "",
    ladder: DEFAULT_SKILL_LADDER,
    owner: null,
    skillChoices: skills,
    ...extra,
  });

  it("knows each pack skill by the identifier made from its name (what item-sheet.ts relies on)", () => {
    for (const [identifier, name] of skills) expect(skillIdentifier(name)).toBe(identifier);
  });

  it("shows the attack and defence skills by name, and leaves out what the weapon does not do", () => {
    const claw = buildItemContext(input(packItem("weapons", "tooth-and-claw.yml")));
    const figures = Object.fromEntries(claw.figures.map((f) => [f.label, f.value]));
    expect(figures["AOD.Item.weapon.FIELDS.attackSkill.label"]).toBe("Tooth and Claw");
    expect(figures["AOD.Item.weapon.FIELDS.defenceSkills.label"]).toBe("Tooth and Claw, Aerobatics, Swordsmanship, Shield Wall, Spear and Pike, Horsemanship");
    expect(figures).not.toHaveProperty("AOD.Item.weapon.FIELDS.magicCost.label");
    expect(figures).not.toHaveProperty("AOD.Item.weapon.FIELDS.longRange.label");
  });

  it("offers pickers by name in edit mode, with the stored choices selected", () => {
    const claw = buildItemContext(input(packItem("weapons", "tooth-and-claw.yml"), { mode: "edit" }));
    expect(claw.skillPicker?.attack.find((o) => o.selected)).toEqual({ value: "toothAndClaw", label: "Tooth and Claw", selected: true });
    expect(claw.skillPicker?.defence.filter((o) => o.checked).map((o) => o.label)).toEqual(["Aerobatics", "Horsemanship", "Shield Wall", "Spear and Pike", "Swordsmanship", "Tooth and Claw"]);
    expect(claw.skillPicker?.attack.map((o) => o.label)).toContain("Shield Wall");
  });

  it("keeps a stored identifier no known skill has, so saving never drops it", () => {
    const odd = { ...packItem("weapons", "sword.yml") } as SheetItem & { type: "weapon" };
    const weapon = { ...odd, system: { ...odd.system, attackSkill: "oldLore" } };
    const context = buildItemContext(input(weapon, { mode: "edit" }));
    expect(context.skillPicker?.attack.find((o) => o.selected)).toEqual({ value: "oldLore", label: "oldLore", selected: true });
  });

  it("turns the defence checkboxes into the stored list", () => {
    expect(formToUpdate({ system: { range: "melee" }, defence: { aerobatics: true, shieldWall: false, toothAndClaw: true } })).toEqual({
      system: { range: "melee", defenceSkills: ["aerobatics", "toothAndClaw"] },
    });
  });

  it("shows no identifier on a skill in play mode", () => {
    const context = buildItemContext(input(packItem("skills", "aerobatics.yml")));
    expect(context.figures.map((f) => f.label)).not.toContain("AOD.Item.skill.FIELDS.identifier.label");
  });
});
