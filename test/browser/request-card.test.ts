// The request card and the board's override notice in the chat log (README "Chat cards"), drawn by the one card
// pattern from their stored data: light and dark, axe clean.
import { describe, expect, it } from "vitest";
import { requestCardContext } from "../../src/core/requests/request-card-context";
import { localizeKey } from "../templates/foundry-helpers";
import { THEMES, renderView } from "./harness";

const REQUEST = "systems/age-of-dragons/templates/core/requests/request-card.hbs";
const OVERRIDE = "systems/age-of-dragons/templates/board/override-notice.hbs";

describe("the request card", () => {
  it.each(THEMES)("shows a refused request with its reason (%s)", async (theme) => {
    const context = requestCardContext(
      { status: "refused", summary: localizeKey("AOD.Board.Move.Request", { name: "Knight" }), reason: "AOD.Request.Reason.NotOwner", reasonData: {} },
      true,
      localizeKey,
    );
    const { html } = await renderView({ template: REQUEST, context, theme, name: "request-card-refused", frame: { kind: "chat", speaker: "Knight" } });
    expect(html).toContain(localizeKey("AOD.Request.Reason.NotOwner"));
    expect(html).toContain("aod-request--refused");
    expect(html).toContain('class="aod-request__status aod-notice aod-refusal"');
  });

  it.each(THEMES)("shows a request waiting for a GM (%s)", async (theme) => {
    const context = requestCardContext({ status: "pending", summary: localizeKey("AOD.Combat.Fall.Request", { name: "Knight" }), reason: "", reasonData: {} }, false, localizeKey);
    const { html } = await renderView({ template: REQUEST, context, theme, name: "request-card-waiting", frame: { kind: "chat", speaker: "Knight" } });
    expect(html).toContain(localizeKey("AOD.Request.Status.waiting"));
    expect(html).not.toContain("aod-refusal");
  });
});

describe("the override notice", () => {
  it.each(THEMES)("names who the GM moved out of turn (%s)", async (theme) => {
    const context = { text: localizeKey("AOD.Board.Move.OverrideNotice", { name: "Margrave" }) };
    const { html } = await renderView({ template: OVERRIDE, context, theme, name: "override-notice", frame: { kind: "chat", speaker: "Combat" } });
    expect(html).toContain("Margrave");
  });
});
