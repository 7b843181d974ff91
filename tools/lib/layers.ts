/**
 * The source tree's layer order, checked on the real import graph: every relative import (type-only ones too) of
 * every file under src/ is resolved to the file it names, and each edge must run down the layers or stay inside
 * one, never between two features, never in a circle. README "How the code is laid out" lists the layers.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";

/** The layers, lowest first. A file may import from its own layer or a lower one. */
export const LAYERS = ["rules", "constants", "data", "core", "documents", "features", "config", "entry"] as const;
export type Layer = (typeof LAYERS)[number];

/** Where a file sits: its layer and, for a feature, the feature's name. */
export interface Place {
  layer: Layer | "cli";
  feature: string | null;
}

/** The place of a path relative to src/ ("features/round/tracker.ts" is the round feature). */
export function placeOf(path: string): Place | null {
  const parts = path.split("/");
  const top = parts[0] ?? "";
  if (top === "features") return { layer: "features", feature: parts[1] ?? null };
  if (top === "index.ts" || top === "types") return { layer: "entry", feature: null };
  if (top === "cli") return { layer: "cli", feature: null };
  return (LAYERS as readonly string[]).includes(top) ? { layer: top as Layer, feature: null } : null;
}

/** The command-line simulator runs in Node beside the Foundry layers: it may use the pure layers only. */
const CLI_MAY_USE: readonly Layer[] = ["rules", "constants", "data"];

/** Why an import from one place to another is not allowed, or null when it is. */
export function edgeRefusal(from: Place, to: Place): string | null {
  if (to.layer === "cli") return from.layer === "cli" ? null : "only src/cli/ imports src/cli/";
  if (from.layer === "cli") return CLI_MAY_USE.includes(to.layer) ? null : `src/cli/ may import only ${CLI_MAY_USE.join(", ")}`;
  const rank = (l: Layer): number => LAYERS.indexOf(l);
  if (rank(to.layer) > rank(from.layer)) return `${from.layer} may not import from the higher layer ${to.layer}`;
  if (from.layer === "features" && to.layer === "features" && from.feature !== to.feature) {
    return `the feature ${from.feature ?? "?"} may not import the feature ${to.feature ?? "?"} (move what they share down)`;
  }
  return null;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)|new URL\(\s*["'](\.{1,2}\/[^"']+\.ts)["']|(?:^|[\s;])import\s*["'](\.{1,2}\/[^"']+)["']/g;

/** The relative specifiers one file imports (statements, side-effect imports, re-exports, dynamic imports, worker URLs). */
export function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3] ?? m[4];
    if (spec !== undefined) found.push(spec);
  }
  return found;
}

/** Every .ts file under a folder, as paths relative to it with forward slashes. */
export function sourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".ts")) out.push(rel);
    }
  };
  walk("");
  return out.sort();
}

/** The file a relative specifier names, relative to the source root, or null when it names no .ts file. */
export function resolveImport(root: string, from: string, spec: string): string | null {
  const base = normalize(join(dirname(from), spec)).split(sep).join("/");
  for (const candidate of [base, `${base}.ts`, base.replace(/\.js$/, ".ts"), `${base}/index.ts`]) {
    if (candidate.endsWith(".ts") && existsSync(join(root, candidate))) return candidate;
  }
  return null;
}

/** The import graph of the files under a source root: file -> the files it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), "utf8");
    const targets = importsOf(text).map((spec) => resolveImport(root, file, spec)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The import circles of a graph (Tarjan's strongly connected components of two or more files, or a self-import). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Every broken layer rule and every circle of a source root, one line each (empty when the tree is sound). */
export function layerProblems(root: string): string[] {
  const graph = importGraph(root);
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const fromPlace = placeOf(from);
    if (fromPlace === null) {
      problems.push(`src/${from}: not in any layer (${LAYERS.join(", ")}, cli)`);
      continue;
    }
    for (const to of targets) {
      const toPlace = placeOf(to);
      const refusal = toPlace === null ? "the target is in no layer" : edgeRefusal(fromPlace, toPlace);
      if (refusal !== null) problems.push(`src/${from} imports src/${to}: ${refusal}`);
    }
  }
  for (const circle of circles(graph)) problems.push(`import circle: ${circle.map((f) => `src/${f}`).join(" -> ")}`);
  return problems;
}

/** The doc comment a file opens with (before its first import or statement), or "". */
export function headerOf(text: string): string {
  const match = /^\s*(\/\*\*[\s\S]*?\*\/|(?:\/\/[^\n]*\n)+)/.exec(text);
  return match?.[1] ?? "";
}

/**
 * Whether a file's header says the file itself is pure: "Pure: no Foundry globals", "Pure.", "(pure)", ", pure:",
 * "as pure functions", "are pure". A mention of other pure code ("the pure context builder") is not a claim.
 */
export function claimsPure(text: string): boolean {
  return /\bPure\b|\(pure\)|,\s*pure\b|\(pure:|\bas pure functions\b|\bare pure\b/.test(headerOf(text));
}

/**
 * Files that say they are pure must be proven so: each is compiled by tsconfig.pure.json (no Foundry, DOM or Node
 * types), and that project lists no file that does not say so. `pureFiles` are that project's files, relative to
 * the repository; `root` is src/. The command-line tool (src/cli/) is Node's and checked by its own project.
 */
export function pureProblems(root: string, pureFiles: readonly string[]): string[] {
  const listed = new Set(pureFiles.map((f) => f.replace(/^src\//, "")));
  const problems: string[] = [];
  for (const file of sourceFiles(root)) {
    const place = placeOf(file);
    if (place === null || place.layer === "rules" || place.layer === "cli") continue;
    const claims = claimsPure(readFileSync(join(root, file), "utf8"));
    if (claims && !listed.has(file)) problems.push(`src/${file} says it is pure but tsconfig.pure.json does not compile it`);
    if (!claims && listed.has(file)) problems.push(`tsconfig.pure.json compiles src/${file}, whose header does not say it is pure`);
    listed.delete(file);
  }
  for (const gone of listed) problems.push(`tsconfig.pure.json lists src/${gone}, which does not exist`);
  return problems;
}

/** The path of a file relative to a root, with forward slashes. */
export function relativePath(root: string, file: string): string {
  return relative(root, file).split(sep).join("/");
}
