/**
 * `npm test`: vitest (unit and browser projects), the typecheck with the type-checked lint in two parts
 * (tools/typecheck-lint.ts: the Foundry layer's program, then the other programs and the layer check), and the
 * build followed by the pack round trip, all four stages started together (tools/lib/stages.ts), each stage's
 * output printed as one block when it ends, then a table of each stage's wall and CPU seconds. Exits 1 when any
 * stage failed.
 *
 * On two cores the stages want more than the cores give, so vitest (which keeps two workers and the browser busy
 * and can use every core left over) runs nicer than the others: the two single-threaded typecheck-and-lint parts
 * are served first and do not end the run on their own.
 */
import { resolve } from "node:path";
import { runStages, summary, type Stage } from "./lib/stages";

const npm = (script: string): [string, ...string[]] => ["npm", "run", "--silent", script];
const tsx = (script: string, ...args: string[]): [string, ...string[]] => [process.execPath, "--import", "tsx", script, ...args];
const STAGES: readonly Stage[] = [
  { name: "types + lint: src", steps: [tsx("tools/typecheck-lint.ts", "src")] },
  { name: "types + lint: rest, layers", steps: [tsx("tools/typecheck-lint.ts", "rest"), tsx("tools/check-layers.ts")] },
  { name: "vitest", steps: [npm("test:unit")], nice: 5 },
  { name: "build + packs", steps: [npm("build"), npm("test:packs")] },
];

const start = performance.now();
const results = await runStages(STAGES, resolve(import.meta.dirname, ".."), (text) => process.stdout.write(text));
console.log(`\n${summary(results, (performance.now() - start) / 1000)}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
