/** Loads and validates every declared pack's sources; flags source folders no pack declares. */
import { assembleAdventures } from "./adventure-sources";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ManifestPack } from "./manifest";
import { checkCompendiumLinks } from "./link-check";
import { loadSources } from "./pack-sources";
import { validatePack } from "./pack-validate";
import type { LoadedSource } from "./pack-validate";
import { isRecord } from "./records";

/** One declared pack with its loaded source files. */
export interface LoadedPack {
  readonly pack: ManifestPack;
  readonly sourceDir: string;
  readonly files: readonly LoadedSource[];
}

/** Loads the sources of every declared pack whose folder exists under `sourceRoot`. */
export function loadPacks(root: string, sourceRoot: string, packs: readonly ManifestPack[]): LoadedPack[] {
  return packs
    .filter((pack) => existsSync(join(sourceRoot, pack.name)))
    .map((pack) => {
      const sourceDir = join(sourceRoot, pack.name);
      return { pack, sourceDir, files: assembleAdventures(loadSources(sourceDir, root)) };
    });
}

/** Errors for folders under `sourceRoot` that no manifest pack declares (they would never ship). */
export function undeclaredSourceFolders(sourceRoot: string, packs: readonly ManifestPack[]): string[] {
  if (!existsSync(sourceRoot)) return [];
  return readdirSync(sourceRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !packs.some((p) => p.name === entry.name))
    .map((entry) => `packs/_source/${entry.name}/: no pack named ${entry.name} in system.json`);
}

/**
 * Every validation error of every loaded pack, and every compendium link that leads nowhere. A system path (an image) must name a file in the repository
 * `root` inside one of the `shipped` folders, since only those are copied into the release.
 */
export function validateLoadedPacks(root: string, loaded: readonly LoadedPack[], shipped: readonly string[]): string[] {
  const fileExists = (path: string): boolean => {
    if (!shipped.includes(path.split("/")[0] ?? "")) return false;
    const full = join(root, path);
    return existsSync(full) && statSync(full).isFile();
  };
  const packs = loaded.map(({ pack, files }) => ({ name: pack.name, type: pack.type, files }));
  return [...packs.flatMap((pack) => validatePack(pack, { fileExists })), ...checkCompendiumLinks(packs)];
}

/** How many top-level and embedded documents a pack's parsed sources hold. */
export function countDocuments(files: readonly LoadedSource[]): { documents: number; embedded: number } {
  let documents = 0;
  let embedded = 0;
  for (const source of files) {
    if (!("doc" in source) || !isRecord(source.doc)) continue;
    documents += 1;
    for (const value of Object.values(source.doc)) {
      if (Array.isArray(value)) embedded += value.filter((v: unknown) => isRecord(v) && "_key" in v).length;
    }
  }
  return { documents, embedded };
}
