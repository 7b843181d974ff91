/** The token bars of every actor subtype (system.json primary and secondary attributes). Pure: no Foundry globals. */

/** The resources a token can show as bars: Life (editing it records wounds) and Magic Points. */
export const TOKEN_BARS = ["life", "magic"] as const;
