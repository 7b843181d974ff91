/**
 * Foundry's i18n as the pure context builders take it: a key alone is localised, a key with data is formatted,
 * each value written out as text first (Foundry's `format` expects strings). The one formatter every builder,
 * card and notice of the system is handed.
 */
export function i18nFormat(key: string, data?: Readonly<Record<string, unknown>>): string {
  return data ? game.i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) : game.i18n.localize(key);
}
