// Hand-computed cases for the exact odds (000 "Melee Attacks", "Damage and Health states", "Armour").
import { describe, expect, it } from "vitest";
import { damageDistribution, hitProbability, marginDistribution } from "../../src/rules";

const contest = (attackPool: number, attackTN: number, defencePool: number, defenceTN: number) => ({
  attackPool,
  attackTN,
  defencePool,
  defenceTN,
});

describe("000 Melee Attacks: hitProbability by hand", () => {
  it("hits half the time with one die at TN 4 against no defence", () => {
    expect(hitProbability(contest(1, 4, 0, 4))).toBeCloseTo(1 / 2, 15);
  });
  it("hits 7/27 of the time with 2d6 at TN 6 against 1d6 at TN 6", () => {
    // Two sixes (1/36) always win; exactly one six (10/36) wins only when the defender misses (5/6).
    expect(hitProbability(contest(2, 6, 1, 6))).toBeCloseTo(1 / 36 + (10 / 36) * (5 / 6), 15);
  });
  it("treats a defence pool of 0 as no defence, so any attack success hits", () => {
    expect(hitProbability(contest(3, 4, 0, 2))).toBeCloseTo(1 - 1 / 8, 15);
  });
  it("never hits with no attack dice", () => {
    expect(hitProbability(contest(0, 2, 0, 6))).toBe(0);
  });
  it("hits 1d6 against 1d6, both at TN 2, only when the attack succeeds and the defence fails: 5/6 x 1/6", () => {
    expect(hitProbability(contest(1, 2, 1, 2))).toBeCloseTo((5 / 6) * (1 / 6), 15);
  });
});

describe("RULES.md Dice and checks: TN and pool edges in the odds (000 Melee Attacks)", () => {
  it("counts an attack TN of 1 (or lower) as TN 2", () => {
    expect(hitProbability(contest(3, 1, 2, 4))).toBe(hitProbability(contest(3, 2, 2, 4)));
    expect(hitProbability(contest(3, -5, 2, 4))).toBe(hitProbability(contest(3, 2, 2, 4)));
  });
  it("never hits with an attack TN above 6", () => {
    expect(hitProbability(contest(10, 7, 0, 6))).toBe(0);
  });
  it("treats a defence TN above 6 like no defence", () => {
    expect(hitProbability(contest(2, 4, 5, 7))).toBeCloseTo(hitProbability(contest(2, 4, 0, 4)), 15);
  });
  it("rolls no dice for a pool of -3", () => {
    expect(hitProbability(contest(-3, 2, 0, 6))).toBe(0);
    expect(hitProbability(contest(2, 4, -3, 2))).toBe(hitProbability(contest(2, 4, 0, 2)));
  });
  it("caps a pool of 40 at 30 dice", () => {
    expect(hitProbability(contest(40, 5, 12, 4))).toBe(hitProbability(contest(30, 5, 12, 4)));
    expect(hitProbability(contest(12, 4, 40, 5))).toBe(hitProbability(contest(12, 4, 30, 5)));
  });
});

describe("000 Damage and Health states: marginDistribution by hand", () => {
  it("gives 160/216 miss or tie, 51/216 margin 1 and 5/216 margin 2 for 2d6 TN 6 against 1d6 TN 6", () => {
    const dist = marginDistribution(contest(2, 6, 1, 6));
    expect(dist).toHaveLength(3);
    [160 / 216, 51 / 216, 5 / 216].forEach((p, i) => { expect(dist[i]).toBeCloseTo(p, 15); });
  });
  it("is [1] when the attack cannot succeed at all", () => {
    expect(marginDistribution(contest(5, 7, 2, 4))).toEqual([1]);
    expect(marginDistribution(contest(0, 4, 2, 4))).toEqual([1]);
  });
  it("agrees with hitProbability on the chance of a positive margin", () => {
    const dist = marginDistribution(contest(6, 4, 4, 5));
    const positive = dist.slice(1).reduce((sum, p) => sum + p, 0);
    expect(positive).toBeCloseTo(hitProbability(contest(6, 4, 4, 5)), 14);
  });
});

describe("000 Armour: damageDistribution by hand", () => {
  it("gives 1/2, 3/8, 1/8 for three dice at TN 4 against armour 1", () => {
    expect(damageDistribution({ pool: 3, tn: 4, armour: 1 })).toEqual([0.5, 0.375, 0.125]);
  });
  it("gives 4/9, 4/9, 1/9 for two dice at TN 5 against no armour", () => {
    const dist = damageDistribution({ pool: 2, tn: 5, armour: 0 });
    [4 / 9, 4 / 9, 1 / 9].forEach((p, i) => { expect(dist[i]).toBeCloseTo(p, 15); });
  });
  it("is [1] when the armour is at least the pool", () => {
    expect(damageDistribution({ pool: 3, tn: 2, armour: 3 })).toEqual([1]);
    expect(damageDistribution({ pool: 3, tn: 2, armour: 9 })).toEqual([1]);
  });
  it("is [1] for a TN above 6 or an empty pool", () => {
    expect(damageDistribution({ pool: 8, tn: 7, armour: 0 })).toEqual([1]);
    expect(damageDistribution({ pool: -3, tn: 4, armour: 0 })).toEqual([1]);
  });
  it("caps a pool of 40 at 30 dice", () => {
    const capped = damageDistribution({ pool: 40, tn: 5, armour: 2 });
    expect(capped).toHaveLength(29);
    expect(capped).toEqual(damageDistribution({ pool: 30, tn: 5, armour: 2 }));
  });
  it("returns a fresh array that the caller may change", () => {
    const first = damageDistribution({ pool: 2, tn: 4, armour: 0 });
    first[0] = 99;
    expect(damageDistribution({ pool: 2, tn: 4, armour: 0 })[0]).toBe(0.25);
  });
});

describe("000 Melee Attacks: the odds refuse bad input with a RangeError naming it", () => {
  it("refuses a NaN attack pool", () => {
    expect(() => hitProbability(contest(Number.NaN, 4, 0, 4))).toThrow(/attackPool.*NaN/);
  });
  it("refuses an infinite defence TN", () => {
    expect(() => hitProbability(contest(2, 4, 2, Number.POSITIVE_INFINITY))).toThrow(/defenceTN.*Infinity/);
  });
  it("refuses a fractional defence pool in the margin odds", () => {
    expect(() => marginDistribution(contest(2, 4, 1.5, 4))).toThrow(/defencePool.*1\.5/);
  });
  it("refuses negative armour", () => {
    expect(() => damageDistribution({ pool: 2, tn: 4, armour: -1 })).toThrow(/armour.*-1/);
  });
  it("refuses a fractional damage TN", () => {
    expect(() => damageDistribution({ pool: 2, tn: 4.5, armour: 0 })).toThrow(/tn.*4\.5/);
  });
  it("refuses a missing input object", () => {
    expect(() => hitProbability(null as never)).toThrow(RangeError);
  });
  it("throws RangeError rather than another error type", () => {
    expect(() => hitProbability(contest(2, "4" as never, 0, 4))).toThrow(RangeError);
  });
});
