// Every en.json key written as a literal anywhere in src/ must exist, so no code can show a raw key to a user.
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./lang";

const src = resolve(ROOT, "src");
const lang: unknown = JSON.parse(readFileSync(resolve(ROOT, "lang/en.json"), "utf8"));

/** What en.json holds at a dotted key: a string, a group (a localisation prefix), or undefined. */
function entry(key: string): unknown {
  let here: unknown = lang;
  for (const part of key.split(".")) {
    here = typeof here === "object" && here !== null ? (here as Record<string, unknown>)[part] : undefined;
  }
  return here;
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => join(dir, name));
}

/** Complete keys in quotes: "AOD.Something.Key" (template literals with ${} are checked by their own tests). */
const literalKeys = files(src).flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(/["'](AOD\.[A-Za-z0-9_.]+[A-Za-z0-9_])["']/g)].map((m) => ({
    file: relative(src, file),
    key: m[1] ?? "",
  })),
);

describe("en.json holds every key the code names", () => {
  it("finds literal keys to check", () => {
    expect(literalKeys.length).toBeGreaterThan(60);
  });
  it.each(literalKeys.map(({ file, key }) => [key, file]))("%s (in %s) exists", (key) => {
    const found = entry(key);
    expect(typeof found === "string" ? found.length > 0 : typeof found === "object" && found !== null).toBe(true);
  });
});
