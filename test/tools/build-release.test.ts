// Runs the whole build and round trip (with the real pack CLI and LevelDB) on a small fixture repository
// in a temp folder; the real repository's dist/ is never touched.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { unzipSync } from "fflate";
import yaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { buildRelease } from "../../tools/lib/build-release";
import type { BuildPaths } from "../../tools/lib/build-release";
import type { UnknownRecord } from "../../tools/lib/records";
import { runRoundTrip } from "../../tools/lib/round-trip-run";
import { copy, events, knight, manifest } from "./fixtures";

const savedEnv = { XDG_DATA_HOME: process.env.XDG_DATA_HOME, TMPDIR: process.env.TMPDIR };
const temps: string[] = [];

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Ten armed actors (one stored as JSON), a d20 table, a manifest and vite's module. */
function fixtureRepo(): BuildPaths {
  const root = mkdtempSync(join(tmpdir(), "aod-build-"));
  temps.push(root);
  write(root, "package.json", JSON.stringify({ name: "age-of-dragons", version: "2.3.4" }));
  const documentTypes = { Actor: { dragon: {}, adversary: {} }, Item: { weapon: {}, armour: {}, skill: {} } };
  write(root, "system.json", JSON.stringify({ ...manifest, documentTypes }));
  write(root, "lang/en.json", "{}");
  write(root, "styles/age-of-dragons.css", ".age-of-dragons {}");
  write(root, "assets/knight.webp", "image");
  write(root, "dist/age-of-dragons.mjs", "export {};");
  for (let i = 0; i < 10; i += 1) {
    const id = `Knight${String(i).padStart(10, "0")}`;
    const actor = copy(knight) as UnknownRecord & { items: UnknownRecord[] };
    actor._id = id;
    actor._key = `!actors!${id}`;
    actor.name = `Knight ${i}`;
    actor.items = actor.items.map((item) => ({ ...item, _key: `!actors.items!${id}.${String(item._id)}` }));
    if (i === 0) write(root, `packs/_source/bestiary/knight-${i}.json`, JSON.stringify(actor));
    else write(root, `packs/_source/bestiary/nested/knight-${i}.yml`, yaml.dump(actor));
  }
  write(root, "packs/_source/tables/events.yml", yaml.dump(copy(events)));
  return { root, dist: join(root, "dist"), cache: join(root, "build", "cli") };
}

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) Reflect.deleteProperty(process.env, key);
    else process.env[key] = value;
  }
});

describe("release build on a fixture repository", () => {
  it("builds, zips with system.json at the root, and round-trips every document", async () => {
    const paths = fixtureRepo();
    const result = await buildRelease(paths, { AOD_DOWNLOAD_URL: "https://example.org/aod.zip" });
    expect(result.errors).toEqual([]);
    expect(result.packs).toEqual([
      { name: "bestiary", type: "Actor", documents: 10, embedded: 10 },
      { name: "tables", type: "RollTable", documents: 1, embedded: 2 },
    ]);

    const manifest = JSON.parse(readFileSync(join(paths.dist, "system.json"), "utf8")) as UnknownRecord;
    expect([manifest.version, manifest.download, manifest.manifest]).toEqual(["2.3.4", "https://example.org/aod.zip", "#{MANIFEST}#"]);
    const entries = Object.keys(unzipSync(readFileSync(join(paths.dist, "age-of-dragons.zip"))));
    expect(entries).toEqual(expect.arrayContaining(["system.json", "age-of-dragons.mjs", "lang/en.json", "assets/knight.webp", "packs/bestiary/CURRENT"]));
    expect(entries).not.toContain("age-of-dragons.zip");

    const run = await runRoundTrip(paths);
    expect(run).toEqual({ passed: 11, failed: 0, failures: [] });
    expect(existsSync(join(paths.cache, "xdg"))).toBe(true);
  });

  it("stops before compiling when a source is invalid, listing every error", async () => {
    const paths = fixtureRepo();
    write(paths.root, "packs/_source/tables/broken.yml", "_id: [unclosed");
    write(paths.root, "packs/_source/bestiary/nested/knight-3.yml", "_id: Knight0000000003\nname: Knight 3\ntype: adversary\n");
    const result = await buildRelease(paths, {});
    expect(result.errors).toEqual([
      expect.stringMatching(/^packs\/_source\/bestiary\/nested\/knight-3\.yml: _key: missing/),
      expect.stringMatching(/^packs\/_source\/tables\/broken\.yml: cannot be parsed: /),
    ]);
    expect(existsSync(join(paths.dist, "packs"))).toBe(false);
    expect(existsSync(join(paths.dist, "age-of-dragons.zip"))).toBe(false);
  });

  it("fails the round trip when a compiled pack no longer matches its sources", async () => {
    const paths = fixtureRepo();
    expect((await buildRelease(paths, {})).errors).toEqual([]);
    const table = copy(events);
    table.name = "Renamed Events";
    write(paths.root, "packs/_source/tables/events.yml", yaml.dump(table));
    const run = await runRoundTrip(paths);
    expect(run.failures).toEqual(['packs/_source/tables/events.yml: name: "Renamed Events" became "Combat Events" after the round trip']);
    expect(run.failed).toBe(1);
    expect(run.passed).toBe(10);
  });

  it("fails the round trip when the zip no longer matches dist/", async () => {
    const paths = fixtureRepo();
    expect((await buildRelease(paths, {})).errors).toEqual([]);
    write(paths.dist, "late-file.txt", "added after the zip");
    const run = await runRoundTrip(paths);
    expect(run.failures).toEqual(["release zip: late-file.txt is in dist/ but not in the zip"]);
    expect(run.failed).toBe(1);
  });

  it("reports a manifest pack without sources and a source folder without a pack", async () => {
    const paths = fixtureRepo();
    rmSync(join(paths.root, "packs/_source/tables"), { recursive: true });
    write(paths.root, "packs/_source/spells/fire.yml", "{}");
    const result = await buildRelease(paths, {});
    expect(result.errors).toEqual([
      "system.json: pack tables has no source folder packs/_source/tables/",
      "packs/_source/spells/: no pack named spells in system.json",
    ]);
  });
});

describe("release build: images", () => {
  it("refuses a system image outside the folders copied into the release", async () => {
    const paths = fixtureRepo();
    write(paths.root, "art/knight.webp", "image");
    const table = copy(events);
    table.img = "systems/age-of-dragons/art/knight.webp";
    write(paths.root, "packs/_source/tables/events.yml", yaml.dump(table));
    const result = await buildRelease(paths, {});
    expect(result.errors).toEqual([
      'packs/_source/tables/events.yml: img: "systems/age-of-dragons/art/knight.webp" does not exist (art/knight.webp is not a file the system ships)',
    ]);
  });
});
