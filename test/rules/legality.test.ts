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

/**
 * The 25 altitude pairs written out (rows: the attacker's band, columns: the target's, in the order grounded,
 * low, mid, high, ceiling). "R" = within ranged reach (at most 1 apart in altitude value, 000 "Ranged Attacks");
 * "M" = level for melee (the same band, or Flying Low against the ground, 000 "Altitude"); "-" = neither.
 */
const PAIRS: Record<Altitude, readonly string[]> = {
  grounded: ["RM", "RM", "R", "-", "-"],
  low: ["RM", "RM", "R", "-", "-"],
  mid: ["R", "R", "RM", "R", "-"],
  high: ["-", "-", "R", "RM", "R"],
  ceiling: ["-", "-", "-", "R", "RM"],
};
const BANDS: readonly Altitude[] = ["grounded", "low", "mid", "high", "ceiling"];

/** The distance bands written out: what each kind of attack may reach, or the reason it may not. */
const REACH: Record<Distance, { melee: string | null; ranged: string | null; longRange: string | null }> = {
  zero: { melee: null, ranged: null, longRange: null },
  close: { melee: null, ranged: null, longRange: null },
  middle: { melee: RULE_REASONS.TooFarForMelee, ranged: null, longRange: null },
  long: { melee: RULE_REASONS.TooFarForMelee, ranged: RULE_REASONS.TooFarForRanged, longRange: null },
  disengaged: { melee: RULE_REASONS.Disengaged, ranged: RULE_REASONS.Disengaged, longRange: RULE_REASONS.Disengaged },
};

describe("000 Distance, Altitude, Melee and Ranged Attacks: every altitude pair at every distance band", () => {
  const cases = BANDS.flatMap((a) =>
    BANDS.flatMap((b, column) =>
      (Object.keys(REACH) as Distance[]).map((d) => ({ a, b, d, cell: PAIRS[a][column] ?? "?" })),
    ),
  );
  it("lists 25 pairs and 5 distance bands", () => {
    expect(BANDS).toEqual(ALTITUDES);
    expect(Object.keys(REACH)).toEqual(DISTANCES);
    expect(cases).toHaveLength(125);
  });
  it.each(cases)("melee from $a to $b at $d", ({ a, b, d, cell }) => {
    const reason = REACH[d].melee ?? (cell.includes("M") ? null : RULE_REASONS.NotSameAltitude);
    expect(canMelee(d, a, b)).toEqual(reason === null ? allowed : { allowed: false, reason });
  });
  it.each(cases)("ranged from $a to $b at $d, ordinary and long-range", ({ a, b, d, cell }) => {
    for (const longRange of [false, true]) {
      const byDistance = longRange ? REACH[d].longRange : REACH[d].ranged;
      const reason = byDistance ?? (cell.includes("R") ? null : RULE_REASONS.AltitudeTooFarForRanged);
      expect(canRanged(d, a, b, { longRange })).toEqual(reason === null ? allowed : { allowed: false, reason });
    }
  });
});
