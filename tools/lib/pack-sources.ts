/** Reads pack source files (.yml, .yaml, .json) from disk for the validator and the round trip. */
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import yaml from "js-yaml";
import type { LoadedSource } from "./pack-validate";

/** File extensions a pack source may have. */
export const SOURCE_EXTENSIONS = [".yml", ".yaml", ".json"] as const;

/** Every source file under `dir`, recursively, as sorted absolute paths. */
export function listSourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listSourceFiles(path));
    else if (entry.isFile() && (SOURCE_EXTENSIONS as readonly string[]).includes(extname(entry.name).toLowerCase())) {
      found.push(path);
    }
  }
  return found.sort();
}

/** Parses one source text by its extension; throws the parser's error. */
export function parseSource(text: string, fileName: string): unknown {
  return extname(fileName).toLowerCase() === ".json" ? JSON.parse(text) : yaml.load(text, { filename: fileName });
}

/** Loads every source file under `dir`, naming each by its path from `root` with forward slashes. */
export function loadSources(dir: string, root: string): LoadedSource[] {
  return listSourceFiles(dir).map((path) => {
    const file = relative(root, path).split(sep).join("/");
    try {
      return { file, doc: parseSource(readFileSync(path, "utf8"), file) };
    } catch (error) {
      const message = error instanceof Error ? error.message.split("\n")[0] ?? error.message : String(error);
      return { file, parseError: message };
    }
  });
}
