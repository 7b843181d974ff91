// The release command (tools/release.ts): its arguments, its URLs, its refusals, and a whole dry run on a fixture
// repository in a temp folder (the pack CLI compiles the fixture's one pack), read back from dist/system.json and
// from the zip.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { unzipSync } from "fflate";
import yaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import type { BuildPaths } from "../../tools/lib/build-release";
import { checkReleaseVersion, parseReleaseArgs, releaseUrls, runRelease } from "../../tools/lib/release";
import type { ReleaseArgs } from "../../tools/lib/release";
import { copy, knight, manifest } from "./fixtures";

const savedEnv = { XDG_DATA_HOME: process.env.XDG_DATA_HOME, TMPDIR: process.env.TMPDIR };
const temps: string[] = [];

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function fixtureRepo(version: string, changelog: string): BuildPaths {
  const root = mkdtempSync(join(tmpdir(), "aod-release-"));
  temps.push(root);
  write(root, "package.json", JSON.stringify({ name: "age-of-dragons", version }));
  write(root, "CHANGELOG.md", changelog);
  const documentTypes = { Actor: { dragon: {}, adversary: {} }, Item: { weapon: {}, armour: {}, skill: {} } };
  const packs = manifest.packs.filter((p) => p.type === "Actor");
  write(root, "system.json", JSON.stringify({ ...manifest, packs, documentTypes, manifest: "#{MANIFEST}#" }));
  write(root, "lang/en.json", "{}");
  write(root, "styles/age-of-dragons.css", ".age-of-dragons {}");
  write(root, "assets/knight.webp", "image");
  write(root, "dist/age-of-dragons.mjs", "export {};");
  write(root, "packs/_source/bestiary/knight.yml", yaml.dump(copy(knight)));
  return { root, dist: join(root, "dist"), cache: join(root, "build", "cli") };
}

function args(tag: string, repo = "dragonfolk/age-of-dragons"): ReleaseArgs {
  const parsed = parseReleaseArgs(["--tag", tag, "--repo", repo, "--dry-run"]);
  if ("error" in parsed) throw new Error(parsed.error);
  return parsed;
}

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) Reflect.deleteProperty(process.env, key);
    else process.env[key] = value;
  }
});

describe("release arguments", () => {
  it("reads the tag, its version, the repository and the dry-run flag, in either argument form", () => {
    expect(parseReleaseArgs(["--tag=v1.2.3", "--repo", "me/aod"])).toEqual({ tag: "v1.2.3", version: "1.2.3", repo: "me/aod", dryRun: false });
    expect(parseReleaseArgs(["--dry-run", "--repo=me/aod", "--tag", "v0.4.0-rc.1"])).toEqual({
      tag: "v0.4.0-rc.1", version: "0.4.0-rc.1", repo: "me/aod", dryRun: true,
    });
  });

  it("refuses a missing or malformed tag or repository, and an unknown argument", () => {
    expect(parseReleaseArgs(["--repo", "me/aod"])).toEqual({ error: "--tag vX.Y.Z is required" });
    expect(parseReleaseArgs(["--tag", "v1.0.0"])).toEqual({ error: "--repo OWNER/NAME is required" });
    expect(parseReleaseArgs(["--tag", "1.0.0", "--repo", "me/aod"])).toHaveProperty("error", expect.stringMatching(/^--tag 1\.0\.0:/));
    expect(parseReleaseArgs(["--tag", "v1.0.0", "--repo", "aod"])).toHaveProperty("error", "--repo aod: expected OWNER/NAME");
    expect(parseReleaseArgs(["--tag"])).toEqual({ error: "--tag needs a value" });
    expect(parseReleaseArgs(["--publish"])).toHaveProperty("error", expect.stringMatching(/^unknown argument --publish/));
  });
});

describe("release URLs and version checks", () => {
  it("points the manifest at the latest release and the download at the tag's zip", () => {
    expect(releaseUrls("v2.0.1", "someone/dragons")).toEqual({
      manifest: "https://github.com/someone/dragons/releases/latest/download/system.json",
      download: "https://github.com/someone/dragons/releases/download/v2.0.1/age-of-dragons.zip",
      url: "https://github.com/someone/dragons",
    });
  });

  it("refuses a tag that is not package.json's version, or one the changelog does not describe", () => {
    const log = "# Changelog\n\n## [1.1.0] - 2026-12-02\n### Added\n- things\n";
    expect(checkReleaseVersion("1.1.0", "1.1.0", log)).toEqual([]);
    expect(checkReleaseVersion("1.2.0", "1.1.0", log)).toEqual([
      "the tag names 1.2.0 but package.json's version is 1.1.0: bump package.json first",
      'CHANGELOG.md has no "## [1.2.0]" entry',
    ]);
    expect(checkReleaseVersion("1.1.0", "1.1.0", undefined)).toEqual(["CHANGELOG.md is missing"]);
    expect(checkReleaseVersion("1.1.0", "1.1.0", "## [1.1.01]\n")).toEqual(['CHANGELOG.md has no "## [1.1.0]" entry']);
  });

  it("the repository's own package.json version has its CHANGELOG.md entry", () => {
    const root = join(import.meta.dirname, "..", "..");
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    expect(checkReleaseVersion(pkg.version, pkg.version, readFileSync(join(root, "CHANGELOG.md"), "utf8"))).toEqual([]);
  });
});

describe("a release dry run on a fixture repository", () => {
  it("writes a manifest with the tag's version and URLs, and a zip whose system.json is that manifest", async () => {
    const paths = fixtureRepo("3.1.4", "# Changelog\n\n## [3.1.4] - 2026-12-02\n### Added\n- the fixture\n");
    const result = await runRelease(paths, args("v3.1.4", "wyrmkeepers/aod"));
    expect(result.errors).toEqual([]);
    const manifestText = readFileSync(join(paths.dist, "system.json"), "utf8");
    const written = JSON.parse(manifestText) as Record<string, unknown>;
    expect(written.version).toBe("3.1.4");
    expect(written.manifest).toBe("https://github.com/wyrmkeepers/aod/releases/latest/download/system.json");
    expect(written.download).toBe("https://github.com/wyrmkeepers/aod/releases/download/v3.1.4/age-of-dragons.zip");
    expect(written.url).toBe("https://github.com/wyrmkeepers/aod");
    const zip = unzipSync(new Uint8Array(readFileSync(join(paths.dist, "age-of-dragons.zip"))));
    const zipped = zip["system.json"];
    expect(zipped).toBeDefined();
    expect(new TextDecoder().decode(zipped)).toBe(manifestText);
    expect(Object.keys(zip)).toContain("packs/bestiary/CURRENT");
  });

  it("builds nothing when the tag disagrees with package.json", async () => {
    const paths = fixtureRepo("3.1.4", "## [3.1.5]\n");
    const result = await runRelease(paths, args("v3.1.5"));
    expect(result.errors).toEqual(["the tag names 3.1.5 but package.json's version is 3.1.4: bump package.json first"]);
    expect(() => readFileSync(join(paths.dist, "system.json"))).toThrow();
  });
});
