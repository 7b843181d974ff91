import { describe, expect, it } from "vitest";
import type { UnknownRecord } from "../../tools/lib/records";
import { checkInstallable, compareSourcesWithExtracted } from "../../tools/lib/round-trip";
import { aerobatics, copy, knight } from "./fixtures";

const src = (doc: UnknownRecord, file = "packs/_source/p/a.yml"): { file: string; doc: UnknownRecord } => ({ file, doc });

describe("pack round trip", () => {
  it("passes documents that come back equal, CLI additions aside", () => {
    const back = { ...copy(aerobatics), effects: [] };
    expect(compareSourcesWithExtracted("p", [src(copy(aerobatics))], [src(back, "x.yml")])).toEqual({
      checked: 1,
      passed: 1,
      failures: [],
    });
  });
  it("fails a document whose field changed, naming file and field", () => {
    const back = copy(aerobatics) as UnknownRecord & { system: UnknownRecord };
    back.system.rank = "expert";
    const result = compareSourcesWithExtracted("p", [src(copy(aerobatics))], [src(back, "x.yml")]);
    expect(result.failures).toEqual(['packs/_source/p/a.yml: system.rank: "trained" became "expert" after the round trip']);
    expect(result.passed).toBe(0);
  });
  it("fails a document missing from the compiled pack and the count mismatch", () => {
    const result = compareSourcesWithExtracted("p", [src(copy(aerobatics)), src(copy(knight), "b.yml")], [src(copy(knight), "x.yml")]);
    expect(result.failures).toEqual([
      "packs/_source/p/a.yml: !items!AerobaticsCCCCCC is missing from the compiled pack p",
      "pack p: 2 source documents but 1 in the compiled pack",
    ]);
  });
  it("fails a compiled document that has no source", () => {
    const result = compareSourcesWithExtracted("p", [], [src(copy(knight), "x.yml")]);
    expect(result.failures[0]).toBe("pack p: !actors!KnightAAAAAAAAAA (x.yml) has no source");
  });
});

describe("installable dist/", () => {
  const manifest = {
    id: "age-of-dragons",
    title: "Age of Dragons",
    version: "1.0.0",
    esmodules: ["age-of-dragons.mjs"],
    languages: [{ lang: "en", name: "English", path: "lang/en.json" }],
    packs: [{ name: "bestiary", type: "Actor" }],
  };
  const actors = (n: number): UnknownRecord[] =>
    Array.from({ length: n }, (_, i) => ({ ...copy(knight), _key: `!actors!Knight${String(i).padStart(10, "0")}` }));
  const everything = (): boolean => true;

  it("accepts a manifest, module, compiled packs and a bestiary of ten armed actors", () => {
    expect(checkInstallable({ manifest, version: "1.0.0", exists: everything, bestiary: actors(10) })).toEqual([]);
  });
  it("requires the package.json version", () => {
    expect(checkInstallable({ manifest, version: "1.0.1", exists: everything, bestiary: actors(10) })).toEqual([
      'dist/system.json: version "1.0.0" is not package.json\'s "1.0.1"',
    ]);
  });
  it("requires the module and the compiled packs", () => {
    const errors = checkInstallable({ manifest, version: "1.0.0", exists: (p) => p === "lang/en.json", bestiary: actors(10) });
    expect(errors).toEqual([
      "dist/system.json: names age-of-dragons.mjs, which is not in dist/",
      "dist/age-of-dragons.mjs: missing",
      "dist/packs/bestiary: compiled pack bestiary is missing",
    ]);
  });
  it("requires at least ten bestiary actors, each with an item", () => {
    const unarmed = actors(10);
    unarmed[3] = { ...copy(knight), name: "Peasant", items: [] };
    expect(checkInstallable({ manifest, version: "1.0.0", exists: everything, bestiary: actors(9) })).toEqual([
      "bestiary: 9 actors, at least 10 needed",
    ]);
    expect(checkInstallable({ manifest, version: "1.0.0", exists: everything, bestiary: unarmed })).toEqual([
      'bestiary: "Peasant" ("KnightAAAAAAAAAA") carries no embedded item',
    ]);
  });
  it("reports a missing dist/system.json", () => {
    expect(checkInstallable({ manifest: undefined, version: "1.0.0", exists: everything, bestiary: [] })).toEqual([
      "dist/system.json: missing or not a JSON object",
    ]);
  });
});
