// The request card's context (src/core/requests/request-card-context.ts): the requester's summary and the status
// line, from the stored request data, in the words of the real en.json.
import { describe, expect, it } from "vitest";
import { requestCardContext, requestStatusLine } from "../../../src/core/requests/request-card-context";
import { localizeKey } from "../../templates/foundry-helpers";
import { renderTemplate } from "../../templates/render";

const base = { status: "pending", summary: "Fall to low", reason: "", reasonData: {} };

describe("the request card", () => {
  it("says a pending request waits for the GM, or for a GM to connect", () => {
    expect(requestStatusLine(base, true, localizeKey)).toBe(localizeKey("AOD.Request.Status.pending"));
    expect(requestStatusLine(base, false, localizeKey)).toBe(localizeKey("AOD.Request.Status.waiting"));
  });

  it("says an applied request was applied, GM or not", () => {
    expect(requestStatusLine({ ...base, status: "applied" }, false, localizeKey)).toBe(localizeKey("AOD.Request.Status.applied"));
  });

  it("gives a refused request's reason with its values", () => {
    const refused = { ...base, status: "refused", reason: "AOD.Request.Reason.BadPayload", reasonData: { field: "moverId" } };
    const reason = localizeKey("AOD.Request.Reason.BadPayload", { field: "moverId" });
    expect(reason).toContain("moverId");
    expect(requestStatusLine(refused, true, localizeKey)).toBe(localizeKey("AOD.Request.Status.refused", { reason }));
  });

  it("renders the summary and the status line, the status as the card's modifier", () => {
    const html = renderTemplate("systems/age-of-dragons/templates/core/requests/request-card.hbs", requestCardContext({ ...base, status: "applied" }, true, localizeKey));
    expect(html).toContain('<div class="age-of-dragons aod-request aod-request--applied">');
    expect(html).toContain('<p class="aod-request__summary">Fall to low</p>');
    expect(html).toContain(`<p class="aod-request__status" role="status">${localizeKey("AOD.Request.Status.applied")}</p>`);
  });

  it("escapes the requester's summary", () => {
    const html = renderTemplate("systems/age-of-dragons/templates/core/requests/request-card.hbs", requestCardContext({ ...base, summary: "<b>move</b>" }, true, localizeKey));
    expect(html).toContain("&lt;b&gt;move&lt;/b&gt;");
  });
});
