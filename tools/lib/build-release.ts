/**
 * The steps of tools/build-dist.ts as one function over paths, so tests can run a whole build on a fixture
 * repository: manifest, validation of every pack source, static copies, pack compilation and the zip.
 */
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { zipFolder } from "./dist-zip";
import { checkManifestDeclarations, checkManifestFiles, checkPackSources, prepareManifest, readManifestPacks, SYSTEM_ID } from "./manifest";
import { compileLoadedPack, keepCliFilesIn } from "./pack-compile";
import { countDocuments, loadPacks, undeclaredSourceFolders, validateLoadedPacks } from "./pack-sources-check";
import { isRecord } from "./records";

/** Where a build reads from and writes to. */
export interface BuildPaths {
  /** The repository root (system.json, package.json, packs/_source/, lang/ ...). */
  readonly root: string;
  /** The output folder, already holding vite's module. */
  readonly dist: string;
  /** A scratch folder for the CLI's config, temp files and staging. */
  readonly cache: string;
}

/** The release zip's file name inside dist/. */
export const ZIP_NAME = `${SYSTEM_ID}.zip`;
/** The bundled module vite writes. */
export const MODULE_NAME = `${SYSTEM_ID}.mjs`;
/** Folders copied into dist/ when present. */
export const STATIC_FOLDERS = ["lang", "templates", "styles", "assets"] as const;

/** A finished build: errors (nothing was compiled when any), or what went into the release. */
export interface BuildResult {
  readonly errors: readonly string[];
  readonly version: string;
  readonly files: readonly string[];
  readonly zipBytes: number;
  readonly packs: readonly { name: string; type: string; documents: number; embedded: number }[];
}

function readJson(path: string, label: string, errors: string[]): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    errors.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/**
 * Runs the build after vite; `env` supplies the release URLs (AOD_MANIFEST_URL, AOD_DOWNLOAD_URL, AOD_PROJECT_URL)
 * and `releaseVersion`, when given (a release tag's), replaces package.json's version in the manifest.
 */
export async function buildRelease(
  paths: BuildPaths,
  env: Readonly<Record<string, string | undefined>>,
  releaseVersion?: string,
): Promise<BuildResult> {
  const { root, dist, cache } = paths;
  const failed = (errors: string[], version = ""): BuildResult => ({ errors, version, files: [], zipBytes: 0, packs: [] });
  const errors: string[] = [];
  if (!existsSync(join(dist, MODULE_NAME))) errors.push(`dist/${MODULE_NAME} is missing: run vite build first`);
  const pkg = readJson(join(root, "package.json"), "package.json", errors);
  const version = releaseVersion ?? (isRecord(pkg) && typeof pkg.version === "string" ? pkg.version : "");
  if (isRecord(pkg) && version === "") errors.push("package.json: version missing");
  const raw = readJson(join(root, "system.json"), "system.json", errors);
  if (raw !== undefined && !isRecord(raw)) errors.push("system.json: expected a JSON object");
  if (errors.length > 0 || !isRecord(raw)) return failed(errors, version);

  // Validate everything before writing anything beyond vite's output.
  const manifest = prepareManifest(raw, version, env);
  const sources = join(root, "packs", "_source");
  const { packs, errors: packListErrors } = readManifestPacks(manifest);
  const loaded = loadPacks(root, sources, packs);
  errors.push(
    ...packListErrors,
    ...checkManifestDeclarations(manifest, packs),
    ...checkPackSources(packs, (name) => existsSync(join(sources, name))),
    ...undeclaredSourceFolders(sources, packs),
    ...validateLoadedPacks(root, loaded, STATIC_FOLDERS),
  );
  if (errors.length > 0) return failed(errors, version);

  writeFileSync(join(dist, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  for (const folder of STATIC_FOLDERS) {
    const from = join(root, folder);
    if (existsSync(from)) cpSync(from, join(dist, folder), { recursive: true, filter: (src) => basename(src) !== ".gitkeep" });
  }
  errors.push(...checkManifestFiles(manifest, (path) => existsSync(join(dist, path))));
  if (errors.length > 0) return failed(errors, version);

  keepCliFilesIn(cache);
  const packSummary: BuildResult["packs"][number][] = [];
  for (const pack of loaded) {
    await compileLoadedPack(pack, join(dist, pack.pack.path));
    packSummary.push({ name: pack.pack.name, type: pack.pack.type, ...countDocuments(pack.files) });
  }

  const { zip, entries } = zipFolder(dist, [ZIP_NAME]);
  writeFileSync(join(dist, ZIP_NAME), zip);
  return { errors: [], version, files: entries, zipBytes: zip.length, packs: packSummary };
}
