/** Packs the built system folder into one release zip, with system.json at the zip's root. */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { unzipSync, zipSync } from "fflate";
import type { Zippable } from "fflate";

/** A fixed timestamp for every entry, so the same files always give the same zip. */
const ZIP_TIME = new Date("2020-01-01T00:00:00Z");

/** Every file under `dir`, as sorted paths relative to it with forward slashes. */
export function listFilesRelative(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/** A zip of the given files (path inside the zip -> contents). */
export function zipFiles(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const tree: Zippable = {};
  for (const [path, data] of [...files].sort(([a], [b]) => a.localeCompare(b))) tree[path] = [data, { mtime: ZIP_TIME }];
  return zipSync(tree, { level: 9 });
}

/** Zips everything in `dir` except the paths in `exclude` (relative to `dir`); returns the zip and its entries. */
export function zipFolder(dir: string, exclude: readonly string[]): { zip: Uint8Array; entries: string[] } {
  const entries = listFilesRelative(dir).filter((f) => !exclude.includes(f));
  const files = new Map(entries.map((f) => [f, new Uint8Array(readFileSync(join(dir, f)))] as const));
  return { zip: zipFiles(files), entries };
}

/** Unpacks a zip into `dir` (emptied first) and returns its file entries, sorted. */
export function unzipToFolder(zip: Uint8Array, dir: string): string[] {
  rmSync(dir, { recursive: true, force: true });
  const entries = Object.entries(unzipSync(zip)).filter(([name]) => !name.endsWith("/"));
  for (const [name, data] of entries) {
    const target = join(dir, normalize(name));
    if (!target.startsWith(join(dir, "/"))) throw new Error(`zip entry ${name} points outside ${dir}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
  return entries.map(([name]) => name).sort();
}

/** Errors for files the zip lacks or adds compared with the folder it was made from. */
export function compareZipEntries(expected: readonly string[], zipped: readonly string[]): string[] {
  return [
    ...expected.filter((f) => !zipped.includes(f)).map((f) => `release zip: ${f} is in dist/ but not in the zip`),
    ...zipped.filter((f) => !expected.includes(f)).map((f) => `release zip: ${f} is in the zip but not in dist/`),
  ];
}
