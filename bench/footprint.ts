/**
 * The rest of `npm run bench` (after vitest bench): the Foundry bundle's size, raw and gzipped, against the
 * 150 KB gzipped budget, and the simulator's memory over many runs (it must stay flat: the counters are typed
 * arrays, nothing is kept per run). Informs, never gates: the exit status is 0 either way.
 * `AOD_BENCH_RUNS` sets the runs of the memory check (default 1,000,000). Speed is per CPU-second of this process
 * (process.cpuUsage), not wall time, since the machine may be busy with other work.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { findEntry, loadBestiary } from "../src/cli/bestiary";
import { encounterFromActors } from "../src/data/simulator-encounter";
import { simulate } from "../src/rules";

const root = resolve(import.meta.dirname, "..");
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function bundleSizes(): void {
  const dist = resolve(root, "dist");
  if (!existsSync(resolve(dist, "age-of-dragons.mjs"))) {
    console.log("Bundle: dist/age-of-dragons.mjs is missing; run `npm run build` first.");
    return;
  }
  const scripts = readdirSync(dist, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".mjs") || f.endsWith(".js"));
  for (const file of scripts.sort()) {
    const raw = readFileSync(resolve(dist, file));
    const gzipped = gzipSync(raw, { level: 9 }).length;
    const budget = file === "age-of-dragons.mjs" ? `  (budget 150 KB gzipped: ${gzipped <= 150 * 1024 ? "within" : "OVER"})` : "";
    console.log(`Bundle ${file}: ${kb(raw.length)} raw, ${kb(gzipped)} gzipped${budget}`);
  }
}

async function memory(): Promise<void> {
  const runs = Number(process.env.AOD_BENCH_RUNS ?? 1_000_000);
  const entries = loadBestiary(resolve(root, "packs/_source/bestiary"));
  const get = (name: string) => {
    const found = findEntry(name, entries);
    if (!("found" in found)) throw new Error(name);
    return found.found;
  };
  const encounter = encounterFromActors(
    [
      { actors: [get("Sable Dragon")], altitude: "mid" },
      { actors: [get("Knight")], altitude: "mid" },
    ],
    { distance: "middle" },
  );
  const samples: string[] = [];
  const heap = () => (process.memoryUsage().heapUsed / 2 ** 20).toFixed(1);
  (globalThis as { gc?: () => void }).gc?.();
  const before = heap();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await simulate(encounter, {
    runs,
    seed: 1,
    progressEvery: Math.ceil(runs / 8),
    onProgress: (done) => {
      // With --expose-gc (npm run bench passes it) the heap is measured after a full collection.
      (globalThis as { gc?: () => void }).gc?.();
      samples.push(`${done.toLocaleString("en-GB")}: ${heap()} MB`);
    },
  });
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const wall = (performance.now() - start) / 1000;
  console.log(`Memory over ${runs.toLocaleString("en-GB")} runs of Sable Dragon vs Knight (heap used before, then after each eighth):`);
  console.log(`  before: ${before} MB, ${samples.join(", ")}`);
  console.log(
    `  ${Math.round(runs / cpuSeconds).toLocaleString("en-GB")} runs per CPU-second over the whole simulation ` +
      `(${cpuSeconds.toFixed(1)} CPU-seconds, ${wall.toFixed(1)} s wall)`,
  );
}

console.log(`Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${loadavg().map((l) => l.toFixed(2)).join(", ")}`);
bundleSizes();
await memory();
