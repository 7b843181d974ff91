import { describe, expect, it } from "vitest";
import { checkTableRanges, formulaSpan, uncovered } from "../../tools/lib/table-check";

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

describe("roll table coverage (001 Combat Events table)", () => {
  const result = (range: unknown): { range: unknown } => ({ range });
  it("reports a gap at the top of 2d6", () => {
    expect(checkTableRanges("2d6", [result([2, 11])])).toEqual(["results: roll 12 of 2d6 falls in no result's range"]);
  });
  it("reports each gap between ranges given out of order", () => {
    expect(checkTableRanges("1d20", [result([15, 18]), result([3, 10])])).toEqual([
      "results: rolls 1-2 of 1d20 fall in no result's range",
      "results: rolls 11-14 of 1d20 fall in no result's range",
      "results: rolls 19-20 of 1d20 fall in no result's range",
    ]);
  });
  it("reports a table without results as one gap over the whole die", () => {
    expect(checkTableRanges("1d10", undefined)).toEqual(["results: rolls 1-10 of 1d10 fall in no result's range"]);
  });
  it("leaves gaps unreported while a range is broken", () => {
    expect(checkTableRanges("1d20", [result([1, 25])])).toEqual(["results[0].range: [1, 25] is outside 1d20 (1-20)"]);
  });
});

describe("uncovered totals", () => {
  it("finds nothing when the ranges tile the span", () => {
    expect(uncovered({ min: 1, max: 6 }, [{ lo: 1, hi: 3 }, { lo: 4, hi: 6 }])).toEqual([]);
  });
  it("finds a gap below the first range", () => {
    expect(uncovered({ min: 2, max: 12 }, [{ lo: 4, hi: 12 }])).toEqual([[2, 3]]);
  });
});
