/**
 * Compares a document extracted from a compiled pack with its source. Key order does not matter. The CLI
 * adds one thing of its own (found by compiling and extracting): every embedded collection the source left
 * out comes back as an empty list (`items: []`, `effects: []` on actors and on their embedded items,
 * `results: []` on tables, `pages: []` and `categories: []` on journals). Those are ignored; nothing else is.
 */
import { EMBEDDED_COLLECTIONS } from "./pack-validate";
import { isRecord, show } from "./records";
import type { UnknownRecord } from "./records";

/** Paths where `a` and `b` differ, ignoring key order; empty when they are equal. */
export function diffValues(a: unknown, b: unknown, path = ""): string[] {
  const here = path === "" ? "(document)" : path;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return [`${here}: ${show(a)} became ${show(b)}`];
    if (a.length !== b.length) return [`${here}: ${a.length} entries became ${b.length}`];
    return a.flatMap((v: unknown, i) => diffValues(v, b[i], `${path}[${i}]`));
  }
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return [`${here}: ${show(a)} became ${show(b)}`];
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((k) => {
      const at = path === "" ? k : `${path}.${k}`;
      if (!Object.hasOwn(b, k)) return [`${at}: lost`];
      if (!Object.hasOwn(a, k)) return [`${at}: added (${show(b[k])})`];
      return diffValues(a[k], b[k], at);
    });
  }
  return Object.is(a, b) ? [] : [`${here}: ${show(a)} became ${show(b)}`];
}

/**
 * A copy of `extracted` without the empty embedded lists the CLI added where `source` had none, recursing
 * into embedded documents; `collection` is the document's collection ("actors", "items", ...).
 */
export function withoutCliAdditions(extracted: UnknownRecord, source: UnknownRecord, collection: string): UnknownRecord {
  const embeddedNames = EMBEDDED_COLLECTIONS[collection] ?? [];
  const added = (key: string, value: unknown): boolean =>
    embeddedNames.includes(key) && !Object.hasOwn(source, key) && Array.isArray(value) && value.length === 0;
  const copy: UnknownRecord = Object.fromEntries(Object.entries(extracted).filter(([k, v]) => !added(k, v)));
  for (const embedded of embeddedNames) {
    const value = copy[embedded];
    const sourceList = source[embedded];
    if (!Array.isArray(value) || !Array.isArray(sourceList)) continue;
    copy[embedded] = value.map((child: unknown, i) => {
      const sourceChild: unknown = sourceList[i];
      return isRecord(child) && isRecord(sourceChild) ? withoutCliAdditions(child, sourceChild, embedded) : child;
    });
  }
  return copy;
}

/** Differences between a source document and its extracted copy, after removing the CLI's additions. */
export function compareRoundTrip(source: UnknownRecord, extracted: UnknownRecord, collection: string): string[] {
  return diffValues(source, withoutCliAdditions(extracted, source, collection));
}
