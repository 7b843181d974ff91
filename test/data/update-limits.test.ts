import { describe, expect, it } from "vitest";
import { limitUpdate } from "../../src/data/update-limits";

const current = { life: { max: 12, wounds: 2 }, magic: { value: 2, max: 3 } };

describe("DATA.md limits on partial updates", () => {
  it("clamps Magic Points set above the stored maximum", () => {
    expect(limitUpdate(current, { magicValue: 7 })).toEqual({ magicValue: 3 });
  });
  it("clamps the stored Magic Points when the maximum is lowered below them", () => {
    expect(limitUpdate(current, { magicMax: 1 })).toEqual({ magicValue: 1 });
  });
  it("clamps wounds to twice the life points plus one", () => {
    expect(limitUpdate(current, { wounds: 90 })).toEqual({ wounds: 25 });
  });
  it("changes nothing for values within their limits", () => {
    expect(limitUpdate(current, { magicValue: 3, wounds: 13 })).toEqual({});
  });
  it("changes nothing when the update touches neither group", () => {
    expect(limitUpdate({ life: { max: 1, wounds: 9 }, magic: { value: 9, max: 1 } }, {})).toEqual({});
  });
});
