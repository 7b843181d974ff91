// The tracker's forecast strip (src/features/round/forecast-context.ts).
import { describe, expect, it } from "vitest";
import { forecastContext } from "../../../src/features/round/forecast-context";
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

  it("says when the fight ends this round, and when a newer forecast is on its way", () => {
    const ctx = forecastContext({ forecast: forecast([400], 0, 400, 0), updating: true }, t);
    expect(ctx?.roundsLeft).toBe("Ends this round");
    expect(ctx?.updating).toBe("updating…");
  });

  it("shows nothing before the first answer, or to a user not shown the forecast", () => {
    expect(forecastContext({ forecast: null, updating: true }, t)).toBeNull();
    expect(forecastContext(null, t)).toBeNull();
  });
});
