// Simulating from a fight under way (`Encounter.start`): the runs begin where the combat stands (wounds, Magic
// Points, bands, grapples, carries, this round's flags, the round, the step, the order) instead of afresh.
import { describe, expect, it } from "vitest";
import { planRound } from "../../../src/rules/round-plan";
import type { RoundMode } from "../../../src/rules/round-plan";
import { SIMULATOR_ERRORS, SimulationInputError, simulate } from "../../../src/rules/simulator";
import { startIndex } from "../../../src/rules/simulator/play";
import type { Encounter, EncounterStart, TacticView, Tactics } from "../../../src/rules/simulator";
import { pairKey } from "../../../src/rules/state";
import { dragon, knight, versus } from "./fixtures";

/** Tactics that hold still and write down what they were shown the first time they are asked anything. */
function watcher(): { tactics: Tactics; seen: { phase: string; self: string; grapples: string[]; wounds: number; acted: boolean }[] } {
  const seen: { phase: string; self: string; grapples: string[]; wounds: number; acted: boolean }[] = [];
  const note = (view: TacticView) => {
    const me = view.state.combatants[view.self.id];
    seen.push({ phase: view.phase, self: view.self.id, grapples: [...view.state.grapples], wounds: me?.life.wounds ?? -1, acted: me?.acted ?? false });
  };
  return {
    seen,
    tactics: { letGo: () => false, moves: (view) => (note(view), []), actions: (view) => (note(view), []) },
  };
}

const watched = (id: string, state = {}) => dragon(id, state, { tactics: "watch" });
const duel = (extra: Partial<Encounter>, a = {}, b = {}) => versus([watched("a", a)], [watched("b", b)], extra);

/** The index of the first step of a round's plan with this phase and kind, as the simulator plans the round. */
function stepOf(mode: RoundMode, order: string[], phase: string, kind: string): number {
  const steps = planRound({ mode, round: 2, order, combatants: order.map((id) => ({ id, pneuma: 4 })) }).steps;
  const index = steps.findIndex((s) => s.phase === phase && s.kind === kind);
  if (index < 0) throw new Error(`no ${phase} ${kind} step`);
  return index;
}

/** The descending round 2 of a and b (a first), as the simulator plans it. */
const planned = () => planRound({ mode: "descending", round: 2, order: ["a", "b"], combatants: [{ id: "a", pneuma: 4 }, { id: "b", pneuma: 4 }] }).steps;

describe("simulate from a fight under way", () => {
  it("plays from the state given: wounds, grapples and this round's flags are kept", async () => {
    const { tactics, seen } = watcher();
    const grapple = pairKey("a", "b");
    const start: EncounterStart = { round: 3, distances: { [grapple]: "zero" }, grapples: [grapple] };
    await simulate(duel({ start, roundLimit: 3 }, { life: { max: 12, wounds: 5 }, acted: true }), { runs: 1, seed: 1, tactics: { watch: tactics } });
    const first = seen.find((s) => s.self === "a");
    expect(first).toMatchObject({ grapples: [grapple], wounds: 5, acted: true });
  });

  it("a fresh encounter still starts with no round flags and nobody grappling", async () => {
    const { tactics, seen } = watcher();
    await simulate(duel({ roundLimit: 1 }, { acted: true }), { runs: 1, seed: 1, tactics: { watch: tactics } });
    expect(seen.find((s) => s.self === "a")).toMatchObject({ grapples: [], acted: false });
  });

  it("starts at the round given: no run ends before it, and a start at the last round ends there", async () => {
    const result = await simulate(duel({ start: { round: 4 }, roundLimit: 4 }), { runs: 20, seed: 2, tactics: { watch: watcher().tactics } });
    expect(result.rounds.histogram.slice(0, 4).every((n) => n === 0)).toBe(true);
    expect(result.rounds.histogram[4]).toBe(20);
    expect(result.draws.count).toBe(20);
  });

  it("starts at the step given: the movement phase already behind it is not played again", async () => {
    const { tactics, seen } = watcher();
    const order = ["a", "b"];
    const step = stepOf("descending", order, "battle", "act");
    await simulate(duel({ start: { round: 2, step, order }, roundLimit: 2 }), { runs: 1, seed: 1, tactics: { watch: tactics } });
    expect(seen[0]?.phase).toBe("battle");
    expect(seen.some((s) => s.phase === "movement")).toBe(false);
  });

  it("starts at the step the live round names (phase, kind, combatants), found in each run's own plan", async () => {
    for (const [order, who] of [[["a", "b"], "b"], [["b", "a"], "a"]] as const) {
      const { tactics, seen } = watcher();
      const at = { phase: "battle", kind: "act", combatants: [who] };
      await simulate(duel({ start: { round: 2, at, order: [...order] }, roundLimit: 2 }), { runs: 1, seed: 1, tactics: { watch: tactics } });
      expect(seen[0]).toMatchObject({ phase: "battle", self: who });
    }
  });

  it("a step the plan does not have starts at the first step of its phase", () => {
    expect(startIndex(planned(), { phase: "battle", kind: "declare", combatants: ["a"] })).toBe(stepOf("descending", ["a", "b"], "battle", "act"));
    expect(startIndex(planned(), { phase: "nowhere", kind: "act", combatants: [] })).toBe(0);
  });

  it("keeps the order given: the combat's first acts first in every run", async () => {
    for (const order of [["a", "b"], ["b", "a"]]) {
      const { tactics, seen } = watcher();
      await simulate(duel({ start: { round: 1, order }, roundLimit: 1 }), { runs: 5, seed: 3, tactics: { watch: tactics } });
      expect(seen[0]?.self).toBe(order[0]);
    }
  });

  it("a side already out of the fight loses at once, at the round it stands in", async () => {
    const result = await simulate(duel({ start: { round: 2 } }, {}, { life: { max: 12, wounds: 25 } }), { runs: 10, seed: 1, tactics: { watch: watcher().tactics } });
    expect(result.sides[0]?.wins.count).toBe(10);
    expect(result.rounds.histogram[2]).toBe(10);
  });

  it("in a declaration mode, a start after the declare step has those still to resolve declare again", async () => {
    const order = ["a", "b"];
    const step = stepOf("reverseDeclaration", order, "battle", "resolve");
    const start: EncounterStart = { round: 2, step, order, distances: { [pairKey("a", "b")]: "close" } };
    const e = versus([dragon("a")], [dragon("b")], { mode: "reverseDeclaration", start, roundLimit: 2 });
    const result = await simulate(e, { runs: 50, seed: 4 });
    // Both are at close quarters with claws ready: each resolves an attack in the one battle phase left.
    expect(result.combatants.map((c) => c.attacks)).toEqual([1, 1]);
  });
});

describe("simulate from a fight under way: bad input is refused with the field named", () => {
  const refusal = async (start: unknown, extra: Partial<Encounter> = {}) => {
    try {
      await simulate(versus([dragon("a"), dragon("c")], [dragon("b")], { ...extra, start: start as EncounterStart }), { runs: 1, seed: 1 });
    } catch (error) {
      if (error instanceof SimulationInputError) return [error.problem.key, error.problem.data.field];
      throw error;
    }
    return "accepted";
  };
  const ab = pairKey("a", "b");
  it.each([
    ["a round of 0", { round: 0 }, "round"],
    ["a round past the limit", { round: 21 }, "round"],
    ["a fractional step", { round: 1, step: 1.5 }, "step"],
    ["an order missing someone", { round: 1, order: ["a", "b"] }, "order"],
    ["an order naming a stranger", { round: 1, order: ["a", "b", "z"] }, "order"],
    ["a side d10 order of unknown sides", { round: 1, sides: { order: ["Red", "Green"] } }, "sides"],
    ["a phase shift of 2", { round: 1, sides: { order: ["Red", "Blue"], phaseShift: { Red: 2 } } }, "sides.phaseShift"],
    ["a distance to a stranger", { round: 1, distances: { "a|z": "close" } }, "distances.a|z"],
    ["a distance of nowhere", { round: 1, distances: { [ab]: "nowhere" } }, `distances.${ab}`],
    ["a pair key out of order", { round: 1, distances: { "b|a": "close" } }, "distances.b|a"],
    ["a grapple not at zero range", { round: 1, grapples: [ab] }, "grapples"],
    ["a dragon carrying itself", { round: 1, carrying: { a: "a" } }, "carrying.a"],
    ["a carried dragon carrying another", { round: 1, carrying: { a: "b", b: "c" } }, "carrying.a"],
    ["a step named by a stranger", { round: 1, at: { phase: "battle", kind: "act", combatants: ["z"] } }, "at"],
    ["a step with no phase", { round: 1, at: { kind: "act", combatants: [] } }, "at"],
    ["no start at all", null, "start"],
  ])("refuses %s", async (_name, start, field) => {
    expect(await refusal(start)).toEqual([SIMULATOR_ERRORS.BadStart, field]);
  });
  it("lets a knight be in the air when it is carried or falling, as only a fight under way can have it", async () => {
    const aloft = (state: object, start?: EncounterStart) => {
      const e = versus([dragon("a")], [knight("k", { altitude: "low", ...state })], start ? { start } : {});
      return simulate(e, { runs: 1, seed: 1 }).then(() => "accepted", (error: unknown) => (error as SimulationInputError).problem.key);
    };
    const carried: EncounterStart = { round: 1, distances: { [pairKey("a", "k")]: "zero" }, carrying: { a: "k" } };
    expect(await aloft({}, carried)).toBe("accepted");
    expect(await aloft({ falling: true }, { round: 1 })).toBe("accepted");
    expect(await aloft({}, { round: 1 })).toBe(SIMULATOR_ERRORS.GroundedNonFlyer);
    expect(await aloft({ falling: true })).toBe(SIMULATOR_ERRORS.GroundedNonFlyer);
  });
  it("accepts a sound start", async () => {
    expect(await refusal({ round: 2, step: 0, order: ["c", "b", "a"], distances: { [ab]: "zero" }, grapples: [ab], carrying: {} })).toBe("accepted");
  });
});
