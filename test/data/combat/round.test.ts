// Walking the plan with Foundry's turns (src/data/combat/round.ts): step -> combatant, deletions, End Phase undo.
import { describe, expect, it } from "vitest";
import { planRound } from "../../../src/rules/round-plan";
import { applyChanges } from "../../../src/rules/state";
import { resolveEndPhase } from "../../../src/rules/procedures/end-phase";
import { scriptedDice } from "../../../src/rules/roll-sources";
import { carryOutNext, removalUpdate, revertChanges, turnForStep, turnOrder } from "../../../src/data/combat/round";
import { skirmishState } from "../../../src/data/combat/combat-snapshot";
import { defaultCombatSystem, defaultPlace } from "../../../src/data/combat/stored";
import type { CombatSystemSource } from "../../../src/data/combat/stored";
import { entry, storedOf } from "./fixtures";

function combatWith(plan: CombatSystemSource["plan"], index: number, round = 1): CombatSystemSource {
  return { ...defaultCombatSystem(), plan, cursor: { round, index } };
}

const descending = planRound({
  mode: "descending",
  round: 1,
  combatants: [{ id: "a" }, { id: "b" }, { id: "c", dead: true }],
  order: ["b", "a", "c"],
}).steps;

describe("turnOrder", () => {
  it("lists combatants where they first act, then those without a step", () => {
    expect(turnOrder(descending, ["a", "b", "c"])).toEqual(["b", "a", "c"]);
  });
  it("ignores plan ids that are no longer in the combat", () => {
    expect(turnOrder(descending, ["a", "c"])).toEqual(["a", "c"]);
  });
});

describe("turnForStep", () => {
  const turns = ["b", "a", "c"];
  it("maps each step to its combatant's turn", () => {
    expect(descending.map((_, i) => turnForStep(combatWith(descending, i), turns))).toEqual([0, 1, 0, 1, 0, 1, 0]);
  });
  it("maps a side's step to its first member still in the combat", () => {
    const plan = [{ phase: "fast" as const, kind: "act" as const, combatants: ["x", "a"], simultaneous: true, side: "reds" }];
    expect(turnForStep(combatWith(plan, 0), turns)).toBe(1);
    expect(turnForStep(combatWith(plan, 0), ["q"])).toBeNull();
  });
  it("maps nothing once the round is walked or before a plan exists", () => {
    expect(turnForStep(combatWith(descending, descending.length), turns)).toBeNull();
    expect(turnForStep(defaultCombatSystem(), turns)).toBeNull();
  });
});

describe("removalUpdate", () => {
  it("takes a deleted combatant out of places, pairs, grapples, carries, declarations and initiative", () => {
    const system: CombatSystemSource = {
      ...combatWith(descending, 3),
      skirmish: storedOf({
        combatants: { a: defaultPlace(true), b: defaultPlace(true) },
        distances: { "a|b": "zero", "b|tower": "close", "a|tower": "long" },
        grapples: ["a|b"],
        carrying: { b: "a" },
      }),
      declarations: { a: { phase: "battle", text: "bite", target: "b", action: "", aborted: "", choice: "", sealed: false, resolved: false } },
      initiative: { ...defaultCombatSystem().initiative, order: ["b", "a", "c"], pneuma: { a: 3, b: 4, c: 2 } },
    };
    const update = removalUpdate(system, "a");
    expect(update).toMatchObject({
      "system.skirmish.combatants.-=a": null,
      "system.skirmish.distances.-=a|b": null,
      "system.skirmish.distances.-=a|tower": null,
      "system.skirmish.grapples": [],
      "system.skirmish.carrying.-=b": null,
      "system.declarations.-=a": null,
      "system.initiative.order": ["b", "c"],
      "system.initiative.pneuma.-=a": null,
    });
    expect(update["system.skirmish.distances.-=b|tower"]).toBeUndefined();
  });

  it("drops the deleted combatant's steps and keeps the cursor on the same step", () => {
    // Steps: b mv, a mv, b bt, a bt, b end-act, a end-act, end. The cursor is on "a battle" (3).
    const update = removalUpdate(combatWith(descending, 2), "a");
    const plan = update["system.plan"] as typeof descending;
    expect(plan.map((s) => `${s.phase}:${s.kind}:${s.combatants.join(",")}`)).toEqual([
      "movement:act:b", "battle:act:b", "end:act:b", "end:end:b",
    ]);
    // "b battle" was step 2 and is now step 1.
    expect(update["system.cursor.index"]).toBe(1);
  });

  it("leaves the cursor alone when only later steps go", () => {
    const update = removalUpdate(combatWith(descending, 0), "a");
    expect(update["system.cursor.index"]).toBeUndefined();
  });
});

describe("revertChanges", () => {
  it("undoes an End Phase: falls, crash wounds, flags and released grapples come back", async () => {
    const entries = [entry("a", { soma: 2, life: { max: 6, wounds: 4 } }), entry("b"), entry("c")];
    const before = skirmishState(
      storedOf({
        combatants: {
          a: { ...defaultPlace(true), altitude: "low", moved: true, roundEffects: ["noRangedAttack"] },
          b: { ...defaultPlace(true), altitude: "high", choseToFall: true },
          c: { ...defaultPlace(true), altitude: "high" },
        },
        distances: { "b|c": "middle" },
      }),
      entries,
    );
    const outcome = await resolveEndPhase(before, scriptedDice([6, 6]));
    const after = applyChanges(before, outcome.changes);
    expect(after.combatants.a?.altitude).toBe("grounded");
    expect(after.combatants.a?.life.wounds).toBe(5);
    expect(after.combatants.b?.altitude).toBe("mid");
    const restored = applyChanges(after, revertChanges(after, before));
    expect(restored).toEqual(before);
  });

  it("puts back a grapple and a carry that ended", () => {
    const entries = [entry("a"), entry("b"), entry("c")];
    const before = skirmishState(storedOf({ grapples: ["a|b"], distances: { "a|b": "zero" }, carrying: { c: "a" } }), entries);
    const now = applyChanges(before, [{ type: "release", a: "a", b: "b" }, { type: "drop", carrier: "c" }, { type: "distance", a: "a", b: "b", distance: "middle" }]);
    expect(applyChanges(now, revertChanges(now, before))).toEqual(before);
  });

  it("changes nothing when nothing changed", () => {
    const s = skirmishState(storedOf(), [entry("a")]);
    expect(revertChanges(s, s)).toEqual([]);
  });
});

describe("removalUpdate with several at once", () => {
  it("removes every deleted combatant from the order and the plan, moving the cursor once for each step gone", () => {
    const system: CombatSystemSource = {
      ...combatWith(descending, 4),
      initiative: { ...defaultCombatSystem().initiative, order: ["b", "a", "c"], pneuma: { a: 3, b: 4, c: 2 } },
    };
    const update = removalUpdate(system, ["a", "c"]);
    expect(update["system.initiative.order"]).toEqual(["b"]);
    expect(update["system.initiative.pneuma.-=a"]).toBeNull();
    expect(update["system.initiative.pneuma.-=c"]).toBeNull();
    // Steps before the cursor (4 = "b end-act"): b mv, a mv, b bt, a bt -> two of a's go, so the cursor is 2.
    expect(update["system.cursor.index"]).toBe(2);
  });
});

describe("carryOutNext: what the combat document does with a NextMove", () => {
  const steps = () => {
    const done: string[] = [];
    return {
      done,
      steps: {
        resolveEnd: () => (done.push("end"), Promise.resolve()),
        beginRound: (round: number) => (done.push(`begin ${String(round)}`), Promise.resolve()),
        moveTo: (cursor: { round: number; index: number }) => (done.push(`step ${String(cursor.index)}`), Promise.resolve()),
      },
    };
  };
  it("resolves the End Phase alone, or first before the next round, or moves the cursor", async () => {
    const a = steps();
    await carryOutNext({ kind: "endPhase" }, 3, a.steps);
    expect(a.done).toEqual(["end"]);
    const b = steps();
    await carryOutNext({ kind: "nextRound", endPhaseFirst: true }, 3, b.steps);
    expect(b.done).toEqual(["end", "begin 4"]);
    const c = steps();
    await carryOutNext({ kind: "nextRound", endPhaseFirst: false }, 3, c.steps);
    expect(c.done).toEqual(["begin 4"]);
    const d = steps();
    await carryOutNext({ kind: "step", cursor: { round: 3, index: 5 } }, 3, d.steps);
    expect(d.done).toEqual(["step 5"]);
  });
});
