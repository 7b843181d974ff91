// The simulator app's state and context (src/features/simulator/simulator-state.ts), pure.
import { describe, expect, it } from "vitest";
import {
  addActor,
  CHART,
  initialState,
  onWorkerMessage,
  removeActor,
  setField,
  sidesFromCombatants,
  simulatorContext,
  startRun,
} from "../../../src/features/simulator/simulator-state";
import { simulate } from "../../../src/rules/simulator";
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
  });
});

describe("the simulator's run", () => {
  const ready = addActor(addActor(initialState(), 0, sable), 1, bowman);

  it("shows progress while running and no run button", () => {
    let state = startRun(ready);
    expect(state.run).toEqual({ status: "running", job: 1, done: 0, total: 10000 });
    state = onWorkerMessage(state, { type: "progress", job: 1, done: 2500, total: 10000 });
    const context = simulatorContext(state, format);
    expect(context.progress).toEqual({ percent: 25, done: "2,500", total: "10,000" });
    expect(context.running).toBe(true);
    expect(context.canRun).toBe(false);
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
