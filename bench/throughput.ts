/**
 * Simulator throughput per CPU-second of this process (process.cpuUsage: user + system), not wall time, so a
 * machine shared with other work still gives a fair figure. Each matchup is simulated `AOD_BENCH_RUNS` times
 * (default 20,000; a quarter of that for the 3v3) five times, after a warm-up of as many runs (V8 is still
 * compiling the run loop for the first few thousand); the best and the median of the five are printed with
 * all five. The best is the figure the README records: on a shared machine other work only ever slows a trial.
 *   npx tsx bench/throughput.ts            node --cpu-prof --import tsx bench/throughput.ts   (a profile)
 *   node bench/bundled.mjs                 (the same, bundled as Foundry's worker and `npm run simulate` run it)
 */
import { cpus, loadavg } from "node:os";
import { simulate } from "../src/rules";
import type { Encounter } from "../src/rules";
import { matchup } from "./matchups";

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

const TRIALS = 5;
const figure = (rate: number): string => Math.round(rate).toLocaleString("en-GB");

async function measure(label: string, encounter: Encounter, runs: number): Promise<void> {
  await simulate(encounter, { runs, seed: 99 });
  const rates: number[] = [];
  for (let trial = 0; trial < TRIALS; trial += 1) {
    const start = cpuSeconds();
    await simulate(encounter, { runs, seed: trial + 1 });
    rates.push(runs / (cpuSeconds() - start));
  }
  const sorted = [...rates].sort((a, b) => a - b);
  const median = sorted[Math.floor(TRIALS / 2)] ?? 0;
  console.log(
    `${label}: best ${figure(Math.max(...rates))}, median ${figure(median)} runs per CPU-second (${rates.map(figure).join(", ")})`,
  );
}

const only = process.env.AOD_BENCH_ONLY;
const runs = Number(process.env.AOD_BENCH_RUNS ?? 20_000);
console.log(`Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${loadavg().map((l) => l.toFixed(2)).join(", ")}`);
const cases: [string, Encounter, number][] = [
  ["1v1 Sable Dragon vs Knight", matchup(["Sable Dragon"], ["Knight"]), runs],
  ["1v1 Sable Dragon vs Storm Wyrm", matchup(["Sable Dragon"], ["Storm Wyrm"]), runs],
  ["3v3 Sable, Argent, Hunter vs Storm Wyrm, Knight, Longbowman", matchup(["Sable Dragon", "Argent Dragon", "Hunter Dragon"], ["Storm Wyrm", "Knight", "Longbowman"]), Math.ceil(runs / 4)],
  ["1v1 Sable Dragon vs Knight, side d10", matchup(["Sable Dragon"], ["Knight"], "sideD10"), runs],
  ["1v1 Sable Dragon vs Knight, secret declaration", matchup(["Sable Dragon"], ["Knight"], "secretDeclaration"), runs],
];
for (const [label, encounter, n] of cases) if (!only || label.includes(only)) await measure(label, encounter, n);
