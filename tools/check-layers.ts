/**
 * `npm run lint:layers`: fails when an import runs up the layers, crosses from one feature to another, or closes a
 * circle (tools/lib/layers.ts). Prints each problem on its own line.
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { layerProblems } from "./lib/layers";

const root = join(fileURLToPath(new URL("..", import.meta.url)), "src");
const problems = layerProblems(root);
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${problems.length} layer problem(s)`);
  process.exit(1);
}
console.log("layers: every import runs down the layers, no feature imports another, no circle");
