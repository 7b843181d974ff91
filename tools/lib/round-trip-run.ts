/** The steps of tools/pack-roundtrip.ts as one function over paths, so tests can run it on a fixture build. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BuildPaths } from "./build-release";
import { ZIP_NAME } from "./build-release";
import { compareZipEntries, listFilesRelative, unzipToFolder } from "./dist-zip";
import { readManifestPacks } from "./manifest";
import { checkAdventure } from "./adventure-check";
import { checkCompendiumLinks } from "./link-check";
import type { LinkedPack } from "./link-check";
import { extractCompiledPack, keepCliFilesIn } from "./pack-compile";
import { loadPacks } from "./pack-sources-check";
import { loadSources } from "./pack-sources";
import { isRecord } from "./records";
import type { UnknownRecord } from "./records";
import { checkInstallable, compareSourcesWithExtracted } from "./round-trip";

/** Totals of a round-trip run: documents that came back equal, failures counted, and every failure line. */
export interface RoundTripRun {
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly string[];
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Checks the release zip holds dist/'s files, extracts every pack dist/system.json declares (from the
 * unzipped release) and compares it with packs/_source/, then checks dist/ is installable. `failed` counts
 * documents that differ or are missing plus failed install and zip checks.
 */
export async function runRoundTrip(paths: BuildPaths): Promise<RoundTripRun> {
  const { root, dist, cache } = paths;
  const pkg = readJson(join(root, "package.json"));
  const version = isRecord(pkg) && typeof pkg.version === "string" ? pkg.version : "";
  const manifest = readJson(join(dist, "system.json"));
  const failures: string[] = [];
  let passed = 0;
  let failedDocs = 0;
  let bestiary: UnknownRecord[] | undefined;
  const extractedPacks: LinkedPack[] = [];
  const adventureErrors: string[] = [];

  // The release zip first, before anything opens dist/'s packs: it must hold exactly dist/'s files, and the
  // packs are then extracted from the unzipped copy, so the round trip checks what users install.
  const zipErrors: string[] = [];
  let packRoot = dist;
  const zipPath = join(dist, ZIP_NAME);
  if (!existsSync(zipPath)) zipErrors.push(`dist/${ZIP_NAME}: missing`);
  else {
    const release = join(cache, "release");
    const zipped = unzipToFolder(new Uint8Array(readFileSync(zipPath)), release);
    zipErrors.push(...compareZipEntries(listFilesRelative(dist).filter((f) => f !== ZIP_NAME), zipped));
    packRoot = release;
  }

  if (isRecord(manifest)) {
    keepCliFilesIn(cache);
    const { packs } = readManifestPacks(manifest);
    for (const loaded of loadPacks(root, join(root, "packs", "_source"), packs)) {
      const extractDir = join(cache, "roundtrip", loaded.pack.name);
      try {
        await extractCompiledPack(join(packRoot, loaded.pack.path), extractDir);
      } catch (error) {
        failures.push(`pack ${loaded.pack.name}: cannot extract ${loaded.pack.path}: ${String(error)}`);
        failedDocs += Math.max(1, loaded.files.length);
        continue;
      }
      const extracted = loadSources(extractDir, extractDir);
      extractedPacks.push({ name: loaded.pack.name, type: loaded.pack.type, files: extracted });
      const result = compareSourcesWithExtracted(loaded.pack.name, loaded.files, extracted);
      passed += result.passed;
      failedDocs += result.checked - result.passed;
      failures.push(...result.failures);
      // An adventure's references must resolve inside the release users install, not only in the sources.
      if (loaded.pack.type === "Adventure") {
        const releaseHas = (path: string): boolean => existsSync(join(packRoot, path));
        for (const source of extracted) {
          if ("doc" in source && isRecord(source.doc)) {
            adventureErrors.push(...checkAdventure(source.doc, { fileExists: releaseHas }).map((e) => `${source.file} (release): ${e}`));
          }
        }
      }
      if (loaded.pack.name === "bestiary") {
        bestiary = extracted.flatMap((f) => ("doc" in f && isRecord(f.doc) ? [f.doc] : []));
      }
    }
  }

  // Links between the compiled packs (a table result linking another table) must still lead somewhere.
  const installErrors = [
    ...checkInstallable({ manifest, version, exists: (path) => existsSync(join(dist, path)), bestiary }),
    ...checkCompendiumLinks(extractedPacks),
    ...adventureErrors,
    ...zipErrors,
  ];
  failures.push(...installErrors);
  const counted = failedDocs + installErrors.length;
  // A failure not tied to one document (an extracted file with no source) still counts once.
  return { passed, failed: counted === 0 && failures.length > 0 ? failures.length : counted, failures };
}
