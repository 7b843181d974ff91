/**
 * A token's attribute edit (the token HUD's single values such as Soma and Pneuma, and bars other than Life) as an
 * update of the STORED value. Core's `Actor#modifyTokenAttribute` (Foundry's public client source,
 * `client/documents/actor.mjs`) reads the current value from the prepared `actor.system`, after Active Effects,
 * and writes the result into the source: with a +2 Soma effect, "+1" on Soma 8 would store 9 and prepare 11. Here
 * the change the user asked for is applied to the stored value instead, so the effect still counts once: a delta
 * is added to the stored value, an absolute value moves the stored value by its distance from the prepared one.
 * Pure: no Foundry globals.
 */

/** The number at `path` in a plain object, or undefined. */
function numberAt(data: unknown, path: string): number | undefined {
  let value: unknown = data;
  for (const key of path.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/**
 * The flat update (`{ "system.soma": 7 }`) for a token edit of `attribute` (a path under `system`), or null when
 * the attribute is not a number in both the stored and the prepared data (core then handles it) or nothing would
 * change. A bar edits its `value`.
 */
export function tokenAttributeUpdate(
  attribute: string,
  value: number,
  isDelta: boolean,
  isBar: boolean,
  data: { source: unknown; prepared: unknown },
): Record<string, number> | null {
  const path = isBar ? `${attribute}.value` : attribute;
  const stored = numberAt(data.source, path);
  const prepared = numberAt(data.prepared, path);
  if (stored === undefined || prepared === undefined || !Number.isFinite(value)) return null;
  let next = isDelta ? stored + value : stored + (value - prepared);
  if (isBar) {
    const max = numberAt(data.source, `${attribute}.max`);
    next = Math.max(0, max === undefined ? next : Math.min(next, max));
  }
  return next === stored ? null : { [`system.${path}`]: next };
}
