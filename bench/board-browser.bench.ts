/**
 * The range board's render in Chromium (README "The range and altitude board": under 50 ms with 100 combatants and 10 landmarks):
 * the board context, the Handlebars render and the browser's parse and layout of the window's HTML with the
 * system's CSS, in the npm Chromium the browser tests use. The "parse and layout" cases hand the page HTML it
 * already holds, so they time the browser's work and not the DevTools protocol; the last case ships the freshly
 * rendered HTML (about 250 KB) over the protocol, a cost Foundry, rendering in the page, does not pay. Run with
 * `npx vitest bench --run bench/board-browser.bench.ts`. Informs, never gates.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Handlebars from "handlebars";
import { chromium } from "playwright-core";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { buildBoardContext } from "../src/features/board/board-context";
import { chromeLaunch } from "../test/browser/chromium-path";
import { ROOT } from "../test/data/lang";
import { registerFoundryHelpers } from "../test/templates/foundry-helpers";
import { foundryPath, templateFile, templateFiles } from "../test/templates/render";
import { BENCH_INPUT } from "./board-fight";

const hb = Handlebars.create();
registerFoundryHelpers(hb);
for (const file of templateFiles()) hb.registerPartial(foundryPath(file), readFileSync(file, "utf8"));
const template = hb.compile(readFileSync(templateFile("systems/age-of-dragons/templates/board/board.hbs"), "utf8"));
const css = ["styles/theme/palette.css", "styles/theme/base.css", "styles/board.css"]
  .map((path) => readFileSync(resolve(ROOT, path), "utf8"))
  .join("\n");

let browser: Browser | undefined;
let page: Page | undefined;

beforeAll(async () => {
  const launch = await chromeLaunch();
  browser = await chromium.launch({ executablePath: launch.executablePath, args: [...launch.args] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(
    `<!DOCTYPE html><html lang="en"><head><style>${css}</style></head><body class="theme-light">` +
      `<div class="application age-of-dragons aod-board" style="width:1120px;height:760px;overflow:auto">` +
      `<section class="window-content" id="host"></section></div></body></html>`,
  );
});

beforeAll(async () => {
  await page?.evaluate((views) => {
    (window as unknown as { aodViews?: Record<string, string> }).aodViews = views;
  }, { gm: prepared, player: playerView });
});

afterAll(async () => {
  await browser?.close();
});

const prepared = template(buildBoardContext(BENCH_INPUT), { allowProtoPropertiesByDefault: true });
const playerView = template(buildBoardContext({ ...BENCH_INPUT, isGM: false }), { allowProtoPropertiesByDefault: true });

/** Replaces the window's content with one of the views the page already holds and forces layout. */
async function layoutHeld(view: "gm" | "player"): Promise<void> {
  await page?.evaluate((which) => {
    const host = document.getElementById("host");
    const held = (window as unknown as { aodViews?: Record<string, string> }).aodViews;
    if (host && held) {
      host.innerHTML = held[which] ?? "";
      void host.getBoundingClientRect().height; // force style and layout
    }
  }, view);
}

async function layout(markup: string): Promise<void> {
  await page?.evaluate((html) => {
    const host = document.getElementById("host");
    if (host) {
      host.innerHTML = html;
      void host.getBoundingClientRect().height; // force style and layout
    }
  }, markup);
}

/** Enough rounds for a best figure on a loaded machine. */
const OPTIONS = { iterations: 40, warmupIterations: 5 };

describe("range board in Chromium, 100 combatants and 10 landmarks", () => {
  bench("the browser's parse and layout alone (GM view)", async () => {
    await layoutHeld("gm");
  }, OPTIONS);
  bench("the browser's parse and layout alone (player view)", async () => {
    await layoutHeld("player");
  }, OPTIONS);
  bench("context, Handlebars, shipping the HTML to the page and its layout", async () => {
    await layout(template(buildBoardContext(BENCH_INPUT), { allowProtoPropertiesByDefault: true }));
  }, OPTIONS);
});
