import { describe, expect, it } from "vitest";
import { scriptedDice } from "../../src/rules/roll-sources";
import { pneumaOrder } from "../../src/rules/initiative";
import { advance, current, isComplete, planRound, shiftedSpeed, startCursor } from "../../src/rules/round-plan";
import type { PlanCombatant, RoundPlan, RoundStep } from "../../src/rules/round-plan";

const trio: PlanCombatant[] = [
  { id: "sable", pneuma: 4 },
  { id: "argent", pneuma: 4 },
  { id: "hunter", pneuma: 2 },
];
const order = ["sable", "hunter", "argent"];

/** Steps as short strings ("phase kind ids"), so whole plans read at a glance. */
const brief = (plan: RoundPlan): string[] =>
  plan.steps.map((s: RoundStep) => `${s.phase} ${s.kind} ${s.combatants.join(",")}`.trim());

describe("000 Default Option: descending round plan", () => {
  it("lets each combatant act alone in Pneuma order in movement, battle and end, then runs the end phase", () => {
    const plan = planRound({ mode: "descending", round: 1, combatants: trio, order });
    expect(brief(plan)).toEqual([
      "movement act sable",
      "movement act hunter",
      "movement act argent",
      "battle act sable",
      "battle act hunter",
      "battle act argent",
      "end act sable",
      "end act hunter",
      "end act argent",
      "end end sable,hunter,argent",
    ]);
    expect(plan.steps.slice(0, -1).every((s) => !s.simultaneous)).toBe(true);
  });
  it("takes its order from pneumaOrder: the seed's example gives Sable, Hunter, Argent turns", async () => {
    const dragons = ["sable", "argent", "hunter"].map((id) => ({ id, pneuma: 4 }));
    const dice = scriptedDice([6, 6, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1, 1, 6, 6, 6, 1]);
    const { order: settled } = await pneumaOrder(dragons, dice);
    const plan = planRound({ mode: "descending", round: 1, combatants: dragons, order: settled });
    expect(brief(plan).slice(0, 3)).toEqual(["movement act sable", "movement act hunter", "movement act argent"]);
  });
  it("skips the dead everywhere and the severely injured in movement and battle", () => {
    const combatants = [{ id: "sable", dead: true }, { id: "argent", severelyInjured: true }, { id: "hunter" }];
    const plan = planRound({ mode: "descending", round: 2, combatants, order });
    expect(brief(plan)).toEqual([
      "movement act hunter",
      "battle act hunter",
      "end act hunter",
      "end act argent",
      "end end hunter,argent",
    ]);
  });
  it("gives the surprised no step in round 1 but every step in round 2", () => {
    const combatants = [{ id: "sable", surprised: true }, { id: "argent" }, { id: "hunter" }];
    const first = planRound({ mode: "descending", round: 1, combatants, order });
    const second = planRound({ mode: "descending", round: 2, combatants, order });
    expect(first.steps.filter((s) => s.kind === "act" && s.combatants.includes("sable"))).toEqual([]);
    expect(second.steps.filter((s) => s.kind === "act" && s.combatants.includes("sable"))).toHaveLength(3);
  });
  it("refuses an order that misses or repeats a combatant", () => {
    expect(() => planRound({ mode: "descending", round: 1, combatants: trio, order: ["sable", "hunter"] })).toThrow(
      /order/,
    );
    expect(() =>
      planRound({ mode: "descending", round: 1, combatants: trio, order: ["sable", "sable", "hunter"] }),
    ).toThrow(RangeError);
    expect(() => planRound({ mode: "descending", round: 1, combatants: trio })).toThrow(/order/);
  });
});

describe("000 Alternative Option: reverse declaration round plan", () => {
  it("declares slowest first and resolves fastest first in movement, battle and End Phase actions, then the end phase", () => {
    const plan = planRound({ mode: "reverseDeclaration", round: 1, combatants: trio, order });
    expect(brief(plan)).toEqual([
      "movement declare argent",
      "movement declare hunter",
      "movement declare sable",
      "movement resolve sable",
      "movement resolve hunter",
      "movement resolve argent",
      "battle declare argent",
      "battle declare hunter",
      "battle declare sable",
      "battle resolve sable",
      "battle resolve hunter",
      "battle resolve argent",
      "end declare argent",
      "end declare hunter",
      "end declare sable",
      "end resolve sable",
      "end resolve hunter",
      "end resolve argent",
      "end end sable,hunter,argent",
    ]);
  });
  it("leaves the severely injured out of movement and battle, but gives them their End Phase actions", () => {
    const combatants = [{ id: "sable" }, { id: "argent" }, { id: "hunter", severelyInjured: true }];
    const plan = planRound({ mode: "reverseDeclaration", round: 1, combatants, order });
    expect(plan.steps.some((s) => s.phase !== "end" && s.combatants.includes("hunter"))).toBe(false);
    expect(brief(plan).filter((s) => s.startsWith("end") && s.includes("hunter"))).toEqual([
      "end declare hunter",
      "end resolve hunter",
      "end end sable,hunter,argent",
    ]);
  });
});

describe("000 Alternative Option: secret declaration round plan", () => {
  it("declares everyone at once, then resolves equal Pneuma together, highest first", () => {
    const plan = planRound({ mode: "secretDeclaration", round: 1, combatants: trio });
    expect(brief(plan)).toEqual([
      "movement declare sable,argent,hunter",
      "movement resolve sable,argent",
      "movement resolve hunter",
      "battle declare sable,argent,hunter",
      "battle resolve sable,argent",
      "battle resolve hunter",
      "end declare sable,argent,hunter",
      "end resolve sable,argent",
      "end resolve hunter",
      "end end sable,argent,hunter",
    ]);
    expect(plan.steps.map((s) => s.simultaneous)).toEqual([true, true, false, true, true, false, true, true, false, true]);
  });
  it("needs no initiative order, only Pneuma values", () => {
    expect(() => planRound({ mode: "secretDeclaration", round: 1, combatants: [{ id: "x" }] })).toThrow(
      /combatants\[0\]\.pneuma/,
    );
  });
});

describe("001 Combat Phases: side d10 round plan", () => {
  const sides = { order: ["hostile", "friendly"], phaseShift: { hostile: 0, friendly: 0 } as const };
  const mixed: PlanCombatant[] = [
    { id: "ember", side: "friendly", speed: "fast" },
    { id: "orc", side: "hostile" },
    { id: "gale", side: "friendly" },
    { id: "troll", side: "hostile", speed: "slow" },
  ];
  it("opens with the starting phase, acts by speed phase and side order, closes with End of Round", () => {
    const plan = planRound({ mode: "sideD10", round: 1, combatants: mixed, sides });
    expect(brief(plan)).toEqual([
      "starting start ember,orc,gale,troll",
      "fast act ember",
      "average act orc",
      "average act gale",
      "slow act troll",
      "endOfRound end ember,orc,gale,troll",
    ]);
    expect(plan.steps[2]?.side).toBe("hostile");
  });
  it("lets a side's combatants in one phase act together in one step", () => {
    const plan = planRound({
      mode: "sideD10",
      round: 1,
      combatants: [
        { id: "a", side: "friendly" },
        { id: "b", side: "friendly" },
      ],
      sides,
    });
    expect(plan.steps[1]).toEqual({
      phase: "average",
      kind: "act",
      combatants: ["a", "b"],
      simultaneous: true,
      side: "friendly",
    });
  });
  it("moves a side rolling 10 one phase earlier and a side rolling 1 one phase later", () => {
    const shifted = { order: ["friendly", "hostile"], phaseShift: { friendly: -1, hostile: 1 } as const };
    const plan = planRound({ mode: "sideD10", round: 1, combatants: mixed, sides: shifted });
    expect(brief(plan).slice(1, -1)).toEqual([
      "veryFast act ember",
      "fast act gale",
      "slow act orc",
      "verySlow act troll",
    ]);
  });
  it("keeps shifted speeds within Lightning Fast and Glacially Slow", () => {
    expect(shiftedSpeed("lightningFast", -1)).toBe("lightningFast");
    expect(shiftedSpeed("glaciallySlow", 1)).toBe("glaciallySlow");
    expect(shiftedSpeed("average", 1)).toBe("slow");
  });
  it("skips surprised combatants in round 1 and the dead in every step", () => {
    const combatants: PlanCombatant[] = [
      { id: "ember", side: "friendly", surprised: true },
      { id: "orc", side: "hostile", dead: true },
      { id: "gale", side: "friendly" },
    ];
    const plan = planRound({ mode: "sideD10", round: 1, combatants, sides });
    expect(brief(plan)).toEqual(["starting start ember,gale", "average act gale", "endOfRound end ember,gale"]);
  });
  it("refuses a combatant whose side did not roll initiative", () => {
    expect(() =>
      planRound({ mode: "sideD10", round: 1, combatants: [{ id: "x", side: "neutral" }], sides }),
    ).toThrow(/combatants\[0\]\.side.*neutral/);
  });
  it("takes a dead combatant whose whole side is out and rolled no initiative, and plans nothing for it", () => {
    const combatants: PlanCombatant[] = [
      { id: "gale", side: "friendly" },
      { id: "orc", side: "neutral", dead: true },
    ];
    const plan = planRound({ mode: "sideD10", round: 2, combatants, sides });
    expect(brief(plan)).toEqual(["starting start gale", "average act gale", "endOfRound end gale"]);
    expect(() => planRound({ mode: "sideD10", round: 2, combatants: [{ ...combatants[1], id: "orc", dead: false }], sides })).toThrow(/neutral/);
  });
});

describe("000 Initiative: walking a round plan", () => {
  const plan = planRound({ mode: "descending", round: 3, combatants: trio, order });
  it("starts at the first step", () => {
    expect(current(plan, startCursor(plan))).toEqual(plan.steps[0]);
  });
  it("advances one step at a time until complete, then stays put", () => {
    let cursor = startCursor(plan);
    for (let i = 0; i < plan.steps.length; i += 1) cursor = advance(plan, cursor);
    expect(isComplete(plan, cursor)).toBe(true);
    expect(current(plan, cursor)).toBeNull();
    expect(advance(plan, cursor)).toEqual(cursor);
  });
  it("passes over steps of combatants who can no longer act, but never the end step", () => {
    const next = advance(plan, startCursor(plan), ["argent"]);
    expect(current(plan, next)?.combatants).toEqual(["argent"]);
    const afterBattle = advance(plan, { round: 3, index: 8 }, []);
    expect(current(plan, afterBattle)?.kind).toBe("end");
  });
  it("keeps the cursor plain data that survives JSON", () => {
    const cursor = advance(plan, startCursor(plan));
    expect(JSON.parse(JSON.stringify(cursor))).toEqual(cursor);
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
  });
  it("refuses a cursor from another round or past the end", () => {
    expect(() => current(plan, { round: 2, index: 0 })).toThrow(/cursor\.round/);
    expect(() => current(plan, { round: 3, index: 99 })).toThrow(/cursor\.index.*99/);
  });
  it("refuses an unknown mode and a round below 1", () => {
    expect(() => planRound({ mode: "initiativeDeck" as never, round: 1, combatants: [] })).toThrow(/mode/);
    expect(() => planRound({ mode: "secretDeclaration", round: 0, combatants: [] })).toThrow(/round.*0/);
  });
});

describe("000 The Passage of Time: Phases and Rounds", () => {
  const rank = { movement: 0, battle: 1, end: 2 } as const;
  it.each(["descending", "reverseDeclaration", "secretDeclaration"] as const)(
    "%s: every combatant completes a phase before anyone starts the next, in the order movement, battle, end",
    (mode) => {
      const plan = planRound({ mode, round: 2, combatants: trio, order });
      const phases = plan.steps.map((s) => rank[s.phase as keyof typeof rank]);
      expect(phases).toEqual([...phases].sort((a, b) => a - b));
      expect(new Set(phases)).toEqual(new Set([0, 1, 2]));
    },
  );
  it("001 Combat Phases: a d10 round opens with the Starting Phase and closes with End of Round", () => {
    const sides = { order: ["dragons", "knights"], phaseShift: { dragons: 0, knights: 0 } as const };
    const combatants: PlanCombatant[] = [
      { id: "sable", side: "dragons", speed: "veryFast" },
      { id: "knight", side: "knights", speed: "slow" },
    ];
    const plan = planRound({ mode: "sideD10", round: 1, combatants, sides });
    expect(plan.steps[0]?.phase).toBe("starting");
    expect(plan.steps.at(-1)?.phase).toBe("endOfRound");
    expect(brief(plan).slice(1, -1)).toEqual(["veryFast act sable", "slow act knight"]);
  });
});

describe("001 Initiative: the side order a d10 plan is given", () => {
  it("refuses a side listed twice, which would let its combatants act twice", () => {
    const combatants: PlanCombatant[] = [{ id: "x", side: "s1" }, { id: "y", side: "s2" }];
    const sides = { order: ["s1", "s2", "s1"] };
    expect(() => planRound({ mode: "sideD10", round: 1, combatants, sides })).toThrow(/sides\.order.*each side once/);
  });
});
