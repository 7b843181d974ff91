/**
 * The CLI's words come from lang/en.json, like the Foundry app's, so both say the same thing. `{name}`
 * placeholders are filled the way Foundry's `game.i18n.format` fills them.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** Formats an en.json key with its data; an unknown key comes back as the key itself. */
export type Translate = (key: string, data?: Record<string, string | number>) => string;

/** Fills `{name}` placeholders from data; unknown placeholders stay as they are. */
export function fill(text: string, data: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
}

/** A translator over a parsed en.json object. */
export function translator(lang: unknown): Translate {
  return (key, data) => {
    let here: unknown = lang;
    for (const part of key.split(".")) {
      here = typeof here === "object" && here !== null ? (here as Record<string, unknown>)[part] : undefined;
    }
    return typeof here === "string" ? fill(here, data) : key;
  };
}

/** The translator for the repository's lang/en.json. */
export function englishFrom(root: string): Translate {
  return translator(JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8")) as unknown);
}
