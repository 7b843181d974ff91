/**
 * The system manifest as it goes into dist/: the version from package.json, the release URLs from the
 * environment (or placeholders the release step replaces), and checks that what it names exists.
 */
import { SYSTEM_ID } from "../../src/constants/system-id";
import { ACTOR_SPECS, ITEM_SPECS } from "../../src/data/spec";
import { isPackType } from "./pack-validate";
import type { PackType } from "./pack-validate";
import { isRecord, show } from "./records";
import type { UnknownRecord } from "./records";

export { SYSTEM_ID } from "../../src/constants/system-id";

/** Manifest URL fields, the environment variable that fills each, and the placeholder used otherwise. */
export const RELEASE_URLS = [
  { field: "manifest", env: "AOD_MANIFEST_URL", placeholder: "#{MANIFEST}#" },
  { field: "download", env: "AOD_DOWNLOAD_URL", placeholder: "#{DOWNLOAD}#" },
  { field: "url", env: "AOD_PROJECT_URL", placeholder: "#{URL}#" },
] as const;

/** One compendium pack as the manifest declares it. */
export interface ManifestPack {
  readonly name: string;
  readonly type: PackType;
  /** Folder of the compiled pack, relative to the system root. */
  readonly path: string;
}

/** A copy of the manifest with `version` and the release URLs filled in. */
export function prepareManifest(
  manifest: UnknownRecord,
  version: string,
  env: Readonly<Record<string, string | undefined>>,
): UnknownRecord {
  const prepared: UnknownRecord = { ...manifest, version };
  for (const { field, env: name, placeholder } of RELEASE_URLS) {
    const value = env[name];
    prepared[field] = value !== undefined && value !== "" ? value : placeholder;
  }
  return prepared;
}

/** The manifest's packs, or errors naming each bad entry. */
export function readManifestPacks(manifest: UnknownRecord): { packs: ManifestPack[]; errors: string[] } {
  const packs: ManifestPack[] = [];
  const errors: string[] = [];
  const list = manifest.packs ?? [];
  if (!Array.isArray(list)) return { packs, errors: [`system.json: packs: expected a list, got ${show(list)}`] };
  list.forEach((entry: unknown, i) => {
    const at = `system.json: packs[${i}]`;
    if (!isRecord(entry)) {
      errors.push(`${at}: expected an object, got ${show(entry)}`);
      return;
    }
    const { name, type, path } = entry;
    if (typeof name !== "string" || !/^[a-z0-9-]+$/.test(name)) {
      errors.push(`${at}.name: ${show(name)} should be lower-case letters, digits and dashes`);
      return;
    }
    if (typeof type !== "string" || !isPackType(type)) {
      errors.push(`${at}.type: ${show(type)} is not a pack type this system builds`);
      return;
    }
    if (path !== undefined && (typeof path !== "string" || path.includes(".."))) {
      errors.push(`${at}.path: ${show(path)} is not a folder inside the system`);
      return;
    }
    if (packs.some((p) => p.name === name)) errors.push(`${at}.name: ${name} is declared twice`);
    packs.push({ name, type, path: typeof path === "string" ? path.replace(/^\.?\//, "") : `packs/${name}` });
  });
  return { packs, errors };
}

function stringList(manifest: UnknownRecord, key: string, errors: string[]): string[] {
  const value = manifest[key] ?? [];
  if (!Array.isArray(value) || !value.every((v: unknown) => typeof v === "string")) {
    errors.push(`system.json: ${key}: expected a list of file paths, got ${show(value)}`);
    return [];
  }
  return value;
}

/** Errors for the manifest's identity and for every file it names that `exists` (relative to dist/) denies. */
export function checkManifestFiles(manifest: UnknownRecord, exists: (path: string) => boolean): string[] {
  const errors: string[] = [];
  if (manifest.id !== SYSTEM_ID) errors.push(`system.json: id: expected ${show(SYSTEM_ID)}, got ${show(manifest.id)}`);
  if (typeof manifest.title !== "string" || manifest.title === "") errors.push("system.json: title: missing");
  const files = [...stringList(manifest, "esmodules", errors), ...stringList(manifest, "styles", errors)];
  if (!Array.isArray(manifest.esmodules) || manifest.esmodules.length === 0) {
    errors.push("system.json: esmodules: the system module is not listed");
  }
  const languages = manifest.languages ?? [];
  if (!Array.isArray(languages)) errors.push(`system.json: languages: expected a list, got ${show(languages)}`);
  else {
    languages.forEach((lang: unknown, i) => {
      if (isRecord(lang) && typeof lang.path === "string") files.push(lang.path);
      else errors.push(`system.json: languages[${i}]: expected { lang, name, path }, got ${show(lang)}`);
    });
  }
  for (const file of files) {
    if (!exists(file)) errors.push(`system.json: names ${file}, which is not in dist/`);
  }
  return errors;
}

/** Errors for manifest packs whose source folder `hasSource` denies. */
export function checkPackSources(packs: readonly ManifestPack[], hasSource: (name: string) => boolean): string[] {
  return packs
    .filter((pack) => !hasSource(pack.name))
    .map((pack) => `system.json: pack ${pack.name} has no source folder packs/_source/${pack.name}/`);
}

/**
 * Errors where the manifest disagrees with itself or the data spec: a subtype of src/data/spec.ts missing
 * from `documentTypes`, or a `packFolders` entry naming a pack that is not declared.
 */
export function checkManifestDeclarations(manifest: UnknownRecord, packs: readonly ManifestPack[]): string[] {
  const errors: string[] = [];
  const types = isRecord(manifest.documentTypes) ? manifest.documentTypes : {};
  const expected = { Actor: Object.keys(ACTOR_SPECS), Item: Object.keys(ITEM_SPECS) };
  for (const [documentName, subtypes] of Object.entries(expected)) {
    const declared = types[documentName];
    for (const subtype of subtypes) {
      if (!isRecord(declared) || !Object.hasOwn(declared, subtype)) {
        errors.push(`system.json: documentTypes.${documentName}.${subtype}: missing (src/data/spec.ts defines it)`);
      }
    }
  }
  const folders = manifest.packFolders ?? [];
  const checkFolder = (folder: unknown, at: string): void => {
    if (!isRecord(folder)) return;
    const names = Array.isArray(folder.packs) ? folder.packs : [];
    names.forEach((name: unknown, i) => {
      if (!packs.some((p) => p.name === name)) errors.push(`system.json: ${at}.packs[${i}]: ${show(name)} is not a declared pack`);
    });
    if (Array.isArray(folder.folders)) folder.folders.forEach((f: unknown, i) => { checkFolder(f, `${at}.folders[${i}]`); });
  };
  if (Array.isArray(folders)) folders.forEach((f: unknown, i) => { checkFolder(f, `packFolders[${i}]`); });
  return errors;
}
