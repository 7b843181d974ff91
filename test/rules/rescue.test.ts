import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rescueTN } from "../../src/rules/procedures/rescue";

describe("000 Catching / Mid air rescues: rescueTN", () => {
  it("is 5 for equal weights", () => {
    expect(rescueTN(10, 10)).toBe(5);
  });
  it("is 6 for a target twice the rescuer's weight", () => {
    expect(rescueTN(10, 20)).toBe(6);
  });
  it("is 7 (impossible) for a target four times the rescuer's weight", () => {
    expect(rescueTN(10, 40)).toBe(7);
  });
  it("is 4 for a target half the rescuer's weight", () => {
    expect(rescueTN(10, 5)).toBe(4);
  });
  it("is 3 for a target a quarter of the rescuer's weight", () => {
    expect(rescueTN(12, 3)).toBe(3);
  });
  it("counts only whole factors of two (a target 1.9 times heavier is still 5)", () => {
    expect(rescueTN(10, 19)).toBe(5);
    expect(rescueTN(10, 39)).toBe(6);
  });
  it("counts only whole factors of two for lighter targets (0.6 of the weight is still 5)", () => {
    expect(rescueTN(10, 6)).toBe(5);
  });
  it("rises by one when a target at least as heavy as the rescuer doubles its weight", () => {
    const weight = fc.double({ min: 0.01, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(weight, fc.double({ min: 1, max: 1e6, noNaN: true }), (r, factor) => {
        return rescueTN(r, r * factor * 2) === rescueTN(r, r * factor) + 1;
      }),
    );
  });
  it("never falls as the target gets heavier", () => {
    const weight = fc.double({ min: 0.01, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(weight, weight, weight, (r, t, extra) => rescueTN(r, t + extra) >= rescueTN(r, t)),
    );
  });
  it.each([
    ["zero", 0],
    ["negative", -5],
    ["NaN", Number.NaN],
    ["infinite", Number.POSITIVE_INFINITY],
  ])("refuses a %s weight with a RangeError naming the argument", (_label, weight) => {
    expect(() => rescueTN(weight, 10)).toThrow(/rescuerWeight/);
    expect(() => rescueTN(10, weight)).toThrow(/targetWeight/);
  });
});
