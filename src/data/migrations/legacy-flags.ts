/**
 * Keeps the values the normaliser cannot use in the document's flags (`flags["age-of-dragons"].legacy`, keyed by
 * field path), so they survive even when the document has no biography or description to carry a note, and
 * travel with exports and duplicates. Called from the Actor and Item classes' migrateData with the whole source.
 * Setting a key is idempotent, so a value discarded again on the next load is not repeated. Pure: no Foundry globals.
 */
import { ACTOR_SPECS, ITEM_SPECS } from "../spec";
import { discardedText, normaliseSystem } from "./normalise";
import type { Subtype } from "./normalise";

/** The flag scope and key under which discarded values are kept. */
export const LEGACY_FLAG = { scope: "age-of-dragons", key: "legacy" } as const;

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);

function subtypeOf(documentName: "Actor" | "Item", type: unknown): Subtype | undefined {
  const specs = documentName === "Actor" ? ACTOR_SPECS : ITEM_SPECS;
  return typeof type === "string" && Object.hasOwn(specs, type) ? (type as Subtype) : undefined;
}

/** Records in the source's flags every value of its `system` data that migration will discard. Never throws. */
export function keepLegacyValues(documentName: "Actor" | "Item", source: unknown): void {
  if (!isPlain(source) || !isPlain(source.system)) return;
  const type = subtypeOf(documentName, source.type);
  if (type === undefined) return;
  const { discarded } = normaliseSystem(type, source.system);
  if (discarded.length === 0) return;
  const flags: Plain = isPlain(source.flags) ? source.flags : (source.flags = {});
  const scope: Plain = isPlain(flags[LEGACY_FLAG.scope]) ? (flags[LEGACY_FLAG.scope] as Plain) : {};
  flags[LEGACY_FLAG.scope] = scope;
  const legacy: Plain = isPlain(scope[LEGACY_FLAG.key]) ? (scope[LEGACY_FLAG.key] as Plain) : {};
  scope[LEGACY_FLAG.key] = legacy;
  // Dots would turn into nested objects when Foundry expands the flags, so a path is kept with slashes.
  for (const { path, value } of discarded) legacy[path === "" ? "system" : path.replaceAll(".", "/")] = discardedText(value);
}
