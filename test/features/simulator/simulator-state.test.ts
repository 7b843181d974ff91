// The simulator app's state and context (src/features/simulator/simulator-state.ts), pure.
import { describe, expect, it } from "vitest";
import {
  addActor,
  CHART,
  initialState,
  onWorkerMessage,
  removeActor,
  runEncounter,
  setField,
  sidesFromCombatants,
  simulatorContext,
  startRun,
  verdictOf,
} from "../../../src/features/simulator/simulator-state";
import { simulate, TACTIC_NAMES } from "../../../src/rules/simulator";
import { simulationWorker } from "../../../src/features/simulator/worker-protocol";
import type { FromWorker } from "../../../src/features/simulator/worker-protocol";
import { loadBestiary } from "../../../src/cli/bestiary";
import { resolve } from "node:path";
import { localizeKey } from "../../templates/foundry-helpers";
import { dragon, knight, versus } from "../../rules/simulator/fixtures";

const sable = { uuid: "Actor.sable", name: "Sable Dragon", img: "sable.svg" };
const bowman = { uuid: "Actor.bow", name: "Longbowman", img: "bow.svg" };
const format = (key: string, data: Readonly<Record<string, string | number>> = {}) => localizeKey(key, data);

describe("the simulator's state", () => {
  it("starts with two empty sides and cannot run", () => {
    const context = simulatorContext(initialState(), format);
    expect(context.sides.map((s) => s.empty)).toEqual([true, true]);
    expect(context.canRun).toBe(false);
  });

  it("can run once both sides have someone, and the same actor may stand twice", () => {
    let state = addActor(initialState(), 0, sable);
    expect(simulatorContext(state, format).canRun).toBe(false);
    state = addActor(addActor(state, 1, bowman), 1, bowman);
    const context = simulatorContext(state, format);
    expect(context.canRun).toBe(true);
    expect(context.sides[1]?.actors.map((a) => [a.name, a.index])).toEqual([["Longbowman", 0], ["Longbowman", 1]]);
    expect(simulatorContext(removeActor(state, 1, 0), format).sides[1]?.actors.length).toBe(1);
  });

  it("reads the form's fields, keeping bad numbers for the simulator to refuse", () => {
    let state = setField(initialState(), "runs", "5,000");
    state = setField(state, "mode", "sideD10");
    state = setField(state, "altitude.1", "grounded");
    state = setField(state, "surface", "lava");
    expect(state.settings).toMatchObject({ runs: 5000, mode: "sideD10", surface: "normal" });
    expect(state.sides[1]?.altitude).toBe("grounded");
    expect(setField(state, "seed", "1.5").settings.seed).toBe(1.5);
    expect(setField(state, "runs", "").settings.runs).toBeNaN();
    const context = simulatorContext(state, format);
    expect(context.modes.find((m) => m.selected)?.value).toBe("sideD10");
    expect(context.sides[1]?.altitudes.find((a) => a.selected)?.label).toBe("AOD.Simulator.Altitude.grounded");
  });

  it("groups a combat's combatants into sides by their side key", () => {
    const sides = sidesFromCombatants([
      { ...sable, side: "1" },
      { ...bowman, side: "-1" },
      { ...bowman, side: "-1" },
    ]);
    expect(sides.map((s) => s.actors.map((a) => a.name))).toEqual([["Sable Dragon"], ["Longbowman", "Longbowman"]]);
    expect(sides.map((s) => s.tactics)).toEqual(["standard", "standard"]);
  });

  it("gives a side the tactics its combatants are set to when they agree, else the standard ones", () => {
    const sides = sidesFromCombatants([
      { ...sable, side: "1", tactics: "brawler" },
      { ...bowman, side: "-1", tactics: "skirmisher" },
      { ...bowman, side: "-1", tactics: " skirmisher " },
      { ...sable, side: "0", tactics: "brawler" },
      { ...bowman, side: "0", tactics: "" },
    ]);
    expect(sides.map((s) => s.tactics)).toEqual(["brawler", "skirmisher", "standard"]);
  });
});

describe("the simulator's run", () => {
  const ready = addActor(addActor(initialState(), 0, sable), 1, bowman);

  it("shows progress while running and no run button", () => {
    let state = startRun(ready);
    expect(state.run).toMatchObject({ status: "running", job: 1, done: 0, total: 10000 });
    state = onWorkerMessage(state, { type: "progress", job: 1, done: 2500, total: 10000 });
    const context = simulatorContext(state, format);
    expect(context.progress).toEqual({ percent: 25, done: "2,500", total: "10,000" });
    expect(context.running).toBe(true);
    expect(context.canRun).toBe(false);
  });

  it("keeps Simulate off while a field's value is refused, until that field is changed", () => {
    const typed = setField(ready, "runs", "20000000");
    const refused = onWorkerMessage(startRun(typed), { type: "error", job: 1, problem: { key: "AOD.Simulator.Error.TooManyRuns", data: { value: 20000000, max: 10000000 } } });
    expect(simulatorContext(refused, format)).toMatchObject({ canRun: false, problemField: "runs", problemUnderField: true });
    // The form hands every field over on each change: the refused field unchanged, or another field, keeps it refused.
    expect(setField(refused, "runs", "20000000").run.status).toBe("failed");
    expect(setField(refused, "seed", "7").run.status).toBe("failed");
    const fixed = setField(refused, "runs", "5000");
    expect(fixed.run.status).toBe("idle");
    expect(simulatorContext(fixed, format)).toMatchObject({ canRun: true, problem: null, problemField: null });
  });

  it("ignores messages of an older run", () => {
    const second = startRun(startRun(ready));
    expect(onWorkerMessage(second, { type: "progress", job: 1, done: 5, total: 10 })).toBe(second);
  });

  it("shows a refusal in words", () => {
    const state = onWorkerMessage(startRun(ready), { type: "error", job: 1, problem: { key: "AOD.Simulator.Error.BadRuns", data: { value: "-2" } } });
    expect(simulatorContext(state, format).problem).toBe("The number of runs must be a whole number of 1 or more (got -2).");
  });

  it("shows the result as table rows and a chart whose bars follow the histogram", async () => {
    const result = await simulate(versus([dragon("a")], [knight("k")], { distance: "close" }), { runs: 300, seed: 2 });
    const context = simulatorContext(onWorkerMessage(startRun(ready), { type: "result", job: 1, result }), format);
    expect(context.report?.sides[0]?.rate).toBe(`${((result.sides[0]?.wins.rate ?? -1) * 100).toFixed(1)}%`);
    const bars = context.chart?.bars ?? [];
    const tallest = Math.max(...result.rounds.histogram);
    const peak = result.rounds.histogram.indexOf(tallest);
    expect(bars.find((b) => b.round === peak)?.height).toBe(CHART.barArea);
    for (const bar of bars) {
      expect(bar.y + bar.height).toBeCloseTo(CHART.barArea, 5);
      expect(bar.x + bar.width).toBeLessThanOrEqual(CHART.width);
      const count = result.rounds.histogram[bar.round] ?? 0;
      expect(bar.height).toBeCloseTo(count === 0 ? 0 : Math.max(1, Math.round((count / tallest) * 100) * 0.64), 1);
    }
    expect(bars[0]?.round).toBe(result.rounds.histogram.findIndex((n) => n > 0));
  });
});

describe("the simulator's results, read at a glance", () => {
  const ready = addActor(addActor(initialState(), 0, sable), 1, bowman);
  const played = async (runs = 200) => simulate(versus([dragon("a")], [knight("k")], { distance: "close" }), { runs, seed: 2 });
  const rate = (x: number) => ({ rate: x, low: x, high: x, count: Math.round(x * 200) });

  it("says the verdict in one line from the leading side's win rate", async () => {
    const result = await played();
    const sides = (a: number, b: number) => [{ ...result.sides[0], name: "Sable Dragon", wins: rate(a) }, { ...result.sides[1], name: "Riders", wins: rate(b) }];
    const say = (a: number, b: number, draws = 0) => verdictOf({ ...result, sides: sides(a, b) as typeof result.sides, draws: rate(draws) }, format);
    expect(say(0.95, 0.05)).toBe("Deadly for Riders: Sable Dragon wins 95.0% of fights.");
    expect(say(0.2, 0.8)).toBe("Hard for Sable Dragon: Riders wins 80.0% of fights.");
    expect(say(0.6, 0.4)).toBe("Sable Dragon has the edge: 60.0% of fights.");
    expect(say(0.5, 0.48, 0.02)).toBe("An even fight: the likeliest winner, Sable Dragon, takes 50.0%.");
    expect(say(0.2, 0.1, 0.7)).toBe("Mostly a stalemate: 70.0% of fights end with no winner.");
  });

  it("says how many runs were played, and how many of those asked when cancelled", async () => {
    const asked = setField(ready, "runs", "1500");
    const done = onWorkerMessage(startRun(asked), { type: "result", job: 1, result: { ...(await played()), runs: 1500 } });
    expect(simulatorContext(done, format).summary).toBe("1,500 runs, seed 2, descending Pneuma");
    expect(simulatorContext(done, format).fields.runs).toBe("1500");
    const cancelled = onWorkerMessage(startRun(ready), { type: "result", job: 1, result: { ...(await played()), runs: 1500, cancelled: true } });
    expect(simulatorContext(cancelled, format).summary).toBe("Cancelled after 1,500 of 10,000 runs, seed 2, descending Pneuma: the figures cover those runs only.");
  });

  it("says when the settings changed after the run, so the figures beside them are not taken for theirs", async () => {
    const done = onWorkerMessage(startRun(ready), { type: "result", job: 1, result: await played() });
    expect(simulatorContext(done, format).stale).toBeNull();
    expect(simulatorContext(setField(done, "runs", "2000"), format).stale).toMatch(/^The settings or sides have changed/);
    expect(simulatorContext(removeActor(done, 1, 0), format).stale).not.toBeNull();
  });

  it("lists the combatants under one heading per side instead of repeating the side on each row", async () => {
    const result = await simulate(versus([dragon("a")], [knight("k"), knight("l")], { distance: "close" }), { runs: 50, seed: 2 });
    const context = simulatorContext(onWorkerMessage(startRun(ready), { type: "result", job: 1, result }), format);
    expect(context.groups.map((g) => [g.title, g.rows.length])).toEqual([["Side 1", 1], ["Side 2", 2]]);
  });

  it("shows the run as running in the results pane", () => {
    const state = onWorkerMessage(startRun(ready), { type: "progress", job: 1, done: 4000, total: 10000 });
    expect(simulatorContext(state, format).runningText).toBe("Simulating: 4,000 of 10,000 runs…");
    expect(simulatorContext(ready, format).runningText).toBeNull();
  });

  it("attaches a refusal to its field, numbers written out, the refused value kept in the field", () => {
    const typed = setField(ready, "runs", "20000000");
    const state = onWorkerMessage(startRun(typed), { type: "error", job: 1, problem: { key: "AOD.Simulator.Error.TooManyRuns", data: { value: 20000000, max: 10000000 } } });
    const context = simulatorContext(state, format);
    expect(context.problemField).toBe("runs");
    expect(context.problem).toBe("20,000,000 runs is more than the most a simulation may play (10,000,000).");
    expect(context.fields.runs).toBe("20000000");
    const limit = onWorkerMessage(startRun(setField(ready, "roundLimit", "0")), { type: "error", job: 1, problem: { key: "AOD.Simulator.Error.BadOption", data: { field: "roundLimit", value: "0", allowed: "1-200" } } });
    expect(simulatorContext(limit, format).problemField).toBe("roundLimit");
    const side = onWorkerMessage(startRun(ready), { type: "error", job: 1, problem: { key: "AOD.Simulator.Error.EmptySide", data: { side: "x" } } });
    expect(simulatorContext(side, format).problemField).toBeNull();
  });
});

describe("each side's tactics", () => {
  const ready = addActor(addActor(initialState(), 0, sable), 1, bowman);
  const bestiary = loadBestiary(resolve(import.meta.dirname, "../../../packs/_source/bestiary"));
  const entry = (name: string) => {
    const found = bestiary.find((e) => e.name === name);
    if (!found) throw new Error(name);
    return found;
  };

  it("starts standard, reads the form's field per side, and marks a result as stale when it changes", async () => {
    expect(ready.sides.map((s) => s.tactics)).toEqual(["standard", "standard"]);
    const state = setField(ready, "tactics.1", " brawler ");
    expect(state.sides.map((s) => s.tactics)).toEqual(["standard", "brawler"]);
    expect(setField(state, "tactics.1", "brawler")).toBe(state);
    expect(setField(state, "tactics.5", "passive").sides).toEqual(state.sides);
    const result = await simulate(versus([dragon("a")], [knight("k")], { distance: "close" }), { runs: 20, seed: 2 });
    const done = onWorkerMessage(startRun(ready), { type: "result", job: 1, result });
    expect(simulatorContext(setField(done, "tactics.0", "skirmisher"), format).stale).not.toBeNull();
  });

  it("is a select of the standard tactics, in words, without a module", () => {
    const field = simulatorContext(setField(ready, "tactics.1", "brawler"), format).sides[1]?.tactics;
    expect(field).toMatchObject({ name: "tactics.1", id: "aod-sim-tactics-1", text: false, warning: null });
    expect(field?.options.map((o) => o.value)).toEqual([...TACTIC_NAMES]);
    expect(field?.options.filter((o) => o.selected)).toEqual([{ value: "brawler", label: "Brawler", selected: true }]);
  });

  it("keeps a name the select does not know chosen, and warns about it under the field", () => {
    const field = simulatorContext(setField(ready, "tactics.0", "statue"), format).sides[0]?.tactics;
    expect(field?.options.filter((o) => o.selected)).toEqual([{ value: "statue", label: "statue (not a standard tactic)", selected: true }]);
    expect(field?.warning).toContain('"statue" is not a standard tactic');
  });

  it("with a table's module, is a text field suggesting the module's names too, warning about a name it lacks", () => {
    const module = { kind: "loaded", names: ["statue"] } as const;
    const known = simulatorContext(setField(ready, "tactics.0", "statue"), format, module).sides[0]?.tactics;
    expect(known).toMatchObject({ text: true, value: "statue", warning: null, placeholder: "standard" });
    expect(known?.suggestions.map((s) => s.value)).toEqual([...TACTIC_NAMES, "statue"]);
    expect(known?.suggestions.at(-1)).toEqual({ value: "statue", label: "statue" });
    const typo = simulatorContext(setField(ready, "tactics.0", "statu"), format, module);
    expect(typo.sides[0]?.tactics.warning).toContain("nor the tactics module's (statue)");
    expect(typo.sides[0]?.tactics.refused).toBe(true);
    // A name the run would refuse keeps Simulate disabled; the module's own name does not.
    expect(typo.canRun).toBe(false);
    expect(simulatorContext(setField(ready, "tactics.0", "statue"), format, module).canRun).toBe(true);
  });

  it("with a module whose names are not known yet, notes that it will be asked but refuses nothing", () => {
    const asked = simulatorContext(setField(ready, "tactics.0", "statue"), format, { kind: "unknown" });
    expect(asked.sides[0]?.tactics).toMatchObject({ refused: false });
    expect(asked.sides[0]?.tactics.warning).toContain("will be asked");
    expect(asked.canRun).toBe(true);
  });

  it("reach the run: every combatant of a side plays its side's tactics, in the worker's simulation", async () => {
    let state = setField(ready, "tactics.1", "passive");
    state = setField(state, "distance", "close");
    const actors = [[entry("Sable Dragon")], [entry("Knight"), entry("Knight")]];
    const encounter = runEncounter(state, actors);
    expect(encounter.sides.map((s) => s.combatants.map((c) => c.tactics))).toEqual([["standard"], ["passive", "passive"]]);
    expect(encounter.distance).toBe("close");
    // The message the app posts, answered by the worker's own handling: the passive Knights never win nor hurt.
    const sent: FromWorker[] = [];
    const worker = simulationWorker({ post: (m) => sent.push(m), pause: () => Promise.resolve() });
    await worker.receive({ type: "run", job: 1, encounter, runs: 100, seed: 3 });
    const answer = sent.at(-1);
    if (answer?.type !== "result") throw new Error(`no result: ${JSON.stringify(answer)}`);
    expect(answer.result.sides[1]?.wins.count).toBe(0);
    expect(answer.result.combatants.filter((c) => c.side === answer.result.sides[1]?.name).every((c) => c.damageDealt === 0)).toBe(true);
    const standard = await simulate(runEncounter(setField(state, "tactics.1", "standard"), actors), { runs: 100, seed: 3 });
    expect(standard.combatants.some((c) => c.side === standard.sides[1]?.name && c.damageDealt > 0)).toBe(true);
  });

  it("a cleared field plays the standard tactics", () => {
    const encounter = runEncounter(setField(ready, "tactics.0", ""), [[entry("Sable Dragon")], [entry("Knight")]]);
    expect(encounter.sides[0]?.combatants[0]).not.toHaveProperty("tactics");
  });
});
