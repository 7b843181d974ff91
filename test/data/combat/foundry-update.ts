// How a Foundry v13 update lands on a document's source, as plain data, for the walk through a whole skirmish.
// These are core's semantics (common/data/fields.mjs, read through the search tools): flat keys expand on ".";
// SchemaField and TypedObjectField updates merge entry by entry (so `{}` clears nothing); `-=key: null` deletes
// an entry; `==key` replaces a field or an entry whole; an ArrayField or a plain value is replaced.
type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);

/** A copy of JSON data (a document's source is JSON: what the server stores and sends). */
export function copyJSON<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => copyJSON(v)) as T;
  if (isPlain(value)) {
    const out: Plain = {};
    for (const [k, v] of Object.entries(value)) out[k] = copyJSON(v);
    return out as T;
  }
  return value;
}

/** Flat update keys ("system.skirmish.distances.a|b") expanded into nested objects, as foundry.utils.expandObject does. */
export function expand(flat: Readonly<Record<string, unknown>>): Plain {
  const out: Plain = {};
  for (const [path, value] of Object.entries(flat)) {
    const parts = path.split(".");
    let at = out;
    for (const part of parts.slice(0, -1)) {
      const next = at[part];
      at = isPlain(next) ? next : (at[part] = {});
    }
    at[parts.at(-1) ?? ""] = value;
  }
  return out;
}

function merge(target: Plain, changes: Plain): void {
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) {
      if (value !== null) throw new Error(`deleting ${key} needs the value null`);
      Reflect.deleteProperty(target, key.slice(2));
    } else if (key.startsWith("==")) target[key.slice(2)] = copyJSON(value);
    else if (isPlain(value)) {
      const current = target[key];
      const into: Plain = isPlain(current) ? current : (target[key] = {});
      merge(into, value);
    } else target[key] = copyJSON(value);
  }
}

/** Applies a (flat or nested) update to a document source in place, as Document#update would. */
export function applyUpdate(source: Plain, update: Readonly<Record<string, unknown>>): void {
  merge(source, expand(update));
}
