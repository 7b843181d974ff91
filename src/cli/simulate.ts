/**
 * The CLI from its TypeScript sources (`tsx src/cli/simulate.ts`). `npm run simulate` runs the same code from
 * a bundle built on demand (tools/simulate.mjs), without tsx's start-up. See main.ts and `--help`.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runFromProcess } from "./process";

void runFromProcess(resolve(dirname(fileURLToPath(import.meta.url)), "../.."));
