// `node bench/bundled.mjs`: bench/throughput.ts bundled by rolldown (Vite's bundler), the way Foundry's worker and
// `npm run simulate` run the simulator: one module, no per-file transform. Arguments and AOD_BENCH_* variables
// pass through (bench/bundle.mjs builds the bundle).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import process from "node:process";
import { bundleBench, root } from "./bundle.mjs";

const out = await bundleBench("throughput");
const run = spawnSync(process.execPath, [out, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, AOD_BESTIARY: join(root, "packs/_source/bestiary") },
});
process.exitCode = run.status ?? 1;
