import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { breakOut } from "../../src/rules/procedures/grapple";

describe("000 Breaking out of a Grapple: breakOut", () => {
  it("shakes off a grappler whose defence scored fewer successes", () => {
    expect(breakOut(2, [{ id: "a", defenceSuccesses: 1 }])).toEqual(["a"]);
  });
  it("keeps a grappler whose defence equals the attack", () => {
    expect(breakOut(2, [{ id: "a", defenceSuccesses: 2 }])).toEqual([]);
  });
  it("compares each grappler separately, so some may be shaken off and others not", () => {
    const grapplers = [
      { id: "a", defenceSuccesses: 0 },
      { id: "b", defenceSuccesses: 3 },
      { id: "c", defenceSuccesses: 1 },
    ];
    expect(breakOut(2, grapplers)).toEqual(["a", "c"]);
  });
  it("shakes off nobody when the attack scored no successes, even against no defence", () => {
    expect(breakOut(0, [{ id: "a", defenceSuccesses: 0 }])).toEqual([]);
  });
  it("returns a subset of the grappler ids, in input order", () => {
    fc.assert(
      fc.property(
        fc.nat(10),
        fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1 }), defenceSuccesses: fc.nat(10) }), {
          selector: (g) => g.id,
        }),
        (attack, grapplers) => {
          const ids = grapplers.map((g) => g.id);
          const out = breakOut(attack, grapplers);
          const positions = out.map((id) => ids.indexOf(id));
          return positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] ?? -1)));
        },
      ),
    );
  });
  it("refuses negative attack successes with a RangeError naming them", () => {
    expect(() => breakOut(-1, [])).toThrow(/attackSuccesses.*-1/);
  });
  it("refuses a fractional defence with a RangeError naming the grappler entry", () => {
    expect(() => breakOut(2, [{ id: "a", defenceSuccesses: 1.5 }])).toThrow(/grapplers\[0\]\.defenceSuccesses/);
  });
  it("refuses the same grappler listed twice", () => {
    expect(() =>
      breakOut(2, [
        { id: "a", defenceSuccesses: 1 },
        { id: "a", defenceSuccesses: 0 },
      ]),
    ).toThrow(/grapplers\[1\]\.id/);
  });
  it("refuses an empty grappler id", () => {
    expect(() => breakOut(2, [{ id: "", defenceSuccesses: 0 }])).toThrow(RangeError);
  });
});
