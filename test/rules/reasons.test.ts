import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { BATTLE_LOG, RULE_REASONS } from "../../src/rules/reasons";

type Tree = { [key: string]: string | Tree };
const lang = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../lang/en.json"), "utf8")) as Tree;

function lookup(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (typeof node === "object" && node !== null ? (node as Tree)[part] : undefined), lang);
}

describe("battle-phase en.json keys", () => {
  it.each(Object.entries(RULE_REASONS))("has an English string for the reason %s", (_name, key) => {
    expect(typeof lookup(key)).toBe("string");
  });
  it.each(Object.entries(BATTLE_LOG))("has an English string for the log entry %s", (_name, key) => {
    expect(typeof lookup(key)).toBe("string");
  });
  it("keeps every reason under AOD.Rules.Reason.", () => {
    expect(Object.values(RULE_REASONS).every((key) => key.startsWith("AOD.Rules.Reason."))).toBe(true);
  });
});
