/** Entry point of `npm run simulate` (see main.ts and `npm run simulate -- --help`). */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runCli } from "./main";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  errIsTTY: process.stderr.isTTY,
  root,
}).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
