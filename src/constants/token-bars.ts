/**
 * What a token can track for every actor subtype (system.json primary and secondary attributes, the token
 * config's bar choices). Pure: no Foundry globals.
 */

/** The resources a token can show as bars: Life (editing it records wounds) and Magic Points. */
export const TOKEN_BARS = ["life", "magic"] as const;

/** The single values a token can track: Soma, Pneuma, Magic Points and wounds taken (docs/DATA.md paths). */
export const TOKEN_VALUES = ["soma", "pneuma", "magic.value", "life.wounds"] as const;

/** CONFIG.Actor.trackableAttributes for one subtype. */
export function trackableAttributes(): { bar: string[]; value: string[] } {
  return { bar: [...TOKEN_BARS], value: [...TOKEN_VALUES] };
}
