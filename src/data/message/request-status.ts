/** The states of a request message (the `request` ChatMessage subtype), from asked to answered. */

/** The state of a request message. */
export type RequestStatus = "pending" | "applied" | "refused";

/** Every request status. */
export const REQUEST_STATUSES: readonly RequestStatus[] = Object.freeze(["pending", "applied", "refused"]);
