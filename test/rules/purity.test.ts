// README "How the code is laid out": src/rules/ imports nothing outside itself and uses no Foundry, DOM or Node global.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../src/rules");

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(dir, name));
}

describe("the rules layer is pure", () => {
  const sources = files(root);
  it("has source files to check", () => {
    expect(sources.length).toBeGreaterThan(3);
  });
  it.each(sources.map((f) => [relative(root, f), f]))("%s imports only from src/rules/", (_name, file) => {
    const text = readFileSync(file, "utf8");
    // Static imports and re-exports, side-effect imports and dynamic import() calls.
    const pattern = /(?:import|export)\s*(?:[^"';]*?from\s*)?\(?\s*["']([^"']+)["']/g;
    const specifiers = [...text.matchAll(pattern)].map((m) => m[1] ?? "");
    for (const spec of specifiers) {
      expect(spec.startsWith("."), `${spec} is a package import`).toBe(true);
      const target = resolve(dirname(file), spec);
      expect(relative(root, target).startsWith(".."), `${spec} leaves src/rules`).toBe(false);
    }
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    expect(code).not.toMatch(/\b(game|foundry|CONFIG|Hooks|ui|canvas|document|window|globalThis|process)\./);
  });
});
