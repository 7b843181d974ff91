// Browser views of the combat (test/browser/README.md): the tracker in each round mode for one fight, and the
// initiative, event, End Phase and surprise cards, each in both themes, checked with axe and photographed.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { renderView, THEMES } from "../../browser/harness";
import { trackerContext } from "../../../src/features/round/tracker-context";
import {
  endPhaseCardContext,
  eventCardContext,
  initiativeCardContext,
  surpriseCardContext,
} from "../../../src/core/cards/combat-card-context";
import { ENTRIES, PNEUMA_ORDER, STATE, STORED, format, inputFor, turnsFor } from "./fight";
import type { TrackerTurn } from "../../../src/features/round/tracker-context";
import { planCombatants, skirmishState } from "../../../src/data/combat/combat-snapshot";
import { planRound } from "../../../src/rules/round-plan";
import { resolveEndPhase } from "../../../src/rules/procedures/end-phase";
import { woundThresholds } from "../../../src/rules/health";
import { scriptedDice } from "../../../src/rules/roll-sources";
import { resolveCombatEvent } from "../../../src/rules/combat-events";
import { eventSnapshot } from "../../../src/data/combat/combat-snapshot";

const tracker = "test/features/round/fixtures/tracker-view.hbs";

/** How the rows draw their names: lines each takes, which are cut with an ellipsis, and each numeral's place. */
interface NameLayout {
  /** The tallest name, in px (one line of the row's text is under 17 px). */
  tallest: number;
  /** The names whose head is cut with an ellipsis. */
  cut: string[];
  /** The numerals shown after a name, each inside its row's name column. */
  tails: string[];
  tailsInside: boolean;
}

async function nameLayout(page: Page): Promise<NameLayout> {
  return page.evaluate(() => {
    const names = Array.from(document.querySelectorAll<HTMLElement>(".aod-turn-name"));
    const heads = Array.from(document.querySelectorAll<HTMLElement>(".aod-turn-name-head"));
    const tails = Array.from(document.querySelectorAll<HTMLElement>(".aod-turn-name-tail"));
    return {
      tallest: Math.max(...names.map((n) => n.getBoundingClientRect().height)),
      cut: heads.filter((h) => h.scrollWidth > h.clientWidth + 1).map((h) => h.textContent),
      tails: tails.map((t) => t.textContent),
      tailsInside: tails.every((t) => {
        const name = t.closest(".aod-turn-name");
        return name !== null && t.getBoundingClientRect().right <= name.getBoundingClientRect().right + 0.5 && t.getBoundingClientRect().width > 0;
      }),
    };
  });
}
const frame = { kind: "window" as const, title: "Combat Tracker", classes: ["sidebar-tab", "combat-sidebar"] };

describe("the combat tracker", () => {
  it.each(THEMES)("descending Pneuma, the Argent's movement (%s)", async (theme) => {
    let lines = { mode: 0, count: 0, countTop: 0, modeBottom: Infinity };
    const { html } = await renderView({
      template: tracker,
      context: trackerContext(inputFor("descending", 1), format),
      theme,
      name: "tracker-descending",
      width: 300,
      height: 760,
      frame,
      inspect: async (page) => {
        lines = await page.evaluate(() => {
          const mode = document.querySelector(".aod-banner-mode")?.getBoundingClientRect();
          const count = document.querySelector(".aod-banner-count")?.getBoundingClientRect();
          return { mode: mode?.height ?? 0, count: count?.height ?? 0, countTop: count?.top ?? 0, modeBottom: mode?.bottom ?? Infinity };
        });
      },
    });
    // The mode on one line, "Round 2 · Step 2 of 14" whole on the next: no separator left at a line's end.
    expect(lines.count).toBeGreaterThan(0);
    expect(lines.count).toBeLessThan(17);
    expect(lines.countTop).toBeGreaterThanOrEqual(lines.modeBottom - 1);
    expect(html).toContain("Descending Pneuma");
    expect(html).toContain("Argent Dragon acts");
    expect(html).toContain("Severely injured");
  });

  it.each(THEMES)("reverse declaration, a declaration shown and an aborted action (%s)", async (theme) => {
    const input = inputFor("reverseDeclaration", 5, {
      turns: turnsFor(["sable", "argent", "hunter", "rider", "bowman", "knight"], ["sable", "argent", "rider", "bowman"], { bowman: "AOD.Rules.Reason.TargetDead" }),
    });
    const { html } = await renderView({ template: tracker, context: trackerContext(input, format), theme, name: "tracker-reverse", width: 300, height: 760, frame });
    expect(html).toContain("Declared");
    expect(html).toContain("Aborted: The target is already dead.");
  });

  it.each(THEMES)("secret declaration, equal Pneuma resolving together (%s)", async (theme) => {
    const { html } = await renderView({ template: tracker, context: trackerContext(inputFor("secretDeclaration", 1), format), theme, name: "tracker-secret", width: 300, height: 760, frame });
    expect(html).toContain("3 resolve together");
    expect(html).toContain("Equal Pneuma: Sable Dragon, Argent Dragon, Wyvern Rider");
  });

  it.each(THEMES)("side d10, grouped by speed phase and side (%s)", async (theme) => {
    const { html } = await renderView({ template: tracker, context: trackerContext(inputFor("sideD10", 1), format), theme, name: "tracker-d10", width: 300, height: 760, frame });
    expect(html).toContain("Very Fast");
    expect(html).toContain("Wyvern Host");
    // The severely injured Hunter is listed under Extremely Fast, which has no step for it: the row says why.
    expect(html).toContain('<p class="aod-turn-nostep" data-tooltip="Hunter Dragon has no step in the Extremely Fast phase. A severely injured combatant takes no battle actions.">');
    expect(html).toContain("No step: A severely injured combatant takes no battle actions.");
  });

  it.each(THEMES)("as a player sees it: no GM controls (%s)", async (theme) => {
    const { html } = await renderView({ template: tracker, context: trackerContext(inputFor("descending", 1, { isGM: false }), format), theme, name: "tracker-player", width: 300, height: 760, frame });
    expect(html).not.toContain("Next step");
  });
});

/** The fight with six more: a second of each, twelve rows in the round's order. */
function crowd() {
  const copies = ENTRIES.map((e) => ({ ...e, id: `${e.id}2`, name: `${e.name} II` }));
  const entries = [...ENTRIES, ...copies];
  // No stored place: each copy takes the default one (flyers mid-altitude, the others on the ground).
  const state = skirmishState(STORED, entries);
  const order = PNEUMA_ORDER.flatMap((id) => [id, `${id}2`]);
  const plan = planRound({ mode: "descending", round: 2, combatants: planCombatants(state, entries), order });
  const base = turnsFor(PNEUMA_ORDER);
  const turns: TrackerTurn[] = order.map((id) => {
    const t = base.find((b) => b.id === id.replace(/2$/, ""));
    if (!t) throw new Error(id);
    return id.endsWith("2") ? { ...t, id, name: `${t.name} II` } : t;
  });
  return inputFor("descending", 3, { state, turns, plan: plan.steps, step: plan.steps[3] ?? null, stepCount: plan.steps.length });
}

describe("the compact tracker", () => {
  it.each(THEMES)("before the start, no combatant yet: Begin (%s)", async (theme) => {
    const context = trackerContext(inputFor("descending", 0, { started: false, round: 0, step: null, stepCount: 0, turns: [] }), format);
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-empty", width: 300, height: 760, frame });
    expect(html).toContain('data-action="aodBegin" disabled aria-describedby="aod-banner-main-hint"');
    expect(html).toContain("Add combatants first: select their tokens and choose Toggle Combat State on the token HUD.");
    expect(html).not.toContain('data-action="aodSurprise"');
    expect(html).toContain("The skirmish has not begun.");
  });

  it.each(THEMES)("the End Phase step: Resolve End Phase as the main button (%s)", async (theme) => {
    const at = inputFor("descending", 0).stepCount - 1;
    const { html } = await renderView({ template: tracker, context: trackerContext(inputFor("descending", at), format), theme, name: "tracker-end-phase", width: 300, height: 760, frame });
    expect(html).toMatch(/class="aod-primary aod-banner-main" data-action="aodNextStep">Resolve End Phase</);
    expect(html).not.toContain(">Next step<");
  });

  it.each(THEMES)("the End Phase resolved, everyone disengaged: Begin round 3 and End skirmish (%s)", async (theme) => {
    const at = inputFor("descending", 0).stepCount - 1;
    const context = trackerContext(inputFor("descending", at, { endPhaseDone: true, allDisengaged: true }), format);
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-end-skirmish", width: 300, height: 760, frame });
    expect(html).toContain(">Begin round 3<");
    expect(html).toContain("End the skirmish (all disengaged)");
    expect(html).not.toContain(">Next round<");
  });

  it.each(THEMES)("reverse declaration, the Sable's Resolve on its row and on the banner (%s)", async (theme) => {
    const turns = turnsFor(PNEUMA_ORDER, ["sable", "argent", "rider", "bowman"]).map((t) => ({ ...t, declaration: t.id === "sable" ? ("resolve" as const) : null }));
    const context = trackerContext(inputFor("reverseDeclaration", 4, { turns }), format);
    let names: NameLayout = { tallest: Infinity, cut: [], tails: [], tailsInside: false };
    const { html } = await renderView({ template: tracker, context, theme, name: "tracker-row-resolve", width: 300, height: 760, frame, inspect: async (page) => { names = await nameLayout(page); } });
    expect(html.match(/data-action="aodResolve"/g)).toHaveLength(2);
    // One line per name; the Resolve sits beside the Sable's name only, so no other row's name is cut.
    expect(names.tallest).toBeLessThan(17);
    expect(names.cut.filter((n) => n !== "Sable Dragon" && !n.startsWith("Longbowman"))).toEqual([]);
    expect(html).toContain('aria-label="Resolve Sable Dragon&#x27;s declared action"');
  });

  it.each(THEMES)("secret declaration as a player sees it: who has declared, never what; its own Declare (%s)", async (theme) => {
    const turns = turnsFor(PNEUMA_ORDER, ["argent", "rider", "knight"]).map((t) => ({ ...t, owner: t.id === "sable" || t.id === "hunter", declaration: t.id === "sable" ? ("declare" as const) : null }));
    const context = trackerContext(inputFor("secretDeclaration", 0, { isGM: false, turns }), format);
    let inside = false;
    const { html } = await renderView({
      template: tracker,
      context,
      theme,
      name: "tracker-secret-player",
      width: 300,
      height: 760,
      frame,
      inspect: async (page) => {
        // The active row's Declare is whole: its right edge inside the row's.
        inside = await page.evaluate(() => {
          const button = document.querySelector(".aod-turn--active .aod-turn-declare");
          const row = document.querySelector(".aod-turn--active");
          return button && row ? button.getBoundingClientRect().right <= row.getBoundingClientRect().right : false;
        });
      },
    });
    expect(inside).toBe(true);
    expect(html.match(/>Declared</g)).toHaveLength(3);
    expect(html.match(/>Yours</g)).toHaveLength(2);
    expect(html).not.toContain("Next step");
  });

  it.each(THEMES)("twelve combatants fit the sidebar, one line each, the fourth step's row highlighted (%s)", async (theme) => {
    let rows = { count: 0, last: Infinity, tallest: Infinity, lowest: 0, smallestBadge: 0 };
    let names: NameLayout = { tallest: Infinity, cut: [], tails: [], tailsInside: false };
    const { html } = await renderView({
      template: tracker,
      context: trackerContext(crowd(), format),
      theme,
      name: "tracker-twelve",
      width: 300,
      height: 760,
      frame,
      inspect: async (page) => {
        rows = await page.evaluate(() => {
          const all = Array.from(document.querySelectorAll(".aod-turn"));
          const heights = all.map((r) => r.getBoundingClientRect().height);
          const badges = Array.from(document.querySelectorAll(".aod-marker, .aod-turn-effects .token-effect")).map((b) => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height));
          return { count: all.length, last: all[all.length - 1]?.getBoundingClientRect().bottom ?? Infinity, tallest: Math.max(...heights), lowest: Math.min(...heights), smallestBadge: Math.min(...badges) };
        });
        names = await nameLayout(page);
      },
    });
    // All twelve rows show in the 760 px sidebar under the GM's banner; a row is one line, 36 px, with badges or not.
    expect(rows.count).toBe(12);
    expect(rows.last).toBeLessThanOrEqual(760);
    expect(rows.tallest).toBeLessThanOrEqual(36);
    expect(rows.lowest).toBe(rows.tallest);
    // The state badges and effect icons are legible: 18 px squares, not 14 px.
    expect(rows.smallestBadge).toBeGreaterThanOrEqual(18);
    // Every name on one line: a long one cut with an ellipsis (never broken inside a word), its "II" kept whole.
    expect(names.tallest).toBeLessThan(17);
    expect(names.cut.length).toBeGreaterThan(0);
    expect(names.cut.every((n) => n.startsWith("Longbowman"))).toBe(true);
    expect(names.tails).toEqual(["II", "II", "II", "II", "II", "II"]);
    expect(names.tailsInside).toBe(true);
    expect(html).toContain('data-tooltip="Sable Dragon II"');
  });
});

const chat = { kind: "chat" as const, speaker: "Skirmish" };

describe("the combat cards", () => {
  it.each(THEMES)("initiative: the Pneuma order with tie-break checks (%s)", async (theme) => {
    const context = initiativeCardContext(
      {
        mode: "descending",
        round: 1,
        tieTN: 6,
        order: [...ENTRIES].sort((a, b) => (b.body?.pneuma ?? 0) - (a.body?.pneuma ?? 0)).map((e) => ({ id: e.id, name: e.name, pneuma: e.body?.pneuma ?? 0 })),
        checks: [
          { id: "sable", dice: [6, 6, 2, 3], successes: 2 },
          { id: "argent", dice: [6, 1, 4, 5], successes: 1 },
          { id: "hunter", dice: [5, 1, 4, 6], successes: 1 },
          { id: "rider", dice: [1, 2, 3, 4], successes: 0 },
          { id: "argent", dice: [6, 6, 1, 2], successes: 2 },
          { id: "hunter", dice: [1, 1, 4, 2], successes: 0 },
        ],
        sides: [],
        events: 0,
      },
      format,
    );
    const { html } = await renderView({ template: "templates/round/initiative-card.hbs", context, theme, name: "card-initiative", frame: chat });
    expect(html).toContain("6: a success");
    expect(html).toContain("Re-roll 2");
  });

  it.each(THEMES)("initiative: the sides' d10 with a re-roll (%s)", async (theme) => {
    const context = initiativeCardContext(
      { mode: "sideD10", round: 2, tieTN: 6, order: [], checks: [], sides: [{ side: "Dragons", history: [4, 10], shift: -1 }, { side: "Wyvern Host", history: [4, 7], shift: 0 }], events: 1 },
      format,
    );
    const { html } = await renderView({ template: "templates/round/initiative-card.hbs", context, theme, name: "card-sides", frame: chat });
    expect(html).toContain("One phase earlier");
    expect(html).toContain("4 on a d10, tied and rolled again");
    expect(html.match(/aod-die--d10/g)).toHaveLength(4);
  });

  it.each(THEMES)("initiative: five sides tie again and again, events past the cap skipped (%s)", async (theme) => {
    const sides = [
      { side: "Dragons", history: [6, 6, 9], shift: 0 },
      { side: "Wyvern Host", history: [6, 6, 3], shift: 0 },
      { side: "The Free Companies of the Northern March", history: [2, 2, 10], shift: -1 },
      { side: "Crossbowmen", history: [2, 2, 1], shift: 1 },
      { side: "War Engines", history: [5], shift: 0 },
    ];
    const context = initiativeCardContext({ mode: "sideD10", round: 4, tieTN: 6, order: [], checks: [], sides, events: 4, skipped: 1, cap: 3 }, format);
    const { html } = await renderView({ template: "templates/round/initiative-card.hbs", context, theme, name: "card-sides-capped", frame: chat });
    expect(html).toContain("capped at 3 a round: 3 drawn, 1 skipped");
  });

  it.each(THEMES)("combat events drawn from the GM's own table, shown as text (%s)", async (theme) => {
    const context = eventCardContext(
      {
        round: 3,
        table: "Storms of the Northern Marches",
        events: [
          { roll: 7, event: "custom", key: "", name: "Hailstorm", text: "<p>Hail batters the field: every <strong>flyer</strong> drops one band. See @UUID[RollTable.AbCdEfGhIjKlMnOp]{Hail}.</p>", combatant: null, affected: [] },
          { roll: 2, event: "custom", key: "", text: "Lightning", combatant: null, affected: [] },
        ],
      },
      {},
      format,
    );
    const { html } = await renderView({ template: "templates/round/event-card.hbs", context, theme, name: "card-event-custom", frame: chat });
    expect(html).toContain("every flyer drops one band. See Hail.");
    expect(html).toContain("Hailstorm");
    expect(html).toContain("Table result");
    expect(html).not.toContain("&lt;p&gt;");
  });

  it.each(THEMES)("combat events drawn by the engine (%s)", async (theme) => {
    const snapshot = eventSnapshot(STATE, ENTRIES);
    // d20 13-14 Blinding Sun on one airborne combatant (die 6 over 4 airborne: faces 1..4 map to one each).
    const result = await resolveCombatEvent(snapshot, scriptedDice([13, 2]));
    const names = Object.fromEntries(ENTRIES.map((e) => [e.id, e.name]));
    const context = eventCardContext({ round: 2, table: "Combat Events", events: [{ ...result, text: "" }] }, names, format);
    const { html } = await renderView({ template: "templates/round/event-card.hbs", context, theme, name: "card-event", frame: chat });
    expect(html).toContain("Blinding Sun");
    expect(html).toContain("13 on a d20");
  });

  it.each(THEMES)("the End Phase: falls, a crash on rock, and the GM's undo (%s)", async (theme) => {
    // The Hunter (severely injured, high) falls to mid; the pinned Argent and Rider fall to low. Nobody crashes
    // this time, so take a second state with the Hunter low enough to crash.
    const hunter = STATE.combatants.hunter;
    if (!hunter) throw new Error("no Hunter");
    const low = { ...STATE, combatants: { ...STATE.combatants, hunter: { ...hunter, altitude: "low" as const } } };
    const outcome = await resolveEndPhase(low, scriptedDice([6, 4, 3, 2, 5]));
    const context = endPhaseCardContext(
      { round: 2, surface: "rock", falls: outcome.falls, log: outcome.log, undo: { skirmish: STORED, wounds: {} } },
      format,
      { canUndo: true, undone: false },
    );
    const { html } = await renderView({ template: "templates/round/end-phase-card.hbs", context, theme, name: "card-end-phase", frame: chat });
    expect(html).toContain("Crash: 5 dice at 4+");
    expect(html).toContain("Undo the End Phase");
  });

  it.each(THEMES)("the End Phase: a crash that kills heads its fall (%s)", async (theme) => {
    const hunter = STATE.combatants.hunter;
    if (!hunter) throw new Error("no Hunter");
    // One wound short of death, low enough to crash: the same dice as above deal 3 wounds and kill it.
    const dying = { ...hunter, altitude: "low" as const, life: { ...hunter.life, wounds: woundThresholds(hunter.life.max).dead - 1 } };
    const outcome = await resolveEndPhase({ ...STATE, combatants: { ...STATE.combatants, hunter: dying } }, scriptedDice([6, 4, 3, 2, 5]));
    const context = endPhaseCardContext({ round: 3, surface: "rock", falls: outcome.falls, log: outcome.log, undo: { skirmish: STORED, wounds: {} } }, format, { canUndo: false, undone: false });
    expect(context.falls.find((f) => f.name === hunter.name)?.headline).toBe("Dead");
    const { html } = await renderView({ template: "templates/round/end-phase-card.hbs", context, theme, name: "card-end-phase-death", frame: chat });
    expect(html).toContain('<strong class="aod-card-badge aod-card-badge--dire">Dead</strong>');
    expect(html).toContain("Killed by the crash.");
  });

  it.each(THEMES)("an ambush (%s)", async (theme) => {
    const context = surpriseCardContext(
      {
        kind: "ambush",
        ambusher: { side: "Wyvern Host", roll: 7, agility: 2, modifier: 2, chance: 11, failed: false },
        rolls: [{ side: "Dragons", roll: 3, agility: 2, chance: 11, result: "ambushed" }, { side: "Riders of the Long Valley", roll: 8, agility: 1, chance: 11, result: "surprised" }],
        costsRoundOne: true,
      },
      format,
    );
    const { html } = await renderView({ template: "templates/round/surprise-card.hbs", context, theme, name: "card-surprise", frame: chat });
    expect(html).toContain("Ambushed");
    expect(html).toContain("3 on a d10");
    // Every number says what it is: the Agility added and the chance it is measured against.
    expect(html).toContain("+ Agility 2 &#x3D; 5 vs Surprise Chance 11");
    expect(html).toContain("+ tags 2 sets the Surprise Chance at 11");
    // Each status given out is explained once, ambushed first, with what it means for round 1.
    expect(html).toContain('<li class="aod-surprise-meaning"><strong class="aod-card-badge aod-card-badge--ambushed">Ambushed</strong> rolled below half the Surprise Chance or a 1 on the die, or struck from hiding: takes no actions and makes no defence rolls in round 1.</li>');
    expect(html).toContain('<li class="aod-surprise-meaning"><strong class="aod-card-badge aod-card-badge--surprised">Surprised</strong> rolled below the Surprise Chance, or a 1 on the die: caught off guard, takes no actions in round 1.</li>');
  });

  it.each(THEMES)("a surprise in a world where it costs nothing: the one status given out explained, and the setting said (%s)", async (theme) => {
    const context = surpriseCardContext(
      { kind: "surprise", ambusher: null, rolls: [{ side: "Dragons", roll: 1, agility: 2, chance: 3, result: "surprised" }, { side: "Wyvern Host", roll: 6, agility: 1, chance: 3, result: "normal" }], costsRoundOne: false },
      format,
    );
    const { html } = await renderView({ template: "templates/round/surprise-card.hbs", context, theme, name: "card-surprise-no-cost", frame: chat });
    expect(context.meanings.map((m) => m.css)).toEqual(["surprised"]);
    expect(html).toContain("rolled below the Surprise Chance, or a 1 on the die: caught off guard.");
    expect(html).toContain("Surprise costs nothing in round 1 in this world (setting).");
    expect(html).not.toContain("aod-card-badge--ambushed");
  });
});
