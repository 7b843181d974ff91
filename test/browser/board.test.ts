// The range and altitude board in the browser (docs/BOARD.md): a fight with flyers at every altitude, a grapple,
// a carried combatant and landmarks, seen from two different combatants, as a player and as the GM, in both
// themes; axe-clean, screenshots in test-output/screenshots/board-*.png.
import { describe, expect, it } from "vitest";
import { buildBoardContext } from "../../src/features/board/board-context";
import type { BoardInput } from "../../src/features/board/board-context";
import { FIGHT_WEAPONS, LONG_NAME, showcaseFight } from "../features/board/fight";
import type { Page } from "playwright-core";
import { renderView, THEMES } from "./harness";
import { localizeKey } from "../templates/foundry-helpers";
import { checkCardContext } from "../../src/features/checks/check-card-context";
import { checkCardData } from "../../src/data/message/check-data";
import { prepareCheck } from "../../src/data/check/prepare-check";
import { countSuccesses } from "../../src/rules";
import { bestiary } from "../data/check/bestiary";

const ART = "systems/age-of-dragons/assets/art";
const IMAGES: Record<string, string> = {
  argent: `${ART}/argent-dragon.svg`,
  sable: `${ART}/sable-dragon.svg`,
  hunter: `${ART}/hunter-dragon.svg`,
  wyrm: `${ART}/storm-wyrm.svg`,
  ember: `${ART}/ember-drake.svg`,
  xbow: `${ART}/crossbowman.svg`,
  griffon: `${ART}/griffon.svg`,
  bow: `${ART}/longbowman.svg`,
  knight: `${ART}/knight.svg`,
};

function boardContext(selectedId: string | undefined, values: Partial<BoardInput> = {}): object {
  return buildBoardContext({
    state: showcaseFight(),
    selectedId,
    weapons: selectedId === undefined ? [] : (FIGHT_WEAPONS[selectedId] ?? []),
    weaponIds: selectedId === undefined ? [] : (FIGHT_WEAPONS[selectedId] ?? []).map((_, i) => `weapon${i}`),
    images: IMAGES,
    isGM: false,
    owned: selectedId === undefined ? [] : [selectedId],
    phase: "movement",
    localize: (key: string) => localizeKey(key, {}),
    ...values,
  });
}


/** What every board view is checked for, besides the harness's checks. */
interface BoardLayout {
  /** Names on a token or a lane label with a line that ends inside a word. */
  brokenWords: string[];
  /** Cards (tokens, landmarks) that another element is drawn over at their centre. */
  covered: string[];
}

/** Reads the board's layout in the page (before any scroll the view's own inspect makes). */
async function boardLayout(page: Page): Promise<BoardLayout> {
  return page.evaluate(() => {
    const brokenWords: string[] = [];
    for (const el of Array.from(document.querySelectorAll(".aod-board-token-name [aria-hidden], .aod-board-token-name:not(:has(*)), .aod-board-lane-label"))) {
      const text = el.textContent;
      const range = document.createRange();
      const node = el.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      let lastTop = -1;
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        // A letter the line clamp or the ellipsis hides has no box of its own: it ends no line.
        if (box.width === 0) continue;
        const top = Math.round(box.top);
        if (lastTop !== -1 && top > lastTop + 2 && /\S/.test(text[i - 1] ?? "") && /\S/.test(text[i] ?? "") && text[i - 1] !== "-") brokenWords.push(text);
        lastTop = top;
      }
    }
    // A card shows where it lies in the window's visible part: nothing else is drawn over its top, middle or bottom.
    const content = document.querySelector(".window-content")?.getBoundingClientRect();
    const covered: string[] = [];
    for (const card of Array.from(document.querySelectorAll<HTMLElement>(".aod-board-token, .aod-board-landmark"))) {
      const box = card.getBoundingClientRect();
      const x = box.left + box.width / 2;
      for (const y of [box.top + 4, box.top + box.height / 2, box.bottom - 4]) {
        if (!content || y < content.top || y > content.bottom) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && !card.contains(hit)) {
          covered.push(card.textContent.trim().split(/\s+/).slice(0, 3).join(" "));
          break;
        }
      }
    }
    return { brokenWords, covered };
  });
}

/** renderView for a board view: its layout read before the view's own inspect, and checked after. */
async function renderBoard(options: Parameters<typeof renderView>[0]): ReturnType<typeof renderView> {
  let layout: BoardLayout = { brokenWords: ["(not read)"], covered: [] };
  const result = await renderView({
    ...options,
    inspect: async (page) => {
      layout = await boardLayout(page);
      await options.inspect?.(page);
      if (options.name === "board-table") layout.covered.push(...(await boardLayout(page)).covered);
    },
  });
  expect(layout.brokenWords, `${options.name}: names broken inside a word`).toEqual([]);
  expect(layout.covered, `${options.name}: cards drawn over`).toEqual([]);
  return result;
}

const VIEW = {
  template: "systems/age-of-dragons/templates/board/board.hbs",
  // The window's default (range-board.ts): beside the 300 px sidebar on a 1280 px screen.
  width: 940,
  height: 760,
  frame: { kind: "window", title: "Range and Altitude Board", classes: ["age-of-dragons", "aod-board"] },
} as const;

describe("the range and altitude board", () => {
  it.each(THEMES)("the Hunter's player: a button for each battle action open to it, and the break-out (%s)", async (theme) => {
    const { html } = await renderBoard({ ...VIEW, theme, name: "board-actions-hunter", context: boardContext("hunter", { phase: "battle" }) });
    expect(html).toContain("Attack Storm Wyrm with Tooth and Claw");
    expect(html).toContain("Attack Longbowman with Dragonsbreath");
    expect(html).toContain('data-action="battleAction" data-battle="breakOut"');
    expect(html).toContain('data-battle="attack" data-target="wyrm" data-weapon="weapon0"');
    expect(html).toContain("Break out of the grapple");
  });

  it.each(THEMES)("the Ember Drake's player: grapple, attacks and setting its passenger down (%s)", async (theme) => {
    const { html } = await renderBoard({ ...VIEW, theme, name: "board-actions-ember", context: boardContext("ember", { phase: "battle" }) });
    expect(html).toContain("Grapple Griffon with Tooth and Claw");
    expect(html).toContain("Set Crossbowman down");
  });

  it.each(THEMES)("a player whose combatant's step has not come: no move form, a note why (%s)", async (theme) => {
    const { html } = await renderBoard({ ...VIEW, theme, name: "board-not-your-step", context: boardContext("argent", { movers: ["sable"] }) });
    expect(html).toContain("It moves at its own step of the round; the tracker is not there yet.");
    expect(html).not.toContain("Standard move");
  });

  it.each(THEMES)("the GM moving a combatant out of turn: the form, and a note that it overrides (%s)", async (theme) => {
    const { html } = await renderBoard({ ...VIEW, theme, name: "board-gm-out-of-turn", context: boardContext("argent", { isGM: true, owned: [], movers: ["sable"] }) });
    expect(html).toContain("Standard move");
    expect(html).toContain("Not its step: as GM you move it out of turn, and the chat says so.");
    // One set of move controls: the move form, not the direct altitude and distance edits beside it.
    expect(html).not.toContain('data-edit="altitude" data-id="argent"');
    expect(html).not.toContain("aod-board-distance-editor");
    expect(html).not.toContain('data-action="editDistance"');
  });

  it.each(THEMES)("seen by the Argent's player from the ceiling, in columns by distance (%s)", async (theme) => {
    let layout = { aligned: false, columns: 0 };
    const { html } = await renderBoard({
      ...VIEW,
      theme,
      name: "board-argent",
      context: boardContext("argent"),
      inspect: async (page) => {
        layout = await page.evaluate(() => {
          const heads = Array.from(document.querySelectorAll(".aod-board-column-head")).map((h) => Math.round(h.getBoundingClientRect().left));
          // Every lane's cells start where the headings do: the columns line up from the ceiling to the ground.
          const aligned = Array.from(document.querySelectorAll(".aod-board-lane")).every((lane) =>
            Array.from(lane.querySelectorAll(".aod-board-cell")).every((cell, i) => Math.abs(Math.round(cell.getBoundingClientRect().left) - (heads[i] ?? -99)) <= 1),
          );
          return { aligned, columns: heads.length };
        });
      },
    });
    expect(layout.columns).toBe(4);
    expect(layout.aligned).toBe(true);
    expect(html).toContain(LONG_NAME);
    expect(html).toContain("Ceiling");
    expect(html).toContain("Close quarters");
    expect(html).toContain("Standard move");
  });

  it.each(THEMES)("seen by the Longbowman's player on the ground, with a why-not shown (%s)", async (theme) => {
    let tooltip = "";
    const { html } = await renderBoard({
      ...VIEW,
      theme,
      name: "board-longbowman",
      context: boardContext("bow"),
      inspect: async (page) => {
        await page.focus('.aod-board-token-button[data-combatant-id="argent"]');
        tooltip = await page.locator("#aod-board-why-argent").innerText();
      },
    });
    expect(html).toContain("Full ground move");
    expect(tooltip).toContain("Melee needs close quarters or zero range.");
    // Its line does not repeat its label ("Melee: Melee needs..."); the Knight, an ally, gets no attack chip.
    expect(tooltip).not.toContain("Melee: Melee");
    expect(html).not.toMatch(/data-combatant-id="knight"(?:(?!<\/li>)[\s\S])*aod-board-chip">Melee/);
    expect(html).not.toContain('class="aod-board-chip aod-board-chip--none"');
    expect(html).toContain("How to read the board");
  });

  it.each(THEMES)("beside the chat sidebar at 1280 px: the window and the open 300 px sidebar share the screen (%s)", async (theme) => {
    const sable = bestiary("sable-dragon");
    const prepared = prepareCheck(sable, { choice: { skill: "aerobatics" } });
    // As many dice as the check's pool.
    const faces = [6, 4, 2, 5, 1, 3, 6, 2, 4, 5].slice(0, prepared.check?.pool ?? 0);
    const data = checkCardData({ uuid: `Actor.${sable._id ?? ""}`, name: sable.name, img: sable.img ?? "" }, prepared, countSuccesses(faces, prepared.check?.tn ?? 6));
    if (data === null) throw new Error("the check was refused");
    const context = {
      ...boardContext("argent"),
      windowTitle: "Range and Altitude Board",
      sidebarLabel: "Chat log",
      speaker: sable.name,
      check: checkCardContext(data, faces, (key, values) => localizeKey(key, values ?? {}), [], "publicroll"),
    };
    let boxes = { board: { left: 0, right: 0, bottom: 0 }, sidebar: { left: 0, right: 0 } };
    await renderBoard({
      template: "test/browser/fixtures/board-beside-sidebar.hbs",
      context,
      theme,
      name: "board-beside-sidebar",
      frame: { kind: "none" },
      inspect: async (page) => {
        boxes = await page.evaluate(() => {
          const board = document.querySelector(".aod-test-screen-window")?.getBoundingClientRect();
          const sidebar = document.querySelector(".aod-test-screen-sidebar")?.getBoundingClientRect();
          return {
            board: { left: board?.left ?? 0, right: board?.right ?? 0, bottom: board?.bottom ?? 0 },
            sidebar: { left: sidebar?.left ?? 0, right: sidebar?.right ?? 0 },
          };
        });
      },
    });
    // The board's window ends before the sidebar begins, and both lie within the 1280x800 screen.
    expect(boxes.board.right).toBeLessThanOrEqual(boxes.sidebar.left);
    expect(boxes.sidebar.right).toBeLessThanOrEqual(1280);
    expect(boxes.board.bottom).toBeLessThanOrEqual(800);
  });

  it.each(THEMES)("with no combat (%s)", async (theme) => {
    const empty = { combatants: {}, landmarks: {}, distances: {}, grapples: [], carrying: {}, surface: "normal" as const };
    const context = { ...buildBoardContext({ state: empty, weapons: [], images: {}, isGM: false, owned: [] }), noCombat: true };
    const { html } = await renderBoard({ ...VIEW, theme, name: "board-no-combat", context });
    expect(html).toContain("aod-board-note");
    expect(html).not.toContain("How to read the board");
  });

  it.each(THEMES)("a move no longer open: the pinned Hunter's owner is told why, the move kinds disabled (%s)", async (theme) => {
    const { html } = await renderBoard({ ...VIEW, theme, name: "board-move-blocked", context: boardContext("hunter") });
    expect(html).toContain("A pinned combatant cannot make tactical movement.");
  });

  it.each(THEMES)("a move refused by the GM's check: the refusal heads the move controls, the board shows why (%s)", async (theme) => {
    // As it happens: the Sable's owner moved from a stale board after the Sable had already moved (the GM moved it
    // meanwhile); the GM's check refused, and the board, drawn again, shows the Sable moved and its moves closed.
    const fight = showcaseFight();
    const sable = fight.combatants.sable;
    if (sable === undefined) throw new Error("no Sable");
    fight.combatants.sable = { ...sable, moved: true };
    const { html } = await renderBoard({ ...VIEW, theme, name: "board-move-refused", context: boardContext("sable", { state: fight, moveRefused: "AOD.Rules.Reason.AlreadyMoved" }) });
    expect(html).toMatch(/<h3 class="aod-board-move-title">Tactical movement<\/h3>\s*<p class="aod-notice aod-refusal aod-board-move-refused" role="alert">Move refused: It has already moved this round\.<\/p>/);
    // Said once: the closed form adds no note repeating the refusal; the Sable's token and panel say "Moved".
    expect(html.match(/It has already moved this round\./g)).toHaveLength(1);
    expect(html).toMatch(/data-combatant-id="sable"(?:(?!<\/li>)[\s\S])*>Moved</);
    expect(html).toContain('<p class="aod-board-statuses"><span class="aod-board-status">Moved</span></p>');
    expect(html).not.toContain("Standard move");
  });

  it.each(THEMES)("seen by the GM with the editing controls (%s)", async (theme) => {
    const { html } = await renderBoard({
      ...VIEW,
      theme,
      name: "board-gm",
      context: boardContext("hunter", { isGM: true, owned: [] }),
    });
    expect(html).toContain("GM controls");
    expect(html).toContain("A pinned combatant cannot make tactical movement.");
    // No move open for the pinned Hunter: the GM's direct edits are its one set of move controls.
    expect(html).toContain('data-edit="altitude" data-id="hunter"');
    expect(html).toContain("aod-board-distance-editor");
  });

  it.each(THEMES)("the scroll fade lies in the window's bottom padding, over no line of the content (%s)", async (theme) => {
    let fade = { bottom: 0, height: 0, padding: 0, backgroundImage: "" };
    await renderBoard({
      ...VIEW,
      theme,
      name: "board-fade",
      context: boardContext("bow"),
      inspect: async (page) => {
        fade = await page.evaluate(() => {
          const layout = document.querySelector(".aod-board-layout");
          const content = document.querySelector(".window-content");
          const after = layout ? getComputedStyle(layout, "::after") : null;
          return {
            bottom: parseFloat(after?.bottom ?? "0"),
            height: parseFloat(after?.height ?? "0"),
            padding: content ? parseFloat(getComputedStyle(content).paddingBottom) : 0,
            backgroundImage: after?.backgroundImage ?? "",
          };
        });
      },
    });
    // The strip sticks its own height below the content's edge: from that edge down, inside the padding.
    expect(fade.backgroundImage).toContain("linear-gradient");
    expect(fade.height).toBeGreaterThan(0);
    expect(fade.bottom).toBe(-fade.height);
    expect(fade.height).toBeLessThanOrEqual(fade.padding);
  });

  it.each(THEMES)("the accessible table, scrolled into view (%s)", async (theme) => {
    const { html } = await renderBoard({
      ...VIEW,
      theme,
      name: "board-table",
      context: boardContext("bow"),
      inspect: async (page) => {
        await page.locator(".aod-board-table").scrollIntoViewIfNeeded();
      },
    });
    expect(html).toContain("Everyone on the board, seen from Longbowman");
    // The allies' rows say why the Longbowman could do nothing to them: no empty "Why not" beside a "Nothing".
    expect(html).toMatch(/data-combatant-id="knight"[\s\S]*?<td class="aod-board-why-cell"><span class="aod-board-why-line">Ally: Only a flying combatant can make a mid-air rescue\.<\/span><\/td>/);
    expect(html).not.toMatch(/Nothing<\/td>\s*<td class="aod-board-why-cell"><\/td>/);
  });

  it.each(THEMES)("with nobody selected (%s)", async (theme) => {
    const { html } = await renderBoard({ ...VIEW, theme, name: "board-none", context: boardContext(undefined) });
    expect(html).toContain("Select a combatant");
  });
});
