/**
 * The `request` ChatMessage subtype: a player's request for a change only the GM may make, authored by that player
 * (the server vouches for the author) and carried out by the active GM's client (src/core/requests/requests.ts). The GM
 * writes the outcome back into `status`, `reason` and `reasonData`, which the card shows.
 */
import { REQUEST_STATUSES } from "./request-status";

function defineRequestSchema() {
  const f = foundry.data.fields;
  const req = { required: true, nullable: false } as const;
  return {
    kind: new f.StringField({ ...req, blank: false, initial: "combat.fall" }),
    payload: new f.ObjectField({ ...req, initial: {} }),
    /** A short localised line saying what is asked, written by the requester for the card. */
    summary: new f.StringField({ ...req, blank: true, initial: "" }),
    status: new f.StringField({ ...req, blank: false, initial: "pending", choices: [...REQUEST_STATUSES] }),
    reason: new f.StringField({ ...req, blank: true, initial: "" }),
    reasonData: new f.ObjectField({ ...req, initial: {} }),
  };
}

type RequestSchema = ReturnType<typeof defineRequestSchema>;

/** A request message's system data. */
export class RequestMessageModel extends foundry.abstract.TypeDataModel<RequestSchema, ChatMessage.Implementation> {
  static override defineSchema(): RequestSchema {
    return defineRequestSchema();
  }
}
