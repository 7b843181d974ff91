import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES, DISTANCES } from "../../src/rules/bands";
import { canMelee, canRanged } from "../../src/rules/legality";
import { RULE_REASONS } from "../../src/rules/reasons";
import type { Altitude, Distance } from "../../src/rules/types";

const allowed = { allowed: true };

describe("000 Melee Attacks: canMelee", () => {
  it("allows melee at close quarters at the same altitude", () => {
    expect(canMelee("close", "mid", "mid")).toEqual(allowed);
  });
  it("allows melee at zero range at the same altitude (the pair check is the procedure's)", () => {
    expect(canMelee("zero", "low", "low")).toEqual(allowed);
  });
  it("refuses melee at middle distance", () => {
    expect(canMelee("middle", "mid", "mid")).toEqual({ allowed: false, reason: RULE_REASONS.TooFarForMelee });
  });
  it("refuses melee between different altitude bands", () => {
    expect(canMelee("close", "mid", "low")).toEqual({ allowed: false, reason: RULE_REASONS.NotSameAltitude });
    expect(canMelee("close", "mid", "grounded")).toEqual({ allowed: false, reason: RULE_REASONS.NotSameAltitude });
  });
  it("000 Altitude: lets a dragon Flying Low swipe and bite at enemies on the ground, and them strike back", () => {
    expect(canMelee("close", "low", "grounded")).toEqual(allowed);
    expect(canMelee("close", "grounded", "low")).toEqual(allowed);
  });
  it("000 Distance: refuses melee with a disengaged combatant", () => {
    expect(canMelee("disengaged", "mid", "mid")).toEqual({ allowed: false, reason: RULE_REASONS.Disengaged });
  });
  it("refuses an unknown distance with a RangeError naming it", () => {
    expect(() => canMelee("adjacent" as Distance, "mid", "mid")).toThrow(/distance.*adjacent/);
  });
});

describe("000 Ranged Attacks: canRanged", () => {
  it("allows a ranged attack at middle distance one altitude step apart", () => {
    expect(canRanged("middle", "high", "ceiling")).toEqual(allowed);
  });
  it("000 Altitude: lets mid altitude and the ground shoot each other", () => {
    expect(canRanged("middle", "mid", "grounded")).toEqual(allowed);
    expect(canRanged("close", "grounded", "mid")).toEqual(allowed);
  });
  it("000 Altitude: keeps flying high out of reach of the ground", () => {
    expect(canRanged("middle", "grounded", "high")).toEqual({
      allowed: false,
      reason: RULE_REASONS.AltitudeTooFarForRanged,
    });
  });
  it("000 Distance: refuses an ordinary ranged attack at long distance", () => {
    expect(canRanged("long", "mid", "mid")).toEqual({ allowed: false, reason: RULE_REASONS.TooFarForRanged });
  });
  it("000 Distance: lets war engines and missile spells strike at long distance", () => {
    expect(canRanged("long", "mid", "grounded", { longRange: true })).toEqual(allowed);
  });
  it("000 Distance: refuses every ranged attack on a disengaged target, long range or not", () => {
    expect(canRanged("disengaged", "mid", "mid", { longRange: true })).toEqual({
      allowed: false,
      reason: RULE_REASONS.Disengaged,
    });
  });
  it("allows a ranged attack at zero range (a grappled dragon may breathe on its grappler)", () => {
    expect(canRanged("zero", "mid", "mid")).toEqual(allowed);
  });
  it("agrees with the altitude-value rule for every pair of bands", () => {
    const value: Record<Altitude, number> = { grounded: 0, low: 0.5, mid: 1, high: 2, ceiling: 3 };
    fc.assert(
      fc.property(fc.constantFrom(...ALTITUDES), fc.constantFrom(...ALTITUDES), (a, b) => {
        return canRanged("close", a, b).allowed === Math.abs(value[a] - value[b]) <= 1;
      }),
    );
  });
  it("never allows melee where a ranged attack with the same reach would be refused for distance", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DISTANCES), fc.constantFrom(...ALTITUDES), (d, a) => {
        return !canMelee(d, a, a).allowed || canRanged(d, a, a).allowed;
      }),
    );
  });
  it("refuses a longRange option that is not a boolean", () => {
    expect(() => canRanged("long", "mid", "mid", { longRange: "yes" as unknown as boolean })).toThrow(/longRange/);
  });
});
