/**
 * The bounded record of applied operations a document carries (docs/COMBAT.md "Exactly once"): the update that
 * changes a document for operation X also adds X to the document's list, in the same update, so repeating the
 * step finds X there and changes nothing. The list keeps the last `OPS_KEPT` ids. Pure: no Foundry globals.
 */

/** How many operation ids a document remembers. */
export const OPS_KEPT = 32;

/** The flag (under the system's scope) holding a document's applied operations. */
export const OPS_FLAG = "ops";

/** Reads a document's list of applied operations (anything malformed counts as none). */
export function readOps(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Whether operation `id` already changed this document. */
export function hasOp(value: unknown, id: string): boolean {
  return readOps(value).includes(id);
}

/** The list with `id` added last; the oldest fall off past `kept`. */
export function withOp(value: unknown, id: string, kept = OPS_KEPT): string[] {
  const ops = readOps(value).filter((o) => o !== id);
  ops.push(id);
  return ops.slice(Math.max(0, ops.length - kept));
}

/**
 * A document id (16 letters and digits, as core's ids are) that follows from its parts alone. A document created
 * with such an id (core's `keepId`) is a claim the server arbitrates: a second create with the same id is refused,
 * so of two GMs resolving the same thing at once (a hand-over's overlap), exactly one goes on.
 */
export function claimId(...parts: readonly string[]): string {
  const text = parts.join("|");
  const hash = (seed: number): string => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i += 1) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 16777619) >>> 0;
    }
    return h.toString(36).padStart(7, "0").slice(-7);
  };
  return `cl${hash(2166136261)}${hash(0x9e3779b9)}`;
}
