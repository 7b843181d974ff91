// `node bench/bundled.mjs`: bench/throughput.ts bundled by rolldown (Vite's bundler), the way Foundry's worker and
// `npm run simulate` run the simulator: one module, no per-file transform. Arguments and AOD_BENCH_* variables
// pass through. The bundle goes to node_modules/.cache/aod-bench/ and is built again on every call.
import { spawnSync } from "node:child_process";
import { builtinModules } from "node:module";
import { dirname, join, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "node_modules/.cache/aod-bench/throughput.mjs");
const bundle = await rolldown({
  input: join(root, "bench/throughput.ts"),
  platform: "node",
  external: (id) => id.startsWith("node:") || builtinModules.includes(id),
  logLevel: "warn",
});
await bundle.write({ file: out, format: "esm" });
await bundle.close();
const run = spawnSync(process.execPath, [out, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, AOD_BESTIARY: join(root, "packs/_source/bestiary") },
});
process.exitCode = run.status ?? 1;
