/**
 * Which stored fields Active Effects change, so the sheets never write a prepared value back into the source.
 *
 * Foundry applies an actor's effects to its prepared data only (`Actor#applyActiveEffects` in Foundry's public
 * client source, `client/documents/actor.mjs`): `actor._source` keeps the stored value and `actor.overrides`
 * records every key an effect changed, as an expanded object (`{ system: { soma: 8 } }`). A form that submits the
 * prepared value of such a key stores the effect's result as the new base, so the effect counts twice on the next
 * preparation. The sheets therefore show those fields disabled, naming the effect, and drop their keys from what
 * they submit. Pure: no Foundry globals.
 */

/** An applied effect as the sheets name it: its name and the keys its changes target. */
export interface EffectChanges {
  name: string;
  keys: readonly string[];
}

/** Field path (`system.soma`) -> the names of the effects that change it, joined for display. */
export type FieldLocks = Readonly<Record<string, string>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The dotted paths of the leaves of an expanded object (`{ system: { soma: 8 } }` -> `["system.soma"]`). */
export function leafPaths(value: unknown, prefix = ""): string[] {
  if (!isRecord(value)) return prefix === "" ? [] : [prefix];
  const paths = Object.entries(value).flatMap(([key, inner]) => leafPaths(inner, prefix === "" ? key : `${prefix}.${key}`));
  return paths.length === 0 && prefix !== "" ? [prefix] : paths;
}

/**
 * The locked fields: every overridden path, named by the applied effects whose changes target it (an override no
 * applied effect claims, such as one a module wrote, is still locked and named by `unnamed`).
 */
export function fieldLocks(overrides: unknown, effects: readonly EffectChanges[], unnamed: string): FieldLocks {
  const locks: Record<string, string> = {};
  for (const path of leafPaths(overrides)) {
    const names = [...new Set(effects.filter((effect) => effect.keys.includes(path)).map((effect) => effect.name))];
    locks[path] = names.length > 0 ? names.join(", ") : unnamed;
  }
  return locks;
}

/**
 * An expanded form submission without the locked paths: returns a copy, drops each locked leaf, and drops a branch
 * left empty by that. What is not locked passes through unchanged.
 */
export function withoutLocked(submitted: Readonly<Record<string, unknown>>, locks: FieldLocks): Record<string, unknown> {
  const strip = (value: Readonly<Record<string, unknown>>, prefix: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const path = prefix === "" ? key : `${prefix}.${key}`;
      if (path in locks) continue;
      if (isRecord(inner)) {
        const kept = strip(inner, path);
        if (Object.keys(kept).length > 0 || Object.keys(inner).length === 0) out[key] = kept;
      } else out[key] = inner;
    }
    return out;
  };
  return strip(submitted, "");
}
