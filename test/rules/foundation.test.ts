import { describe, expect, it } from "vitest";
import {
  ALTITUDES,
  DISTANCES,
  SPEED_PHASES,
  altitudeValue,
  attackTN,
  clampPool,
  countSuccesses,
  damageTN,
  skillTN,
  woundState,
  woundThresholds,
} from "../../src/rules";

describe("000 Melee Attacks: success counting", () => {
  it("counts dice at or above the TN", () => {
    expect(countSuccesses([1, 3, 4, 5, 6], 4)).toBe(3);
  });
  it("treats a TN below 2 as 2, so a 1 never succeeds", () => {
    expect(countSuccesses([1, 1, 2], 0)).toBe(1);
  });
  it("lets no die meet a TN above 6", () => {
    expect(countSuccesses([6, 6, 6], 7)).toBe(0);
  });
  it("refuses a face outside 1..6 with a RangeError naming it", () => {
    expect(() => countSuccesses([3, 7], 4)).toThrow(/dice\[1\].*7/);
    expect(() => countSuccesses([0.5], 4)).toThrow(RangeError);
  });
  it("refuses a NaN TN", () => {
    expect(() => countSuccesses([3], Number.NaN)).toThrow(/tn.*NaN/);
  });
});

describe("RULES.md Dice and checks: pools", () => {
  it("rolls no dice for a pool below 0 and caps pools at 30", () => {
    expect(clampPool(-3)).toBe(0);
    expect(clampPool(31)).toBe(30);
    expect(clampPool(7)).toBe(7);
  });
  it("refuses a pool that is not a whole number", () => {
    expect(() => clampPool(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => clampPool(2.5)).toThrow(/pool.*2\.5/);
  });
});

describe("000 Melee Attacks and Killer Blows: TNs", () => {
  it("gives an Expert skill TN 4+ (the seed's example) and the rest of the ladder", () => {
    expect(skillTN("expert")).toBe(4);
    expect(["untrained", "trained", "master", "grandmaster"].map((r) => skillTN(r as never))).toEqual([6, 5, 3, 2]);
  });
  it("refuses an unknown rank", () => {
    expect(() => skillTN("legendary" as never)).toThrow(/rank.*legendary/);
  });
  it("adds 1 to the attack TN and takes 2 from the damage TN for a killer blow", () => {
    expect(attackTN(4, { killerBlow: true })).toBe(5);
    expect(damageTN(5, { killerBlow: true })).toBe(3);
    expect(attackTN(4)).toBe(4);
    expect(damageTN(5)).toBe(5);
  });
});

describe("000 Severe injury and Death", () => {
  it("is severely injured above half the Life Points and dead above all of them", () => {
    expect(woundState(5, 10)).toBe("fit");
    expect(woundState(6, 10)).toBe("severelyInjured");
    expect(woundState(10, 10)).toBe("severelyInjured");
    expect(woundState(11, 10)).toBe("dead");
    expect(woundState(4, 7)).toBe("severelyInjured");
  });
  it("reports the wound counts where each state begins", () => {
    expect(woundThresholds(10)).toEqual({ severelyInjured: 6, dead: 11 });
    expect(woundThresholds(7)).toEqual({ severelyInjured: 4, dead: 8 });
  });
  it("refuses negative wounds", () => {
    expect(() => woundState(-1, 10)).toThrow(/wounds.*-1/);
  });
});

describe("000 Distance and Altitude, 001 Combat Phases: ordered bands", () => {
  it("orders the bands and gives altitude values 0, 0.5, 1, 2, 3", () => {
    expect(DISTANCES).toEqual(["zero", "close", "middle", "long", "disengaged"]);
    expect(ALTITUDES.map(altitudeValue)).toEqual([0, 0.5, 1, 2, 3]);
  });
  it("lists every phase of 001's round in its order, Starting Phase to End of Round", () => {
    // 001 "Combat Phases", with "Extremely Fat" read as Extremely Fast (RULES.md "Reading the texts").
    expect(SPEED_PHASES).toEqual([
      "starting",
      "lightningFast",
      "extremelyFast",
      "veryFast",
      "fast",
      "average",
      "slow",
      "verySlow",
      "extremelySlow",
      "glaciallySlow",
      "endOfRound",
    ]);
  });
});
