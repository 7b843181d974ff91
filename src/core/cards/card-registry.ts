/**
 * The one chat-card pattern (README "Chat cards"): every card kind the system posts is registered here once, by the
 * feature that owns it, with its template, a context builder that reads only what the message stores, and the
 * buttons it wires. One render hook (card-hook.ts) draws every card from its message each time the chat shows it,
 * so a language change or a later fix shows on cards posted before it; one posting helper (post-card.ts) creates
 * every message. Modelled on Draw Steel's message parts (module/data/pseudo-documents/message-parts: each kind a
 * part with its template, actions and context), kept as plain registrations so features stay apart.
 *
 * Pure: the registry, the kind of a message and the drawing are plain code over the shapes they read, with the
 * template renderer and the formatter handed in (tested in test/core/cards/card-registry.test.ts).
 */
import { SYSTEM_ID } from "../../constants/system-id";
import type { Format } from "../format";

/** What the registry reads of a message: its subtype, its system data, its flags and whether this user may see it. */
export interface CardMessageShape {
  readonly type?: string;
  readonly system?: unknown;
  readonly flags?: unknown;
  readonly isContentVisible?: boolean;
}

/**
 * What the drawing touches of the rendered message: its content element, and its style to hide it (a record) or
 * to keep it out of sight while the card is drawn.
 */
export interface CardHost {
  querySelector(selector: string): CardHost | null;
  innerHTML: string;
  readonly style: { display: string; visibility: string };
}

/** One kind of card. `M` is the message (ChatMessage in Foundry), `E` the element buttons are wired on. */
export interface CardSpec<M, E> {
  /** The template's Foundry path (constants/template-paths.ts `templatePath`). */
  readonly template: string;
  /**
   * The template's context, built from what the message stores (never from its posted content). Null leaves the
   * content as it was posted: a card from before its kind stored what it needs. Throwing (or a template that
   * fails) shows the kind's error line instead of the card.
   */
  context(message: M): object | null | Promise<object | null>;
  /** Wires the card's buttons on the drawn content (run after every draw, also on a card left as posted). */
  wire?(message: M, element: E): void;
  /** The en.json key of the line shown when the stored data does not read (default `AOD.Card.Unreadable`). */
  readonly unreadable?: string;
}

/** A message the system keeps out of sight (a record, not a card): recognised by `matches`, hidden when drawn. */
export interface HiddenSpec<M> {
  matches(message: M): boolean;
}

/** The error line's default key. */
export const UNREADABLE_CARD = "AOD.Card.Unreadable";

/**
 * A message's card kind from its system data: its subtype, with its `card` field when it has one
 * (`combatCard.initiative`, `attack`, `check`, `request`); null for a message with no subtype of the system's.
 */
export function cardKindOf(message: CardMessageShape): string | null {
  const type = message.type;
  if (typeof type !== "string" || type === "" || type === "base") return null;
  const system = message.system;
  const card = typeof system === "object" && system !== null ? (system as { card?: unknown }).card : undefined;
  return typeof card === "string" && card !== "" ? `${type}.${card}` : type;
}

/** The registered card kinds and hidden records. */
export class CardRegistry<M extends CardMessageShape, E> {
  readonly #cards = new Map<string, CardSpec<M, E>>();
  readonly #hidden = new Map<string, HiddenSpec<M>>();

  /** Registers a card kind; a kind is registered once. */
  register(kind: string, spec: CardSpec<M, E>): void {
    if (this.#cards.has(kind)) throw new Error(`${SYSTEM_ID} | card kind ${kind} is registered twice`);
    this.#cards.set(kind, spec);
  }

  /** Registers a kind of hidden record message (one with no subtype of its own), by name. */
  hide(name: string, spec: HiddenSpec<M>): void {
    if (this.#hidden.has(name)) throw new Error(`${SYSTEM_ID} | hidden message ${name} is registered twice`);
    this.#hidden.set(name, spec);
  }

  /** The spec of a kind, if registered. */
  get(kind: string): CardSpec<M, E> | undefined {
    return this.#cards.get(kind);
  }

  /** Whether a kind is registered. */
  has(kind: string): boolean {
    return this.#cards.has(kind);
  }

  /** The registered kinds, in order of registration. */
  kinds(): string[] {
    return [...this.#cards.keys()];
  }

  /** Whether the message is a hidden record. */
  isHidden(message: M): boolean {
    return [...this.#hidden.values()].some((h) => h.matches(message));
  }
}

/** What drawing a card needs from outside: the template renderer, the formatter and where errors are logged. */
export interface DrawDeps {
  readonly render: (template: string, context: object) => Promise<string>;
  readonly format: Format;
  readonly log: (message: string, error: unknown) => void;
}

/** What the draw did: nothing (not a card of the system's, or not visible), hid it, drew it, kept it, or the error line. */
export type DrawOutcome = "none" | "hidden" | "drawn" | "kept" | "unreadable";

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** The error line a card shows when its stored data does not read. */
export function unreadableLine(text: string): string {
  return `<p class="age-of-dragons aod-notice aod-refusal" role="status">${escapeText(text)}</p>`;
}

/** The card's markup from its stored data: the rendered template, null to keep what was posted; throws when it does not read. */
export async function cardMarkup<M extends CardMessageShape, E>(spec: CardSpec<M, E>, message: M, render: DrawDeps["render"]): Promise<string | null> {
  const context = await spec.context(message);
  return context === null ? null : render(spec.template, context);
}

/**
 * Draws a message's card into its rendered element: hides a hidden record; for a registered kind, replaces the
 * content element (`.message-content`, else the element itself) with the kind's template rendered from the stored
 * data, then wires its buttons. A message of no registered kind, or whose content this user may not see (a blind
 * roll), is left alone. Never throws: a card that does not read shows its localised error line.
 */
export async function drawCard<M extends CardMessageShape, E>(registry: CardRegistry<M, E>, message: M, html: CardHost, deps: DrawDeps): Promise<DrawOutcome> {
  if (registry.isHidden(message)) {
    html.style.display = "none";
    return "hidden";
  }
  const kind = cardKindOf(message);
  const spec = kind === null ? undefined : registry.get(kind);
  if (!spec || message.isContentVisible === false) return "none";
  const content = html.querySelector(".message-content") ?? html;
  // The chat shows the element before the card is drawn (the hook is not awaited): the posted content stays out
  // of sight (keeping its room) until the drawn card, or the error line, replaces it.
  content.style.visibility = "hidden";
  let outcome: DrawOutcome;
  try {
    const markup = await cardMarkup(spec, message, deps.render);
    if (markup !== null) content.innerHTML = markup;
    outcome = markup === null ? "kept" : "drawn";
  } catch (error) {
    deps.log(`${SYSTEM_ID} | a ${kind ?? "?"} card does not read`, error);
    content.innerHTML = unreadableLine(deps.format(spec.unreadable ?? UNREADABLE_CARD));
    return "unreadable";
  } finally {
    content.style.visibility = "";
  }
  try {
    spec.wire?.(message, content as unknown as E);
  } catch (error) {
    deps.log(`${SYSTEM_ID} | the buttons of a ${kind ?? "?"} card could not be wired`, error);
  }
  return outcome;
}

/** A flag of the system's on a message (its `flags["age-of-dragons"][key]`), unread. */
export function cardFlag(message: CardMessageShape, key: string): unknown {
  const flags = message.flags;
  if (typeof flags !== "object" || flags === null) return undefined;
  const own = (flags as Record<string, unknown>)[SYSTEM_ID];
  return typeof own === "object" && own !== null ? (own as Record<string, unknown>)[key] : undefined;
}
