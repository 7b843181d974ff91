/**
 * Runs the official pack CLI (compile and extract). The CLI reads only YAML in YAML mode, so a pack that
 * also holds JSON sources is first copied into a staging folder with every document written as YAML.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import yaml from "js-yaml";
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

/** Whether any of the pack's sources is JSON (the CLI's YAML mode would skip it). */
export function needsStaging(loaded: LoadedPack): boolean {
  return loaded.files.some((f) => f.file.toLowerCase().endsWith(".json"));
}

/** Writes every parsed source of the pack as YAML under `stagingDir`, keeping the folder layout. */
export function stageAsYaml(loaded: LoadedPack, root: string, stagingDir: string): void {
  rmSync(stagingDir, { recursive: true, force: true });
  const packRel = relative(root, loaded.sourceDir).split("\\").join("/");
  for (const source of loaded.files) {
    if (!("doc" in source)) continue;
    const inside = source.file.slice(packRel.length + 1).replace(/\.(json|ya?ml)$/i, ".yml");
    const target = join(stagingDir, inside);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, yaml.dump(source.doc));
  }
}

/** Compiles one pack into `dest` (emptied first), staging it as YAML when it holds JSON sources. */
export async function compileLoadedPack(loaded: LoadedPack, root: string, dest: string, stagingRoot: string): Promise<void> {
  const { compilePack } = await import("@foundryvtt/foundryvtt-cli");
  let src = loaded.sourceDir;
  if (needsStaging(loaded)) {
    src = join(stagingRoot, loaded.pack.name);
    stageAsYaml(loaded, root, src);
  }
  rmSync(dest, { recursive: true, force: true });
  await compilePack(src, dest, { yaml: true, recursive: true, log: false });
}

/** Extracts a compiled pack into `dest` (emptied first) as YAML, one file per primary document. */
export async function extractCompiledPack(pack: string, dest: string): Promise<void> {
  const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
  rmSync(dest, { recursive: true, force: true });
  await extractPack(pack, dest, { yaml: true, clean: true, log: false });
}
