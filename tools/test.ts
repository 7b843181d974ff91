/**
 * `npm test`: lint, the typecheck, vitest (unit and browser projects), and the build followed by the pack round
 * trip, all four started together (tools/lib/stages.ts), each stage's output printed as one block when it
 * ends, then a table of each stage's wall and CPU seconds. Exits 1 when any stage failed.
 */
import { resolve } from "node:path";
import { runStages, summary, type Stage } from "./lib/stages";

const npm = (script: string): [string, ...string[]] => ["npm", "run", "--silent", script];
const STAGES: readonly Stage[] = [
  { name: "vitest", steps: [npm("test:unit")] },
  { name: "lint", steps: [npm("lint")] },
  { name: "typecheck", steps: [npm("typecheck")] },
  { name: "build + packs", steps: [npm("build"), npm("test:packs")] },
];

const start = performance.now();
const results = await runStages(STAGES, resolve(import.meta.dirname, ".."), (text) => process.stdout.write(text));
console.log(`\n${summary(results, (performance.now() - start) / 1000)}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
