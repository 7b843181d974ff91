// Every partial a template includes must be preloaded at init (PARTIALS), or Foundry cannot find it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PARTIALS, TEMPLATE_ROOT } from "../../src/constants/template-paths";
import { foundryPath, templateFiles } from "./render";

const files = templateFiles();
const references = files.flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(/\{\{~?>\s*"([^"]+)"/g)].map((m) => ({ file: foundryPath(file), partial: m[1] ?? "" })));
const known = new Set(files.map(foundryPath));

describe("template partials", () => {
  it.each(PARTIALS.map((p) => [p]))("%s is a template file", (partial) => {
    expect(known.has(partial)).toBe(true);
  });
  it.each(references.map((r) => [r.partial, r.file]))("%s (used by %s) is preloaded", (partial) => {
    expect(partial.startsWith(`${TEMPLATE_ROOT}/`)).toBe(true);
    expect(PARTIALS).toContain(partial);
  });
});
