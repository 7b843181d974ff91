/**
 * The bestiary pack sources (packs/_source/bestiary/*.yml) as actor entries, and finding an entry by a name a
 * user typed: exact, then by the start of the name or of one of its words; otherwise the closest names.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { actorDataOf } from "../data/actor/actor-data";
import type { ActorData } from "../data/actor/actor-data";

/** Reads every actor of the bestiary sources, sorted by name. */
export function loadBestiary(dir: string): ActorData[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".yml") || file.endsWith(".yaml"))
    .map((file) => actorDataOf(load(readFileSync(join(dir, file), "utf8"))))
    .filter((entry): entry is ActorData => entry !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The edit distance between two strings (insertions, deletions and substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** What looking a name up found: the entry, or the entries it could mean (ambiguous) or resembles (unknown). */
export type Lookup = { found: ActorData } | { ambiguous: string[] } | { unknown: string[] };

/** Finds a bestiary entry by name, case-insensitively. */
export function findEntry(query: string, entries: readonly ActorData[]): Lookup {
  const q = query.trim().toLowerCase();
  const exact = entries.find((e) => e.name.toLowerCase() === q);
  if (exact) return { found: exact };
  const partial = entries.filter((e) => {
    const name = e.name.toLowerCase();
    return name.startsWith(q) || name.split(/[\s-]+/).some((word) => word.startsWith(q));
  });
  if (q !== "" && partial.length === 1 && partial[0]) return { found: partial[0] };
  if (q !== "" && partial.length > 1) return { ambiguous: partial.map((e) => e.name) };
  const score = (e: ActorData) => {
    const name = e.name.toLowerCase();
    return Math.min(editDistance(q, name), ...name.split(/[\s-]+/).map((word) => editDistance(q, word)));
  };
  const closest = [...entries].sort((a, b) => score(a) - score(b) || a.name.localeCompare(b.name)).slice(0, 3);
  return { unknown: closest.map((e) => e.name) };
}
