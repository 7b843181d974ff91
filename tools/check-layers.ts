/**
 * The end of `npm run lint`: fails when an import runs up the layers, crosses from one feature to another, or closes
 * a circle, or when a file that says it is pure is not compiled by tsconfig.pure.json (tools/lib/layers.ts). Prints
 * each problem on its own line.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { layerProblems, pureProblems } from "./lib/layers";

const repo = fileURLToPath(new URL("..", import.meta.url));
const root = join(repo, "src");
const pure = JSON.parse(readFileSync(join(repo, "tsconfig.pure.json"), "utf8")) as { files: string[] };
const problems = [...layerProblems(root), ...pureProblems(root, pure.files)];
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${problems.length} layer problem(s)`);
  process.exit(1);
}
console.log("layers: every import runs down the layers, no feature imports another, no circle; every pure file is compiled as pure");
