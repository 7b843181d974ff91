/**
 * The system's own Handlebars helpers. Pure functions of their arguments (no Foundry globals), so Foundry
 * registers them in `init` and the template tests register the very same table (test/templates/README.md).
 * Templates call them by these names; anything a helper cannot decide from its arguments belongs in a context
 * builder instead.
 */

/** The options object Handlebars passes last to every helper (only `hash` is read here). */
interface HelperOptions {
  readonly hash?: Readonly<Record<string, unknown>>;
}

function isOptions(value: unknown): value is HelperOptions {
  return typeof value === "object" && value !== null && "hash" in value;
}

/** Drops the trailing Handlebars options argument. */
function positional(args: readonly unknown[]): unknown[] {
  const last = args.at(-1);
  return isOptions(last) ? args.slice(0, -1) : [...args];
}

/** A whole percentage of a probability in 0..1: "<1%" and ">99%" keep a rare chance from reading as 0 or 100. */
export function percent(probability: unknown): string {
  const p = Number(probability);
  if (!Number.isFinite(p) || p <= 0) return "0%";
  if (p >= 1) return "100%";
  const whole = Math.round(p * 100);
  if (whole < 1) return "<1%";
  if (whole > 99) return ">99%";
  return `${whole}%`;
}

/** A signed whole number with a typographic minus: +2, 0, −1 (for TN shifts and extra dice). */
export function signed(value: unknown): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return "";
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${Math.abs(n)}`;
  return "0";
}

/** The helpers by the names templates use: `{{aodPercent chance}}`, `{{aodSigned shift}}`. */
export const SYSTEM_HELPERS: Readonly<Record<string, (...args: unknown[]) => string>> = Object.freeze({
  aodPercent: (...args: unknown[]) => percent(positional(args)[0]),
  aodSigned: (...args: unknown[]) => signed(positional(args)[0]),
});
