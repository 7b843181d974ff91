/**
 * One request on the active GM's client (docs/COMBAT.md "Requests"), with its documents injected so the same code
 * runs in Foundry (requests.ts) and in the tests' interleaving harness: the ledger is checked and the request
 * recorded before anything is written (so it is never applied twice), the kind runs through the registry (as an
 * operation of the write queue), and the verdict is written back on the message. A request the ledger lists but
 * whose message still says "pending" was cut short (the GM's client stopped after recording it): it is answered
 * with a refusal that says so, never left waiting. Pure: no Foundry globals.
 */
import type { RequestLedger } from "./ledger";
import { recordHandled, wasHandled } from "./ledger";
import type { Requester, Verdict } from "./registry";

/** Why the procedure refuses a request it recorded but did not finish; an en.json key. */
export const INTERRUPTED = "AOD.Request.Reason.Interrupted";

/** Why a request without a known author is refused; an en.json key. */
export const NO_AUTHOR = "AOD.Request.Reason.NoAuthor";

/** A request message as the handler reads it. */
export interface RequestInput {
  id: string;
  timestamp: number;
  kind: unknown;
  payload: unknown;
  /** The message's author as the server recorded it; null when that user is gone. */
  author: Requester | null;
}

/** What handling reads and writes. */
export interface RequestIO {
  ledger(): RequestLedger;
  saveLedger(ledger: RequestLedger): Promise<void>;
  now(): number;
  /** Runs the kind (parse, gather, validate, apply); never throws. */
  process(kind: unknown, payload: unknown, requester: Requester): Promise<Verdict>;
  /** Writes the verdict on the request message. */
  answer(verdict: Verdict): Promise<void>;
}

/** Handles one pending request; returns the verdict written, or null when the message was answered already. */
export async function handleRequest(io: RequestIO, message: RequestInput): Promise<Verdict> {
  const ledger = io.ledger();
  // Each requester has its own record in the ledger (ledger.ts); a request whose author is gone is filed under "".
  const authorId = message.author?.id ?? "";
  if (wasHandled(ledger, message.id, message.timestamp, authorId)) {
    const verdict: Verdict = { ok: false, reason: INTERRUPTED };
    await io.answer(verdict);
    return verdict;
  }
  // Record first: should anything below fail half-way, the request is still never applied twice.
  await io.saveLedger(recordHandled(ledger, message.id, message.timestamp, authorId, io.now()));
  const verdict: Verdict = message.author === null ? { ok: false, reason: NO_AUTHOR } : await io.process(message.kind, message.payload, message.author);
  await io.answer(verdict);
  return verdict;
}
