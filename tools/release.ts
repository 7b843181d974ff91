/**
 * `npm run release -- --tag vX.Y.Z --repo OWNER/NAME [--dry-run]` (after `vite build`, which the npm script runs
 * first): the release build into dist/, with system.json's version and URLs from the tag and the repository
 * (tools/lib/release.ts). It never publishes: .github/workflows/release.yml attaches dist/system.json and the zip
 * to the GitHub release. `--dry-run` says so and is what to run locally.
 */
import { join, resolve } from "node:path";
import { runRelease, parseReleaseArgs } from "./lib/release";
import { ZIP_NAME } from "./lib/build-release";

const args = parseReleaseArgs(process.argv.slice(2));
if ("error" in args) {
  console.error(`release: ${args.error}`);
  process.exit(2);
}
const root = resolve(import.meta.dirname, "..");
const result = await runRelease({ root, dist: join(root, "dist"), cache: join(root, "build", "fvtt-cli") }, args);
if (result.errors.length > 0) {
  for (const error of result.errors) console.error(`error: ${error}`);
  console.error(`release ${args.tag}: ${result.errors.length} error(s); nothing released`);
  process.exit(1);
}
console.log(`release ${args.tag}: dist/system.json (version ${result.version}) and dist/${ZIP_NAME} ` +
  `(${result.files.length} files, ${(result.zipBytes / 1024).toFixed(1)} KiB) for ${args.repo}`);
if (args.dryRun) console.log("dry run: nothing was published; the release workflow attaches these two files to the tag's release");
