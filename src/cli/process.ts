/**
 * The CLI wired to this process: arguments, stdout, stderr and the exit status. `src/cli/simulate.ts` (under
 * tsx) and the prebuilt bundle that `tools/simulate.mjs` runs (`npm run simulate`) both start here.
 */
import { readFileSync } from "node:fs";
import { runCli } from "./main";
import { threadPool } from "./threads";

/** Runs `npm run simulate` with this process's arguments; `root` is the repository (bestiary, lang/en.json). */
export function runFromProcess(root: string): Promise<void> {
  return runCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    errIsTTY: process.stderr.isTTY,
    root,
    readText: (path) => readFileSync(path, "utf8"),
    pool: threadPool,
  }).then(
    (status) => {
      process.exitCode = status;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
