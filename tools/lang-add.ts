/**
 * Merges a JSON fragment of strings into lang/en.json (deep merge, existing keys overwritten by the fragment),
 * so several people can add their strings without rewriting the whole file by hand.
 * Usage: npx tsx tools/lang-add.ts fragment.json
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

type Tree = { [key: string]: string | Tree };

function merge(into: Tree, from: Tree, path: string): void {
  for (const [key, value] of Object.entries(from)) {
    const here = into[key];
    if (typeof value === "string") {
      if (here !== undefined && typeof here !== "string") throw new Error(`${path}${key} is a group, not a string`);
      into[key] = value;
    } else {
      if (typeof here === "string") throw new Error(`${path}${key} is a string, not a group`);
      const group: Tree = here ?? {};
      into[key] = group;
      merge(group, value, `${path}${key}.`);
    }
  }
}

const fragmentPath = process.argv[2];
if (!fragmentPath) throw new Error("usage: tsx tools/lang-add.ts fragment.json");
const target = resolve(import.meta.dirname, "../lang/en.json");
const lang = JSON.parse(readFileSync(target, "utf8")) as Tree;
merge(lang, JSON.parse(readFileSync(fragmentPath, "utf8")) as Tree, "");
writeFileSync(target, `${JSON.stringify(lang, null, 2)}\n`);
console.log(`merged ${fragmentPath} into lang/en.json`);
