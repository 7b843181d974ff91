// The quickstart in the browser: the welcome page (its real template, context and CSS), the GM journal's first
// page and a player handout (their real pack text, links enriched as Foundry draws them), and the range board at
// the adventure's opening positions, built by the board's real context builder from the adventure's combat data.
// Both themes, axe-clean; screenshots in test-output/screenshots/quickstart-*.png.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildBoardContext } from "../../src/features/board/board-context";
import { bodyFromActor } from "../../src/data/combat/actor-body";
import { readCombatSystem } from "../../src/data/combat/read";
import { skirmishState } from "../../src/data/combat/combat-snapshot";
import type { CombatantEntry } from "../../src/data/combat/combat-snapshot";
import { actorSnapshot } from "../../src/data/actor/actor-snapshot";
import { welcomeContext } from "../../src/features/welcome/welcome-context";
import type { SpeedCategory } from "../../src/rules/speed";
import { assembleAdventures } from "../../tools/lib/adventure-sources";
import { loadSources } from "../../tools/lib/pack-sources";
import { isRecord } from "../../tools/lib/records";
import type { UnknownRecord } from "../../tools/lib/records";
import { renderView, THEMES } from "./harness";

const root = resolve(import.meta.dirname, "../..");
const [source] = assembleAdventures(loadSources(join(root, "packs", "_source", "quickstart"), root));
const adventure: UnknownRecord = source && "doc" in source && isRecord(source.doc) ? source.doc : {};
const list = (value: unknown): UnknownRecord[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const byName = (field: string, name: string): UnknownRecord => {
  const found = list(adventure[field]).find((d) => d.name === name);
  if (!found) throw new Error(`the quickstart has no ${field} named ${name}`);
  return found;
};

/** Foundry's enrichment of a content link, `@UUID[...]{label}`, as the journal sheet draws it. */
function enrich(html: string): string {
  return html.replace(/@UUID\[([^\]]+)\]\{([^}]*)\}/g, (_m, uuid: string, label: string) =>
    `<a class="content-link" draggable="true" data-uuid="${uuid}"><i class="fas fa-file-lines" aria-hidden="true"></i>${label}</a>`);
}

function pageView(entry: UnknownRecord, index: number): { name: string; content: string } {
  const page = list(entry.pages)[index];
  const text = isRecord(page?.text) ? page.text.content : undefined;
  if (typeof page?.name !== "string" || typeof text !== "string") throw new Error("not a text page");
  return { name: page.name, content: enrich(text) };
}

describe("the welcome page", () => {
  it.each(THEMES)("offers the quickstart, the rules, the bestiary and the simulator (%s)", async (theme) => {
    const { html } = await renderView({
      template: "systems/age-of-dragons/templates/welcome/welcome.hbs",
      context: welcomeContext(),
      theme,
      name: "quickstart-welcome",
      width: 640,
      frame: { kind: "window", title: "Welcome to Age of Dragons", classes: ["age-of-dragons", "aod-welcome-app"] },
    });
    for (const label of ["Import the Quickstart", "Rules Reference", "Open the Bestiary", "Encounter Simulator"]) expect(html).toContain(label);
    expect(html).toContain("Welcome page");
  });
});

describe("the quickstart journals", () => {
  it.each(THEMES)("the GM journal's first page, Start Here (%s)", async (theme) => {
    const gm = byName("journal", "Quickstart: Running the First Round");
    let gap = -Infinity;
    const { html } = await renderView({
      template: "test/browser/fixtures/journal-page.hbs",
      context: pageView(gm, 0),
      theme,
      name: "quickstart-gm-journal",
      width: 720,
      height: 780,
      frame: { kind: "window", title: "Quickstart: Running the First Round", classes: ["journal-sheet", "journal-entry"] },
      inspect: async (page) => {
        // The smallest space between two link boxes on lines one above the other: they never touch.
        gap = await page.evaluate(() => {
          const boxes = Array.from(document.querySelectorAll(".content-link")).map((a) => a.getBoundingClientRect());
          const gaps = boxes.flatMap((a) => boxes.filter((b) => b.top > a.top + 5).map((b) => b.top - a.bottom));
          return Math.min(...gaps);
        });
      },
    });
    expect(gap).toBeGreaterThanOrEqual(2);
    expect(html).toContain("Start Here");
    expect(html).toContain('class="content-link"');
    expect(html).toContain(">Hollin Vale</a>");
  });

  it.each(THEMES)("a player handout, Vesperine's (%s)", async (theme) => {
    const handout = byName("journal", "Handout: Vesperine");
    const { html } = await renderView({
      template: "test/browser/fixtures/journal-page.hbs",
      context: pageView(handout, 0),
      theme,
      name: "quickstart-handout",
      width: 640,
      height: 780,
      frame: { kind: "window", title: "Handout: Vesperine", classes: ["journal-sheet", "journal-entry"] },
    });
    expect(html).toContain("Hook:");
    expect(html).toContain("systems/age-of-dragons/assets/art/sable-dragon.svg");
  });
});

describe("the range board at the adventure's opening positions", () => {
  const combat = list(adventure.combats)[0] ?? {};
  const scene = list(adventure.scenes)[0] ?? {};
  const tokens = new Map(list(scene.tokens).map((t) => [t._id, t]));
  const actors = new Map(list(adventure.actors).map((a) => [a._id, a]));
  const items = (actor: UnknownRecord) => list(actor.items).map((i) => ({ _id: String(i._id), name: String(i.name), type: String(i.type), system: i.system }));
  const entries: CombatantEntry[] = list(combat.combatants).map((c) => {
    const actor = actors.get(c.actorId) ?? {};
    const system = isRecord(c.system) ? c.system : {};
    return {
      id: String(c._id),
      name: String(tokens.get(c.tokenId)?.name),
      side: String(system.side),
      speed: system.speed as SpeedCategory,
      body: bodyFromActor(String(actor.type), actor.system, items(actor)),
    };
  });
  const state = skirmishState(readCombatSystem(combat.system).skirmish, entries);
  const images = Object.fromEntries(list(combat.combatants).map((c) => {
    const texture = tokens.get(c.tokenId)?.texture;
    return [String(c._id), isRecord(texture) ? String(texture.src) : ""];
  }));
  const vesperine = list(combat.combatants).find((c) => tokens.get(c.tokenId)?.name === "Vesperine");
  const vesperineActor = actors.get(vesperine?.actorId) ?? {};
  const weapons = actorSnapshot({ _id: "v", name: "Vesperine", type: "dragon", system: vesperineActor.system, items: list(vesperineActor.items) as never })
    .weapons.map((w) => w.weapon);

  it.each(THEMES)("seen by Vesperine's player before round 1 (%s)", async (theme) => {
    const selectedId = String(vesperine?._id);
    const { html } = await renderView({
      template: "systems/age-of-dragons/templates/board/board.hbs",
      context: buildBoardContext({ state, selectedId, weapons, images, isGM: false, owned: [selectedId], phase: "movement" }),
      theme,
      name: "quickstart-board",
      width: 940,
      height: 760,
      frame: { kind: "window", title: "Range and Altitude Board", classes: ["age-of-dragons", "aod-board"] },
    });
    for (const name of ["Vesperine", "Captain Hesk", "Ballista Crew", "The Burning Tower", "Hollin Ford", "The Ridge"]) expect(html).toContain(name);
    expect(Object.keys(state.combatants)).toHaveLength(10);
    expect(state.combatants[selectedId]?.altitude).toBe("high");
  });

  it.each(THEMES)("its table scrolled into view: every row and column inside the window (%s)", async (theme) => {
    const selectedId = String(vesperine?._id);
    let fit = { wrapScroll: 0, wrapWidth: 0, rows: 0, lastRowBottom: 0, contentBottom: 0, wrappedBands: [] as string[], tableHeight: 0, contentHeight: 0 };
    await renderView({
      template: "systems/age-of-dragons/templates/board/board.hbs",
      context: buildBoardContext({ state, selectedId, weapons, images, isGM: false, owned: [selectedId], phase: "movement" }),
      theme,
      name: "quickstart-board-table",
      width: 940,
      height: 760,
      frame: { kind: "window", title: "Range and Altitude Board", classes: ["age-of-dragons", "aod-board"] },
      inspect: async (page) => {
        await page.locator(".aod-board-table tbody tr:last-child").scrollIntoViewIfNeeded();
        fit = await page.evaluate(() => {
          const wrap = document.querySelector(".aod-board-table-wrap");
          const rows = Array.from(document.querySelectorAll(".aod-board-table tbody tr"));
          const content = document.querySelector(".window-content");
          const padding = content ? parseFloat(getComputedStyle(content).paddingBottom) : 0;
          // A band ("Flying High", "Long distance") whose words the cell breaks over two lines.
          const wrappedBands = Array.from(document.querySelectorAll<HTMLElement>(".aod-board-table .aod-board-band")).filter((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1;
          }).map((cell) => cell.textContent.trim());
          return {
            wrappedBands,
            tableHeight: document.querySelector(".aod-board-table-wrap")?.getBoundingClientRect().height ?? Infinity,
            contentHeight: content ? content.clientHeight - 2 * padding : 0,
            wrapScroll: wrap?.scrollWidth ?? 0,
            wrapWidth: wrap?.clientWidth ?? 0,
            rows: rows.length,
            lastRowBottom: rows.at(-1)?.getBoundingClientRect().bottom ?? Infinity,
            // The content box's bottom: what lies above it is neither under the scroll fade nor cut.
            contentBottom: (content?.getBoundingClientRect().bottom ?? 0) - padding,
          };
        });
      },
    });
    // Ten combatants and three landmarks; the table no wider than the window (no sideways scroll of its own) and its
    // last row whole above the window's bottom edge and its fade.
    expect(fit.rows).toBe(13);
    expect(fit.wrapScroll).toBeLessThanOrEqual(fit.wrapWidth);
    expect(fit.lastRowBottom).toBeLessThanOrEqual(fit.contentBottom + 0.5);
    // Each band on one line and the reasons given the width, so the whole table, caption to last row, fits in the
    // window at once.
    expect(fit.wrappedBands).toEqual([]);
    expect(fit.tableHeight).toBeLessThan(fit.contentHeight);
  });
});
