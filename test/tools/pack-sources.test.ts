import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSources } from "../../tools/lib/pack-sources";

const root = mkdtempSync(join(tmpdir(), "aod-sources-"));
afterAll(() => { rmSync(root, { recursive: true, force: true }); });
const pack = join(root, "packs", "_source", "p");
mkdirSync(join(pack, "sub"), { recursive: true });
writeFileSync(join(pack, "a.yml"), "name: A\n");
writeFileSync(join(pack, "b.json"), "{\"name\": \"B\"}");
writeFileSync(join(pack, "sub", "c.yaml"), "name: C\n");
writeFileSync(join(pack, "notes.md"), "# not a document");
writeFileSync(join(pack, "z-bad.yml"), "name: [unclosed\n");

describe("pack source loading", () => {
  const loaded = loadSources(pack, root);
  it("reads YAML files in nested folders, named from the repository root", () => {
    expect([loaded[0], loaded[2]]).toEqual([
      { file: "packs/_source/p/a.yml", doc: { name: "A" } },
      { file: "packs/_source/p/sub/c.yaml", doc: { name: "C" } },
    ]);
  });
  it("reports a JSON file instead of reading it: the pack CLI's YAML mode would never compile it", () => {
    expect(loaded[1]).toEqual({
      file: "packs/_source/p/b.json",
      parseError: "a JSON source is never compiled (the pack CLI reads only YAML here): write it as .yml",
    });
  });
  it("ignores files that are not sources", () => {
    expect(loaded.map((s) => s.file)).not.toContain("packs/_source/p/notes.md");
  });
  it("keeps a parse error as a one-line message with the line and column instead of throwing", () => {
    expect(loaded[3]).toEqual({
      file: "packs/_source/p/z-bad.yml",
      parseError: 'unexpected end of the stream within a flow collection in "packs/_source/p/z-bad.yml" (2:1)',
    });
  });
});
