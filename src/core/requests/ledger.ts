/**
 * The active GM's record of request messages already handled. A request message belongs to the player who wrote
 * it, so that player can also edit it (core lets a message's author update it): a status written on the message
 * proves nothing, and a player could set an applied request back to "pending". The ledger is kept in a hidden
 * world setting, which only a GM can write, and a request it lists (or one older than what it remembers) is
 * never handled again. Pure: no Foundry globals.
 */

/** The ledger: handled message ids, newest last, and the time before which everything counts as handled. */
// A type alias, not an interface: the setting's stored value must be assignable to a plain record.
export type RequestLedger = {
  ids: string[];
  /** Messages created before this time (ms) are treated as handled: their ids fell off the end of the ledger. */
  since: number;
  /** The timestamp of each id, in the same order (to move `since` when the oldest falls off). */
  times: number[];
};

/** How many handled ids the ledger keeps. */
export const LEDGER_SIZE = 1000;

/** An empty ledger. */
export const EMPTY_LEDGER: RequestLedger = Object.freeze({ ids: [], since: 0, times: [] }) as RequestLedger;

/** Reads a ledger back from the setting (any malformed part is treated as empty). */
export function readLedger(value: unknown): RequestLedger {
  if (typeof value !== "object" || value === null) return { ids: [], since: 0, times: [] };
  const v = value as Record<string, unknown>;
  const ids = Array.isArray(v.ids) ? v.ids : [];
  const times = Array.isArray(v.times) ? v.times : [];
  const pairs = ids
    .map((id, i) => [id, times[i]] as const)
    .filter((p): p is readonly [string, number] => typeof p[0] === "string" && typeof p[1] === "number");
  const since = typeof v.since === "number" && Number.isFinite(v.since) ? v.since : 0;
  return { ids: pairs.map((p) => p[0]), times: pairs.map((p) => p[1]), since };
}

/** Whether a request message (by id and creation time) was already handled. */
export function wasHandled(ledger: RequestLedger, id: string, timestamp: number): boolean {
  return timestamp < ledger.since || ledger.ids.includes(id);
}

/**
 * The ledger with one more handled message; the oldest entries fall off past `size`. A message's timestamp is its
 * author's to set, so it is recorded as no later than `now` (the GM's clock): a request dated far in the future would
 * otherwise, once it fell off the ledger, move `since` past every request still to come and silence them all.
 */
export function recordHandled(ledger: RequestLedger, id: string, timestamp: number, now = Number.POSITIVE_INFINITY, size = LEDGER_SIZE): RequestLedger {
  if (ledger.ids.includes(id)) return ledger;
  const ids = [...ledger.ids, id];
  const times = [...ledger.times, Math.min(timestamp, now)];
  let since = ledger.since;
  while (ids.length > size) {
    ids.shift();
    const dropped = times.shift() ?? since;
    since = Math.max(since, dropped + 1);
  }
  return { ids, times, since };
}
