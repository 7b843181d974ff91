import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { compareZipEntries, listFilesRelative, unzipToFolder, zipFiles, zipFolder } from "../../tools/lib/dist-zip";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "aod-zip-"));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe("release zip", () => {
  it("lists nested files with forward slashes, sorted", () => {
    const dir = folder({ "system.json": "{}", "packs/a/CURRENT": "x", "lang/en.json": "{}" });
    expect(listFilesRelative(dir)).toEqual(["lang/en.json", "packs/a/CURRENT", "system.json"]);
  });
  it("puts system.json at the zip's root and leaves out excluded files", () => {
    const dir = folder({ "system.json": '{"id":"age-of-dragons"}', "age-of-dragons.zip": "old", "packs/a/CURRENT": "x" });
    const { zip, entries } = zipFolder(dir, ["age-of-dragons.zip"]);
    const unzipped = unzipSync(zip);
    expect(Object.keys(unzipped).sort()).toEqual(["packs/a/CURRENT", "system.json"]);
    expect(entries).toEqual(["packs/a/CURRENT", "system.json"]);
    expect(strFromU8(unzipped["system.json"] ?? new Uint8Array())).toBe('{"id":"age-of-dragons"}');
  });
  it("gives the same bytes for the same files", () => {
    const files = new Map([["b.txt", new Uint8Array([1, 2])], ["a.txt", new Uint8Array([3])]]);
    expect(zipFiles(files)).toEqual(zipFiles(new Map([...files].reverse())));
  });
});

describe("release zip check", () => {
  it("unpacks a zip into a folder, nested paths included", () => {
    const dir = folder({});
    const zip = zipFiles(new Map([["system.json", new Uint8Array([123, 125])], ["packs/a/CURRENT", new Uint8Array([1])]]));
    expect(unzipToFolder(zip, join(dir, "out"))).toEqual(["packs/a/CURRENT", "system.json"]);
    expect(listFilesRelative(join(dir, "out"))).toEqual(["packs/a/CURRENT", "system.json"]);
  });
  it("refuses an entry that would land outside the folder", () => {
    const dir = folder({});
    const zip = zipFiles(new Map([["../escape.txt", new Uint8Array([1])]]));
    expect(() => unzipToFolder(zip, join(dir, "out"))).toThrow(/points outside/);
  });
  it("names files missing from the zip and files only in the zip", () => {
    expect(compareZipEntries(["a", "b"], ["b", "c"])).toEqual([
      "release zip: a is in dist/ but not in the zip",
      "release zip: c is in the zip but not in dist/",
    ]);
  });
});
