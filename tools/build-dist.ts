/**
 * Second half of `npm run build` (after `vite build` wrote dist/<SYSTEM_ID>.mjs): copies the manifest and
 * static files into dist/, validates every pack source, compiles the packs with the official CLI and writes
 * dist/<SYSTEM_ID>.zip. Every error is printed and the build exits 1 before compiling anything.
 */
import { join, resolve } from "node:path";
import { buildRelease, ZIP_NAME } from "./lib/build-release";
import { SYSTEM_ID } from "./lib/manifest";

const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? "" : "s"}`;
const root = resolve(import.meta.dirname, "..");
const result = await buildRelease(
  { root, dist: join(root, "dist"), cache: join(root, "build", "fvtt-cli") },
  process.env,
);
if (result.errors.length > 0) {
  for (const error of result.errors) console.error(`error: ${error}`);
  console.error(`build-dist: ${result.errors.length} error(s); no packs compiled, no zip written`);
  process.exit(1);
}
console.log(`build-dist: ${SYSTEM_ID} ${result.version}: ${result.files.length} files in dist/${ZIP_NAME} ` +
  `(${(result.zipBytes / 1024).toFixed(1)} KiB)`);
for (const pack of result.packs) {
  console.log(`  pack ${pack.name} (${pack.type}): ${count(pack.documents, "document")}, ${pack.embedded} embedded`);
}
