// When the round mode may change (src/data/combat/mode-change.ts): before the start or between rounds only.
import { describe, expect, it } from "vitest";
import { MODE_CHANGE_REASONS, modeChangeOpen, modeChangeRefusal } from "../../../src/data/combat/mode-change";

const before = { round: 0, endPhaseDone: false, ended: false };
const midRound = { round: 3, endPhaseDone: false, ended: false };
const between = { round: 3, endPhaseDone: true, ended: false };
const over = { round: 3, endPhaseDone: true, ended: true };

describe("modeChangeRefusal", () => {
  it("allows any mode before the skirmish starts", () => {
    for (const to of ["descending", "reverseDeclaration", "secretDeclaration", "sideD10"]) {
      expect(modeChangeRefusal(before, "descending", to)).toBeNull();
    }
  });

  it("allows a change after the End Phase and before the next round", () => {
    expect(modeChangeRefusal(between, "descending", "sideD10")).toBeNull();
    expect(modeChangeRefusal(between, "sideD10", "secretDeclaration")).toBeNull();
  });

  it("refuses a change mid-round, but not setting the mode it already has", () => {
    expect(modeChangeRefusal(midRound, "descending", "sideD10")).toBe(MODE_CHANGE_REASONS.MidRound);
    expect(modeChangeRefusal(midRound, "sideD10", "descending")).toBe(MODE_CHANGE_REASONS.MidRound);
    expect(modeChangeRefusal(midRound, "sideD10", "sideD10")).toBeNull();
  });

  it("refuses once the skirmish is over", () => {
    expect(modeChangeRefusal(over, "descending", "sideD10")).toBe(MODE_CHANGE_REASONS.Ended);
  });

  it("refuses what is not a round mode, even before the start", () => {
    for (const to of ["", "Descending", "sideD12", null, 3, {}, ["sideD10"], "__proto__"]) {
      expect(modeChangeRefusal(before, "descending", to)).toBe(MODE_CHANGE_REASONS.Unknown);
    }
  });
});

describe("modeChangeOpen", () => {
  it("is open before the start and between rounds, closed mid-round and once over", () => {
    expect([before, midRound, between, over].map(modeChangeOpen)).toEqual([true, false, true, false]);
  });
});
