// Which forecast of a combat is current (src/features/simulator/forecast-jobs.ts).
import { describe, expect, it } from "vitest";
import { ForecastJobs } from "../../../src/features/simulator/forecast-jobs";
import type { Forecast } from "../../../src/rules/simulator";

const answer = (rate: number): Forecast => ({
  result: {
    runs: 400, seed: 1, mode: "descending", roundLimit: 20, cancelled: false,
    sides: [{ name: "Red", wins: { count: 0, rate, low: rate, high: rate } }],
    draws: { count: 0, rate: 0, low: 0, high: 0 },
    endings: { sideOut: 0, disengaged: 0, roundLimit: 0 },
    rounds: { mean: 3, median: 3, p90: 4, histogram: [] },
    combatants: [],
  },
  precision: 0.02,
  roundsLeft: 1,
});

describe("ForecastJobs", () => {
  it("asks once per state, and shows the answer to the latest question", () => {
    const jobs = new ForecastJobs();
    const first = jobs.ask("c", "state-1");
    expect(first).not.toBeNull();
    expect(jobs.ask("c", "state-1")).toBeNull();
    expect(jobs.view("c")).toEqual({ forecast: null, updating: true });
    expect(jobs.answer(first ?? -1, answer(0.6))).toBe("c");
    expect(jobs.view("c")).toEqual({ forecast: answer(0.6), updating: false });
    expect(jobs.ask("c", "state-1")).toBeNull();
  });

  it("drops the answer to a question the combat has moved past, and keeps the last answer while updating", () => {
    const jobs = new ForecastJobs();
    const first = jobs.ask("c", "s1") ?? -1;
    jobs.answer(first, answer(0.5));
    const second = jobs.ask("c", "s2") ?? -1;
    const third = jobs.ask("c", "s3") ?? -1;
    expect(jobs.view("c")).toEqual({ forecast: answer(0.5), updating: true });
    expect(jobs.pending("c")).toBe(third);
    expect(jobs.answer(second, answer(0.9))).toBeNull();
    expect(jobs.view("c").forecast).toEqual(answer(0.5));
    expect(jobs.answer(third, answer(0.7))).toBe("c");
    expect(jobs.view("c")).toEqual({ forecast: answer(0.7), updating: false });
    expect(jobs.pending("c")).toBeNull();
  });

  it("keeps combats apart, forgets one, and lets a failed state be asked again", () => {
    const jobs = new ForecastJobs();
    const a = jobs.ask("a", "s") ?? -1;
    const b = jobs.ask("b", "s") ?? -1;
    expect(a).not.toBe(b);
    expect(jobs.fail(b)).toBe("b");
    expect(jobs.view("b")).toEqual({ forecast: null, updating: false });
    expect(jobs.ask("b", "s")).not.toBeNull();
    jobs.forget("a");
    expect(jobs.answer(a, answer(0.1))).toBeNull();
    expect(jobs.view("a")).toEqual({ forecast: null, updating: false });
  });
});
