// The layer order of src/ (tools/lib/layers.ts): imports run down the layers, never from one feature to another,
// never in a circle; checked on small trees written to a temp folder, then on the real src/.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { circles, claimsPure, edgeRefusal, importsOf, layerProblems, placeOf, pureProblems } from "../../tools/lib/layers";
import type { Place } from "../../tools/lib/layers";

const made: string[] = [];

/** A source tree in a temp folder: path under src/ -> file text. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "aod-layers-"));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of made.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("where a file sits", () => {
  it("names the layer, and the feature of a feature's file", () => {
    expect(placeOf("rules/state.ts")).toEqual({ layer: "rules", feature: null });
    expect(placeOf("features/round/declarations/secret-flow.ts")).toEqual({ layer: "features", feature: "round" });
    expect(placeOf("index.ts")).toEqual({ layer: "entry", feature: null });
    expect(placeOf("cli/main.ts")).toEqual({ layer: "cli", feature: null });
    expect(placeOf("applications/old.ts")).toBeNull();
  });
});

describe("which imports are allowed", () => {
  const place = (path: string): Place => {
    const found = placeOf(path);
    if (found === null) throw new Error(`no layer for ${path}`);
    return found;
  };
  const at = (layer: string, feature: string | null = null): Place => place(feature === null ? `${layer}/x.ts` : `features/${feature}/x.ts`);
  it("allows an import from the same or a lower layer", () => {
    expect(edgeRefusal(at("core"), at("data"))).toBeNull();
    expect(edgeRefusal(at("data"), at("data"))).toBeNull();
    expect(edgeRefusal(at("features", "board"), at("rules"))).toBeNull();
  });
  it("refuses an import from a higher layer", () => {
    expect(edgeRefusal(at("data"), at("core"))).toMatch(/data may not import from the higher layer core/);
    expect(edgeRefusal(at("documents"), at("features", "round"))).toMatch(/higher layer features/);
    expect(edgeRefusal(at("rules"), at("constants"))).toMatch(/higher layer constants/);
  });
  it("refuses an import from another feature but not from the same one", () => {
    expect(edgeRefusal(at("features", "sheets"), at("features", "attack"))).toMatch(/the feature sheets may not import the feature attack/);
    expect(edgeRefusal(at("features", "round"), at("features", "round"))).toBeNull();
  });
  it("keeps the command line to the pure layers, and everyone else out of it", () => {
    expect(edgeRefusal(place("cli/main.ts"), at("data"))).toBeNull();
    expect(edgeRefusal(place("cli/main.ts"), at("core"))).toMatch(/src\/cli\/ may import only/);
    expect(edgeRefusal(at("config"), place("cli/main.ts"))).toMatch(/only src\/cli\/ imports src\/cli\//);
  });
});

describe("reading imports", () => {
  it("finds static, type-only, side-effect, re-export, dynamic and worker imports, and ignores packages", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "../b";',
      'export { c } from "./c";',
      'const d = await import("./d");',
      'new Worker(new URL("./w.ts", import.meta.url));',
      'import yaml from "js-yaml";',
      'import "./side-effect";',
    ].join("\n");
    expect(importsOf(text)).toEqual(["./a", "../b", "./c", "./d", "./w.ts", "./side-effect"]);
  });
});

describe("the problems of a tree", () => {
  it("finds none in a tree whose imports run down", () => {
    const root = tree({
      "rules/a.ts": "export const a = 1;\n",
      "data/b.ts": 'import { a } from "../rules/a";\nexport const b = a;\n',
      "features/board/c.ts": 'import { b } from "../../data/b";\nexport const c = b;\n',
    });
    expect(layerProblems(root)).toEqual([]);
  });
  it("names an import up the layers with both files", () => {
    const root = tree({
      "data/b.ts": 'import type { C } from "../core/c";\nexport type B = C;\n',
      "core/c.ts": "export type C = number;\n",
    });
    expect(layerProblems(root)).toEqual(["src/data/b.ts imports src/core/c.ts: data may not import from the higher layer core"]);
  });
  it("names an import between two features", () => {
    const root = tree({
      "features/sheets/s.ts": 'import { t } from "../attack/t";\nexport const s = t;\n',
      "features/attack/t.ts": "export const t = 1;\n",
    });
    expect(layerProblems(root)).toEqual([
      "src/features/sheets/s.ts imports src/features/attack/t.ts: the feature sheets may not import the feature attack (move what they share down)",
    ]);
  });
  it("names a circle inside one layer", () => {
    const root = tree({
      "core/x.ts": 'import { y } from "./y";\nexport const x = () => y;\n',
      "core/y.ts": 'import { x } from "./x";\nexport const y = () => x;\n',
    });
    expect(layerProblems(root)).toEqual(["import circle: src/core/x.ts -> src/core/y.ts"]);
  });
  it("names a file outside every layer", () => {
    const root = tree({ "net/old.ts": "export const old = 1;\n" });
    expect(layerProblems(root)[0]).toMatch(/^src\/net\/old.ts: not in any layer/);
  });
  it("finds circles of three and leaves chains alone", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(circles(graph)).toEqual([["a", "b", "c"]]);
  });
});

describe("the system's own source tree", () => {
  it("keeps every layer rule and has no circle", () => {
    const src = fileURLToPath(new URL("../../src", import.meta.url));
    expect(layerProblems(src)).toEqual([]);
  });
});

describe("files that say they are pure", () => {
  it("reads the claim from the file's own header, not from a mention of other pure code", () => {
    expect(claimsPure("/**\n * The stored state. Pure: no Foundry globals.\n */\nimport x from './x';\n")).toBe(true);
    expect(claimsPure("/** The tracker's context (pure): the banner. */\n")).toBe(true);
    expect(claimsPure("/** The dialog over the pure context builder. */\n")).toBe(false);
    expect(claimsPure("import { a } from './a';\n/** Pure: but not the header. */\n")).toBe(false);
  });
  it("asks that every file claiming purity is compiled by the pure project, and nothing else is", () => {
    const root = tree({
      "data/a.ts": "/** A. Pure: no Foundry globals. */\nexport const a = 1;\n",
      "data/b.ts": "/** B, with Foundry. */\nexport const b = 2;\n",
      "rules/r.ts": "/** Rules are checked by their own project. Pure. */\nexport const r = 3;\n",
    });
    expect(pureProblems(root, ["src/data/a.ts"])).toEqual([]);
    expect(pureProblems(root, [])).toEqual(["src/data/a.ts says it is pure but tsconfig.pure.json does not compile it"]);
    expect(pureProblems(root, ["src/data/a.ts", "src/data/b.ts", "src/data/gone.ts"])).toEqual([
      "tsconfig.pure.json compiles src/data/b.ts, whose header does not say it is pure",
      "tsconfig.pure.json lists src/data/gone.ts, which does not exist",
    ]);
  });
  it("holds for the system's own tree and tsconfig.pure.json", () => {
    const repo = fileURLToPath(new URL("../..", import.meta.url));
    const pure = JSON.parse(readFileSync(join(repo, "tsconfig.pure.json"), "utf8")) as { files: string[] };
    expect(pureProblems(join(repo, "src"), pure.files)).toEqual([]);
  });
});
