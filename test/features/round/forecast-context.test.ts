// The tracker's forecast strip (src/features/round/forecast-context.ts).
import { describe, expect, it } from "vitest";
import { forecastChart, forecastContext, wholeShares } from "../../../src/features/round/forecast-context";
import type { HistoryPoint } from "../../../src/data/combat/forecast-history";
import type { Forecast } from "../../../src/rules/simulator";
import { wilson } from "../../../src/rules/simulator";
import { t } from "../attack/attack-card-states";

const forecast = (counts: number[], draws: number, runs: number, roundsLeft = 2.43): Forecast => ({
  result: {
    runs, seed: 1, mode: "descending", roundLimit: 20, cancelled: false,
    sides: counts.map((c, i) => ({ name: ["Dragons of the Western March", "Margrave", "Riders"][i] ?? "?", wins: wilson(c, runs) })),
    draws: wilson(draws, runs),
    endings: { sideOut: runs - draws, disengaged: 0, roundLimit: draws },
    rounds: { mean: 4, median: 4, p90: 6, histogram: [] },
    combatants: [
      { id: "a", name: "Sable Dragon", side: "Dragons of the Western March", dead: wilson(240, runs), severelyInjured: wilson(360, runs), damageDealt: 3, attacks: 2, hitRate: null },
    ],
  },
  precision: 0.02,
  roundsLeft,
});

describe("forecastContext", () => {
  it("shows each side and the draw as shares of one bar, the leader marked, with the rounds left", () => {
    const ctx = forecastContext({ forecast: forecast([1500, 700], 200, 2400), updating: false }, t);
    expect(ctx?.segments.map((s) => [s.name, s.percent, s.tone, s.leads])).toEqual([
      ["Dragons of the Western March", "63%", "side-1", true],
      ["Margrave", "29%", "side-2", false],
      ["Draw", "8%", "draw", false],
    ]);
    expect(ctx?.segments.reduce((sum, s) => sum + s.width, 0)).toBeCloseTo(100, 10);
    expect(ctx?.roundsLeft).toBe("About 2.4 more rounds");
    expect(ctx?.updating).toBe("");
    expect(ctx?.summary).toMatch(/^Chance to win from here: Dragons of the Western March 63% \(61-64%\); Margrave 29% \(27-31%\); Draw 8% \(7-10%\); from 2400 simulated fights$/);
  });

  it("opens a detail of each combatant's chance to end dead or out of the fight", () => {
    const ctx = forecastContext({ forecast: forecast([1500, 700], 200, 2400), updating: false }, t);
    expect(ctx?.detail.combatants).toEqual([{ name: "Sable Dragon", side: "Dragons of the Western March", dead: "10%", out: "25%" }]);
    expect([ctx?.detail.summary, ctx?.detail.out]).toEqual(["Each combatant", "Out"]);
  });

  it("never shows a chance that is neither none nor certain as 0% or 100%", () => {
    const ctx = forecastContext({ forecast: forecast([2395, 3], 2, 2400), updating: false }, t);
    expect(ctx?.segments.map((s) => s.percent)).toEqual([">99%", "<1%", "<1%"]);
    expect(forecastContext({ forecast: forecast([2400, 0], 0, 2400), updating: false }, t)?.segments.map((s) => s.percent)).toEqual(["100%", "0%", "0%"]);
  });

  it("says when the fight ends this round, and when a newer forecast is on its way", () => {
    const ctx = forecastContext({ forecast: forecast([400], 0, 400, 0), updating: true }, t);
    expect(ctx?.roundsLeft).toBe("Ends this round");
    expect(ctx?.updating).toBe("updating…");
  });

  it("shows nothing before the first answer, or to a user not shown the forecast", () => {
    expect(forecastContext({ forecast: null, updating: true }, t)).toBeNull();
    expect(forecastContext({ forecast: null, updating: false }, t)).toBeNull();
    expect(forecastContext(null, t)).toBeNull();
  });
});

describe("forecastChart: the forecast after each step, one line per side", () => {
  const at = (round: number, index: number, dragons: number, margrave: number): HistoryPoint => ({ round, index, wins: { Dragons: dragons, Margrave: margrave }, draw: 1 - dragons - margrave });
  const history = [at(1, 1, 0.5, 0.45), at(1, 3, 0.6, 0.35), at(2, 1, 0.9, 0.05), at(2, 2, 1, 0)];

  it("draws each side from its first step to its last across the plot, 100% at the top and 0% at the bottom", () => {
    const chart = forecastChart(history, ["Dragons", "Margrave"], t);
    if (!chart) throw new Error("no chart");
    const { plot } = chart;
    expect(chart.lines.map((l) => [l.name, l.tone])).toEqual([["Dragons", "side-1"], ["Margrave", "side-2"]]);
    const dragons = chart.lines[0]?.points.split(" ").map((p) => p.split(",").map(Number)) ?? [];
    expect(dragons).toHaveLength(4);
    expect(dragons[0]).toEqual([plot.left, (plot.top + plot.bottom) / 2]);
    expect(dragons[3]).toEqual([plot.right, plot.top]);
    expect(chart.lines[1]?.end).toEqual({ x: plot.right, y: plot.bottom });
    expect(chart.yTicks.map((y) => [y.label, y.y])).toEqual([["0%", plot.bottom], ["50%", (plot.top + plot.bottom) / 2], ["100%", plot.top]]);
  });

  it("marks each round's first step, and says the whole chart in words", () => {
    const chart = forecastChart(history, ["Dragons", "Margrave"], t);
    expect(chart?.xTicks.map((x) => x.label)).toEqual(["R1", "R2"]);
    expect(chart?.xTicks[1]?.x).toBeCloseTo(chart ? chart.plot.left + ((chart.plot.right - chart.plot.left) * 2) / 3 : 0, 1);
    expect(chart?.title).toBe("The forecast after each step");
    expect(chart?.desc).toBe("Chance to win after each step: Dragons from 50% to 100%; Margrave from 45% to 0%; 4 steps over 2 rounds.");
  });

  it("labels at most eight rounds, keeps a side the forecast no longer names, and needs two steps", () => {
    const long = Array.from({ length: 20 }, (_, i) => at(i + 1, 0, 0.5, 0.4));
    expect(forecastChart(long, ["Dragons", "Margrave"], t)?.xTicks.map((x) => x.label)).toEqual(["R1", "R4", "R7", "R10", "R13", "R16", "R19"]);
    expect(forecastChart(history, ["Margrave"], t)?.lines.map((l) => l.name)).toEqual(["Margrave", "Dragons"]);
    expect(forecastChart(history.slice(0, 1), ["Dragons"], t)).toBeNull();
  });

  it("is part of the strip's context when there is a history", () => {
    const ctx = forecastContext({ forecast: forecast([1500, 700], 200, 2400), updating: false }, t, history);
    expect(ctx?.chart?.lines).toHaveLength(3);
    expect(forecastContext({ forecast: forecast([1500, 700], 200, 2400), updating: false }, t)?.chart).toBeNull();
    expect(ctx?.open).toBe(false);
    expect(forecastContext({ forecast: forecast([1500, 700], 200, 2400), updating: false }, t, history, true)?.open).toBe(true);
  });

  it("in a player's view, charts only the sides the player's own forecast names (a side hidden from players stays out)", () => {
    const mixed: HistoryPoint[] = [
      { round: 1, index: 1, wins: { "Dragons of the Western March": 0.5, Margrave: 0.3, Hidden: 0.15 }, draw: 0.05 },
      { round: 1, index: 2, wins: { "Dragons of the Western March": 0.6, Margrave: 0.25, Hidden: 0.1 }, draw: 0.05 },
    ];
    const seen = forecast([1500, 700], 200, 2400);
    expect(forecastContext({ forecast: seen, updating: false }, t, mixed)?.chart?.lines.map((l) => l.name)).toContain("Hidden");
    const player = forecastContext({ forecast: seen, updating: false }, t, mixed, false, { ownSidesOnly: true });
    expect(player?.chart?.lines.map((l) => l.name)).toEqual(["Dragons of the Western March", "Margrave"]);
    expect(player?.chart?.desc).not.toContain("Hidden");
  });

  it("draws no chart for a player while combatants are hidden from players: the GM's chances were worked out with them", () => {
    const mixed: HistoryPoint[] = [
      { round: 1, index: 1, wins: { "Dragons of the Western March": 0.5, Margrave: 0.3, Hidden: 0.15 }, draw: 0.05 },
      { round: 1, index: 2, wins: { "Dragons of the Western March": 0.6, Margrave: 0.25, Hidden: 0.1 }, draw: 0.05 },
    ];
    const seen = forecast([1500, 700], 200, 2400);
    const player = forecastContext({ forecast: seen, updating: false }, t, mixed, false, { ownSidesOnly: true, historyHidden: true });
    expect(player?.chart ?? null).toBeNull();
    // The strip is still the player's own forecast.
    expect(player?.segments.map((s) => s.name)).toEqual(["Dragons of the Western March", "Margrave", "Draw"]);
    // After the fight, with no forecast of its own any more, there is nothing to show such a player.
    expect(forecastContext({ forecast: null, updating: false }, t, mixed, false, { ownSidesOnly: true, historyHidden: true })).toBeNull();
    expect(forecastContext({ forecast: null, updating: false }, t, mixed, false, { ownSidesOnly: true })).not.toBeNull();
  });
});

describe("forecastContext after the fight: the history alone", () => {
  const history: HistoryPoint[] = [
    { round: 1, index: 1, wins: { Dragons: 0.5, Margrave: 0.45 }, draw: 0.05 },
    { round: 2, index: 1, wins: { Dragons: 0.996, Margrave: 0 }, draw: 0.004 },
  ];
  it("with no forecast worked out any more, shows the last step's chances and the chart, for a user shown the forecast", () => {
    const ctx = forecastContext({ forecast: null, updating: false }, t, history);
    expect(ctx?.title).toBe("Forecast at the last step");
    expect(ctx?.segments.map((s) => [s.name, s.percent, s.leads])).toEqual([["Dragons", ">99%", true], ["Margrave", "0%", false], ["Draw", "<1%", false]]);
    expect(ctx?.summary).toBe("Chance to win at the last step recorded: Dragons >99%; Margrave 0%; Draw <1%");
    expect(ctx?.detail.combatants).toEqual([]);
    expect(ctx?.detail.summary).toBe("The forecast after each step");
    expect(ctx?.chart?.lines.map((l) => l.name)).toEqual(["Dragons", "Margrave"]);
    expect(ctx?.roundsLeft).toBe("");
  });
  it("not while a forecast is on its way, nor to a user not shown it, nor with one point only", () => {
    expect(forecastContext({ forecast: null, updating: true }, t, history)).toBeNull();
    expect(forecastContext(null, t, history)).toBeNull();
    expect(forecastContext({ forecast: null, updating: false }, t, history.slice(1))).toBeNull();
  });
  it("with a forecast, the detail's summary names the chart too", () => {
    expect(forecastContext({ forecast: forecast([1500, 700], 200, 2400), updating: false }, t, history)?.detail.summary).toBe("Each combatant, and the forecast so far");
  });
});

describe("wholeShares: the bar's percents add up to 100", () => {
  it("gives the points left after rounding down to the largest remainders", () => {
    // 58.0 + 29.5 + 5.0 + 7.5 each rounded alone shows 58 + 30 + 5 + 8 = 101.
    expect(wholeShares([0.58, 0.295, 0.05, 0.075])).toEqual(["58%", "30%", "5%", "7%"]);
    expect(wholeShares([1 / 3, 1 / 3, 1 / 3])).toEqual(["34%", "33%", "33%"]);
  });
  it("never shows a chance that is neither none nor certain as 0% or 100%", () => {
    expect(wholeShares([0.996, 0.004, 0])).toEqual([">99%", "<1%", "0%"]);
    expect(wholeShares([1, 0])).toEqual(["100%", "0%"]);
  });
  it("adds up to 100 for the strip's sides and draw", () => {
    const ctx = forecastContext({ forecast: forecast([1392, 708, 120], 180, 2400), updating: false }, t);
    expect(ctx?.segments.map((s) => Number.parseInt(s.percent, 10)).reduce((a, b) => a + b, 0)).toBe(100);
  });
});
