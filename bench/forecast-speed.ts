/**
 * How long the live forecast and the advisor take (docs/SIMULATOR.md "Speed"): a 3-a-side fight in round 3, wounds
 * dealt, some pairs at close quarters, forecast to ±2 points (95%), and the advice for the Sable Dragon's battle
 * step and the Storm Wyrm's (every option and the baseline, at most 2,400 runs each: `advise` stops an option once
 * it is precise enough or clearly worse). CPU time of this process on one thread (process.cpuUsage), best and median
 * of `AOD_BENCH_TRIALS` (default 5) seeds; then wall time on 1, 2 and `AOD_BENCH_WORKERS` worker threads
 * (src/cli/threads.ts, as `npm run simulate -- --workers N`), whose answers are checked equal to the one thread's.
 *   npx tsx bench/forecast-speed.ts
 */
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { isDeepStrictEqual } from "node:util";
import { threadPool } from "../src/cli/threads";
import { advise, forecast } from "../src/rules/simulator";
import type { BlockRunner, Encounter } from "../src/rules/simulator";
import { pairKey } from "../src/rules/state";
import { matchup } from "./matchups";

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** The 3v3 of bench/throughput.ts in round 3: wounds on four combatants, the dragons closed on the wyrm and knight. */
function midCombat(): Encounter {
  const base = matchup(["Sable Dragon", "Argent Dragon", "Hunter Dragon"], ["Storm Wyrm", "Knight", "Longbowman"]);
  const wounds: Record<string, number> = { c1: 2, c2: 1, c4: 3, c5: 1 };
  const sides = base.sides.map((side) => ({
    ...side,
    combatants: side.combatants.map((c) => ({ ...c, state: { ...c.state, life: { ...c.state.life, wounds: wounds[c.state.id] ?? 0 } } })),
  }));
  const ids = sides.flatMap((s) => s.combatants.map((c) => c.state.id));
  if (ids.join() !== "c1,c2,c3,c4,c5,c6") throw new Error(`unexpected ids ${ids.join()}`);
  return {
    ...base,
    sides,
    start: {
      round: 3,
      distances: { [pairKey("c1", "c4")]: "close", [pairKey("c2", "c5")]: "close", [pairKey("c3", "c6")]: "middle" },
      order: ["c1", "c4", "c2", "c3", "c5", "c6"],
      at: { phase: "battle", kind: "act", combatants: ["c1"] },
    },
  };
}

const TRIALS = Number(process.env.AOD_BENCH_TRIALS ?? 5);
const encounter = midCombat();
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)] ?? 0;
const s = (x: number) => `${x.toFixed(2)} s`;

console.log(`Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${loadavg().map((l) => l.toFixed(2)).join(", ")}`);

// Warm-up: V8 compiles the run loop during the first few thousand runs.
await forecast(encounter, { seed: 99 });

const forecastTimes: number[] = [];
let runs = 0;
for (let t = 0; t < TRIALS; t += 1) {
  const start = cpuSeconds();
  const f = await forecast(encounter, { seed: t + 1 });
  forecastTimes.push(cpuSeconds() - start);
  runs = f.result.runs;
}
console.log(`forecast to ±2 points, one thread: best ${s(Math.min(...forecastTimes))}, median ${s(median(forecastTimes))} CPU (${runs} runs; ${forecastTimes.map(s).join(", ")})`);

/**
 * CPU time of the advice for `id`'s step on one thread, best and median of about half the trials, with the runs each
 * option played (x: stopped as clearly worse; the baseline's are not in the answer).
 */
async function adviceTimes(at: Encounter, id: string, label: string, phase: "battle" | "movement" = "battle"): Promise<void> {
  const times: number[] = [];
  const played: string[] = [];
  let options = 0;
  let chances = "";
  for (let t = 0; t < Math.max(1, Math.ceil(TRIALS / 2)); t += 1) {
    const start = cpuSeconds();
    const a = await advise(at, id, { seed: t + 1, phase });
    times.push(cpuSeconds() - start);
    options = a.options.length;
    played.push(a.options.map((o) => `${o.runs}${o.clearlyWorse ? "x" : ""}`).join("/"));
    chances = `${a.side} ${a.options.map((o) => `${(o.win.rate * 100).toFixed(1)}%`).join(", ")}`;
  }
  console.log(
    `advice at ${label}'s ${phase} step, ${options} options and the baseline, one thread: best ${s(Math.min(...times))}, median ${s(median(times))} CPU (${times.map(s).join(", ")}); runs per option, best first: ${played.join("; ")}; chances (last seed): ${chances}`,
  );
}

// The Sable Dragon's step: its side's chance is near 4%, so ±2 points needs few runs.
await adviceTimes(encounter, "c1", "the Sable Dragon");
// The Storm Wyrm's step in the same fight (it acts first): its side's chances are near 40% and within a few points.
const wyrmFirst: Encounter = {
  ...encounter,
  start: { ...(encounter.start as NonNullable<Encounter["start"]>), order: ["c4", "c1", "c2", "c3", "c5", "c6"], at: { phase: "battle", kind: "act", combatants: ["c4"] } },
};
await adviceTimes(wyrmFirst, "c4", "the Storm Wyrm");
// The Storm Wyrm's movement step of that round: holding and eleven moves, the twelve options the advice weighs at most.
const wyrmMoves: Encounter = {
  ...wyrmFirst,
  start: { ...(wyrmFirst.start as NonNullable<Encounter["start"]>), at: { phase: "movement", kind: "act", combatants: ["c4"] } },
};
await adviceTimes(wyrmMoves, "c4", "the Storm Wyrm", "movement");

/**
 * Wall time of a forecast and of the advice with `runners` (none: this thread), the CPU time of the whole process
 * (every thread) for both, and whether they equal this thread's answers.
 */
async function wall(runners: readonly BlockRunner[] | undefined): Promise<{ forecast: number; advice: number; cpu: number; same: boolean }> {
  const c0 = cpuSeconds();
  const t0 = performance.now();
  const f = await forecast(encounter, { seed: 1 }, runners);
  const t1 = performance.now();
  const a = await advise(encounter, "c1", { seed: 1, phase: "battle" }, runners);
  const t2 = performance.now();
  const cpu = cpuSeconds() - c0;
  const same = isDeepStrictEqual(f, await forecast(encounter, { seed: 1 })) && isDeepStrictEqual(a, await advise(encounter, "c1", { seed: 1, phase: "battle" }));
  return { forecast: (t1 - t0) / 1000, advice: (t2 - t1) / 1000, cpu, same };
}

const counts = [1, 2, Number(process.env.AOD_BENCH_WORKERS ?? 0)].filter((n, i, all) => n > 0 && all.indexOf(n) === i);
for (const n of counts) {
  const pool = n > 1 ? threadPool(n) : null;
  try {
    if (pool) await forecast(encounter, { seed: 98 }, pool.runners); // each thread warms up too
    const best = { forecast: Infinity, advice: Infinity, cpu: Infinity, same: true };
    for (let t = 0; t < 2; t += 1) {
      const w = await wall(pool?.runners);
      best.forecast = Math.min(best.forecast, w.forecast);
      best.advice = Math.min(best.advice, w.advice);
      best.cpu = Math.min(best.cpu, w.cpu);
      best.same &&= w.same;
    }
    const same = best.same ? "the same answers as one thread" : "ANSWERS DIFFER";
    console.log(`${n} worker${n === 1 ? " (this thread)" : " threads"}: forecast ${s(best.forecast)}, advice ${s(best.advice)} wall, ${s(best.cpu)} CPU for both in all threads, best of 2; ${same}`);
  } finally {
    await pool?.close();
  }
}
