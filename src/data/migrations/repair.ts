/**
 * The one repair of a stored Actor or Item, when Foundry builds the document from its stored source (the
 * documents' `_initializeSource`, which update changes never reach): the `system` data, and for an actor each
 * embedded item's, is normalised in `stored` mode (normalise.ts), so a value no field can hold becomes its
 * default and is noted, once, in the biography or description. Pure: no Foundry globals.
 */
import { ACTOR_SPECS, ITEM_SPECS } from "../spec";
import { normaliseSystem } from "./normalise";
import type { Discarded, Subtype } from "./normalise";

type Plain = Record<string, unknown>;

/** Plain data only: a document or data model instance handed to the constructor is already clean. */
function isPlain(value: unknown): value is Plain {
  if (typeof value !== "object" || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function subtypeOf(documentName: "Actor" | "Item", type: unknown): Subtype | undefined {
  const specs = documentName === "Actor" ? ACTOR_SPECS : ITEM_SPECS;
  return typeof type === "string" && Object.hasOwn(specs, type) ? (type as Subtype) : undefined;
}

function repairSystem(documentName: "Actor" | "Item", source: Plain): Discarded[] {
  const type = subtypeOf(documentName, source.type);
  if (type === undefined || !("system" in source)) return [];
  const { system, discarded } = normaliseSystem(type, source.system, "stored");
  source.system = system;
  return discarded;
}

/**
 * Repairs a stored document's source in place and returns what was discarded (for an actor, its items' too,
 * with paths prefixed `items[i].`). Documents of other systems' or modules' subtypes are left alone. Never throws.
 */
export function repairStoredSource(documentName: "Actor" | "Item", source: unknown): Discarded[] {
  if (!isPlain(source)) return [];
  const discarded = repairSystem(documentName, source);
  if (documentName === "Actor" && Array.isArray(source.items)) {
    const items = source.items as unknown[];
    items.forEach((item, i) => {
      if (!isPlain(item)) return;
      for (const d of repairSystem("Item", item)) discarded.push({ path: `items[${i}].${d.path}`, value: d.value });
    });
  }
  return discarded;
}
