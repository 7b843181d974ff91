// Browser views of the tracker's controls (test/browser/README.md): core's per-combatant buttons, the fall toggle
// and the banner's surprise and mode controls for a GM and a player in the descending and d10 rounds; the surprise
// dialog; the combatant config's side and speed part. Both themes, axe-checked, photographed; long names included.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { fieldShowsWhole, renderView, THEMES } from "../../browser/harness";
import type { TrackerInput, TrackerTurn } from "../../../src/features/round/tracker-context";
import { trackerContext } from "../../../src/features/round/tracker-context";
import { parseSurpriseForm, surpriseDialogContext, surpriseRoster } from "../../../src/features/round/surprise-dialog-context";
import { sideSpeedContext, tacticsContext } from "../../../src/features/round/combatant-config-context";
import { ENTRIES, PNEUMA_ORDER, format, inputFor, turnsFor } from "./fight";
import { forecastContext } from "../../../src/features/round/forecast-context";
import { wilson } from "../../../src/rules/simulator";

const tracker = "test/features/round/fixtures/tracker-view.hbs";
const frame = { kind: "window" as const, title: "Combat Tracker", classes: ["sidebar-tab", "combat-sidebar"] };
const LONG = "Ysolde the Unyielding, Warden of the Ninefold Storm-Crowned Peaks of Aldermere";
/** The names the tracker's rows show, where the views rename the fight's combatants. */
const NAMES: Readonly<Record<string, string>> = { sable: LONG, knight: "Knight-Captain Aldric" };

/**
 * The fight's turns as Foundry hands them: one long-named flyer, one hidden rider with an effect, pings on the scene.
 * `sides` renames the combatants' sides (by combatant id), so a forecast's sides are the roster's.
 */
function turns(owned: readonly string[], sides: Readonly<Record<string, string>> = {}): TrackerTurn[] {
  return turnsFor(PNEUMA_ORDER).map((t) => ({
    ...t,
    name: NAMES[t.id] ?? t.name,
    side: sides[t.id] ?? t.side,
    owner: owned.includes(t.id),
    canPing: true,
    hidden: t.id === "rider",
    effects: t.id === "hunter" ? [{ img: "systems/age-of-dragons/assets/icons/combat-events.svg", name: "Wing Cramp" }] : [],
  }));
}

function view(mode: TrackerInput["mode"], index: number, isGM: boolean, extra: Partial<TrackerInput> = {}, sides: Readonly<Record<string, string>> = {}) {
  const owned = isGM ? [] : ["sable", "hunter"];
  const all = turns(owned, sides);
  return trackerContext(inputFor(mode, index, { isGM, turns: isGM ? all : all.filter((t) => !t.hidden), ...extra }), format);
}

/** The forecasts' side names: the dragons' side under the longest name a table might give it. */
const DRAGONS = "Dragons of the Ninefold Storm-Crowned Peaks";

/**
 * A forecast's row for each combatant the tracker lists (the same names, from its rows), on its side: the Knight,
 * struck through on the tracker as dead, dead in every run.
 */
function combatantsOf(sides: Readonly<Record<string, string>>, counts: Readonly<Record<string, readonly [number, number]>>) {
  return turnsFor(PNEUMA_ORDER)
    .filter((t) => counts[t.id] !== undefined)
    .map((t) => {
      const [dead, severe] = counts[t.id] ?? [0, 0];
      return { id: t.id, name: NAMES[t.id] ?? t.name, side: sides[t.id] ?? t.side, dead: wilson(dead, 2400), severelyInjured: wilson(severe, 2400), damageDealt: 2, attacks: 3, hitRate: null };
    });
}

/** The names in the forecast's per-combatant table, and those of the tracker's rows, each sorted. */
const forecastNames = (html: string): string[] => Array.from(html.matchAll(/<span class="aod-forecast__who"[^>]*>([^<]*)<\/span>/g), (m) => m[1] ?? "").sort();
const rowNames = (html: string): string[] => Array.from(html.matchAll(/<strong class="name aod-turn-name" data-tooltip="([^"]*)"/g), (m) => m[1] ?? "").sort();

describe("the tracker's forecast strip", () => {
  /** Three sides as the tracker's roster has them: the dragons, the hidden Wyvern Rider alone, and the Margrave's men. */
  const SIDES = { sable: DRAGONS, argent: DRAGONS, hunter: DRAGONS, rider: "Riders", bowman: "Margrave", knight: "Margrave" };
  /** Three sides and the draw, from 2,400 simulated fights; each of the tracker's combatants with its chances. */
  const forecast = (updating: boolean) =>
    forecastContext(
      {
        updating,
        forecast: {
          result: {
            runs: 2400, seed: 1, mode: "descending", roundLimit: 20, cancelled: false,
            sides: [
              { name: DRAGONS, wins: wilson(1392, 2400) },
              { name: "Margrave", wins: wilson(708, 2400) },
              { name: "Riders", wins: wilson(120, 2400) },
            ],
            draws: wilson(180, 2400),
            endings: { sideOut: 2220, disengaged: 60, roundLimit: 120 },
            rounds: { mean: 4.6, median: 4, p90: 7, histogram: [] },
            combatants: combatantsOf(SIDES, {
              sable: [300, 500], argent: [240, 360], hunter: [480, 720], rider: [1680, 240], bowman: [1200, 400], knight: [2400, 0],
            }),
          },
          precision: 0.02,
          roundsLeft: 2.6,
        },
      },
      format,
    );
  it.each(THEMES)("each side's chance from here on one bar, the leader first, the rounds left (%s)", async (theme) => {
    const context = { ...view("descending", 1, true, {}, SIDES), forecast: forecast(false) };
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-forecast", width: 300, height: 780, frame });
    expect(html).toContain("Forecast from here");
    expect(html).toMatch(/Dragons of the Ninefold Storm-Crowned Peaks<\/span>\s*<strong class="aod-forecast__percent">58%/);
    expect(html).toContain("About 2.6 more rounds");
    expect(html).toContain('role="img"');
  });
  it.each(THEMES)("its detail opened: each combatant's chance to end dead or out of the fight (%s)", async (theme) => {
    const context = { ...view("descending", 1, true, {}, SIDES), forecast: forecast(false) };
    const { html } = await renderView({
      template: tracker, context, theme, name: "tracker-forecast-detail", width: 300, height: 780, frame,
      inspect: async (page) => {
        await page.evaluate(() => {
          document.querySelectorAll("details.aod-forecast__detail").forEach((d) => {
            (d as HTMLDetailsElement).open = true;
          });
        });
      },
    });
    expect(html).toContain("Each combatant");
    expect(html).toMatch(/Longbowman of the Northern Marches Company<\/span> <small class="aod-muted">Margrave<\/small><\/th><td>50%<\/td><td>67%<\/td>/);
    // The table names the tracker's combatants, as its rows do; the Knight struck through as dead is dead in every run.
    expect(forecastNames(html)).toEqual(rowNames(html));
    expect(forecastNames(html)).toHaveLength(6);
    expect(html).toMatch(/Knight-Captain Aldric<\/span> <small class="aod-muted">Margrave<\/small><\/th><td>100%<\/td><td>100%<\/td>/);
  });
  it.each(THEMES)("while a newer forecast is worked out, the last one dimmed and marked (%s)", async (theme) => {
    // The GM's view: the Riders' side holds the Wyvern Rider, hidden from players (a player's forecast leaves it out).
    const context = { ...view("descending", 1, true, {}, SIDES), forecast: forecast(true) };
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-forecast-updating", width: 300, height: 780, frame });
    expect(html).toContain("aod-forecast--updating");
    expect(html).toContain("updating…");
  });
});

describe("the forecast's chart and lopsided fights", () => {
  /** Two sides and the draw; `dragons` of 2,400 runs won by the dragons, `draws` drawn. */
  /** Two sides as the tracker's roster has them: the Wyvern Rider fights beside the Margrave's men. */
  const SIDES = { sable: DRAGONS, argent: DRAGONS, hunter: DRAGONS, rider: "Margrave", bowman: "Margrave", knight: "Margrave" };
  /** A player's forecast leaves out the Wyvern Rider, hidden from players. */
  const lopsided = (dragons: number, draws: number, player = false) => ({
    runs: 2400, seed: 1, mode: "descending" as const, roundLimit: 20, cancelled: false,
    sides: [
      { name: DRAGONS, wins: wilson(dragons, 2400) },
      { name: "Margrave", wins: wilson(2400 - dragons - draws, 2400) },
    ],
    draws: wilson(draws, 2400),
    endings: { sideOut: 2400 - draws, disengaged: 0, roundLimit: draws },
    rounds: { mean: 3.2, median: 3, p90: 4, histogram: [] },
    combatants: combatantsOf(SIDES, {
      sable: [10, 30], argent: [5, 20], hunter: [60, 90], ...(player ? {} : { rider: [2300, 80] }), bowman: [2200, 150], knight: [2400, 0],
    }),
  });
  /** The forecast after each step of three rounds: the dragons from even odds to nearly certain. */
  const history = [
    [1, 1, 0.5, 0.45], [1, 2, 0.52, 0.43], [1, 3, 0.47, 0.48], [2, 1, 0.61, 0.35], [2, 2, 0.7, 0.26], [2, 3, 0.66, 0.3], [3, 1, 0.85, 0.12], [3, 2, 0.97, 0.02], [3, 3, 0.99, 0.01],
  ].map(([round, index, d, m]) => ({ round: round ?? 0, index: index ?? 0, wins: { "Dragons of the Ninefold Storm-Crowned Peaks": d ?? 0, Margrave: m ?? 0 }, draw: 1 - (d ?? 0) - (m ?? 0) }));
  const strip = (dragons: number, draws: number, open: boolean) =>
    forecastContext({ updating: false, forecast: { result: lopsided(dragons, draws, false), precision: 0.01, roundsLeft: 0.4 } }, format, history, open);

  it.each(THEMES)("the detail's chart: each side's chance after every step, the rounds marked (%s)", async (theme) => {
    // Round 4's second step: the chart has the three rounds before it.
    const context = { ...view("descending", 1, true, { round: 4 }, SIDES), forecast: strip(2376, 0, true) };
    let box = { width: 0, height: 0, right: 0, windowRight: 0 };
    const { html } = await renderView({
      template: tracker, context, theme, name: "tracker-forecast-chart", width: 300, height: 780, frame,
      inspect: async (page) => {
        box = await page.evaluate(() => {
          const svg = document.querySelector(".aod-forecast__chart svg")?.getBoundingClientRect();
          const win = document.querySelector(".aod-forecast")?.getBoundingClientRect();
          return { width: svg?.width ?? 0, height: svg?.height ?? 0, right: svg?.right ?? 0, windowRight: win?.right ?? 0 };
        });
      },
    });
    expect(html).toContain("<svg");
    expect(html).toContain("The forecast after each step");
    expect(html).toContain("Dragons of the Ninefold Storm-Crowned Peaks from 50% to 99%; Margrave from 45% to 1%; 9 steps over 3 rounds.");
    expect(html.match(/<polyline/g)).toHaveLength(2);
    expect(html).toMatch(/>R3<\/text>/);
    // The chart fits inside the strip, wide enough to read.
    expect(box.width).toBeGreaterThan(200);
    expect(box.right).toBeLessThanOrEqual(box.windowRight);
  });

  it.each(THEMES)("a side near 100%, the other near 0%: both named, the small share still shown (%s)", async (theme) => {
    const context = { ...view("descending", 1, true, { round: 4 }, SIDES), forecast: strip(2390, 2, false) };
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-forecast-certain", width: 300, height: 780, frame });
    expect(html).toMatch(/Dragons of the Ninefold Storm-Crowned Peaks<\/span>\s*<strong class="aod-forecast__percent">&gt;99%/);
    expect(html).toMatch(/Margrave<\/span>\s*<strong class="aod-forecast__percent">&lt;1%/);
    expect(html).toContain("About 0.4 more rounds");
  });

  it.each(THEMES)("after the fight, with no forecast worked out any more: the last step's chances and the chart (%s)", async (theme) => {
    // The fight ended in round 3, where the chart ends.
    const context = { ...view("descending", 1, true, { round: 3, ended: true }, SIDES), forecast: forecastContext({ forecast: null, updating: false }, format, history, true) };
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-forecast-past", width: 300, height: 780, frame });
    expect(html).toContain("Forecast at the last step");
    expect(html).toContain("<svg");
    expect(html).not.toContain("aod-forecast__table");
    expect(html).not.toContain("aod-forecast__foot");
  });

  it.each(THEMES)("a player shown the forecast: the strip and its open detail, no GM controls (%s)", async (theme) => {
    // The same fight as the chart's, in round 4: the dragons nearly sure to win. The Wyvern Rider is hidden from
    // players, so the GM's history (worked out with him) draws no chart here.
    const player = forecastContext(
      { updating: false, forecast: { result: lopsided(2328, 24, true), precision: 0.01, roundsLeft: 0.4 } },
      format,
      history,
      true,
      { ownSidesOnly: true, historyHidden: true },
    );
    const context = { ...view("descending", 1, false, { round: 4 }, SIDES), forecast: player };
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-forecast-player", width: 300, height: 780, frame });
    expect(html).toMatch(/Dragons of the Ninefold Storm-Crowned Peaks<\/span>\s*<strong class="aod-forecast__percent">97%/);
    expect(html).toMatch(/Margrave<\/span>\s*<strong class="aod-forecast__percent">2%/);
    expect(html).not.toContain('data-action="toggleHidden"');
    // The player's table lists the combatants the player's tracker shows: not the hidden Wyvern Rider.
    expect(forecastNames(html)).toEqual(rowNames(html));
    expect(forecastNames(html)).toHaveLength(5);
    expect(forecastNames(html)).not.toContain("Wyvern Rider");
    expect(html).not.toContain("<svg");
  });
});

/** Each row's name as the row shows it: the names whose head is cut with an ellipsis, and the narrowest name's width. */
async function namesShown(page: Page): Promise<{ cut: string[]; shown: Record<string, number>; narrowest: number }> {
  return page.evaluate(() => {
    const heads = Array.from(document.querySelectorAll<HTMLElement>(".aod-turn-name-head"));
    return {
      cut: heads.filter((h) => h.scrollWidth > h.clientWidth + 1).map((h) => h.textContent),
      shown: Object.fromEntries(heads.map((h) => [h.textContent, Math.min(1, h.clientWidth / h.scrollWidth)])),
      narrowest: Math.min(...Array.from(document.querySelectorAll<HTMLElement>(".aod-turn-name")).map((n) => n.getBoundingClientRect().width)),
    };
  });
}

describe("the tracker's controls", () => {
  it.each(THEMES)("descending, the GM: hide, defeat and ping in each row's menu, fall toggles on the flyers, names whole (%s)", async (theme) => {
    let names = { cut: [] as string[], shown: {} as Record<string, number>, narrowest: 0 };
    const { html } = await renderView({
      template: tracker, context: view("descending", 1, true), theme, name: "tracker-controls-gm-descending", width: 300, height: 780, frame,
      inspect: async (page) => { names = await namesShown(page); },
    });
    expect(html).toContain('data-action="toggleHidden"');
    expect(html).toContain('data-action="toggleDefeated"');
    expect(html).toContain('data-action="activateCombatant"');
    // Core's three buttons sit behind one menu button per row: the fall arrow and the menu are all the row shows.
    expect(html).toContain('popovertarget="aod-row-menu-argent"');
    expect(html).toContain('aria-label="Token controls for Argent Dragon"');
    expect(html).toMatch(/<div popover id="aod-row-menu-argent"[^>]*>\s*<button type="button" class="combatant-control aod-row-menu-item" data-action="toggleHidden"/);
    expect(html).toContain("Mark Argent Dragon to fall one band");
    expect(html).toContain("Fall ✓");
    expect(html).toContain(LONG);
    // The names read whole at the sidebar's width, "Knight-Captain Aldric" nearly (its last letters under the
    // ellipsis); only the long titles are cut further (the tooltip gives each whole).
    expect(names.cut.filter((n) => n !== LONG && !n.startsWith("Longbowman"))).toEqual(["Knight-Captain Aldric"]);
    expect(names.shown["Knight-Captain Aldric"]).toBeGreaterThan(0.85);
    expect(names.narrowest).toBeGreaterThan(120);
  });

  it.each(THEMES)("descending, the GM: a row's menu opened under its button (%s)", async (theme) => {
    let box = { menuTop: 0, buttonBottom: 0, menuRight: 0, windowRight: 0, items: 0 };
    await renderView({
      template: tracker, context: view("descending", 1, true), theme, name: "tracker-controls-gm-menu", width: 300, height: 780, frame,
      inspect: async (page) => {
        box = await page.evaluate(() => {
          const menu = document.getElementById("aod-row-menu-rider");
          menu?.showPopover();
          const button = document.querySelector('[popovertarget="aod-row-menu-rider"]');
          const window = document.querySelector(".application");
          return {
            menuTop: menu?.getBoundingClientRect().top ?? 0,
            buttonBottom: button?.getBoundingClientRect().bottom ?? 0,
            menuRight: menu?.getBoundingClientRect().right ?? 0,
            windowRight: window?.getBoundingClientRect().right ?? 0,
            items: menu?.querySelectorAll("button").length ?? 0,
          };
        });
      },
    });
    expect(box.items).toBe(3);
    expect(box.menuTop).toBeGreaterThanOrEqual(box.buttonBottom);
    expect(box.menuTop - box.buttonBottom).toBeLessThan(8);
    expect(box.menuRight).toBeLessThanOrEqual(box.windowRight);
  });

  it.each(THEMES)("descending, a player: its own flyers' fall toggles, ping and pan (%s)", async (theme) => {
    const { html } = await renderView({ template: tracker, context: view("descending", 1, false), theme, name: "tracker-controls-player-descending", width: 300, height: 780, frame });
    expect(html).not.toContain('data-action="toggleHidden"');
    expect(html).toContain('data-action="panToCombatant"');
    expect(html.match(/data-action="aodFall"/g)).toHaveLength(2);
    expect(html).not.toContain("Wyvern Rider");
  });

  it.each(THEMES)("side d10, the GM: the controls in the speed-phase groups (%s)", async (theme) => {
    const { html } = await renderView({ template: tracker, context: view("sideD10", 1, true), theme, name: "tracker-controls-gm-d10", width: 300, height: 780, frame });
    expect(html).toContain("Very Fast");
    expect(html).toContain('data-action="toggleHidden"');
  });

  it.each(THEMES)("side d10, a player (%s)", async (theme) => {
    const { html } = await renderView({ template: tracker, context: view("sideD10", 1, false), theme, name: "tracker-controls-player-d10", width: 300, height: 780, frame });
    expect(html.match(/data-action="aodFall"/g)).toHaveLength(2);
    // The hidden Wyvern Rider's Fast step is not counted nor its phase shown.
    expect(html).toContain("Step 2 of 4");
  });

  it.each(THEMES)("before round 1, the GM: surprise and the round mode (%s)", async (theme) => {
    const { html } = await renderView({ template: tracker, context: view("sideD10", 0, true, { started: false, round: 0, step: null, stepCount: 0 }), theme, name: "tracker-controls-before-start", width: 300, height: 780, frame });
    expect(html).toContain("Surprise or ambush…");
    expect(html).toContain('name="aodMode"');
    expect(html).not.toContain('data-action="aodFall"');
  });

  it.each(THEMES)("between rounds, the GM: the mode for the next round (%s)", async (theme) => {
    const input = inputFor("descending", 0);
    const context = view("descending", input.stepCount - 1, true, { endPhaseDone: true });
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-controls-between-rounds", width: 300, height: 780, frame });
    expect(html).toContain("A new mode takes effect when the next round begins.");
  });
});

describe("the surprise dialog", () => {
  it.each(THEMES)("the fight's two sides, one long-named combatant, a refilled ambush (%s)", async (theme) => {
    const entries = ENTRIES.map((e) => (e.id === "sable" ? { ...e, name: LONG } : e));
    const context = surpriseDialogContext(surpriseRoster(entries), format, { kind: "ambush", "unaware.0": true, "scout.0": "sable", "hider.bowman": true, "target.bowman": "sable" });
    let scoutFits = false;
    let scoutEdges: number[][] = [];
    let footer = { buttons: 0, inside: false };
    let cue: { scrolls: boolean; cutRow: boolean; sticky: string; fades: boolean; clearAtEnd: boolean } | null = null;
    const { html } = await renderView({
      template: "test/features/round/fixtures/surprise-dialog-view.hbs",
      context,
      theme,
      name: "surprise-dialog",
      width: 640,
      frame: { kind: "window", title: "Surprise and ambush", classes: ["age-of-dragons", "aod-surprise-window"] },
      inspect: async (page) => {
        // The chosen scout's menu shows its whole (shortened) label, Agility included.
        scoutFits = await fieldShowsWhole(page, 'select[name="scout.0"]');
        scoutEdges = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLSelectElement>('select[name^="scout."]')).map((s) => [Math.round(s.getBoundingClientRect().left), Math.round(s.getBoundingClientRect().right)]),
        );
        cue = await page.evaluate(() => {
          const list = document.querySelector<HTMLElement>(".aod-surprise-hider-list");
          if (!list) return null;
          const after = getComputedStyle(list, "::after");
          const rows = list.querySelectorAll(".aod-surprise-hider");
          const last = rows[rows.length - 1]?.getBoundingClientRect().bottom ?? 0;
          const strip = parseFloat(after.height);
          // Scrolled to the end, the strip lies under the last row, not over it.
          list.scrollTop = list.scrollHeight;
          const end = list.getBoundingClientRect().bottom - (rows[rows.length - 1]?.getBoundingClientRect().bottom ?? 0);
          list.scrollTop = 0;
          return { scrolls: list.scrollHeight > list.clientHeight, cutRow: last > list.getBoundingClientRect().bottom, sticky: after.position, fades: after.backgroundImage.startsWith("linear-gradient"), clearAtEnd: end >= strip && strip > 0 };
        });
        footer = await page.evaluate(() => {
          const buttons = Array.from(document.querySelectorAll<HTMLElement>(".form-footer button"));
          const window = document.querySelector(".application");
          const bottom = window?.getBoundingClientRect().bottom ?? 0;
          return { buttons: buttons.length, inside: buttons.every((b) => b.getBoundingClientRect().bottom <= bottom) };
        });
      },
    });
    expect(scoutFits).toBe(true);
    // The two sides' scout menus start and end at the same place; Cancel and Roll show under the form.
    expect(scoutEdges).toHaveLength(2);
    expect(scoutEdges[0]).toEqual(scoutEdges[1]);
    expect(footer).toEqual({ buttons: 2, inside: true });
    // The hiders' list scrolls and its edge cuts a row: a fading strip sticks to its bottom and says so, and
    // scrolled to the end it covers no row.
    expect(cue).toEqual({ scrolls: true, cutRow: true, sticky: "sticky", fades: true, clearAtEnd: true });
    expect(html).toContain("Dragons are unaware");
    expect(html).toContain("Agility 2: scout Ysolde the … Aldermere");
    expect(html).toContain('<optgroup label="Dragons">');
    expect(html).toContain("Longbowman of the Northern Marches Company strikes from hiding");
  });
});

describe("the surprise dialog refused", () => {
  it.each(THEMES)("a form with nobody unaware and nobody hiding, refilled with its reason at the top (%s)", async (theme) => {
    const entries = ENTRIES.map((e) => (e.id === "sable" ? { ...e, name: LONG } : e));
    const roster = surpriseRoster(entries);
    const previous = { kind: "surprise" };
    const parsed = parseSurpriseForm(previous, roster);
    if (parsed.ok) throw new Error("the empty form should be refused");
    const context = surpriseDialogContext(roster, format, previous, parsed.reason);
    const { html } = await renderView({
      template: "test/features/round/fixtures/surprise-dialog-view.hbs",
      context,
      theme,
      name: "surprise-dialog-refused",
      width: 640,
      frame: { kind: "window", title: "Surprise and ambush", classes: ["age-of-dragons", "aod-surprise-window"] },
    });
    expect(html).toContain('<p class="aod-notice aod-refusal" role="alert">Mark at least one side as unaware, or someone striking from hiding.</p>');
  });
});

describe("the combatant config", () => {
  it.each(THEMES)("side and speed with their defaults, a long group name (%s)", async (theme) => {
    const context = {
      aod: {
        id: "bowman",
        ...sideSpeedContext({ side: "", speed: "", group: "Mercenaries of the Long Valley and the Northern Marches", disposition: -1, actorSpeed: "average", editable: true }, format),
        tactics: tacticsContext({ tactics: "skirmisher", moduleSet: false, editable: true }, format),
      },
    };
    let fits: boolean[] = [];
    const { html } = await renderView({
      template: "test/features/round/fixtures/combatant-config-view.hbs",
      context,
      theme,
      name: "combatant-config",
      width: 420,
      frame: { kind: "window", title: "Update Combatant: Longbowman of the Northern Marches Company", classes: ["sheet", "combat-sheet"] },
      inspect: async (page) => {
        // Each field's text (the side's placeholder, the chosen speed) fits inside its field.
        fits = [];
        for (const field of ['input[name="system.side"]', 'select[name="system.speed"]', 'select[name="system.tactics"]']) {
          fits.push(await fieldShowsWhole(page, field));
        }
      },
    });
    expect(fits).toEqual([true, true, true]);
    expect(html).toContain('<option value="skirmisher" selected>Skirmisher</option>');
    expect(html).toContain("<legend>Forecast and advice</legend>");
    expect(html).toContain("Tactics in the forecast");
    expect(html).toContain("Now: Skirmisher: keeps its range and breathes while its Magic Points last");
    expect(html).toContain("Blank: Mercenaries of the Long Valley and the Northern Marches, from its combatant group.");
    expect(html).toContain("speed (Average)");
  });

  it.each(THEMES)("overrides set (%s)", async (theme) => {
    const context = {
      aod: {
        id: "rider",
        ...sideSpeedContext({ side: "Wyvern Host", speed: "veryFast", group: null, disposition: 1, actorSpeed: "fast", editable: true }, format),
        // A world with a table's tactics module: the GM types a module's name, the standard ones suggested.
        tactics: tacticsContext({ tactics: "ambushers", moduleSet: true, editable: true }, format),
      },
    };
    const { html } = await renderView({
      template: "test/features/round/fixtures/combatant-config-view.hbs",
      context,
      theme,
      name: "combatant-config-set",
      width: 420,
      frame: { kind: "window", title: "Update Combatant: Wyvern Rider", classes: ["sheet", "combat-sheet"] },
    });
    expect(html).toContain("It acts for Wyvern Host in the Very Fast phase.");
    expect(html).toMatch(/<input type="text" id="aod-tactics-rider" name="system.tactics" value="ambushers"[^>]*list="aod-tactics-list-rider"/);
    expect(html).toContain('<datalist id="aod-tactics-list-rider"><option value="standard">');
    // The module's names are not known here: a note that it will be asked, the field not marked invalid.
    expect(html).toContain("the tactics module will be asked for it");
    expect(html).not.toMatch(/id="aod-tactics-rider"[^>]*aria-invalid/);
  });

  it.each(THEMES)("a tactics name the table's module does not export, warned under the field (%s)", async (theme) => {
    const context = {
      aod: {
        id: "wyrm",
        ...sideSpeedContext({ side: "", speed: "", group: null, disposition: -1, actorSpeed: "fast", editable: true }, format),
        // The module's names as a worker read them: "ambusher" is a typo of one.
        tactics: tacticsContext({ tactics: "ambusher", moduleSet: true, module: { kind: "loaded", names: ["ambushers", "adversaries"] }, editable: true }, format),
      },
    };
    let shown = { warning: false, fits: false };
    const { html } = await renderView({
      template: "test/features/round/fixtures/combatant-config-view.hbs",
      context,
      theme,
      name: "combatant-config-tactics-warning",
      width: 420,
      frame: { kind: "window", title: "Update Combatant: Storm Wyrm", classes: ["sheet", "combat-sheet"] },
      inspect: async (page) => {
        shown = { warning: await page.locator("#aod-tactics-warning-wyrm").isVisible(), fits: await fieldShowsWhole(page, 'input[name="system.tactics"]') };
      },
    });
    expect(shown).toEqual({ warning: true, fits: true });
    expect(html).toMatch(/<input type="text" id="aod-tactics-wyrm"[^>]*aria-describedby="aod-tactics-hint-wyrm aod-tactics-warning-wyrm" aria-invalid="true"/);
    expect(html).toContain("nor the tactics module&#x27;s (ambushers, adversaries)");
    expect(html).toContain('<option value="ambushers">ambushers</option>');
  });
});
