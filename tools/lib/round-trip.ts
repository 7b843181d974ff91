/**
 * Pure checks behind `npm run test:packs`: every source document comes back from the compiled pack unchanged
 * (apart from the CLI's own additions, see doc-compare.ts), and dist/ holds an installable system.
 */
import { compareRoundTrip } from "./doc-compare";
import { checkManifestFiles, readManifestPacks, SYSTEM_ID } from "./manifest";
import type { LoadedSource } from "./pack-validate";
import { isRecord, show } from "./records";
import type { UnknownRecord } from "./records";

/** The outcome of comparing one pack's sources with what was extracted from its compiled form. */
export interface RoundTripResult {
  /** Source documents compared. */
  readonly checked: number;
  /** Source documents that came back equal. */
  readonly passed: number;
  /** One line per problem, naming the file (and field). */
  readonly failures: readonly string[];
}

function byKey(files: readonly LoadedSource[], failures: string[]): Map<string, { file: string; doc: UnknownRecord }> {
  const map = new Map<string, { file: string; doc: UnknownRecord }>();
  for (const source of files) {
    if ("parseError" in source) failures.push(`${source.file}: cannot be parsed: ${source.parseError}`);
    else if (!isRecord(source.doc) || typeof source.doc._key !== "string") failures.push(`${source.file}: no _key`);
    else map.set(source.doc._key, { file: source.file, doc: source.doc });
  }
  return map;
}

/** Compares a pack's sources with the files extracted from its compiled pack, matching documents by `_key`. */
export function compareSourcesWithExtracted(
  packName: string,
  sources: readonly LoadedSource[],
  extracted: readonly LoadedSource[],
): RoundTripResult {
  const failures: string[] = [];
  const sourceDocs = byKey(sources, failures);
  const extractedDocs = byKey(extracted, failures);
  let passed = 0;
  for (const [key, { file, doc }] of sourceDocs) {
    const back = extractedDocs.get(key);
    if (back === undefined) {
      failures.push(`${file}: ${key} is missing from the compiled pack ${packName}`);
      continue;
    }
    const collection = key.split("!")[1] ?? "";
    const diffs = compareRoundTrip(doc, back.doc, collection);
    if (diffs.length === 0) passed += 1;
    else failures.push(...diffs.map((d) => `${file}: ${d} after the round trip`));
  }
  for (const [key, { file }] of extractedDocs) {
    if (!sourceDocs.has(key)) failures.push(`pack ${packName}: ${key} (${file}) has no source`);
  }
  if (sourceDocs.size !== extractedDocs.size) {
    failures.push(`pack ${packName}: ${sourceDocs.size} source documents but ${extractedDocs.size} in the compiled pack`);
  }
  return { checked: sourceDocs.size, passed, failures };
}

/** What the installability check looks at in dist/. */
export interface InstallCheckInput {
  /** dist/system.json, parsed (undefined when missing or unparseable). */
  readonly manifest: unknown;
  /** package.json's version. */
  readonly version: string;
  /** Whether a path relative to dist/ exists. */
  readonly exists: (path: string) => boolean;
  /** The bestiary's documents as extracted from its compiled pack (undefined when it has none). */
  readonly bestiary: readonly UnknownRecord[] | undefined;
}

/** Minimum bestiary size for a usable release. */
export const MIN_BESTIARY_ACTORS = 10;

/** Problems that would stop dist/ from installing and being useful; empty when it is fine. */
export function checkInstallable(input: InstallCheckInput): string[] {
  const { manifest, version } = input;
  if (!isRecord(manifest)) return ["dist/system.json: missing or not a JSON object"];
  const errors = checkManifestFiles(manifest, input.exists).map((e) => `dist/${e}`);
  if (manifest.version !== version) {
    errors.push(`dist/system.json: version ${show(manifest.version)} is not package.json's ${show(version)}`);
  }
  if (!input.exists(`${SYSTEM_ID}.mjs`)) errors.push(`dist/${SYSTEM_ID}.mjs: missing`);
  const { packs, errors: packErrors } = readManifestPacks(manifest);
  errors.push(...packErrors.map((e) => `dist/${e}`));
  for (const pack of packs) {
    if (!input.exists(`${pack.path}/CURRENT`)) errors.push(`dist/${pack.path}: compiled pack ${pack.name} is missing`);
  }
  const actors = (input.bestiary ?? []).filter((doc) => typeof doc._key === "string" && doc._key.startsWith("!actors!"));
  if (actors.length < MIN_BESTIARY_ACTORS) {
    errors.push(`bestiary: ${actors.length} actors, at least ${MIN_BESTIARY_ACTORS} needed`);
  }
  for (const actor of actors) {
    if (!Array.isArray(actor.items) || actor.items.length === 0) {
      errors.push(`bestiary: ${show(actor.name)} (${show(actor._id)}) carries no embedded item`);
    }
  }
  return errors;
}
