/**
 * The one shape of a localising formatter: a key alone is localised, a key with data is formatted. Every context
 * builder, card and notice takes one: Foundry's i18n in the system (core/i18n.ts), the real en.json in tests.
 */
export type Format = (key: string, data?: Readonly<Record<string, string | number>>) => string;
