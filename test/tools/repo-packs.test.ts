// The repository's own compendium sources, checked with the build's validator, so a bad source fails the
// unit tests before the build ever runs.
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { STATIC_FOLDERS } from "../../tools/lib/build-release";
import { checkManifestDeclarations, checkPackSources, readManifestPacks } from "../../tools/lib/manifest";
import { loadPacks, undeclaredSourceFolders, validateLoadedPacks } from "../../tools/lib/pack-sources-check";
import { isRecord } from "../../tools/lib/records";

const root = resolve(import.meta.dirname, "../..");
const sources = join(root, "packs", "_source");
const manifest: unknown = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
const record = isRecord(manifest) ? manifest : {};
const { packs, errors: packListErrors } = readManifestPacks(record);

describe("repository packs (packs/_source, system.json)", () => {
  it("declares its packs, subtypes and pack folders consistently", () => {
    expect([
      ...packListErrors,
      ...checkManifestDeclarations(record, packs),
      ...checkPackSources(packs, (name) => existsSync(join(sources, name))),
      ...undeclaredSourceFolders(sources, packs),
    ]).toEqual([]);
  });
  it("holds only valid pack sources", () => {
    expect(validateLoadedPacks(root, loadPacks(root, sources, packs), STATIC_FOLDERS)).toEqual([]);
  });
});
