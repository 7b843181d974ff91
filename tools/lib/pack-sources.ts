/**
 * Reads pack source files (YAML, the only format the pack CLI's YAML mode compiles) from disk for the validator
 * and the round trip. A JSON file in a source folder would never ship, so it is reported instead of read.
 */
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import yaml from "js-yaml";
import type { LoadedSource } from "./pack-validate";

/** File extensions a pack source may have. */
export const SOURCE_EXTENSIONS = [".yml", ".yaml"] as const;

/** Files a source folder may not hold because the CLI would skip them silently. */
const SKIPPED_EXTENSIONS = [".json"] as const;

const extensionIn = (list: readonly string[], name: string): boolean => list.includes(extname(name).toLowerCase());

/** Every source file under `dir` (and every JSON file, to be reported), recursively, as sorted absolute paths. */
export function listSourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && (extensionIn(SOURCE_EXTENSIONS, entry.name) || extensionIn(SKIPPED_EXTENSIONS, entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Parses one source text; throws the parser's error, or for a JSON file says to write it as YAML. */
export function parseSource(text: string, fileName: string): unknown {
  if (extensionIn(SKIPPED_EXTENSIONS, fileName)) {
    throw new Error("a JSON source is never compiled (the pack CLI reads only YAML here): write it as .yml");
  }
  return yaml.load(text, { filename: fileName });
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
