import { describe, expect, it } from "vitest";
import { checkTableRanges, formulaSpan } from "../../tools/lib/table-check";

describe("roll table formulas (001 Combat Events table)", () => {
  it("reads the span of 1d20, d10 and 2d6", () => {
    expect(formulaSpan("1d20")).toEqual({ min: 1, max: 20 });
    expect(formulaSpan("d10")).toEqual({ min: 1, max: 10 });
    expect(formulaSpan("2d6")).toEqual({ min: 2, max: 12 });
  });
  it("refuses formulas that are not plain dice", () => {
    expect(formulaSpan("1d20+2")).toBeNull();
    expect(formulaSpan("0d6")).toBeNull();
  });
  it("requires a formula", () => {
    expect(checkTableRanges(undefined, [])).toEqual(['formula: expected a dice formula such as "1d20", got undefined']);
  });
});

describe("roll table result ranges (001 Combat Events table)", () => {
  const result = (range: unknown): { range: unknown } => ({ range });
  it("accepts ranges that tile the die", () => {
    expect(checkTableRanges("1d20", [result([1, 2]), result([3, 19]), result([20, 20])])).toEqual([]);
  });
  it("reports a range below the lowest roll of 2d6", () => {
    expect(checkTableRanges("2d6", [result([1, 6])])).toEqual(["results[0].range: [1, 6] is outside 2d6 (2-12)"]);
  });
  it("reports a reversed range", () => {
    expect(checkTableRanges("1d20", [result([5, 4])])).toEqual(["results[0].range: low 5 is above high 4"]);
  });
  it("reports a range that is not two whole numbers", () => {
    expect(checkTableRanges("1d20", [result([1])])).toEqual(["results[0].range: expected [low, high] whole numbers, got [1]"]);
    expect(checkTableRanges("1d20", [result([1, 2.5])])[0]).toMatch(/results\[0\]\.range: expected \[low, high\]/);
  });
  it("reports a range inside another as an overlap", () => {
    expect(checkTableRanges("1d20", [result([1, 10]), result([4, 4])])).toEqual([
      "results[1].range: [4, 4] overlaps results[0].range [1, 10]",
    ]);
  });
});
