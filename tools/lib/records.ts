/** Small shared helpers for tools that read untyped JSON or YAML. */

/** A parsed object whose contents have not been checked yet. */
export type UnknownRecord = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Renders a value briefly for an error message. */
export function show(value: unknown): string {
  if (value === undefined) return "undefined";
  // JSON.stringify answers undefined for functions and symbols, whatever its declared type says.
  const text = (JSON.stringify(value) as string | undefined) ?? Object.prototype.toString.call(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
