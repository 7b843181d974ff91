import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyArmour, damagePool, resolveContest } from "../../src/rules/contest";

const face = fc.integer({ min: 1, max: 6 });
const dice = fc.array(face, { maxLength: 30 });
const tn = fc.integer({ min: 0, max: 8 });

describe("000 Melee Attacks: resolveContest", () => {
  it("scores a hit when the attack has more successes, with the difference as margin", () => {
    expect(resolveContest({ attackDice: [6, 5, 4, 1], attackTN: 4, defenceDice: [5, 2], defenceTN: 5 })).toEqual({
      attackSuccesses: 3,
      defenceSuccesses: 1,
      hit: true,
      margin: 2,
    });
  });
  it("scores a miss on equal successes, with a margin of 0", () => {
    expect(resolveContest({ attackDice: [6, 1], attackTN: 4, defenceDice: [4], defenceTN: 4 })).toEqual({
      attackSuccesses: 1,
      defenceSuccesses: 1,
      hit: false,
      margin: 0,
    });
  });
  it("scores a miss when the defence has more successes, with a margin of 0", () => {
    const result = resolveContest({ attackDice: [4], attackTN: 4, defenceDice: [6, 6], defenceTN: 5 });
    expect(result.hit).toBe(false);
    expect(result.margin).toBe(0);
  });
  it("000 Defence is Optional: counts no defence dice as zero successes", () => {
    expect(resolveContest({ attackDice: [5], attackTN: 5, defenceDice: null, defenceTN: 5 })).toEqual({
      attackSuccesses: 1,
      defenceSuccesses: 0,
      hit: true,
      margin: 1,
    });
  });
  it("000 Defence is Optional: an attack with no successes misses even an undefended target", () => {
    expect(resolveContest({ attackDice: [1, 2], attackTN: 4, defenceDice: null, defenceTN: 4 }).hit).toBe(false);
  });
  it("counts as successes exactly the dice at or above each side's TN (a TN below 2 counting as 2)", () => {
    const meeting = (faces: readonly number[], target: number) => faces.filter((f) => f >= Math.max(2, target)).length;
    fc.assert(
      fc.property(dice, tn, dice, tn, (attackDice, attackTN, defenceDice, defenceTN) => {
        const r = resolveContest({ attackDice, attackTN, defenceDice, defenceTN });
        expect([r.attackSuccesses, r.defenceSuccesses]).toEqual([meeting(attackDice, attackTN), meeting(defenceDice, defenceTN)]);
      }),
    );
  });
  it("never gives a negative margin, and a positive one exactly on a hit", () => {
    fc.assert(
      fc.property(dice, tn, fc.option(dice), tn, (attackDice, attackTN, defenceDice, defenceTN) => {
        const r = resolveContest({ attackDice, attackTN, defenceDice, defenceTN });
        return r.margin >= 0 && r.hit === r.margin > 0 && r.hit === r.attackSuccesses > r.defenceSuccesses;
      }),
    );
  });
  it("refuses a die face outside 1..6 with a RangeError naming it", () => {
    expect(() => resolveContest({ attackDice: [7], attackTN: 4, defenceDice: null, defenceTN: 4 })).toThrow(/7/);
  });
  it("refuses a NaN defence TN even when there is no defence", () => {
    expect(() => resolveContest({ attackDice: [4], attackTN: 4, defenceDice: null, defenceTN: Number.NaN })).toThrow(
      /defenceTN.*NaN/,
    );
  });
});

describe("000 Damage and Health states: damagePool", () => {
  it("adds the margin to Soma", () => {
    expect(damagePool(4, 2)).toBe(6);
  });
  it("caps the pool at 30 dice", () => {
    expect(damagePool(29, 5)).toBe(30);
  });
  it("rolls no dice from a pool below zero", () => {
    expect(damagePool(-3, 1)).toBe(0);
  });
  it("refuses a negative margin with a RangeError naming it", () => {
    expect(() => damagePool(4, -1)).toThrow(/margin.*-1/);
  });
  it("refuses a fractional Soma", () => {
    expect(() => damagePool(4.5, 0)).toThrow(/soma/);
  });
});

describe("000 Armour: applyArmour", () => {
  it("takes the armour rating off the damage", () => {
    expect(applyArmour(5, 3)).toBe(2);
  });
  it("never leaves damage below zero", () => {
    expect(applyArmour(2, 3)).toBe(0);
  });
  it("never returns negative damage or more than the successes", () => {
    fc.assert(
      fc.property(fc.nat(40), fc.nat(12), (successes, armour) => {
        const damage = applyArmour(successes, armour);
        return damage >= 0 && damage <= successes;
      }),
    );
  });
  it("refuses a negative armour rating with a RangeError naming it", () => {
    expect(() => applyArmour(3, -1)).toThrow(/armourRating.*-1/);
  });
});
