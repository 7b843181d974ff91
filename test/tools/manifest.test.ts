import { describe, expect, it } from "vitest";
import {
  checkManifestDeclarations,
  checkManifestFiles,
  checkPackSources,
  prepareManifest,
  readManifestPacks,
} from "../../tools/lib/manifest";
import { copy, manifest } from "./fixtures";

const base = copy(manifest);

describe("manifest preparation", () => {
  it("sets the version from package.json", () => {
    expect(prepareManifest(base, "1.2.3", {}).version).toBe("1.2.3");
  });
  it("leaves placeholders for the release URLs when the environment has none", () => {
    const prepared = prepareManifest(base, "1.2.3", {});
    expect([prepared.manifest, prepared.download, prepared.url]).toEqual(["#{MANIFEST}#", "#{DOWNLOAD}#", "#{URL}#"]);
  });
  it("fills the release URLs from the environment", () => {
    const prepared = prepareManifest(base, "1.2.3", {
      AOD_MANIFEST_URL: "https://example.org/system.json",
      AOD_DOWNLOAD_URL: "https://example.org/age-of-dragons.zip",
      AOD_PROJECT_URL: "https://example.org",
    });
    expect([prepared.manifest, prepared.download, prepared.url]).toEqual([
      "https://example.org/system.json",
      "https://example.org/age-of-dragons.zip",
      "https://example.org",
    ]);
  });
  it("does not change the manifest it was given", () => {
    prepareManifest(base, "9.9.9", {});
    expect(base.version).toBe("0.0.0");
  });
});

describe("manifest packs", () => {
  it("reads names, types and compiled paths", () => {
    expect(readManifestPacks(base)).toEqual({
      packs: [
        { name: "bestiary", type: "Actor", path: "packs/bestiary" },
        { name: "tables", type: "RollTable", path: "packs/tables" },
      ],
      errors: [],
    });
  });
  it("reports a pack type the build cannot compile and a bad name", () => {
    const { errors } = readManifestPacks({ packs: [{ name: "maps", type: "Scene" }, { name: "Bad Name", type: "Item" }] });
    expect(errors).toEqual([
      'system.json: packs[0].type: "Scene" is not a pack type this system builds',
      'system.json: packs[1].name: "Bad Name" should be lower-case letters, digits and dashes',
    ]);
  });
  it("reports a pack with no source folder", () => {
    const { packs } = readManifestPacks(base);
    expect(checkPackSources(packs, (name) => name === "bestiary")).toEqual([
      "system.json: pack tables has no source folder packs/_source/tables/",
    ]);
  });
});

describe("manifest files in dist/", () => {
  it("accepts a manifest whose module, styles and languages exist", () => {
    expect(checkManifestFiles(base, () => true)).toEqual([]);
  });
  it("names each listed file that is missing", () => {
    const present = new Set(["age-of-dragons.mjs"]);
    expect(checkManifestFiles(base, (p) => present.has(p))).toEqual([
      "system.json: names styles/age-of-dragons.css, which is not in dist/",
      "system.json: names lang/en.json, which is not in dist/",
    ]);
  });
  it("reports a wrong id and a missing module list", () => {
    expect(checkManifestFiles({ ...base, id: "dragons", esmodules: [] }, () => true)).toEqual([
      'system.json: id: expected "age-of-dragons", got "dragons"',
      "system.json: esmodules: the system module is not listed",
    ]);
  });
});

describe("manifest declarations", () => {
  const documentTypes = {
    Actor: { dragon: {}, adversary: {} },
    Item: { weapon: {}, armour: {}, skill: {} },
  };
  it("accepts every data-spec subtype declared and folders naming declared packs", () => {
    const manifest = { ...base, documentTypes, packFolders: [{ name: "AoD", packs: ["bestiary"], folders: [{ name: "x", packs: ["tables"] }] }] };
    expect(checkManifestDeclarations(manifest, readManifestPacks(manifest).packs)).toEqual([]);
  });
  it("reports a subtype missing from documentTypes", () => {
    const manifest = { ...base, documentTypes: { ...documentTypes, Item: { weapon: {}, armour: {} } } };
    expect(checkManifestDeclarations(manifest, [])).toEqual([
      "system.json: documentTypes.Item.skill: missing (src/data/spec.ts defines it)",
    ]);
  });
  it("reports a pack folder naming an undeclared pack, nested folders included", () => {
    const manifest = { ...base, documentTypes, packFolders: [{ name: "AoD", packs: ["bestiary"], folders: [{ name: "x", packs: ["spells"] }] }] };
    expect(checkManifestDeclarations(manifest, readManifestPacks(manifest).packs)).toEqual([
      'system.json: packFolders[0].folders[0].packs[0]: "spells" is not a declared pack',
    ]);
  });
});
