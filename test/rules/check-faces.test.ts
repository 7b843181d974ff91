// checkFaces (validate.ts): assertFaces' checks and messages without the copy, for readers that keep nothing.
import { describe, expect, it } from "vitest";
import { assertFaces, checkFaces } from "../../src/rules/validate";

describe("checkFaces", () => {
  it("returns the list itself when every entry is a face", () => {
    const dice = [1, 6, 3];
    expect(checkFaces("dice", dice, 6)).toBe(dice);
    expect(checkFaces("dice", [10, 1], 10)).toEqual([10, 1]);
  });
  it.each([[[1, 7]], [[0]], [[2.5]], [["3"]], ["1,2"], [null]])("refuses %j with assertFaces' message", (bad) => {
    let expected = "";
    try {
      assertFaces("attackDice", bad, 6);
    } catch (error) {
      expected = (error as Error).message;
    }
    expect(expected).not.toBe("");
    expect(() => checkFaces("attackDice", bad, 6)).toThrow(expected);
  });
});
