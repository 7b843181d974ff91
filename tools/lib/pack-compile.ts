/** Runs the official pack CLI (compile and extract) on the YAML sources. */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { LoadedPack } from "./pack-sources-check";

/**
 * Points the CLI's config and temp folders at `cacheDir` (it would otherwise write its config under $HOME
 * and extract through the system temp folder); call before the first compile or extract.
 */
export function keepCliFilesIn(cacheDir: string): void {
  const xdg = join(cacheDir, "xdg");
  const tmp = join(cacheDir, "tmp");
  mkdirSync(xdg, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  process.env.XDG_DATA_HOME = xdg;
  process.env.TMPDIR = tmp;
}

/** Compiles one pack's YAML sources into `dest` (emptied first). */
export async function compileLoadedPack(loaded: LoadedPack, dest: string): Promise<void> {
  const { compilePack } = await import("@foundryvtt/foundryvtt-cli");
  rmSync(dest, { recursive: true, force: true });
  await compilePack(loaded.sourceDir, dest, { yaml: true, recursive: true, log: false });
}

/** Extracts a compiled pack into `dest` (emptied first) as YAML, one file per primary document. */
export async function extractCompiledPack(pack: string, dest: string): Promise<void> {
  const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
  rmSync(dest, { recursive: true, force: true });
  await extractPack(pack, dest, { yaml: true, clean: true, log: false });
}
