import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rollFrom, scriptedDice, seededDice } from "../../src/rules/roll-sources";

describe("dice sources: seededDice", () => {
  it("gives the same faces for the same seed", () => {
    expect(seededDice(42).roll(20, 10)).toEqual(seededDice(42).roll(20, 10));
  });
  it("gives different faces for different seeds", () => {
    expect(seededDice(1).roll(20, 20)).not.toEqual(seededDice(2).roll(20, 20));
  });
  it("only shows faces the die has", () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(6 as const, 10 as const, 20 as const), (seed, size) => {
        const faces = seededDice(seed).roll(50, size);
        expect(faces.every((f) => Number.isInteger(f) && f >= 1 && f <= size)).toBe(true);
      }),
    );
  });
  it("exposes a float in [0, 1) that advances the same sequence", () => {
    const dice = seededDice(7);
    const value = dice.next();
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThan(1);
    expect(dice.next()).not.toBe(value);
  });
  it("shows every face of a d6 over many rolls", () => {
    expect(new Set(seededDice(3).roll(300, 6))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
  it("refuses a seed that is not a whole number and a die it does not know", () => {
    expect(() => seededDice(1.5)).toThrow(/seed.*1\.5/);
    expect(() => seededDice(1).roll(1, 8 as never)).toThrow(/faces.*8/);
    expect(() => seededDice(1).roll(-1, 6)).toThrow(/count.*-1/);
  });
});

describe("dice sources: scriptedDice", () => {
  it("hands out the scripted faces in order", () => {
    const dice = scriptedDice([3, 5, 1, 10]);
    expect(dice.roll(2, 6)).toEqual([3, 5]);
    expect(dice.roll(2, 10)).toEqual([1, 10]);
  });
  it("records every request with its count, die and faces", () => {
    const dice = scriptedDice([4, 2, 17]);
    dice.roll(2, 6);
    dice.roll(1, 20);
    expect(dice.requests).toEqual([
      { count: 2, faces: 6, results: [4, 2] },
      { count: 1, faces: 20, results: [17] },
    ]);
    expect(dice.remaining()).toBe(0);
  });
  it("throws a clear Error when the script runs out", () => {
    const dice = scriptedDice([2]);
    expect(() => dice.roll(2, 6)).toThrow(/ran out/);
  });
  it("throws when the next face does not fit the die asked for", () => {
    expect(() => scriptedDice([7]).roll(1, 6)).toThrow(/d6 cannot show/);
  });
});

describe("dice sources: rollFrom", () => {
  it("passes a valid answer through, awaiting an async source", async () => {
    await expect(rollFrom({ roll: () => Promise.resolve([2, 6]) }, 2, 6)).resolves.toEqual([2, 6]);
  });
  it("refuses a source that answers with the wrong number of faces", async () => {
    await expect(rollFrom({ roll: () => [2] }, 2, 6)).rejects.toThrow(RangeError);
  });
  it("refuses a source that answers with a face the die cannot show", async () => {
    await expect(rollFrom({ roll: () => [11] }, 1, 10)).rejects.toThrow(/results\[0\].*11/);
  });
  it("asks nothing for zero dice", async () => {
    const dice = scriptedDice([]);
    await expect(rollFrom(dice, 0, 6)).resolves.toEqual([]);
    expect(dice.requests).toEqual([]);
  });
});
