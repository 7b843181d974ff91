/**
 * The active GM's record of request messages already handled. A request message belongs to the player who wrote
 * it, so that player can also edit it (core lets a message's author update it): a status written on the message
 * proves nothing, and a player could set an applied request back to "pending". The ledger is kept in a hidden
 * world setting, which only a GM can write, and a request it lists (or one older than what it remembers) is
 * never handled again. Each requester (the message's author, as the server recorded it) has a record of its own,
 * with its own size and cut-off: one user sending many requests pushes only its own cut-off forward, never
 * another user's, so nobody's pending requests are dropped for someone else's. Pure: no Foundry globals.
 */

/** One requester's handled message ids, newest last, and the time before which its requests count as handled. */
// Type aliases, not interfaces: the setting's stored value must be assignable to a plain record.
export type LedgerEntries = {
  ids: string[];
  /** Messages created before this time (ms) are treated as handled: their ids fell off the end of the record. */
  since: number;
  /** The timestamp of each id, in the same order (to move `since` when the oldest falls off). */
  times: number[];
};

/**
 * The ledger: one record per requester (by user id; "" for a request whose author is gone). `ids`, `since` and
 * `times` at the top are what versions before the per-user records kept for everyone: still read, never grown.
 */
export type RequestLedger = LedgerEntries & { users: Record<string, LedgerEntries> };

/** How many handled ids the ledger keeps for each requester. */
export const LEDGER_SIZE = 500;

/** An empty ledger. */
export const EMPTY_LEDGER: RequestLedger = Object.freeze({ ids: [], since: 0, times: [], users: {} }) as RequestLedger;

function readEntries(value: unknown): LedgerEntries {
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

/** Reads a ledger back from the setting (any malformed part is treated as empty). */
export function readLedger(value: unknown): RequestLedger {
  const shared = readEntries(value);
  const stored = typeof value === "object" && value !== null ? (value as Record<string, unknown>).users : undefined;
  const users: Record<string, LedgerEntries> = {};
  if (typeof stored === "object" && stored !== null && !Array.isArray(stored)) {
    for (const [user, entries] of Object.entries(stored)) users[user] = readEntries(entries);
  }
  return { ...shared, users };
}

function handledIn(entries: LedgerEntries | undefined, id: string, timestamp: number): boolean {
  return entries !== undefined && (timestamp < entries.since || entries.ids.includes(id));
}

/** Whether a request message (by id, creation time and the id of the user who wrote it) was already handled. */
export function wasHandled(ledger: RequestLedger, id: string, timestamp: number, userId: string): boolean {
  return handledIn(ledger, id, timestamp) || handledIn(ledger.users[userId], id, timestamp);
}

/**
 * The ledger with one more handled message from `userId`; that user's oldest entries fall off past `size`, moving
 * only that user's cut-off. A message's timestamp is its author's to set, so it is recorded as no later than `now`
 * (the GM's clock): a request dated far in the future would otherwise, once it fell off, move `since` past every
 * request still to come from that user.
 */
export function recordHandled(
  ledger: RequestLedger,
  id: string,
  timestamp: number,
  userId: string,
  now = Number.POSITIVE_INFINITY,
  size = LEDGER_SIZE,
): RequestLedger {
  const own = ledger.users[userId] ?? { ids: [], since: 0, times: [] };
  if (own.ids.includes(id)) return ledger;
  const ids = [...own.ids, id];
  const times = [...own.times, Math.min(timestamp, now)];
  let since = own.since;
  while (ids.length > size) {
    ids.shift();
    const dropped = times.shift() ?? since;
    since = Math.max(since, dropped + 1);
  }
  return { ...ledger, users: { ...ledger.users, [userId]: { ids, times, since } } };
}
