/**
 * The registry of cross-user request kinds and the one procedure every request goes through on the active GM's
 * client (docs/COMBAT.md "Requests"):
 *
 *   parse (pure: the untrusted payload's shape) -> gather (re-read the documents it names) ->
 *   validate (pure: who asked, do they own what they act for, is it legal now) -> apply (write).
 *
 * The requester is never taken from the payload: it is the author of the request message, which the server
 * vouches for. A kind's validator sees only the parsed payload, the facts its gatherer re-read from documents,
 * and the requester. Pure: no Foundry globals (the Foundry side is requests.ts).
 *
 * Gather, validate and apply run as one operation of the write queue (core/writes/write-queue.ts) on the key the
 * kind names for its payload (a combat's, a card's), so a request re-reads its documents only once the operation
 * before it on that key has finished writing, and nothing else writes there until it is done.
 */
import type { OpContext, WriteQueue } from "../writes/write-queue";
import { WRITES, combatKey, newOpId } from "../writes/write-queue";

/** Who asked: the author of the request message, as the server recorded it. */
export interface Requester {
  id: string;
  name: string;
  isGM: boolean;
}

/** A refusal: an en.json key and the values it interpolates. */
export interface Refusal {
  refused: string;
  data?: Record<string, string | number>;
}

/** The verdict on a request: go ahead, or a localised refusal. */
export type Verdict = { ok: true } | { ok: false; reason: string; data?: Record<string, string | number> };

/** One kind of request, registered by the helper that owns it (combat: fall; board: move; attack: defend...). */
export interface RequestKind<P, F> {
  /** Checks the payload's shape (it is untrusted JSON); returns the typed payload or a refusal. Pure. */
  parse(payload: unknown): P | Refusal;
  /** Re-reads the documents the payload names (never trusting the payload's copies); a refusal when one is gone. */
  gather(payload: P, requester: Requester): F | Refusal | Promise<F | Refusal>;
  /** Whether this requester may do this now, from the parsed payload and the gathered facts only. Pure. */
  validate(payload: P, facts: F, requester: Requester): Verdict;
  /** Writes the change (runs on the active GM's client only). May refuse at the last moment. */
  apply(payload: P, facts: F, requester: Requester, op: OpContext): Promise<Verdict | undefined> | Verdict | undefined;
  /**
   * The write-queue key the request runs on (default: its payload's `combatId`, else the world's one key). The
   * payload is parsed but not yet checked against documents; a kind may read which combat a card belongs to.
   */
  queue?(payload: P): string;
}

/** The key of requests that name no combat. */
export const WORLD_KEY = "world";

/** The default write key of a parsed payload: its combat's, when it names one. */
export function defaultKey(payload: unknown): string {
  const id = typeof payload === "object" && payload !== null ? (payload as { combatId?: unknown }).combatId : undefined;
  return typeof id === "string" && id !== "" ? combatKey(id) : WORLD_KEY;
}

/** Why the procedure itself refuses; each is an en.json key. */
export const REQUEST_REASONS = Object.freeze({
  UnknownKind: "AOD.Request.Reason.UnknownKind",
  BadPayload: "AOD.Request.Reason.BadPayload",
  NotOwner: "AOD.Request.Reason.NotOwner",
  Gone: "AOD.Request.Reason.Gone",
  NotNow: "AOD.Request.Reason.NotNow",
  Failed: "AOD.Request.Reason.Failed",
} as const);

/** A request kind name: `<scope>.<name>`, lower camelCase parts (e.g. `combat.fall`, `board.move`). */
export const KIND_PATTERN = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

interface ErasedKind {
  run(payload: unknown, requester: Requester, within: OpContext | null): Promise<Verdict>;
}

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && typeof (value as { refused?: unknown }).refused === "string";

const refuse = (reason: string, data?: Record<string, string | number>): Verdict =>
  data === undefined ? { ok: false, reason } : { ok: false, reason, data };

/** A set of request kinds. The system uses one (`REQUESTS`); tests make their own. */
export class RequestRegistry {
  readonly #kinds = new Map<string, ErasedKind>();
  readonly #queue: WriteQueue | null;

  /** `queue`: the write queue requests run on (none: each runs straight away, as in tests of a single kind). */
  constructor(queue: WriteQueue | null = null) {
    this.#queue = queue;
  }

  /** Registers a kind; a second registration of the same name is an error (two helpers must not collide). */
  register<P, F>(kind: string, definition: RequestKind<P, F>): void {
    if (!KIND_PATTERN.test(kind)) throw new RangeError(`request kind must look like "scope.name", got ${JSON.stringify(kind)}`);
    if (this.#kinds.has(kind)) throw new Error(`request kind ${kind} is already registered`);
    const queue = this.#queue;
    this.#kinds.set(kind, {
      async run(payload, requester, within) {
        const parsed = definition.parse(payload);
        if (isRefusal(parsed)) return refuse(parsed.refused, parsed.data);
        const operation = async (op: OpContext): Promise<Verdict> => {
          const facts = await definition.gather(parsed, requester);
          if (isRefusal(facts)) return refuse(facts.refused, facts.data);
          const verdict = definition.validate(parsed, facts, requester);
          if (!verdict.ok) return verdict;
          return (await definition.apply(parsed, facts, requester, op)) ?? { ok: true };
        };
        if (queue === null) return operation(within ?? { id: newOpId(), key: "" });
        const key = definition.queue ? definition.queue(parsed) : defaultKey(parsed);
        return queue.run(key, operation, within);
      },
    });
  }

  /** Whether a kind is registered. */
  has(kind: string): boolean {
    return this.#kinds.has(kind);
  }

  /** The registered kind names, sorted. */
  kinds(): string[] {
    return [...this.#kinds.keys()].sort();
  }

  /**
   * Runs one request through parse, gather, validate and apply. Never throws: an exception anywhere becomes
   * the "failed" refusal, with the error handed to `onError` for the console.
   */
  async process(
    kind: unknown,
    payload: unknown,
    requester: Requester,
    onError?: (error: unknown) => void,
    within: OpContext | null = null,
  ): Promise<Verdict> {
    if (typeof kind !== "string") return refuse(REQUEST_REASONS.UnknownKind, { kind: String(kind) });
    const entry = this.#kinds.get(kind);
    if (!entry) return refuse(REQUEST_REASONS.UnknownKind, { kind });
    try {
      return await entry.run(payload, requester, within);
    } catch (error) {
      onError?.(error);
      return refuse(REQUEST_REASONS.Failed);
    }
  }
}

/**
 * Whether this client should act on a request message now: only the active GM, only a pending request, and only
 * once per client (`inFlight` holds the ids this client is already processing).
 */
export function shouldProcess(
  message: { id: string; status: string },
  client: { userId: string; activeGMId: string | null },
  inFlight: ReadonlySet<string>,
): boolean {
  return client.activeGMId !== null && client.activeGMId === client.userId && message.status === "pending" && !inFlight.has(message.id);
}

/**
 * Whether this client tells its user that a request was refused: only on the client of the user who wrote it. A
 * request whose author was deleted (`authorId` null or undefined) tells nobody.
 */
export function isOwnRefusal(status: string, authorId: string | null | undefined, userId: string): boolean {
  return status === "refused" && typeof authorId === "string" && authorId !== "" && authorId === userId;
}

/** The system's request kinds, run on the system's write queue. Features register theirs during `init`. */
export const REQUESTS = new RequestRegistry(WRITES);

/**
 * Registers a request kind with the system (`registerRequestKind("board.move", { parse, gather, validate, apply })`).
 * See docs/COMBAT.md "Requests" for a worked example.
 */
export function registerRequestKind<P, F>(kind: string, definition: RequestKind<P, F>): void {
  REQUESTS.register(kind, definition);
}

/** A small helper for parsers: a refusal for a malformed payload naming the field that is wrong. */
export function badPayload(field: string): Refusal {
  return { refused: REQUEST_REASONS.BadPayload, data: { field } };
}

/** A small helper for validators: the requester owns what it acts for, or is a GM. */
export function ownsOrGM(owns: boolean, requester: Requester): Verdict {
  return owns || requester.isGM ? { ok: true } : refuse(REQUEST_REASONS.NotOwner);
}

/** Reads a non-empty id (a Foundry document id: letters and digits) from a payload field. */
export function payloadId(payload: unknown, field: string): string | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const value = (payload as Record<string, unknown>)[field];
  return typeof value === "string" && /^[A-Za-z0-9]{1,64}$/.test(value) ? value : undefined;
}
