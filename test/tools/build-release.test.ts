// The build's checks on a small fixture repository in a temp folder; the real repository's dist/ is never
// touched. Every case here stops before the pack CLI runs: compiling and extracting the real packs is
// `npm run test:packs`, once, after the real build.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import yaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { buildRelease } from "../../tools/lib/build-release";
import type { BuildPaths } from "../../tools/lib/build-release";
import type { UnknownRecord } from "../../tools/lib/records";
import { copy, events, knight, manifest } from "./fixtures";

const savedEnv = { XDG_DATA_HOME: process.env.XDG_DATA_HOME, TMPDIR: process.env.TMPDIR };
const temps: string[] = [];

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** Ten armed actors, a d20 table, a manifest and vite's module. */
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
    write(root, `packs/_source/bestiary/${i === 0 ? "" : "nested/"}knight-${i}.yml`, yaml.dump(actor));
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

  it("refuses a JSON source, which the pack CLI would skip, before compiling anything", async () => {
    const paths = fixtureRepo();
    write(paths.root, "packs/_source/bestiary/extra.json", JSON.stringify(copy(knight)));
    const result = await buildRelease(paths, {});
    expect(result.errors).toEqual([
      "packs/_source/bestiary/extra.json: cannot be parsed: a JSON source is never compiled (the pack CLI reads only YAML here): write it as .yml",
    ]);
    expect(existsSync(join(paths.dist, "packs"))).toBe(false);
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
