import { describe, expect, it } from "vitest";
import {
  actionCheck,
  bestCheck,
  checkCardCheck,
  checkModifiers,
  defenceChecks,
  modified,
  sameCheck,
} from "../../src/rules/attack-card-checks";
import { breath, checksOf, claws } from "./attack-card-fixtures";

describe("attack card: the attacker's check", () => {
  it("an attack rolls the weapon's attack skill", () => {
    expect(actionCheck("attack", checksOf(), claws)).toEqual({ skill: "toothAndClaw", pool: 5, tn: 4 });
  });
  it("without that skill it is an untrained Soma check (RULES.md Dice and checks)", () => {
    expect(actionCheck("attack", checksOf(), breath)).toEqual({ skill: null, pool: 5, tn: 6 });
  });
  it("a grapple and a break-out roll their own best checks", () => {
    const checks = checksOf({ grapple: { skill: "wrestle", pool: 4, tn: 3 }, breakOut: { skill: "shrug", pool: 2, tn: 5 } });
    expect(actionCheck("grapple", checks, claws)).toEqual({ skill: "wrestle", pool: 4, tn: 3 });
    expect(actionCheck("breakOut", checks, null)).toEqual({ skill: "shrug", pool: 2, tn: 5 });
  });
  it("000 Catching: a rescue rolls the rescue pool at the weight TN", () => {
    expect(actionCheck("rescue", checksOf({ rescuePool: 4 }), null, 6)).toEqual({ skill: null, pool: 4, tn: 6 });
    expect(() => actionCheck("rescue", checksOf(), null)).toThrow(RangeError);
  });
  it("a set-down rolls nothing, and an attack needs a weapon", () => {
    expect(actionCheck("setDown", checksOf(), null)).toBeNull();
    expect(() => actionCheck("attack", checksOf(), null)).toThrow(RangeError);
  });
});

describe("attack card: the skills that may defend (000 Defence is Optional)", () => {
  it("offers each skill the weapon names that the defender has", () => {
    expect(defenceChecks("attack", claws, checksOf())).toEqual([
      { skill: "toothAndClaw", pool: 5, tn: 4 },
      { skill: "aerobatics", pool: 3, tn: 5 },
    ]);
    expect(defenceChecks("attack", breath, checksOf())).toEqual([{ skill: "aerobatics", pool: 3, tn: 5 }]);
  });
  it("offers an untrained Soma check when the defender has none of them", () => {
    expect(defenceChecks("attack", breath, checksOf({ skills: { toothAndClaw: { tn: 4, pool: 5 } } }))).toEqual([
      { skill: null, pool: 5, tn: 6 },
    ]);
  });
  it("a grapple is defended like the weapon's melee attacks", () => {
    expect(defenceChecks("grapple", claws, checksOf()).map((c) => c.skill)).toEqual(["toothAndClaw", "aerobatics"]);
  });
  it("000 Breaking out: only the break-out skill holds on, never Aerobatics", () => {
    expect(defenceChecks("breakOut", null, checksOf())).toEqual([{ skill: "toothAndClaw", pool: 5, tn: 4 }]);
  });
  it("a rescue and a set-down are not defended; the dead and ambushed only take no defence", () => {
    expect(defenceChecks("rescue", null, checksOf())).toEqual([]);
    expect(defenceChecks("setDown", null, checksOf())).toEqual([]);
    expect(defenceChecks("attack", claws, checksOf(), false)).toEqual([]);
  });
  it("ignores a skill named on the item's prototype chain", () => {
    const odd = { ...claws, defenceSkills: ["toString"] };
    expect(defenceChecks("attack", odd, checksOf())).toEqual([{ skill: null, pool: 5, tn: 6 }]);
  });
});

describe("attack card: choosing and modifying checks", () => {
  it("the best check has the lowest TN, then the larger pool; empty pools never", () => {
    const a = { skill: "a", pool: 3, tn: 4 };
    const b = { skill: "b", pool: 5, tn: 4 };
    const c = { skill: "c", pool: 0, tn: 2 };
    expect(bestCheck([a, b, c])).toEqual(b);
    expect(bestCheck([{ skill: "d", pool: 1, tn: 3 }, b])?.skill).toBe("d");
    expect(bestCheck([c])).toBeNull();
  });
  it("dialog modifiers add dice and shift the TN within bounds", () => {
    expect(modified({ skill: "x", pool: 5, tn: 4 }, { dice: 2, tn: -1 })).toEqual({ skill: "x", pool: 7, tn: 3 });
    expect(modified({ skill: "x", pool: 1, tn: 2 }, { dice: -3, tn: -2 })).toEqual({ skill: "x", pool: 0, tn: 2 });
  });
  it("refuses modifiers beyond the limits or of the wrong shape", () => {
    expect(checkModifiers({ dice: 10, tn: -3 })).toEqual({ dice: 10, tn: -3 });
    expect(() => checkModifiers({ dice: 11, tn: 0 })).toThrow(RangeError);
    expect(() => checkModifiers({ dice: 0, tn: 4 })).toThrow(RangeError);
    expect(() => checkModifiers({ dice: 0.5, tn: 0 })).toThrow(RangeError);
    expect(() => checkModifiers(null)).toThrow(RangeError);
  });
  it("reads a check and refuses a malformed one", () => {
    expect(checkCardCheck({ skill: null, pool: 3, tn: 5 })).toEqual({ skill: null, pool: 3, tn: 5 });
    expect(() => checkCardCheck({ skill: 3, pool: 3, tn: 5 })).toThrow(RangeError);
    expect(() => checkCardCheck({ skill: null, pool: -1, tn: 5 })).toThrow(RangeError);
    expect(() => checkCardCheck({ skill: null, pool: 1, tn: "5" })).toThrow(RangeError);
    expect(() => checkCardCheck("x")).toThrow(RangeError);
  });
  it("compares checks field by field", () => {
    const a = { skill: "a", pool: 3, tn: 4 };
    expect([sameCheck(a, { ...a }), sameCheck(a, { ...a, tn: 5 }), sameCheck(null, null), sameCheck(a, null)]).toEqual([
      true, false, true, false,
    ]);
  });
});
