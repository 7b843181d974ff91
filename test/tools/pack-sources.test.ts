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
writeFileSync(join(pack, "b.json"), '{"name": "B"}');
writeFileSync(join(pack, "sub", "c.yaml"), "name: C\n");
writeFileSync(join(pack, "notes.md"), "# not a document");
writeFileSync(join(pack, "z-bad.yml"), "name: [unclosed\n");

describe("pack source loading", () => {
  const loaded = loadSources(pack, root);
  it("reads YAML and JSON files in nested folders, named from the repository root", () => {
    expect(loaded.slice(0, 3)).toEqual([
      { file: "packs/_source/p/a.yml", doc: { name: "A" } },
      { file: "packs/_source/p/b.json", doc: { name: "B" } },
      { file: "packs/_source/p/sub/c.yaml", doc: { name: "C" } },
    ]);
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
