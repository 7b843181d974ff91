/**
 * The typecheck and the type-checked lint in one process per part, each TypeScript program built once and used
 * by both (tools/lib/typecheck-lint.ts). What it checks is what `npm run typecheck` (`tsc -b`) and `eslint .`
 * check; `npm test` runs the two parts side by side, the layer check after the second:
 *
 *   tsx tools/typecheck-lint.ts src    the first project of tsconfig.json (tsconfig.foundry.json, every file
 *                                      under src/ against Foundry's types), and the lint of its files
 *   tsx tools/typecheck-lint.ts rest   the other projects, and the lint of every other file
 *   tsx tools/typecheck-lint.ts        both, one after the other
 *
 * A file is linted with the program of the first project that holds it, in tsconfig.json's order, as the
 * project service would, except the pure project's files: only the pure project checks and lints them (it is the
 * strictest), so the "src" part checks and lints only the Foundry-only files. Prints each project's errors as tsc does and ESLint's report, with the CPU seconds of
 * each step; exits 1 on any type error or lint error.
 */
import { basename, resolve } from "node:path";
import {
  buildProgram, formatDiagnostics, lint, parseProject, programDiagnostics, sharedHost, solutionProjects,
} from "./lib/typecheck-lint";

const root = resolve(import.meta.dirname, "..");
const part = process.argv[2] ?? "all";
if (!["src", "rest", "all"].includes(part)) {
  console.error(`usage: tsx tools/typecheck-lint.ts [src|rest]   (not "${part}")`);
  process.exit(2);
}

const cpuSeconds = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};
let mark = cpuSeconds();
const took = (): string => {
  const now = cpuSeconds();
  const spent = now - mark;
  mark = now;
  return `${spent.toFixed(1)} CPU s`;
};

const [first, ...others] = solutionProjects(root);
if (first === undefined) throw new Error("tsconfig.json references no project");
const projects = part === "src" ? [first] : part === "rest" ? others : [first, ...others];

// The pure project checks its files with no globals at all, more strictly than the Foundry and Node projects that
// hold them too (the Foundry project holds every file under src/, the Node one whatever the tests import), so
// only the pure project checks them and lints them; the others read their declarations where needed.
const strictConfig = solutionProjects(root).find((file) => basename(file) === "tsconfig.pure.json");
if (strictConfig === undefined) throw new Error("tsconfig.json references no tsconfig.pure.json");
const strictFiles = new Set(parseProject(strictConfig).fileNames.map((file) => resolve(file)));

const host = sharedHost();
let typeErrors = 0;
// The pure program first, so it is the one that lints its files.
const programs = [];
for (const configFile of projects) {
  const parsed = parseProject(configFile);
  const program = buildProgram(parsed, host);
  const built = took();
  const diagnostics = programDiagnostics(parsed, program, configFile === strictConfig ? new Set() : strictFiles);
  typeErrors += diagnostics.length;
  if (diagnostics.length > 0) process.stdout.write(formatDiagnostics(diagnostics, root));
  console.log(`typecheck ${basename(configFile)}: ${parsed.fileNames.length} files, ` +
    `${diagnostics.length === 0 ? "no errors" : `${diagnostics.length} error(s)`} (built in ${built}, checked in ${took()})`);
  if (configFile === strictConfig) programs.unshift(program);
  else programs.push(program);
}

// The Foundry-only files (src/ less the pure ones) are linted in the "src" part, everything else in "rest".
const foundryOnly = parseProject(first).fileNames.filter((file) => !strictFiles.has(resolve(file)));
const patterns = part === "src" ? foundryOnly : ["."];
const skip = part === "rest" ? foundryOnly : [];
const linted = await lint(root, programs, patterns, skip);
if (linted.report !== "") process.stdout.write(linted.report);
console.log(`eslint: ${linted.files} files, ${linted.errors} error(s), ${linted.warnings} warning(s) (${took()})`);
process.exit(typeErrors > 0 || linted.errors > 0 ? 1 : 0);
