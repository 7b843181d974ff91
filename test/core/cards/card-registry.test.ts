// The one chat-card pattern (src/core/cards/card-registry.ts): the registry of card kinds, a message's kind from its
// system data, and the one draw the render hook makes of every card, from the message's stored data, with the real
// templates, the real en.json and a stand-in for the rendered message element.
import { describe, expect, it } from "vitest";
import { CardRegistry, UNREADABLE_CARD, cardFlag, cardKindOf, drawCard, unreadableLine } from "../../../src/core/cards/card-registry";
import type { CardHost, CardMessageShape, DrawDeps } from "../../../src/core/cards/card-registry";
import { templatePath } from "../../../src/constants/template-paths";
import { SYSTEM_ID } from "../../../src/constants/system-id";
import { renderTemplate } from "../../templates/render";
import { localizeKey } from "../../templates/foundry-helpers";

/** A message as the registry reads it, with a stored status and summary (a request card's data). */
interface Message extends CardMessageShape {
  type: string;
  system: Record<string, unknown>;
  flags?: Record<string, unknown>;
  isContentVisible?: boolean;
}

/** The rendered message element: an `li` holding the `.message-content` the card is drawn into. */
class Element implements CardHost {
  innerHTML: string;
  readonly style = { display: "", visibility: "" };
  constructor(
    html = "",
    readonly content: Element | null = null,
  ) {
    this.innerHTML = html;
  }
  querySelector(selector: string): Element | null {
    return selector === ".message-content" ? this.content : null;
  }
}

function rendered(posted = "<p>as posted</p>"): { html: Element; content: Element } {
  const content = new Element(posted);
  return { html: new Element("", content), content };
}

const logged: string[] = [];
const deps: DrawDeps = {
  render: (template, context) => Promise.resolve(renderTemplate(template, context)),
  format: (key, data) => localizeKey(key, data),
  log: (message) => {
    logged.push(message);
  },
};

const REQUEST = templatePath("core/requests/request-card.hbs");
const OVERRIDE = templatePath("board/override-notice.hbs");

type Words = (key: string, data?: Readonly<Record<string, unknown>>) => string;

/**
 * A registry with two kinds drawn from stored data: a request card and a combat card (the override notice), in
 * `words` (en.json unless told).
 */
function registry(wired: { message: Message; element: unknown }[] = [], words: Words = localizeKey): CardRegistry<Message, unknown> {
  const cards = new CardRegistry<Message, unknown>();
  cards.register("request", {
    template: REQUEST,
    context: (message) => {
      const { status, summary } = message.system;
      if (typeof status !== "string" || typeof summary !== "string") throw new Error("unreadable");
      return { status, summary, statusLine: words(`AOD.Request.Status.${status}`) };
    },
    wire: (message, element) => {
      wired.push({ message, element });
    },
  });
  cards.register("combatCard.override", {
    template: OVERRIDE,
    context: (message) => {
      const name = (message.system.data as { name?: unknown } | undefined)?.name;
      if (typeof name !== "string") throw new Error("unreadable");
      return { text: words("AOD.Board.Move.OverrideNotice", { name }) };
    },
    unreadable: "AOD.Attack.Notice.forged",
  });
  return cards;
}

const request = (system: Record<string, unknown>): Message => ({ type: "request", system });
const override = (name: unknown): Message => ({ type: "combatCard", system: { card: "override", data: { name } } });

describe("a message's card kind", () => {
  it("is its subtype with its card field when it has one", () => {
    expect(cardKindOf({ type: "combatCard", system: { card: "initiative" } })).toBe("combatCard.initiative");
    expect(cardKindOf({ type: "combatCard", system: { card: "endPhase" } })).toBe("combatCard.endPhase");
  });

  it("is its subtype alone when its system data has no card field", () => {
    expect(cardKindOf({ type: "check", system: { pool: 5 } })).toBe("check");
    expect(cardKindOf({ type: "request", system: { kind: "combat.fall" } })).toBe("request");
    expect(cardKindOf({ type: "attack", system: { card: 3 } })).toBe("attack");
  });

  it("is none for a message without a subtype of the system's", () => {
    expect(cardKindOf({ type: "base", system: {} })).toBeNull();
    expect(cardKindOf({ system: {} })).toBeNull();
    expect(cardKindOf({ type: "", system: { card: "initiative" } })).toBeNull();
  });
});

describe("the card registry", () => {
  it("lists its kinds in the order they were registered", () => {
    expect(registry().kinds()).toEqual(["request", "combatCard.override"]);
    expect(registry().has("request")).toBe(true);
    expect(registry().has("check")).toBe(false);
  });

  it("refuses a kind registered twice", () => {
    const cards = registry();
    expect(() => {
      cards.register("request", { template: REQUEST, context: () => ({}) });
    }).toThrow(/registered twice/);
  });

  it("reads the system's own flags of a message", () => {
    expect(cardFlag({ flags: { [SYSTEM_ID]: { op: "abc" } } }, "op")).toBe("abc");
    expect(cardFlag({ flags: { other: { op: "abc" } } }, "op")).toBeUndefined();
    expect(cardFlag({}, "op")).toBeUndefined();
  });
});

describe("the one render hook's draw", () => {
  it("draws a card of each registered kind with its own template and context", async () => {
    const cards = registry();
    const first = rendered();
    expect(await drawCard(cards, request({ status: "applied", summary: "Fall to low" }), first.html, deps)).toBe("drawn");
    expect(first.content.innerHTML).toContain('class="age-of-dragons aod-request aod-request--applied"');
    expect(first.content.innerHTML).toContain("Fall to low");
    expect(first.content.innerHTML).toContain(localizeKey("AOD.Request.Status.applied"));
    const second = rendered();
    expect(await drawCard(cards, override("Margrave"), second.html, deps)).toBe("drawn");
    expect(second.content.innerHTML).toContain('<p class="aod-override-notice">');
    expect(second.content.innerHTML).toContain(localizeKey("AOD.Board.Move.OverrideNotice", { name: "Margrave" }));
    expect(second.content.innerHTML).not.toContain("aod-request");
  });

  it("keeps the posted content out of sight until the card is drawn (the chat shows the element before the hook's draw ends)", async () => {
    const cards = registry();
    const { html, content } = rendered('<p>as posted, with a GM-only button</p>');
    let finish = (): void => undefined;
    const slow: DrawDeps = { ...deps, render: (template, context) => new Promise((done) => { finish = () => { done(renderTemplate(template, context)); }; }) };
    const drawing = drawCard(cards, request({ status: "applied", summary: "Fall to low" }), html, slow);
    await Promise.resolve();
    expect(content.style.visibility).toBe("hidden");
    expect(content.innerHTML).toContain("as posted");
    finish();
    expect(await drawing).toBe("drawn");
    expect(content.style.visibility).toBe("");
    expect(content.innerHTML).toContain("Fall to low");
    const broken = rendered();
    expect(await drawCard(cards, request({ status: 3 }), broken.html, deps)).toBe("unreadable");
    expect(broken.content.style.visibility).toBe("");
  });

  it("leaves alone a message of a kind nobody registered, and one of no kind", async () => {
    const cards = registry();
    for (const message of [{ type: "combatCard", system: { card: "initiative", data: {} } }, { type: "check", system: {} }, { type: "base", system: {} }]) {
      const { html, content } = rendered("<p>someone else's</p>");
      expect(await drawCard(cards, message, html, deps)).toBe("none");
      expect(content.innerHTML).toBe("<p>someone else's</p>");
      expect(html.style.display).toBe("");
    }
  });

  it("draws from the stored data, never from the posted content: a later change of data or words shows on an old card", async () => {
    const message = request({ status: "pending", summary: "Move to close" });
    const { html, content } = rendered('<p class="aod-request__status">Old words from when it was posted</p>');
    await drawCard(registry(), message, html, deps);
    expect(content.innerHTML).not.toContain("Old words");
    expect(content.innerHTML).toContain(localizeKey("AOD.Request.Status.pending"));
    // The GM's verdict lands on the stored data; the next render shows it.
    message.system.status = "refused";
    const again = rendered(content.innerHTML);
    await drawCard(registry(), message, again.html, deps);
    expect(again.content.innerHTML).toContain("aod-request--refused");
    expect(again.content.innerHTML).not.toContain(localizeKey("AOD.Request.Status.pending"));
    // Other words (a language change, a fixed string): the same stored card reads in them when next drawn.
    const other = rendered(again.content.innerHTML);
    await drawCard(registry([], (key) => `Neu: ${key}`), message, other.html, deps);
    expect(other.content.innerHTML).toContain("Neu: AOD.Request.Status.refused");
    expect(other.content.innerHTML).toContain("Move to close");
  });

  it("draws into the message's content element, or the element itself when it has none", async () => {
    const bare = new Element("<p>posted</p>");
    await drawCard(registry(), override("Knight"), bare, deps);
    expect(bare.innerHTML).toContain("aod-override-notice");
  });

  it("wires the drawn card's buttons with the message and the content element, after drawing", async () => {
    const wired: { message: Message; element: unknown }[] = [];
    const message = request({ status: "pending", summary: "Undo" });
    const { html, content } = rendered();
    await drawCard(registry(wired), message, html, deps);
    expect(wired).toHaveLength(1);
    expect(wired[0]?.message).toBe(message);
    expect(wired[0]?.element).toBe(content);
  });

  it("keeps the posted content of a card whose context is null (an older card) and still wires it", async () => {
    const wired: string[] = [];
    const cards = new CardRegistry<Message, unknown>();
    cards.register("check", {
      template: REQUEST,
      context: () => null,
      wire: () => {
        wired.push("wired");
      },
    });
    const { html, content } = rendered("<p>posted check</p>");
    expect(await drawCard(cards, { type: "check", system: {} }, html, deps)).toBe("kept");
    expect(content.innerHTML).toBe("<p>posted check</p>");
    expect(wired).toEqual(["wired"]);
  });

  it("shows a localised error line, and neither throws nor wires, when the stored data does not read", async () => {
    const wired: { message: Message; element: unknown }[] = [];
    const { html, content } = rendered();
    logged.length = 0;
    await expect(drawCard(registry(wired), request({ status: 7 }), html, deps)).resolves.toBe("unreadable");
    expect(content.innerHTML).toBe(unreadableLine(localizeKey(UNREADABLE_CARD)));
    expect(content.innerHTML).toContain('class="age-of-dragons aod-notice aod-refusal"');
    expect(wired).toEqual([]);
    expect(logged).toEqual([`${SYSTEM_ID} | a request card does not read`]);
  });

  it("shows the kind's own error line when it names one", async () => {
    const { html, content } = rendered();
    expect(await drawCard(registry(), override(null), html, deps)).toBe("unreadable");
    expect(content.innerHTML).toBe(unreadableLine(localizeKey("AOD.Attack.Notice.forged")));
  });

  it("shows the error line when the template itself fails", async () => {
    const { html, content } = rendered();
    const failing = { ...deps, render: () => Promise.reject(new Error("no such template")) };
    expect(await drawCard(registry(), request({ status: "applied", summary: "s" }), html, failing)).toBe("unreadable");
    expect(content.innerHTML).toBe(unreadableLine(localizeKey(UNREADABLE_CARD)));
  });

  it("keeps a drawn card when wiring its buttons fails, and says so in the log", async () => {
    const cards = new CardRegistry<Message, unknown>();
    cards.register("request", {
      template: REQUEST,
      context: () => ({ status: "applied", summary: "s", statusLine: "done" }),
      wire: () => {
        throw new Error("no button");
      },
    });
    const { html, content } = rendered();
    logged.length = 0;
    expect(await drawCard(cards, request({}), html, deps)).toBe("drawn");
    expect(content.innerHTML).toContain("done");
    expect(logged).toEqual([`${SYSTEM_ID} | the buttons of a request card could not be wired`]);
  });

  it("escapes the error line's words", () => {
    expect(unreadableLine(`<b>"x" & 'y'</b>`)).toBe('<p class="age-of-dragons aod-notice aod-refusal" role="status">&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;</p>');
  });

  it("hides a record message the registry hides, whatever its content", async () => {
    const cards = registry();
    cards.hide("defenceClaim", { matches: (m) => cardFlag(m, "defenceClaim") !== undefined });
    const claim: Message = { type: "base", system: {}, flags: { [SYSTEM_ID]: { defenceClaim: { targetId: "a" } } } };
    const { html, content } = rendered("<p>claim</p>");
    expect(await drawCard(cards, claim, html, deps)).toBe("hidden");
    expect(html.style.display).toBe("none");
    expect(content.innerHTML).toBe("<p>claim</p>");
    const plain = rendered();
    expect(await drawCard(cards, { type: "base", system: {} }, plain.html, deps)).toBe("none");
    expect(plain.html.style.display).toBe("");
  });

  it("leaves a card whose content this user may not see (a blind roll) as core drew it", async () => {
    const { html, content } = rendered("<p>???</p>");
    const blind: Message = { ...request({ status: "applied", summary: "secret" }), isContentVisible: false };
    expect(await drawCard(registry(), blind, html, deps)).toBe("none");
    expect(content.innerHTML).toBe("<p>???</p>");
  });
});
