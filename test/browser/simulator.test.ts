// The encounter simulator app in the browser harness: built from its real context builder over bestiary entries,
// in both themes, checked with axe-core (test/browser/README.md).
import { resolve } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { fieldShowsWhole, renderView, THEMES } from "./harness";
import { loadBestiary } from "../../src/cli/bestiary";
import { encounterFromActors } from "../../src/data/simulator-encounter";
import {
  addActor,
  initialState,
  onWorkerMessage,
  setField,
  simulatorContext,
  startRun,
} from "../../src/features/simulator/simulator-state";
import type { SimulatorState } from "../../src/features/simulator/simulator-state";
import { advise, simulate } from "../../src/rules/simulator";
import { adviceContext, declarationOf } from "../../src/features/simulator/advice-context";
import { pickOption, pilotCardContext, pilotChoice, pilotDialogContext } from "../../src/features/simulator/autopilot-context";
import type { CarryOut } from "../../src/features/simulator/advice-context";
import type { AdviceResult } from "../../src/rules/simulator";
import { localizeKey } from "../templates/foundry-helpers";
import { ROOT } from "../data/lang";

const entries = loadBestiary(resolve(ROOT, "packs/_source/bestiary"));
const byName = (name: string) => {
  const found = entries.find((e) => e.name === name);
  if (!found) throw new Error(name);
  return found;
};
const ref = (name: string, rename?: string) => {
  const e = byName(name);
  const img = (e as { img?: unknown }).img;
  return { uuid: `Actor.${name}`, name: rename ?? e.name, img: typeof img === "string" ? img : "" };
};
const format = (key: string, data: Readonly<Record<string, string | number>> = {}) => localizeKey(key, data);
const frame = { kind: "window", title: localizeKey("AOD.Simulator.Title"), classes: ["age-of-dragons", "aod-simulator-app"], tag: "form" } as const;
const TEMPLATE = "templates/simulator/simulator.hbs";

function filled(): SimulatorState {
  let state = addActor(initialState(), 0, ref("Sable Dragon", "Sable Dragon, Terror of the Nine Valleys and Scourge of the Northern Marches"));
  state = addActor(state, 1, ref("Knight"));
  state = addActor(state, 1, ref("Longbowman"));
  return addActor(state, 1, ref("Longbowman"));
}

/** A deterministic computation (seeded) made once for the file: both themes of a view show the same answer. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

describe("the encounter simulator", () => {
  it.each(THEMES)("is empty until actors are dragged onto its sides (%s)", async (theme) => {
    const { html } = await renderView({ template: TEMPLATE, context: simulatorContext(initialState(), format), theme, name: "simulator-empty", width: 1100, frame });
    expect(html).toContain(localizeKey("AOD.Simulator.DropHere"));
    expect(html).toMatch(/data-action="run"[^>]*disabled/);
  });

  it.each(THEMES)("shows its progress bar and cancel button while running (%s)", async (theme) => {
    let state = startRun(filled());
    state = onWorkerMessage(state, { type: "progress", job: 1, done: 4000, total: 10000 });
    const { html } = await renderView({ template: TEMPLATE, context: simulatorContext(state, format), theme, name: "simulator-running", width: 1100, frame });
    expect(html).toContain("4,000 of 10,000 runs");
    expect(html).not.toContain(localizeKey("AOD.Simulator.NoResults"));
    expect(html).toContain('data-action="cancel"');
    expect(html).not.toContain('data-action="run"');
  });

  /** The Sable against a Knight and two Longbowmen at middle distance: 1,500 runs, seed 1. */
  const sableAgainstThree = once(() => simulate(encounterFromActors(
    [
      { actors: [byName("Sable Dragon")], altitude: "mid" },
      { actors: [byName("Knight"), byName("Longbowman"), byName("Longbowman")], altitude: "mid" },
    ],
    { distance: "middle" },
  ), { runs: 1500, seed: 1 }));

  it.each(THEMES)("shows the verdict, the result table and the rounds chart, for the runs in the field (%s)", async (theme) => {
    const state = setField(filled(), "runs", "1500");
    const result = await sableAgainstThree();
    const done = onWorkerMessage(startRun(state), { type: "result", job: 1, result });
    let fit = { tallestName: Infinity, groundFits: false };
    const { html } = await renderView({
      template: TEMPLATE,
      context: simulatorContext(done, format),
      theme,
      name: "simulator-result",
      width: 1100,
      frame,
      inspect: async (page) => {
        const tallestName = await page.evaluate(() =>
          Math.max(...Array.from(document.querySelectorAll(".aod-simulator-actor-name"), (n) => n.getBoundingClientRect().height)));
        // The ground menu shows its whole choice: the text, measured in the menu's font, fits inside it.
        fit = { tallestName, groundFits: await fieldShowsWhole(page, 'select[name="surface"]') };
      },
    });
    // The Sable Dragon's long name takes two lines at most (about 20 px each), not seven.
    expect(fit.tallestName).toBeLessThanOrEqual(42);
    expect(fit.groundFits).toBe(true);
    expect(html).toContain(result.sides[0]?.name ?? "?");
    expect(html).toContain("95% interval");
    expect(html).toContain("<svg");
    expect(html).toContain("Longbowman 2");
    expect(html).toContain('name="runs" value="1500"');
    expect(html).toContain("1,500 runs, seed 1");
    expect(html).toMatch(/class="aod-simulator-verdict">[^<]+ of fights\.</);
    expect(html).not.toContain("aod-simulator-side-name");
  });

  it.each(THEMES)("shows a cancelled run as the share it played of the runs asked (%s)", async (theme) => {
    const encounter = encounterFromActors(
      [
        { actors: [byName("Sable Dragon")], altitude: "mid" },
        { actors: [byName("Knight"), byName("Longbowman"), byName("Longbowman")], altitude: "mid" },
      ],
      { distance: "middle" },
    );
    let asks = 0;
    const result = await simulate(encounter, { runs: 10000, seed: 1, progressEvery: 250, shouldStop: () => ++asks > 6 });
    const done = onWorkerMessage(startRun(filled()), { type: "result", job: 1, result });
    const { html } = await renderView({ template: TEMPLATE, context: simulatorContext(done, format), theme, name: "simulator-cancelled", width: 1100, frame });
    expect(result.cancelled).toBe(true);
    expect(html).toContain(`Cancelled after ${result.runs.toLocaleString("en-GB")} of 10,000 runs`);
  });

  it.each(THEMES)("offers each side its tactics: a select of the standard ones (%s)", async (theme) => {
    const state = setField(filled(), "tactics.1", "brawler");
    let fits: boolean[] = [];
    const { html } = await renderView({
      template: TEMPLATE, context: simulatorContext(state, format), theme, name: "simulator-tactics", width: 1100, frame,
      inspect: async (page) => {
        fits = [await fieldShowsWhole(page, 'select[name="tactics.0"]'), await fieldShowsWhole(page, 'select[name="tactics.1"]')];
      },
    });
    expect(fits).toEqual([true, true]);
    expect(html).toMatch(/<select id="aod-sim-tactics-1" name="tactics.1"[^>]*>[^]*<option value="brawler" selected>Brawler<\/option>/);
    expect(html).toContain('<option value="standard" selected>Standard</option>');
    expect(html).not.toMatch(/aod-simulator-tactics-warning"[^>]*role="status">[^<]/);
  });

  it.each(THEMES)("with the table's tactics module: a text field, the module's names suggested, a name it lacks warned about (%s)", async (theme) => {
    let state = setField(filled(), "tactics.0", "statue");
    state = setField(state, "tactics.1", "ambushers");
    const module = { kind: "loaded", names: ["statue", "adversaries"] } as const;
    let warningShown = false;
    const { html } = await renderView({
      template: TEMPLATE, context: simulatorContext(state, format, module), theme, name: "simulator-tactics-module", width: 1100, frame,
      inspect: async (page) => {
        warningShown = await page.locator("#aod-sim-tactics-1-warning").isVisible();
      },
    });
    expect(warningShown).toBe(true);
    expect(html).toMatch(/<input type="text" id="aod-sim-tactics-0" name="tactics.0" value="statue"/);
    expect(html).toContain('<option value="adversaries">adversaries</option>');
    expect(html).toContain("Side 2&#x27;s tactics:");
    expect(html).toContain("&quot;ambushers&quot; is neither a standard tactic (standard, skirmisher, brawler, passive) nor the tactics module&#x27;s (statue, adversaries): it will be refused.");
    expect(html).toMatch(/id="aod-sim-tactics-0-warning" role="status" hidden>/);
    expect(html).toMatch(/id="aod-sim-tactics-1"[^>]*aria-invalid="true"/);
    // A name the run would refuse keeps Simulate disabled.
    expect(html).toMatch(/data-action="run" class="aod-simulator-run" disabled/);
  });

  it.each(THEMES)("explains a refusal (%s)", async (theme) => {
    const typed = setField(filled(), "runs", "20000000");
    const state = onWorkerMessage(startRun(typed), { type: "error", job: 1, problem: { key: "AOD.Simulator.Error.TooManyRuns", data: { value: 20000000, max: 10000000 } } });
    const tops: Record<string, number> = {};
    const inspect = async (page: Page) => {
      for (const name of ["runs", "seed", "roundLimit", "distance"]) {
        const box = await page.locator(`.aod-simulator-settings [name="${name}"]`).boundingBox();
        tops[name] = box?.y ?? Number.NaN;
      }
    };
    const { html } = await renderView({ template: TEMPLATE, context: simulatorContext(state, format), theme, name: "simulator-refused", width: 1100, frame, inspect });
    expect(html).toContain("20,000,000 runs is more than the most");
    expect(html).toMatch(/name="runs" value="20000000"[^>]*aria-invalid="true" aria-describedby="aod-sim-problem"/);
    // Simulate is off while the value is refused, and says why.
    expect(html).toMatch(/data-action="run"[^>]*disabled aria-describedby="aod-sim-problem"/);
    // The refusal takes a row of its own under its field's row; the fields keep their places two by two.
    expect(tops.seed).toBe(tops.runs);
    expect(tops.distance).toBe(tops.roundLimit);
    expect(tops.roundLimit).toBeGreaterThan(tops.runs ?? Number.NaN);
  });
});

describe("the advice window", () => {
  /** The Sable at close quarters with a wounded Knight and a Longbowman at middle distance, its battle step in round 3. */
  const advised = once(async () => {
    const encounter = encounterFromActors(
      [
        { name: "The Dragons of the Nine Valleys", actors: [byName("Sable Dragon")], altitude: "grounded" },
        { name: "Margrave", actors: [byName("Knight"), byName("Longbowman")], altitude: "grounded" },
      ],
      { roundLimit: 4 },
    );
    const knight = encounter.sides[1]?.combatants[0];
    if (knight) knight.state = { ...knight.state, life: { ...knight.state.life, wounds: 2 } };
    const start = { round: 3, distances: { "c1|c2": "close" as const, "c1|c3": "middle" as const }, at: { phase: "battle", kind: "act", combatants: ["c1"] } };
    const advice = await advise({ ...encounter, start }, "c1", { seed: 1, phase: "battle", runsPerOption: 200 });
    return { advice, names: { c1: "Sable Dragon", c2: "Knight", c3: "Longbowman" } };
  });
  /** Each option's button as the window gets it: holding carries nothing out, the rest are carried out (or declared). */
  const buttons = (advice: AdviceResult, declaring: boolean): CarryOut[] =>
    advice.options.map((o): CarryOut => {
      if (o.choice.kind === "hold") return { kind: "none" };
      const choice = declarationOf(o.choice, true);
      if (declaring && choice) return { kind: "declare", options: { combatId: "c", combatantId: advice.combatantId, choice, ask: true } };
      return { kind: "attack", options: {} };
    });
  const adviceFrame = { kind: "window", title: localizeKey("AOD.Simulator.Advice.Window.Title"), classes: ["age-of-dragons", "aod-advice-app"] } as const;

  it.each(THEMES)("lists every option of the step, best first, each with its roll's odds and a button (%s)", async (theme) => {
    const { advice, names } = await advised();
    const context = { advice: adviceContext(advice, names, buttons(advice, false), false, format) };
    const { html } = await renderView({ template: "templates/simulator/advice.hbs", context, theme, name: "advice-window", width: 620, frame: adviceFrame });
    expect(html).toContain("What Sable Dragon could do now");
    expect(html).toMatch(/Attack Knight with|Killer blow at Knight with/);
    expect(html).toContain("Hold: no action now");
    expect(html.match(/data-action="carryOut"/g)?.length).toBe(advice.options.length - 1);
  });

  /** The Sable Dragon flying low at its speed phase: close to a Knight, a Longbowman at middle distance, every move and action weighed. */
  const manyOptions = once(async () => {
    const encounter = encounterFromActors(
      [
        { name: "The Dragons of the Nine Valleys", actors: [byName("Sable Dragon")], altitude: "low" },
        { name: "Margrave", actors: [byName("Knight"), byName("Longbowman")], altitude: "grounded" },
      ],
      { roundLimit: 5, mode: "sideD10" },
    );
    const start = { round: 2, distances: { "c1|c2": "close" as const, "c1|c3": "middle" as const }, at: { phase: "average", kind: "act", combatants: ["c1"] } };
    const advice = await advise({ ...encounter, start }, "c1", { seed: 1, phase: "average", runsPerOption: 150 });
    return { advice, names: { c1: "Sable Dragon, Terror of the Nine Valleys", c2: "Knight", c3: "Longbowman" } };
  });

  it.each(THEMES)("a dragon with many options: moves and actions, one refused as things now stand (%s)", async (theme) => {
    const { advice, names } = await manyOptions();
    const actions = buttons(advice, false);
    const last = advice.options.length - 1;
    actions[last] = { kind: "none", refused: "AOD.Rules.Reason.TooFarForMelee" };
    const context = { advice: adviceContext(advice, names, actions, false, format) };
    let fit = { scroll: 0, client: 0, tall: 0, shown: 0 };
    const { html } = await renderView({
      // As tall as the window may be on the 1280x800 screen (the app's max-height): the list scrolls inside it.
      template: "templates/simulator/advice.hbs", context, theme, name: "advice-many", width: 620, height: 760, frame: adviceFrame,
      inspect: async (page) => {
        fit = await page.evaluate(() => {
          const table = document.querySelector(".aod-advice__table");
          const body = document.querySelector(".window-content");
          return { scroll: table?.scrollWidth ?? 0, client: table?.clientWidth ?? 0, tall: body?.scrollHeight ?? 0, shown: body?.clientHeight ?? 0 };
        });
      },
    });
    expect(advice.options.length).toBeGreaterThanOrEqual(10);
    expect(advice.options.some((o) => o.choice.kind === "move")).toBe(true);
    expect(advice.options.some((o) => o.choice.kind === "attack")).toBe(true);
    expect(html).toContain("Not allowed now:");
    expect(html.match(/data-action="carryOut"/g)?.length).toBe(advice.options.length - 2);
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    // Every option is one short row (two lines at most, an option stopped early saying so on its second): twelve
    // of them nearly fit the screen, the rest is a short scroll away.
    expect(fit.tall).toBeLessThan(fit.shown * 1.3);
  });

  /** The Storm Wyrm's step, the GM's adversary, with a Wyvern Rider against a wounded Sable Dragon, all at mid altitude. */
  const adversary = once(async () => {
    const encounter = encounterFromActors(
      [
        { name: "The Dragons of the Nine Valleys", actors: [byName("Sable Dragon")], altitude: "mid" },
        { name: "Margrave", actors: [byName("Storm Wyrm"), byName("Wyvern Rider")], altitude: "mid" },
      ],
      { roundLimit: 6 },
    );
    const sable = encounter.sides[0]?.combatants[0];
    if (sable) sable.state = { ...sable.state, life: { ...sable.state.life, wounds: 4 } };
    const start = { round: 2, distances: { "c1|c2": "close" as const, "c1|c3": "middle" as const }, at: { phase: "battle", kind: "act", combatants: ["c2"] } };
    const advice = await advise({ ...encounter, start }, "c2", { seed: 1, phase: "battle", runsPerOption: 300 });
    return { advice, names: { c1: "Sable Dragon", c2: "Storm Wyrm", c3: "Wyvern Rider" } };
  });

  it.each(THEMES)("an adversary's advice in a declaration mode: each option declared (%s)", async (theme) => {
    const { advice, names } = await adversary();
    const context = { advice: adviceContext(advice, names, buttons(advice, true), true, format) };
    const { html } = await renderView({ template: "templates/simulator/advice.hbs", context, theme, name: "advice-adversary", width: 620, frame: adviceFrame });
    expect(html).toContain("What Storm Wyrm could do now");
    expect(html).toContain("Margrave: ");
    expect(html).toContain("Declare this");
    expect(html).not.toContain(">Do this<");
  });

  it.each(THEMES)("the NPC autopilot's confirm dialog: the chosen option, its odds and the side's chance (%s)", async (theme) => {
    const { advice, names } = await adversary();
    const picked = pickOption(advice, buttons(advice, false));
    if (picked === null) throw new Error("nothing picked");
    const choice = pilotChoice(advice, picked, names, advice.baseline, format);
    const context = pilotDialogContext(choice, false, format);
    const { html } = await renderView({
      template: "templates/simulator/autopilot-confirm.hbs", context, theme, name: "autopilot-confirm", width: 420,
      frame: { kind: "window", title: localizeKey("AOD.Simulator.Autopilot.Dialog.Title"), classes: ["age-of-dragons", "aod-autopilot-dialog"] },
    });
    expect(html).toContain("Storm Wyrm would:");
    expect(html).toContain(choice.option);
    expect(html).toContain("Forecast at the start of this step: Margrave ");
    expect(html).toContain('data-action="confirm"');
    expect(html).toContain('data-action="another"');
    expect(html).toContain('data-action="skip"');
  });

  it.each(THEMES)("the NPC autopilot's chat card: what it chose and why (%s)", async (theme) => {
    const { advice, names } = await adversary();
    const picked = pickOption(advice, buttons(advice, false));
    if (picked === null) throw new Error("nothing picked");
    const choice = pilotChoice(advice, picked, names, advice.baseline, format);
    const { html } = await renderView({
      template: "templates/simulator/autopilot-card.hbs", context: pilotCardContext(choice, false, "", format), theme, name: "autopilot-card",
      frame: { kind: "chat", speaker: localizeKey("AOD.Simulator.Autopilot.Card.Speaker") },
    });
    expect(html).toContain("Storm Wyrm acts");
    expect(html).toContain(choice.why);
    expect(html).toContain("Next best:");
  });

  it.each(THEMES)("while the options are weighed (%s)", async (theme) => {
    const context = { working: localizeKey("AOD.Simulator.Advice.Window.Working") };
    const { html } = await renderView({ template: "templates/simulator/advice.hbs", context, theme, name: "advice-working", width: 620, frame: adviceFrame });
    expect(html).toContain('role="status"');
  });
});
