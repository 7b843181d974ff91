/**
 * The browser harness (test/browser/README.md): renders a real template with real Handlebars, the real
 * lang/en.json and the real CSS inside a Foundry-like frame in a real Chromium, checks it with axe-core and
 * writes `test-output/screenshots/<name>-<theme>.png`. Importing this module registers an afterAll that closes
 * the browser of the test file.
 */
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { createRequire } from "node:module";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, inject } from "vitest";
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
  /** A Foundry path (systems/age-of-dragons/templates/...) or a repository path (templates/dice/x.hbs). */
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
const ORIGIN = "http://aod.test";
const SYSTEM_PREFIX = "/systems/age-of-dragons/";
const SCREENSHOTS = resolve(ROOT, "test-output/screenshots");
const requireFromHere = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(requireFromHere.resolve("axe-core/axe.min.js"), "utf8");
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".json": "application/json",
};
/** Page-level axe rules that judge Foundry's page, not our view (landmarks, the page's one h1). */
const PAGE_LEVEL_RULES = ["region", "landmark-one-main", "page-has-heading-one"];

let browser: Promise<Browser> | undefined;

function launch(): Promise<Browser> {
  if (browser === undefined) {
    const chrome = inject("chrome");
    browser = chromium.launch({ executablePath: chrome.executablePath, args: chrome.args });
  }
  return browser;
}

afterAll(async () => {
  if (browser !== undefined) await (await browser).close();
  browser = undefined;
});

/** The stylesheets Foundry loads for the system: system.json `styles`, in order. */
function systemStyles(): string[] {
  const manifest = JSON.parse(readFileSync(resolve(ROOT, "system.json"), "utf8")) as { styles?: string[] };
  return manifest.styles ?? [];
}

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

function page(html: string, options: ViewOptions): string {
  const links = ["/harness/foundry-stand-in.css", ...systemStyles().map((path) => `${SYSTEM_PREFIX}${path}`)]
    .map((href) => `<link rel="stylesheet" href="${href}">`).join("");
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(options.name)}</title>` +
    `${links}</head><body class="vtt game system-age-of-dragons theme-${options.theme}">` +
    `${framed(html, options)}</body></html>`;
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
  const context = await (await launch()).newContext({ viewport: { ...SCREEN }, deviceScaleFactor: 1 });
  const outside: string[] = [];
  const missing: string[] = [];
  try {
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== ORIGIN) {
        outside.push(url.href);
        await route.abort();
      } else if (url.pathname === "/") {
        await route.fulfill({ contentType: "text/html", body: page(html, options) });
      } else if (url.pathname === "/harness/foundry-stand-in.css") {
        await route.fulfill({ path: join(import.meta.dirname, "foundry-stand-in.css"), contentType: "text/css" });
      } else if (url.pathname.startsWith(SYSTEM_PREFIX)) {
        const file = resolve(ROOT, decodeURIComponent(url.pathname.slice(SYSTEM_PREFIX.length)));
        const type = CONTENT_TYPES[extname(file)] ?? "application/octet-stream";
        if (!file.startsWith(ROOT) || !existsSync(file) || !statSync(file).isFile()) {
          missing.push(url.pathname);
          await route.fulfill({ status: 404, body: "" });
        } else {
          await route.fulfill({ path: file, contentType: type });
        }
      } else {
        outside.push(url.href);
        await route.abort();
      }
    });
    const tab = await context.newPage();
    const failed: string[] = [];
    tab.on("requestfailed", (request) => failed.push(request.url()));
    tab.on("pageerror", (error) => failed.push(`page error: ${error.message}`));
    await tab.goto(`${ORIGIN}/`, { waitUntil: "load" });
    await tab.evaluate(async () => { await document.fonts.ready; });
    await tab.addScriptTag({ content: AXE_SOURCE });
    const violations = await tab.evaluate(async (disabled) => {
      interface Rule { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string; any: { data: unknown }[] }[] }
      const axe = (window as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: Rule[]; incomplete: Rule[] }> } }).axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      const result = await axe.run(document.documentElement, { rules });
      // axe files text whose colour equals its background (ratio 1:1) as "needs review", not as a violation;
      // here such text is unreadable, so a known ratio below the required one fails too.
      const unreadable = result.incomplete.flatMap((rule) => rule.nodes
        .filter((node) => node.any.some((check) => {
          const data = check.data as { contrastRatio?: number; expectedContrastRatio?: string } | null;
          return typeof data?.contrastRatio === "number" && data.contrastRatio > 0 &&
            data.contrastRatio < parseFloat(data.expectedContrastRatio ?? "4.5");
        }))
        .map((node) => ({ ...rule, nodes: [node] })));
      return [...result.violations, ...unreadable];
    }, PAGE_LEVEL_RULES) as AxeViolation[];
    const overflow = await tab.evaluate(() => {
      const content = document.querySelector("#aod-view .window-content, #aod-view .message-content");
      return content === null ? 0 : content.scrollWidth - content.clientWidth;
    });
    const size = await tab.evaluate(() => {
      const rect = (document.querySelector("#aod-view") as Element).getBoundingClientRect();
      return { width: Math.ceil(rect.width), height: Math.ceil(rect.height) };
    });
    const isWindow = (options.frame ?? { kind: "window" }).kind === "window";
    const tooBig = isWindow && (size.width > SCREEN.width || size.height > SCREEN.height);
    await options.inspect?.(tab);
    mkdirSync(SCREENSHOTS, { recursive: true });
    const screenshot = join(SCREENSHOTS, `${options.name}-${options.theme}.png`);
    await tab.locator("#aod-view").screenshot({ path: screenshot });
    const problems = [
      ...violations.map((v) => `axe ${v.id} (${v.impact ?? "?"}): ${v.help}\n` +
        v.nodes.map((n) => `    at ${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n")),
      ...outside.map((url) => `fetched from outside the system: ${url}`),
      ...missing.map((path) => `not a file of the system: ${path}`),
      ...failed.filter((url) => !outside.includes(url)).map((url) => `failed to load: ${url}`),
      ...(overflow > 0 ? [`content is ${overflow}px wider than its window (horizontal scroll)`] : []),
      ...(tooBig ? [`the window is ${size.width}x${size.height}px, larger than the ${SCREEN.width}x${SCREEN.height} screen`] : []),
    ];
    if (problems.length > 0) {
      throw new Error(`${options.name}-${options.theme}: ${problems.length} problem(s)\n${problems.join("\n")}\n(screenshot: ${screenshot})`);
    }
    return { html, screenshot };
  } finally {
    await context.close();
  }
}
