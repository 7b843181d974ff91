/**
 * A simulation result as the rows a table shows, rounded the same way for the command line and the Foundry
 * app (so the same seed shows the same figures in both): percentages to one decimal, means to two.
 */
import type { Rate, SimulationResult } from "./simulate";

/** A rate as shown: "64.0%" and its interval "63.1-64.9%". */
export interface ShownRate {
  rate: string;
  interval: string;
}

/** One bar of the rounds chart: the round, its share of the runs as shown, and its height relative to the tallest bar. */
export interface RoundBar {
  round: number;
  count: number;
  share: string;
  height: number;
}

/** Everything a result table shows. */
export interface SimulationReport {
  runs: number;
  seed: number;
  mode: string;
  roundLimit: number;
  cancelled: boolean;
  sides: ({ name: string } & ShownRate)[];
  draws: ShownRate;
  rounds: { mean: string; median: number; p90: number };
  endings: { sideOut: string; disengaged: string; roundLimit: string };
  combatants: { name: string; side: string; dead: string; severelyInjured: string; damage: string; attacks: string; hitRate: string }[];
  chart: RoundBar[];
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** "64.0%" and "63.1-64.9%". */
export function showRate(r: Rate): ShownRate {
  return { rate: percent(r.rate), interval: `${(r.low * 100).toFixed(1)}-${(r.high * 100).toFixed(1)}%` };
}

/** The rows of a result table. */
export function simulationReport(result: SimulationResult): SimulationReport {
  const runs = Math.max(1, result.runs);
  const histogram = result.rounds.histogram;
  const first = histogram.findIndex((n) => n > 0);
  let last = histogram.length - 1;
  while (last > 0 && (histogram[last] ?? 0) === 0) last -= 1;
  const tallest = Math.max(1, ...histogram);
  const chart: RoundBar[] = [];
  for (let round = Math.max(1, first); first >= 0 && round <= last; round += 1) {
    const count = histogram[round] ?? 0;
    chart.push({ round, count, share: percent(count / runs), height: Math.round((count / tallest) * 100) });
  }
  return {
    runs: result.runs,
    seed: result.seed,
    mode: result.mode,
    roundLimit: result.roundLimit,
    cancelled: result.cancelled,
    sides: result.sides.map((s) => ({ name: s.name, ...showRate(s.wins) })),
    draws: showRate(result.draws),
    rounds: { mean: result.rounds.mean.toFixed(2), median: result.rounds.median, p90: result.rounds.p90 },
    endings: {
      sideOut: percent(result.endings.sideOut / runs),
      disengaged: percent(result.endings.disengaged / runs),
      roundLimit: percent(result.endings.roundLimit / runs),
    },
    combatants: result.combatants.map((c) => ({
      name: c.name,
      side: c.side,
      dead: percent(c.dead.rate),
      severelyInjured: percent(c.severelyInjured.rate),
      damage: c.damageDealt.toFixed(2),
      attacks: c.attacks.toFixed(2),
      hitRate: c.hitRate ? percent(c.hitRate.rate) : "-",
    })),
    chart,
  };
}
