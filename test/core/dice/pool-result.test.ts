// Faces to successes for the chat (000 "Melee Attacks": each die at or above the TN is a success).
import { describe, expect, it } from "vitest";
import { dieViews, faceViews, poolResult } from "../../../src/core/dice/pool-result";

describe("a rolled pool", () => {
  it("marks each die that meets the TN and counts them", () => {
    const view = poolResult([6, 4, 3, 1, 5], 4);
    expect(view.dice.map((d) => [d.face, d.success])).toEqual([[6, true], [5, true], [4, true], [3, false], [1, false]]);
    expect(view).toMatchObject({ pool: 5, tn: 4, successes: 3, succeeded: true, summaryKey: "AOD.Roll.Summary.Many" });
  });
  it("moves with the TN: the same faces at TN 5 give fewer successes", () => {
    const view = poolResult([6, 4, 3, 1, 5], 5);
    expect(view.dice.map((d) => d.success)).toEqual([true, true, false, false, false]);
    expect(view.successes).toBe(2);
  });
  it("says one success and no successes in their own words", () => {
    expect(poolResult([4, 2], 4)).toMatchObject({ successes: 1, summaryKey: "AOD.Roll.Summary.One" });
    expect(poolResult([3, 2], 4)).toMatchObject({ successes: 0, succeeded: false, summaryKey: "AOD.Roll.Summary.None" });
  });
  it("never counts a 1, even at a TN below 2", () => {
    const view = poolResult([1, 2], 0);
    expect(view).toMatchObject({ tn: 2, successes: 1 });
    expect(view.dice.map((d) => d.labelKey)).toEqual(["AOD.Roll.Die.Success", "AOD.Roll.Die.Failure"]);
  });
  it("draws the successes first, so the count reads at the left of the row", () => {
    expect(dieViews([1, 5, 2, 6, 4], 4).map((d) => `${String(d.face)}${d.tone === "success" ? "+" : "-"}`)).toEqual(["6+", "5+", "4+", "2-", "1-"]);
  });
  it("draws d10 and d20 rolls as plain dice in the order rolled, the tied ones faded", () => {
    expect(faceViews([6, 6, 9], 10).map((d) => [d.face, d.tone, d.sides, d.labelKey])).toEqual([
      [6, "failure", 10, "AOD.Roll.Die.Rerolled"],
      [6, "failure", 10, "AOD.Roll.Die.Rerolled"],
      [9, "plain", 10, "AOD.Roll.Die.Plain"],
    ]);
    expect(faceViews([13], 20)).toEqual([{ face: 13, success: false, tone: "plain", sides: 20, labelKey: "AOD.Roll.Die.Plain" }]);
  });
  it("refuses faces a d6 cannot show", () => {
    expect(() => poolResult([7], 4)).toThrow();
  });
});
