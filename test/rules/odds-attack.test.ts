// Hand-computed cases for the whole-attack odds (000 "Damage and Health states", "Armour",
// "Severe injury and Death").
import { describe, expect, it } from "vitest";
import { attackOdds } from "../../src/rules";
import type { AttackOddsInput } from "../../src/rules";

/** One attack die at TN 4 against no defence, Soma 0, damage TN 4, no armour, a fresh target of 2 Life Points. */
const base: AttackOddsInput = {
  attackPool: 1,
  attackTN: 4,
  defencePool: 0,
  defenceTN: 4,
  soma: 0,
  damageTN: 4,
  armour: 0,
  wounds: 0,
  lifePoints: 2,
};

describe("000 Damage and Health states: attackOdds by hand", () => {
  it("hits half the time and then rolls one margin die for damage", () => {
    const odds = attackOdds(base);
    expect(odds.hit).toBe(0.5);
    expect(odds.damage).toEqual([0.75, 0.25]);
    expect(odds.wounded).toBe(0.25);
    expect(odds.expectedDamage).toBe(0.25);
  });
  it("adds Soma to the margin for the damage pool", () => {
    // Hit (1/2) with margin 1, then two damage dice at TN 4: 0, 1 or 2 successes with 1/4, 1/2, 1/4.
    const odds = attackOdds({ ...base, soma: 1 });
    expect(odds.damage).toEqual([0.5 + 0.5 * 0.25, 0.5 * 0.5, 0.5 * 0.25]);
    expect(odds.expectedDamage).toBe(0.5);
  });
  it("counts severe injury only past half the Life Points, and death only past all of them", () => {
    const odds = attackOdds({ ...base, soma: 1 });
    // 2 Life Points: 2 wounds is severely injured (more than 1), 3 would be dead.
    expect(odds.severelyInjured).toBe(0.125);
    expect(odds.dead).toBe(0);
  });
  it("counts a target already severely injured as at least severely injured even on a miss", () => {
    const odds = attackOdds({ ...base, attackTN: 7, wounds: 6, lifePoints: 10 });
    expect(odds.hit).toBe(0);
    expect(odds.severelyInjured).toBe(1);
    expect(odds.dead).toBe(0);
  });
  it("includes dead in at least severely injured", () => {
    const odds = attackOdds({ ...base, lifePoints: 0 });
    // 0 Life Points: one wound is more than all of them, so every damaging hit kills.
    expect(odds.dead).toBe(0.25);
    expect(odds.severelyInjured).toBe(0.25);
  });
  it("deals nothing when the attack TN is above 6", () => {
    const odds = attackOdds({ ...base, attackTN: 7, soma: 8 });
    expect(odds.damage).toEqual([1]);
    expect(odds.wounded).toBe(0);
    expect(odds.expectedDamage).toBe(0);
  });
  it("deals nothing when the damage TN is above 6", () => {
    expect(attackOdds({ ...base, soma: 4, damageTN: 7 }).damage).toEqual([1]);
  });
});

describe("000 Armour: attackOdds after armour", () => {
  it("takes the armour rating off the damage check, never below 0", () => {
    // Hit (1/2), two damage dice at TN 4, armour 1: only two successes (1/4) get through, for 1 damage.
    const odds = attackOdds({ ...base, soma: 1, armour: 1 });
    expect(odds.damage).toEqual([1 - 0.125, 0.125]);
  });
  it("gives [1] when the armour is at least the largest damage pool", () => {
    expect(attackOdds({ ...base, soma: 3, armour: 4 }).damage).toEqual([1]);
  });
});

describe("RULES.md Dice and checks: the damage pool of attackOdds", () => {
  it("caps Soma plus margin at 30 dice", () => {
    const huge = attackOdds({ ...base, attackPool: 3, soma: 40 });
    expect(huge).toEqual(attackOdds({ ...base, attackPool: 3, soma: 29 }));
    expect(huge.damage).toHaveLength(31);
  });
  it("rolls no damage dice when Soma plus margin is below 1", () => {
    expect(attackOdds({ ...base, soma: -3 }).damage).toEqual([1]);
  });
});

describe("000 Damage and Health states: attackOdds refuses bad input with a RangeError naming it", () => {
  it("refuses a fractional Soma", () => {
    expect(() => attackOdds({ ...base, soma: 2.5 })).toThrow(/soma.*2\.5/);
  });
  it("refuses negative wounds", () => {
    expect(() => attackOdds({ ...base, wounds: -1 })).toThrow(/wounds.*-1/);
  });
  it("refuses NaN Life Points", () => {
    expect(() => attackOdds({ ...base, lifePoints: Number.NaN })).toThrow(/lifePoints.*NaN/);
  });
  it("refuses negative armour", () => {
    expect(() => attackOdds({ ...base, armour: -2 })).toThrow(/armour.*-2/);
  });
  it("refuses an infinite damage TN", () => {
    expect(() => attackOdds({ ...base, damageTN: Number.NEGATIVE_INFINITY })).toThrow(/damageTN.*-Infinity/);
  });
});
