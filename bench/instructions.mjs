// `node bench/instructions.mjs [1v1|3v3 ...]`: instructions per simulated run (bench/instructions.ts says how).
// Needs valgrind. AOD_IC_SHORT / AOD_IC_LONG: the two counts of measured runs (default 1,000 and 3,000: with
// shorter ones V8's compiling, not the runs, is most of a 1v1's difference).
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { bundleBench, root } from "./bundle.mjs";

const out = await bundleBench("instructions");

const count = (which, runs) => {
  const file = join(root, `node_modules/.cache/aod-bench/cachegrind.${process.pid}.out`);
  const run = spawnSync(
    "valgrind",
    ["--tool=cachegrind", "--cache-sim=no", `--cachegrind-out-file=${file}`, process.execPath, "--single-threaded", out],
    {
      encoding: "utf8",
      env: { ...process.env, AOD_BESTIARY: join(root, "packs/_source/bestiary"), AOD_IC_CASE: which, AOD_IC_RUNS: String(runs) },
    },
  );
  if (run.status !== 0) throw new Error(`valgrind failed: ${run.stderr.slice(-2000)}`);
  const summary = readFileSync(file, "utf8").split("\n").find((line) => line.startsWith("summary:"));
  rmSync(file, { force: true });
  if (!summary) throw new Error("cachegrind wrote no summary");
  return Number(summary.split(/\s+/)[1]);
};
const short = Number(process.env.AOD_IC_SHORT ?? 1000);
const long = Number(process.env.AOD_IC_LONG ?? 3000);
for (const which of process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["1v1", "3v3"]) {
  const perRun = (count(which, long) - count(which, short)) / (long - short);
  process.stdout.write(`${which}: ${(perRun / 1e6).toFixed(4)} million instructions per run (${long - short} runs measured)\n`);
}
