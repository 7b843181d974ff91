// `npm run simulate`: the CLI (src/cli) from a bundle kept in node_modules/.cache/aod-simulate/, built with
// rolldown (Vite's bundler) by `npm ci` (package.json "prepare") or else on the first run, and built again
// whenever one of the files it was built from changed (their sizes and modification times are checked on each run). Starting tsx took most of the command's
// time; plain Node with one prebuilt module starts in a fraction of that (well under two seconds).
// `tsx src/cli/simulate.ts` still runs the same CLI from the sources.
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// AOD_SIMULATE_CACHE puts the bundle elsewhere (the tests build into a folder of their own).
const cache = process.env.AOD_SIMULATE_CACHE ?? join(root, "node_modules/.cache/aod-simulate");
const bundlePath = join(cache, "simulate.mjs");
const manifestPath = join(cache, "inputs.json");
const self = fileURLToPath(import.meta.url);

/** A file's size and modification time, or null when it is gone. */
function stamp(file) {
  try {
    const { size, mtimeMs } = statSync(file);
    return `${size}:${mtimeMs}`;
  } catch {
    return null;
  }
}

/** Whether the bundle exists and every file it was built from is unchanged. */
function fresh() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  } catch {
    return false;
  }
  if (stamp(bundlePath) === null || !Array.isArray(manifest.inputs)) return false;
  return manifest.inputs.every(([file, seen]) => stamp(resolve(root, file)) === seen);
}

/** Bundles src/cli/process.ts with its packages (Node's own modules stay imports) and records what it was built from. */
async function build() {
  const { rolldown } = await import("rolldown");
  const bundle = await rolldown({
    input: join(root, "src/cli/process.ts"),
    platform: "node",
    external: (id) => id.startsWith("node:") || builtinModules.includes(id),
    logLevel: "warn",
  });
  const { output } = await bundle.generate({ format: "esm" });
  await bundle.close();
  const [chunk] = output;
  const inputs = [self, ...chunk.moduleIds.filter((id) => isAbsolute(id))].map((file) => [
    relative(root, file),
    stamp(file),
  ]);
  mkdirSync(cache, { recursive: true });
  // Written beside and renamed, so a run started at the same time never reads half a file.
  const temporary = `${bundlePath}.${process.pid}.tmp`;
  writeFileSync(temporary, chunk.code);
  renameSync(temporary, bundlePath);
  writeFileSync(`${manifestPath}.${process.pid}.tmp`, JSON.stringify({ inputs }));
  renameSync(`${manifestPath}.${process.pid}.tmp`, manifestPath);
}

if (process.argv[2] === "--prepare-bundle") {
  // npm's "prepare" (run by `npm ci` and `npm install`): build now so that the first `npm run simulate` starts at
  // once. A failure here never fails the install; the first run then tries again.
  try {
    if (!fresh()) await build();
  } catch (error) {
    process.stderr.write(`simulate: the CLI bundle was not built now (${String(error)}); npm run simulate will build it\n`);
  }
} else {
  if (!fresh()) await build();
  const { runFromProcess } = await import(pathToFileURL(bundlePath).href);
  await runFromProcess(root);
}
