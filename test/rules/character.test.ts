import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveCharacter, skillIdentifier, woundsForLife } from "../../src/rules";
import type { ArmourSnapshot, CharacterSnapshot, SkillSnapshot, SkillUse } from "../../src/rules";
import type { SkillRank } from "../../src/rules/types";

const steelDragonplate: ArmourSnapshot = { rating: 3, encumbrance: 2, equipped: true, damage: 0 };

function skill(name: string, rank: SkillRank, usesList: SkillUse[], extra: Partial<SkillSnapshot> = {}): SkillSnapshot {
  return { identifier: skillIdentifier(name), rank, attribute: "soma", uses: usesList, hampered: false, ...extra };
}

const toothAndClaw = skill("Tooth and Claw", "expert", ["meleeAttack", "meleeDefence", "grapple", "breakOut"]);
const aerobatics = skill("Aerobatics", "trained", ["meleeDefence", "rangedDefence"], { hampered: true });

function dragon(
  items: readonly (SkillSnapshot | ArmourSnapshot)[],
  overrides: Partial<CharacterSnapshot> = {},
): CharacterSnapshot {
  const skills = items.filter((item): item is SkillSnapshot => "rank" in item);
  const armour = items.filter((item): item is ArmourSnapshot => "rating" in item);
  return { soma: 5, pneuma: 3, life: { max: 12, wounds: 0 }, skills, armour, ...overrides };
}

describe("000 Melee Attacks: skillIdentifier names a skill as weapons refer to it", () => {
  it("turns 'Tooth and Claw' into toothAndClaw", () => {
    expect(skillIdentifier("Tooth and Claw")).toBe("toothAndClaw");
  });
  it("drops apostrophes, accents and punctuation", () => {
    expect(skillIdentifier("  Dragon's   Breath! ")).toBe("dragonsBreath");
    expect(skillIdentifier("Élan-vital")).toBe("elanVital");
  });
  it("gives an empty identifier for a name with no letters or digits", () => {
    expect(skillIdentifier(" -- ")).toBe("");
  });
  it("always yields letters and digits only, starting lower case", () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(skillIdentifier(name)).toMatch(/^([a-z0-9][A-Za-z0-9]*)?$/);
      }),
    );
  });
});

describe("000 Armour: armour rating and encumbrance", () => {
  it("000 Armour: Steel Dragonplate gives rating 3 and encumbrance 2", () => {
    const derived = deriveCharacter(dragon([steelDragonplate]));
    expect(derived.armour).toBe(3);
    expect(derived.encumbrance).toBe(2);
  });
  it("000 Armour: Steel Dragonplate takes 2 dice from a hampered Aerobatics check", () => {
    const derived = deriveCharacter(dragon([steelDragonplate, aerobatics]));
    expect(derived.skills.aerobatics).toEqual({ tn: 5, pool: 3 });
  });
  it("000 Armour: encumbrance leaves skills that are not hampered alone", () => {
    const derived = deriveCharacter(dragon([steelDragonplate, toothAndClaw]));
    expect(derived.skills.toothAndClaw?.pool).toBe(5);
  });
  it("000 Armour: unequipped armour neither protects nor encumbers", () => {
    const off = { ...steelDragonplate, equipped: false };
    const derived = deriveCharacter(dragon([off, aerobatics]));
    expect([derived.armour, derived.encumbrance, derived.skills.aerobatics?.pool]).toEqual([0, 0, 5]);
  });
  it("000 Armour: damaged armour stops less but never below zero, and still encumbers", () => {
    const dented = { rating: 3, encumbrance: 2, equipped: true, damage: 5 };
    const helmet = { rating: 1, encumbrance: 0, equipped: true, damage: 0 };
    const derived = deriveCharacter(dragon([dented, helmet]));
    expect([derived.armour, derived.encumbrance]).toEqual([1, 2]);
  });
  it("000 Armour: a pool reduced below zero by encumbrance rolls no dice", () => {
    const derived = deriveCharacter(dragon([steelDragonplate, aerobatics], { soma: 1 }));
    expect(derived.skills.aerobatics?.pool).toBe(0);
  });
});

describe("000 Melee Attacks: skill TNs and pools", () => {
  it("000 Melee Attacks: Expert Tooth and Claw attacks at TN 4", () => {
    const derived = deriveCharacter(dragon([toothAndClaw]));
    expect(derived.skills.toothAndClaw).toEqual({ tn: 4, pool: 5 });
    expect(derived.pools.meleeAttack).toEqual({ tn: 4, pool: 5, skill: "toothAndClaw" });
  });
  it("000 Melee Attacks: a skill rolling Pneuma uses the Pneuma score", () => {
    const sense = skill("Keen Sense", "master", [], { attribute: "pneuma" });
    expect(deriveCharacter(dragon([sense])).skills.keenSense).toEqual({ tn: 3, pool: 3 });
  });
  it("names each skill by its identifier, not its name", () => {
    const breath = skill("Breath of Fire", "trained", ["rangedAttack"], { identifier: "dragonsbreath" });
    expect(Object.keys(deriveCharacter(dragon([breath])).skills)).toEqual(["dragonsbreath"]);
  });
  it("uses a configured TN ladder", () => {
    const ladder = { untrained: 6, trained: 5, expert: 3, master: 2, grandmaster: 2 };
    expect(deriveCharacter(dragon([toothAndClaw]), { ladder }).skills.toothAndClaw?.tn).toBe(3);
  });
  it("keeps the better of two skills with the same identifier", () => {
    const weak = skill("Tooth and Claw", "trained", []);
    expect(deriveCharacter(dragon([weak, toothAndClaw])).skills.toothAndClaw?.tn).toBe(4);
  });
});

describe("000 Melee Attacks and Ranged Attacks: the best skill for each common check", () => {
  it("000 Melee Attacks: defence picks the lower TN of Tooth and Claw and Aerobatics", () => {
    const derived = deriveCharacter(dragon([aerobatics, toothAndClaw]));
    expect(derived.pools.meleeDefence.skill).toBe("toothAndClaw");
  });
  it("000 Melee Attacks: on equal TN the larger pool defends", () => {
    const expertAero = skill("Aerobatics", "expert", ["meleeDefence"], { hampered: true });
    const derived = deriveCharacter(dragon([steelDragonplate, expertAero, toothAndClaw]));
    expect(derived.pools.meleeDefence).toEqual({ tn: 4, pool: 5, skill: "toothAndClaw" });
  });
  it("000 Ranged Attacks: with no ranged skill the attack is an untrained Soma check", () => {
    const derived = deriveCharacter(dragon([toothAndClaw]));
    expect(derived.pools.rangedAttack).toEqual({ tn: 6, pool: 5, skill: null });
  });
  it("000 Breaking out of a Grapple: only skills marked for break-out serve it", () => {
    const derived = deriveCharacter(dragon([aerobatics]));
    expect(derived.pools.breakOut.skill).toBeNull();
  });
  it("RULES.md Dice and checks: the plain Pneuma check rolls Pneuma (not Soma) dice at the ladder's untrained TN", () => {
    expect(deriveCharacter(dragon([])).pools.pneuma).toEqual({ tn: 6, pool: 3, skill: null });
    const ladder = { untrained: 5, trained: 4, expert: 3, master: 2, grandmaster: 2 };
    expect(deriveCharacter(dragon([], { pneuma: 4 }), { ladder }).pools.pneuma).toEqual({ tn: 5, pool: 4, skill: null });
  });
});

describe("000 Severe injury and Death: life and health", () => {
  it("000 Severe injury and Death: life remaining is max minus wounds", () => {
    expect(deriveCharacter(dragon([], { life: { max: 12, wounds: 5 } })).life.value).toBe(7);
  });
  it("000 Severe injury and Death: more wounds than half the life points is severely injured", () => {
    const derived = deriveCharacter(dragon([], { life: { max: 12, wounds: 7 } }));
    expect(derived.health).toBe("severelyInjured");
    expect(derived.thresholds).toEqual({ severelyInjured: 7, dead: 13 });
  });
  it("000 Severe injury and Death: more wounds than life points is dead and life goes negative", () => {
    const derived = deriveCharacter(dragon([], { life: { max: 12, wounds: 14 } }));
    expect([derived.health, derived.life.value]).toEqual(["dead", -2]);
  });
});

describe("000 Armour and Melee Attacks: deriveCharacter checks its input", () => {
  it("refuses a malformed armour rating with a RangeError naming it (a macro's input)", () => {
    const bad = JSON.parse('{ "rating": "3", "encumbrance": 0, "equipped": true, "damage": 0 }') as ArmourSnapshot;
    expect(() => deriveCharacter(dragon([bad]))).toThrow(/armour\[0\]\.rating/);
  });
  it("refuses an unknown skill use with a RangeError naming it (a macro's input)", () => {
    const fly = JSON.parse('["fly"]') as SkillUse[];
    expect(() => deriveCharacter(dragon([skill("X", "trained", fly)]))).toThrow(/skills\[0\]\.uses\[0\].*fly/);
  });
});

describe("000 Damage and Health states: editing the life bar sets wounds", () => {
  it("000 Damage and Health states: 8 of 12 Life Points remaining is 4 wounds", () => {
    expect(woundsForLife(12, 8)).toBe(4);
  });
  it("000 Damage and Health states: life above the maximum heals to zero wounds", () => {
    expect(woundsForLife(12, 20)).toBe(0);
  });
  it("000 Severe injury and Death: life far below zero stops at twice the maximum plus one", () => {
    expect(woundsForLife(12, -40)).toBe(25);
  });
  it("000 Damage and Health states: refuses a NaN bar value with a RangeError naming it", () => {
    expect(() => woundsForLife(12, Number.NaN)).toThrow(/lifeValue/);
  });
});
