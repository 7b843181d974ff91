/**
 * The browser harness (test/browser/README.md): renders a real template with real Handlebars, the real
 * lang/en.json and the real CSS inside a Foundry-like frame in a real Chromium, checks it with axe-core and
 * writes `test-output/screenshots/<name>-<theme>.png`. One Chromium serves the whole run (global-setup.ts); each
 * vitest worker opens one tab on first use and reuses it for every view of every file it runs.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createRequire } from "node:module";
import { createHash } from "node:crypto";
import { chromium, type Browser, type Page } from "playwright-core";
import { inject } from "vitest";
import { ROOT } from "../data/lang";
import { renderTemplate } from "../templates/render";

/** Foundry's two colour themes (body class `theme-light` / `theme-dark`). */
export type Theme = "light" | "dark";
/** Both themes, for `it.each(THEMES)`. */
export const THEMES: readonly Theme[] = ["light", "dark"];

/** The frame the rendered template sits in, as Foundry would draw it. */
export type Frame =
  /** An ApplicationV2 window: header with title and close button, the template inside `.window-content`. */
  | { readonly kind: "window"; readonly title: string; readonly classes?: readonly string[]; readonly tag?: "div" | "form" }
  /** A chat message in the chat log (300 px wide sidebar); the template is the message content. */
  | { readonly kind: "chat"; readonly speaker: string }
  /** The template alone on the page. */
  | { readonly kind: "none" };

/** What renderView renders. */
export interface ViewOptions {
  /** A Foundry path (systems/age-of-dragons/templates/...) or a repository path (templates/core/dice/x.hbs). */
  readonly template: string;
  /** The context, as the view's real context builder returns it. */
  readonly context: object;
  readonly theme: Theme;
  /** The screenshot's base name: the file is test-output/screenshots/<name>-<theme>.png. */
  readonly name: string;
  /** The window's width in px (Foundry's position.width); default 560, and 300 for chat. */
  readonly width?: number;
  /** The window's height in px, or undefined for as tall as its content (Foundry's "auto"). */
  readonly height?: number;
  /** Default: a window titled with the name. */
  readonly frame?: Frame;
  /** Runs after rendering and the axe check, before the screenshot (press keys, fill inputs, read the DOM). */
  readonly inspect?: (page: Page) => Promise<void>;
}

/** What renderView found. */
export interface ViewResult {
  /** The HTML the template rendered (the frame not included). */
  readonly html: string;
  /** Where the screenshot was written. */
  readonly screenshot: string;
}

/** The screen the view is drawn on: the smallest Foundry screen the project supports. */
export const SCREEN = { width: 1280, height: 800 } as const;
const SYSTEM_PREFIX = "/systems/age-of-dragons/";
const SCREENSHOTS = resolve(ROOT, "test-output/screenshots");
const requireFromHere = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(requireFromHere.resolve("axe-core/axe.min.js"), "utf8");
/** The rule sets axe checks: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];
/**
 * Rules left out: the page-level ones that judge Foundry's page, not our view (landmarks, the page's one h1),
 * and the tagged rules axe itself leaves off unless asked (so the set is axe's default one), except
 * target-size (WCAG 2.2 AA: a target 24 px or spaced as if it were), which every view is held to.
 */
const RULES_OFF = ["region", "landmark-one-main", "page-has-heading-one",
  "aria-roledescription", "audio-caption", "landmark-complementary-is-top-level"];

/**
 * The rules whose results a theme can change: Foundry's two themes (and the system's palette, styles/theme/) only
 * recolour, so every other rule sees the same DOM laid out the same way in both. A view whose markup was already
 * checked in the other theme, and whose layout measures the same (`layoutPrint`), is checked with these alone.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];
/**
 * What axe loads before its rules run: the media (for no-autoplay-audio), not the CSSOM, which only the
 * experimental css-orientation-lock reads (axe leaves experimental rules off) and which costs a parse of every
 * stylesheet (Font Awesome's included) on each run.
 */
const PRELOAD = { assets: ["media"] };

/**
 * The markups (a hash of the framed view, which holds its size but not its theme) this worker has checked with
 * every rule, each with the fingerprint of its layout: the box of every element of the view.
 */
const checkedLayouts = new Map<string, string>();

/** What the tab saw while one view loaded: filled by the tab's listeners, emptied before each view. */
interface Seen {
  readonly outside: string[];
  readonly missing: string[];
  readonly failed: string[];
}

/** The worker's one tab, opened on first use and reused by every view the worker renders. */
interface Tab {
  readonly browser: Browser;
  readonly page: Page;
  readonly seen: Seen;
}

let tab: Promise<Tab> | undefined;

async function open(): Promise<Tab> {
  const origin = inject("origin");
  const browser = await chromium.connect(inject("browserEndpoint"));
  const context = await browser.newContext({ viewport: { ...SCREEN }, deviceScaleFactor: 1 });
  // axe is evaluated once per tab, not once per view: setContent keeps the page's window and its globals.
  await context.addInitScript({ content: AXE_SOURCE });
  const page = await context.newPage();
  const seen: Seen = { outside: [], missing: [], failed: [] };
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && url.protocol !== "data:") seen.outside.push(url.href);
  });
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && response.status() === 404) seen.missing.push(url.pathname);
  });
  page.on("requestfailed", (request) => {
    // A load of the server's that the browser dropped because the next view replaced the page is no failure
    // (the server never fails a file it has: a missing one is a 404, reported above).
    const dropped = new URL(request.url()).origin === origin && request.failure()?.errorText === "net::ERR_ABORTED";
    if (!dropped) seen.failed.push(request.url());
  });
  page.on("pageerror", (error) => seen.failed.push(`page error: ${error.message}`));
  // The views' relative URLs (systems/age-of-dragons/...) resolve against this page's address.
  await page.goto(`${origin}/`, { waitUntil: "load" });
  return { browser, page, seen };
}

/**
 * Opens the worker's tab unless it is open. The browser project's setup file (setup.ts) calls it before each test
 * file's tests, under the hook timeout: connecting and loading the blank page can take a while on a busy machine,
 * and should not eat into the first view's time. The tab stays open for the worker's next files (the project
 * does not isolate its files); the connection, and with it the tab, ends with the worker.
 */
export async function openTab(): Promise<void> {
  tab ??= open();
  await tab;
}

/** The stylesheets Foundry loads for the system: system.json `styles`, in order. Read once per worker. */
const SYSTEM_STYLES: readonly string[] =
  (JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as { styles?: string[] }).styles ?? [];

/** The stylesheets of the page, in Foundry's order: its own CSS (here the stand-in), Font Awesome, the system's. */
const STYLESHEETS = ["/harness/foundry-stand-in.css", "/fonts/fontawesome/css/all.min.css",
  ...SYSTEM_STYLES.map((path) => `${SYSTEM_PREFIX}${path}`)];

const escapeHtml = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function framed(html: string, options: ViewOptions): string {
  const frame = options.frame ?? { kind: "window", title: options.name };
  if (frame.kind === "none") return `<div id="aod-view">${html}</div>`;
  if (frame.kind === "chat") {
    return `<section id="aod-view" class="sidebar chat-sidebar" style="width:${options.width ?? 300}px">` +
      `<ol class="chat-log"><li class="chat-message message flexcol">` +
      `<header class="message-header"><h4 class="message-sender">${escapeHtml(frame.speaker)}</h4>` +
      `<span class="message-metadata"><time>1m</time></span></header>` +
      `<div class="message-content">${html}</div></li></ol></section>`;
  }
  const tag = frame.tag ?? "div";
  const classes = ["application", ...(frame.classes ?? [])].join(" ");
  const size = `width:${options.width ?? 560}px;${options.height === undefined ? "" : `height:${options.height}px;`}`;
  return `<${tag} id="aod-view" class="${escapeHtml(classes)}" style="${size}">` +
    `<header class="window-header"><h1 class="window-title">${escapeHtml(frame.title)}</h1>` +
    `<button type="button" class="header-control icon fa-solid fa-xmark" aria-label="Close Window"></button></header>` +
    `<section class="window-content">${html}</section></${tag}>`;
}

function markup(html: string, options: ViewOptions): string {
  const links = STYLESHEETS.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.name)}</title>` +
    `${links}</head><body class="vtt game system-age-of-dragons theme-${options.theme}">` +
    `${framed(html, options)}</body></html>`;
}

/** A rectangle of the page, in CSS px from the screen's (the viewport's) top left. */
interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Writes the view's screenshot: the page clipped to the view's box when the box (measured after the render, with
 * no inspect callback since) lies within the screen, which is what the element screenshot takes without its
 * waits for the element; otherwise (an inspect callback may have changed the page, or the view is larger than
 * the screen) playwright's element screenshot, which finds the box afresh and captures beyond the screen.
 */
async function photograph(page: Page, box: Box | undefined, path: string): Promise<void> {
  const within = box !== undefined && box.x >= 0 && box.y >= 0 && box.x + box.width <= SCREEN.width &&
    box.y + box.height <= SCREEN.height && box.width > 0 && box.height > 0;
  if (within) {
    // The smallest rectangle of whole pixels around the box, as the element screenshot takes.
    const x = Math.floor(box.x);
    const y = Math.floor(box.y);
    const clip = { x, y, width: Math.ceil(box.x + box.width) - x, height: Math.ceil(box.y + box.height) - y };
    await page.screenshot({ path, clip });
  } else {
    await page.locator("#aod-view").screenshot({ path });
  }
}

/**
 * Whether a form field shows its text whole: a select's chosen option, or an input's value (its placeholder when
 * empty), measured in the field's own font, with 24 px left for a select's arrow or an input's padding. False when
 * nothing matches `selector`. For a view's `inspect` callback.
 */
export function fieldShowsWhole(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => {
    const field = document.querySelector<HTMLInputElement | HTMLSelectElement>(s);
    if (!field) return false;
    const text = field instanceof HTMLSelectElement ? (field.selectedOptions[0]?.textContent ?? "") : field.value || field.placeholder;
    const probe = document.createElement("span");
    probe.style.font = getComputedStyle(field).font;
    probe.style.position = "absolute";
    probe.style.whiteSpace = "nowrap";
    probe.textContent = text;
    document.body.append(probe);
    const fits = probe.getBoundingClientRect().width + 24 <= field.clientWidth;
    probe.remove();
    return fits;
  }, selector);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Renders a view, checks it, screenshots it; throws on axe violations, outside requests, failed loads, content
 * wider than its window, or a window larger than the 1280x800 screen.
 */
export async function renderView(options: ViewOptions): Promise<ViewResult> {
  const html = renderTemplate(options.template, options.context);
  tab ??= open();
  const { page, seen } = await tab;
  for (const list of Object.values(seen) as string[][]) list.length = 0;
  await page.setContent(markup(html, options), { waitUntil: "load" });
  const structure = createHash("sha1").update(framed(html, options)).digest("hex");
  const checkedLayout = checkedLayouts.get(structure);
  // One round trip for the fonts, axe and the window's measures: each call to the page costs the worker, the
  // browser server and the browser a message each way.
  const found = await page.evaluate(async ({ disabled, tags, colourRules, preload, checkedLayout }) => {
    // A web font starts loading only when a layout first needs it, which may come after the page's load event:
    // lay the page out first, so fonts.ready waits for every font the view uses, and the images decoded, then one
    // frame, so axe and the measures below read the view as it will stay.
    document.body.getBoundingClientRect();
    await document.fonts.ready;
    await Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined)));
    await new Promise<void>((done) => { requestAnimationFrame(() => { done(); }); });
    // The view's layout: every element's box, in whole px.
    const layout = Array.from(document.querySelectorAll("#aod-view, #aod-view *"), (element) => {
      const box = element.getBoundingClientRect();
      return `${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.width)},${Math.round(box.height)}`;
    }).join(" ");
    const coloursOnly = layout === checkedLayout;
    interface Rule { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string; any: { data: unknown }[] }[] }
    const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: Rule[]; incomplete: Rule[] }> } }).axe;
    const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
    // resultTypes: axe still runs every rule on every node, but builds the selectors and details only for the
    // violations and the "needs review" results read below, not for every node that passed.
    const options = {
      runOnly: coloursOnly ? { type: "rule", values: colourRules } : { type: "tag", values: tags },
      ...(coloursOnly ? {} : { rules }), preload, resultTypes: ["violations", "incomplete"],
    };
    let result = await axe.run(document.documentElement, options);
    if (result.violations.length > 0) {
      // A violation is reported when it is still there two frames later: a view with no script of its own only
      // changes while the browser is still settling its layout (seen once in a few hundred runs on a loaded
      // machine: a token's button measured as covered), and a real violation stays.
      for (let frame = 0; frame < 2; frame += 1) await new Promise<void>((done) => { requestAnimationFrame(() => { done(); }); });
      result = await axe.run(document.documentElement, options);
    }
    // axe files text whose colour equals its background (ratio 1:1) as "needs review", not as a violation;
    // here such text is unreadable, so a known ratio below the required one fails too.
    const unreadable = result.incomplete.flatMap((rule) => rule.nodes
      .filter((node) => node.any.some((check) => {
        const data = check.data as { contrastRatio?: number; expectedContrastRatio?: string } | null;
        return typeof data?.contrastRatio === "number" && data.contrastRatio > 0 &&
          data.contrastRatio < parseFloat(data.expectedContrastRatio ?? "4.5");
      }))
      .map((node) => ({ ...rule, nodes: [node] })));
    const content = document.querySelector("#aod-view .window-content, #aod-view .message-content");
    const rect = (document.querySelector("#aod-view") as Element).getBoundingClientRect();
    return {
      violations: [...result.violations, ...unreadable],
      overflow: content === null ? 0 : content.scrollWidth - content.clientWidth,
      box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
      layout,
      coloursOnly,
    };
  }, { disabled: RULES_OFF, tags: AXE_TAGS, colourRules: COLOUR_RULES, preload: PRELOAD, checkedLayout }) as {
    violations: AxeViolation[]; overflow: number; box: Box; layout: string; coloursOnly: boolean;
  };
  // A layout counts as checked only when every rule passed, so the other theme reports the same violations.
  const { violations, overflow } = found;
  if (!found.coloursOnly && violations.length === 0) checkedLayouts.set(structure, found.layout);
  const size = { width: Math.ceil(found.box.width), height: Math.ceil(found.box.height) };
  const isWindow = (options.frame ?? { kind: "window" }).kind === "window";
  const tooBig = isWindow && (size.width > SCREEN.width || size.height > SCREEN.height);
  await options.inspect?.(page);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const screenshot = join(SCREENSHOTS, `${options.name}-${options.theme}.png`);
  await photograph(page, options.inspect === undefined ? found.box : undefined, screenshot);
  const { outside, missing, failed } = seen;
  const problems = [
    ...violations.map((v) => `axe ${v.id} (${v.impact ?? "?"}): ${v.help}\n` +
      v.nodes.map((n) => `    at ${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n")),
    ...outside.map((url) => `fetched from outside the system: ${url}`),
    ...missing.map((path) => `not a file of the system: ${path}`),
    ...failed.filter((url) => !outside.includes(url) && !missing.some((path) => url.endsWith(path)))
      .map((url) => `failed to load: ${url}`),
    ...(overflow > 0 ? [`content is ${overflow}px wider than its window (horizontal scroll)`] : []),
    ...(tooBig ? [`the window is ${size.width}x${size.height}px, larger than the ${SCREEN.width}x${SCREEN.height} screen`] : []),
  ];
  if (problems.length > 0) {
    throw new Error(`${options.name}-${options.theme}: ${problems.length} problem(s)\n${problems.join("\n")}\n(screenshot: ${screenshot})`);
  }
  return { html, screenshot };
}
