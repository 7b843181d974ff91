// Starting a round (src/data/combat/round.ts `roundStart`, `livingSides`, `ableToAct`): what the Combat update
// writes, checked through Foundry's update semantics (foundry-update.ts) on a stored source.
import { describe, expect, it } from "vitest";
import { readCombatSystem } from "../../../src/data/combat/read";
import { ableToAct, currentStep, livingSides, roundStart, turnOrder, turnsForPlanChange } from "../../../src/data/combat/round";
import { skirmishState } from "../../../src/data/combat/combat-snapshot";
import { defaultCombatSystem, defaultPlace } from "../../../src/data/combat/stored";
import type { CombatSystemSource } from "../../../src/data/combat/stored";
import { applyUpdate } from "./foundry-update";
import { entry } from "./fixtures";

const ENTRIES = [
  entry("a", { pneuma: 4 }, { side: "Red" }),
  entry("b", { pneuma: 2 }, { side: "Blue" }),
  entry("c", { pneuma: 3, life: { max: 4, wounds: 5 } }, { side: "Green" }),
  entry("d", { pneuma: 1 }, { side: "Blue" }),
];

function stored(mode: CombatSystemSource["mode"]): CombatSystemSource {
  const system = defaultCombatSystem(mode);
  system.skirmish.combatants = Object.fromEntries(ENTRIES.map((e) => [e.id, defaultPlace(true)]));
  system.declarations = { a: { phase: "battle", text: "charge", target: "b", action: "", aborted: "", choice: "", sealed: false, resolved: false } };
  system.initiative = {
    order: ["a", "c", "b", "d"],
    pneuma: { a: 4, c: 3, b: 2, d: 1, gone: 5 },
    checks: [],
    sides: { order: ["Green", "Red", "Blue"], rolls: { Green: 9, Red: 6, Blue: 2 }, phaseShift: { Green: 0, Red: 0, Blue: 0 }, events: 0 },
    messageId: "old",
  };
  return system;
}

/** The source after the update lands, read back as the combat reads it. */
function landed(system: CombatSystemSource, update: Record<string, unknown>): { round: unknown; turn: unknown; system: CombatSystemSource } {
  const doc = { round: 0, turn: 3, system: structuredClone(system) as unknown as Record<string, unknown> };
  applyUpdate(doc, update);
  return { round: doc.round, turn: doc.turn, system: readCombatSystem(doc.system) };
}

describe("livingSides and ableToAct", () => {
  it("leaves out the dead, and a side whose members are all dead", () => {
    const state = skirmishState(stored("sideD10").skirmish, ENTRIES);
    expect(ableToAct(state)).toEqual(["a", "b", "d"]);
    expect(livingSides(state)).toEqual(["Red", "Blue"]);
  });
  it("leaves out a side whose actors are gone", () => {
    const state = skirmishState(stored("sideD10").skirmish, ENTRIES.map((e) => (e.side === "Blue" ? { ...e, body: null } : e)));
    expect(livingSides(state)).toEqual(["Red"]);
  });
});

describe("roundStart", () => {
  it("clears the public declarations: an empty record alone would merge into them and clear nothing", () => {
    const system = stored("reverseDeclaration");
    const { update } = roundStart(system, ENTRIES, 2, {});
    expect(landed(system, update).system.declarations).toEqual({});
  });
  it("writes the new side result whole: a side out of the fight leaves no roll or shift behind", () => {
    const system = stored("sideD10");
    const sides = { order: ["Red", "Blue"], rolls: { Red: 8, Blue: 3 }, phaseShift: { Red: 0, Blue: 0 }, events: 1 };
    const { update, system: meant } = roundStart(system, ENTRIES, 3, { sides, messageId: "card" });
    const after = landed(system, update);
    expect(after.system.initiative.sides).toEqual(sides);
    expect(after.system.initiative).toEqual(meant.initiative);
    expect(after.system.initiative.messageId).toBe("card");
    expect(after.round).toBe(3);
    // Red's step first in every speed phase it acts in, Blue's after; the cursor on the first step.
    const acting = after.system.plan.filter((s) => s.kind === "act").map((s) => s.side);
    expect(acting.indexOf("Red")).toBeLessThan(acting.indexOf("Blue"));
    expect(after.system.cursor).toEqual({ round: 3, index: 0 });
  });
  it("writes a new Pneuma order whole, and keeps the stored one when nothing was rolled", () => {
    const system = stored("descending");
    const rolled = roundStart(system, ENTRIES, 2, { order: ["b", "a", "d", "c"], pneuma: { a: 4, b: 5, c: 3, d: 1 }, checks: [] });
    const after = landed(system, rolled.update);
    expect(after.system.initiative.pneuma).toEqual({ a: 4, b: 5, c: 3, d: 1 });
    expect(after.system.initiative.order).toEqual(["b", "a", "d", "c"]);
    expect(after.system.plan.find((s) => s.phase === "movement")?.combatants).toEqual(["b"]);
    const kept = landed(system, roundStart(system, ENTRIES, 2, {}).update);
    expect(kept.system.initiative).toEqual(system.initiative);
    expect(kept.system.plan.find((s) => s.phase === "movement")?.combatants).toEqual(["a"]);
  });
  it("points the turn at the first step's combatant", () => {
    const system = stored("descending");
    const after = landed(system, roundStart(system, ENTRIES, 1, { order: ["d", "a", "b", "c"] }).update);
    expect(after.turn).toBe(0);
    const secret = landed(stored("secretDeclaration"), roundStart(stored("secretDeclaration"), ENTRIES, 1, {}).update);
    expect(secret.system.plan.length).toBeGreaterThan(0);
  });
});

describe("turnsForPlanChange: combat.turns follows each new plan (core rebuilds it only when combatants change)", () => {
  const ids = ENTRIES.map((e) => e.id);
  /** Round 1 planned with one order, then round 2 with a re-rolled one: the turns a client holds, and the update. */
  function reRolled() {
    const first = stored("descending");
    const round1 = landed(first, roundStart(first, ENTRIES, 1, { order: ["a", "c", "b", "d"] }).update);
    const heldTurns = turnOrder(round1.system.plan, ids);
    const { update } = roundStart(round1.system, ENTRIES, 2, { order: ["d", "b", "c", "a"], pneuma: { a: 1, b: 3, c: 2, d: 4 }, checks: [] });
    const round2 = landed(round1.system, update);
    return { heldTurns, update, round2 };
  }

  it("gives the new plan's order, in which the written turn is the first step's combatant", () => {
    const { heldTurns, round2 } = reRolled();
    const changed = { round: 2, turn: round2.turn, system: { plan: round2.system.plan, cursor: round2.system.cursor } };
    const order = turnsForPlanChange(changed, round2.system.plan, ids, heldTurns);
    // c is dead (fixtures), so it acts nowhere and comes last.
    expect(order).toEqual(["d", "b", "a", "c"]);
    const step = currentStep(round2.system);
    expect(step?.combatants).toContain(order?.[round2.turn as number]);
    // Left as core leaves it, the turn would point at someone else in the old order.
    expect(step?.combatants).not.toContain(heldTurns[round2.turn as number]);
  });

  it("reads the plan from a flat update too", () => {
    const { heldTurns, update, round2 } = reRolled();
    expect(turnsForPlanChange(update, round2.system.plan, ids, heldTurns)).toEqual(["d", "b", "a", "c"]);
  });

  it("keeps the turns when the update carries no plan, or the plan's order is the one already held", () => {
    const { heldTurns, round2 } = reRolled();
    expect(turnsForPlanChange({ turn: 1, system: { cursor: { round: 2, index: 1 } } }, round2.system.plan, ids, heldTurns)).toBeNull();
    const newTurns = turnOrder(round2.system.plan, ids);
    expect(turnsForPlanChange({ system: { plan: round2.system.plan } }, round2.system.plan, ids, newTurns)).toBeNull();
  });
});
