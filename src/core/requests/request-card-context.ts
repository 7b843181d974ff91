/**
 * The request card's context (templates/core/requests/request-card.hbs): what was asked, as the requester wrote it, and
 * where it stands in words: waiting for a GM, pending, applied, or refused with its reason. Pure: built from the
 * message's stored request data, the words through an injected `format`.
 */
import type { Format } from "../format";

/** What the card reads of a request message's data. */
export interface RequestCardInput {
  readonly status: string;
  readonly summary: string;
  readonly reason: string;
  readonly reasonData: Readonly<Record<string, unknown>>;
}

/** The localised status line of a request card; `gmOnline`: whether an active GM is connected to handle it. */
export function requestStatusLine(data: RequestCardInput, gmOnline: boolean, format: Format): string {
  if (data.status === "applied") return format("AOD.Request.Status.applied");
  if (data.status === "refused") {
    const values = Object.fromEntries(Object.entries(data.reasonData).map(([k, v]) => [k, typeof v === "number" ? v : String(v)]));
    return format("AOD.Request.Status.refused", { reason: format(data.reason, values) });
  }
  return format(gmOnline ? "AOD.Request.Status.pending" : "AOD.Request.Status.waiting");
}

/** The request card's context. */
export function requestCardContext(data: RequestCardInput, gmOnline: boolean, format: Format) {
  // A refusal is drawn as one (the system's refusal notice); waiting, pending and applied as a plain line.
  return { status: data.status, summary: data.summary, statusLine: requestStatusLine(data, gmOnline, format), refused: data.status === "refused" };
}
