// The live forecast's history on a combat (src/data/combat/forecast-history.ts).
import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, readHistory, recordPoint } from "../../../src/data/combat/forecast-history";
import type { HistoryPoint } from "../../../src/data/combat/forecast-history";

const point = (round: number, index: number, dragons: number, draw = 0.05): HistoryPoint => ({ round, index, wins: { Dragons: dragons, Margrave: 1 - dragons - draw }, draw });

describe("recordPoint: one forecast per step", () => {
  it("appends the forecast of a new step", () => {
    expect(recordPoint([point(1, 1, 0.5)], point(1, 2, 0.6))).toEqual([point(1, 1, 0.5), point(1, 2, 0.6)]);
    expect(recordPoint([point(1, 4, 0.5)], point(2, 0, 0.6))).toEqual([point(1, 4, 0.5), point(2, 0, 0.6)]);
  });
  it("replaces the step's forecast when it changes within the step, and asks no write when it does not", () => {
    expect(recordPoint([point(1, 1, 0.5), point(1, 2, 0.6)], point(1, 2, 0.7))).toEqual([point(1, 1, 0.5), point(1, 2, 0.7)]);
    expect(recordPoint([point(1, 1, 0.5), point(1, 2, 0.6)], point(1, 2, 0.6))).toBeNull();
  });
  it("drops the steps after one walked back to", () => {
    expect(recordPoint([point(1, 1, 0.5), point(1, 2, 0.6), point(1, 3, 0.7)], point(1, 2, 0.4))).toEqual([point(1, 1, 0.5), point(1, 2, 0.4)]);
  });
  it("keeps the last points only, past the limit", () => {
    const long = Array.from({ length: HISTORY_LIMIT }, (_, i) => point(1 + Math.floor(i / 10), i % 10, 0.5));
    const next = recordPoint(long, point(99, 0, 0.9));
    expect(next).toHaveLength(HISTORY_LIMIT);
    expect(next?.[0]).toEqual(long[1]);
    expect(next?.at(-1)).toEqual(point(99, 0, 0.9));
  });
});

describe("readHistory: the flag as untrusted JSON", () => {
  it("keeps the well-formed points and leaves the rest out", () => {
    const raw = [point(1, 1, 0.5), { round: 1, index: 2, wins: { Dragons: 2 }, draw: 0 }, { round: -1, index: 0, wins: {}, draw: 0 }, null, "x", { round: 2, index: 0, wins: { Dragons: 0.25 }, draw: 1.5 }];
    expect(readHistory(raw)).toEqual([point(1, 1, 0.5), { round: 1, index: 2, wins: {}, draw: 0 }]);
    expect(readHistory(undefined)).toEqual([]);
    expect(readHistory({ 0: point(1, 1, 0.5) })).toEqual([]);
  });
});
