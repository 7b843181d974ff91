// Test helper: reads lang/en.json and looks keys up by their dotted path.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");

const lang: unknown = JSON.parse(readFileSync(resolve(ROOT, "lang/en.json"), "utf8"));

/** The string at a dotted key of en.json, or undefined when it is missing or not a string. */
export function translation(key: string): string | undefined {
  let here: unknown = lang;
  for (const part of key.split(".")) {
    if (typeof here !== "object" || here === null) return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return typeof here === "string" ? here : undefined;
}
