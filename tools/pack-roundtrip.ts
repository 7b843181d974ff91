/**
 * `npm run test:packs` (after the build): checks the release zip against dist/, extracts every compiled pack
 * (from the unzipped release) with the official CLI, compares each document with its source, and checks
 * dist/ is an installable system. Ends with
 * `packs: N passed, M failed` and exits 1 on any failure.
 */
import { join, resolve } from "node:path";
import { runRoundTrip } from "./lib/round-trip-run";

const root = resolve(import.meta.dirname, "..");
const run = await runRoundTrip({ root, dist: join(root, "dist"), cache: join(root, "build", "fvtt-cli") });
for (const failure of run.failures) console.error(`FAIL ${failure}`);
console.log(`packs: ${run.passed} passed, ${run.failed} failed`);
process.exit(run.failures.length > 0 ? 1 : 0);
