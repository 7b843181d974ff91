/**
 * Instructions per simulated run, counted by valgrind's cachegrind: the one speed measure on this shared virtual
 * machine that repeats (to about 0.1%) whatever else the machine is doing. `node bench/instructions.mjs` bundles
 * this file, runs it under cachegrind twice (after a warm-up, `AOD_IC_SHORT` and `AOD_IC_LONG` runs of each
 * matchup) and prints the difference divided by the difference of runs: the cost of one run once V8 has compiled
 * the loop, without start-up, bundling or the warm-up. `--single-threaded` makes V8 compile on the main thread,
 * so the count does not depend on when a background compile finishes.
 */
import { simulate } from "../src/rules";
import type { Encounter } from "../src/rules";
import { matchup } from "./matchups";

const cases: Record<string, Encounter> = {
  "1v1": matchup(["Sable Dragon"], ["Knight"]),
  "3v3": matchup(["Sable Dragon", "Argent Dragon", "Hunter Dragon"], ["Storm Wyrm", "Knight", "Longbowman"]),
};
const which = process.env.AOD_IC_CASE ?? "3v3";
const encounter = cases[which];
if (!encounter) throw new Error(`no case ${which}`);
const warm = Number(process.env.AOD_IC_WARM ?? 1000);
const runs = Number(process.env.AOD_IC_RUNS ?? 0);
await simulate(encounter, { runs: warm, seed: 99 });
if (runs > 0) await simulate(encounter, { runs, seed: 7 });
