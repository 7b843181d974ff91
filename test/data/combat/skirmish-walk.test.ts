// Whole skirmishes in descending Pneuma and side d10 rounds, walked through the document translations: combat
// entries -> plan -> steps -> engine outcomes (scripted dice) -> outcomeUpdates on a stored combat source -> End
// Phase -> next round, until one side is out. skirmish-walk.ts checks after every write that the documents carry
// exactly the engine's state and statuses; the tests here check the fight went through what it had to.
import { describe, expect, it } from "vitest";
import { woundState } from "../../../src/rules/health";
import { SkirmishWalk } from "./skirmish-walk";
import type { Faces, Fighter, Script } from "./skirmish-walk";

const FIGHTERS: readonly Fighter[] = [
  { id: "sable", file: "sable-dragon", side: "Dragons", place: { altitude: "high" } },
  { id: "argent", file: "argent-dragon", side: "Dragons", place: { altitude: "mid" } },
  { id: "rider", file: "wyvern-rider", side: "Wyvern Host", place: { altitude: "mid" } },
  { id: "knight", file: "knight", side: "Wyvern Host", place: { altitude: "grounded" } },
  { id: "bowman", file: "longbowman", side: "Wyvern Host", place: { altitude: "grounded" } },
];

const DISTANCES = {
  "argent|rider": "close",
  "knight|sable": "middle",
  "rider|sable": "middle",
  "argent|bowman": "middle",
  "bowman|sable": "middle",
} as const;

/** Damage dice that deal `wounds` through `armour`: that many successes more than the armour stops. */
const damage = (armour: number, wounds: number): Faces => ({ sixes: armour + wounds });
const HIT: readonly Faces[] = [6, 1];
const MISS: readonly Faces[] = [1, 6];

/** The fight's orders: built from the combatants' real armour so the damage lands where the story needs it. */
function script(walk: SkirmishWalk): Script {
  const armour = (id: string): number => walk.state.combatants[id]?.armour ?? 0;
  const knightLife = walk.state.combatants.knight?.life.max ?? 0;
  const riderLife = walk.state.combatants.rider?.life.max ?? 0;
  return {
    1: {
      // The Sable dives from high to mid and breathes on the knight: severely injured (more than half its Life).
      sable: { move: { kind: "standard", altitude: "mid" }, attack: { target: "knight", weapon: "Dragonsbreath", dice: [...HIT, damage(armour("knight"), Math.floor(knightLife / 2) + 1)] } },
      // The Argent locks the wyvern rider in a grapple: both pinned, both fall in the End Phase.
      argent: { grapple: { target: "rider", dice: HIT } },
      bowman: { attack: { target: "argent", weapon: "Longbow", dice: MISS } },
    },
    2: {
      // The knight dies; the longbowman leaves the field (the GM deletes it) before the Argent strikes.
      sable: { attack: { target: "knight", weapon: "Dragonsbreath", dice: [...HIT, damage(armour("knight"), knightLife)] } },
      argent: { deleteBefore: ["bowman"], attack: { target: "rider", weapon: "Tooth and Claw", dice: [...HIT, damage(armour("rider"), Math.floor(riderLife / 2) + 1)] } },
    },
    3: {
      argent: { attack: { target: "rider", weapon: "Tooth and Claw", dice: [...HIT, damage(armour("rider"), riderLife)] } },
    },
  };
}

/** Crash dice that all miss: a crash is rolled, and deals nothing. */
const SOFT: readonly Faces[] = [1, 1, 1, 1];

/** The grappling pair's way down: mid -> low -> grounded (and back up and down again if the crash was undone). */
const FALL = ["mid", "low", "grounded"];

function checkFight(walk: SkirmishWalk, pairFell: readonly string[] = FALL): void {
  const { record } = walk;
  const state = walk.state;
  // One side is out: the Host's knight and rider dead, its longbowman gone from the combat.
  expect(walk.sidesStanding).toEqual(["Dragons"]);
  expect(record.deleted).toEqual(["bowman"]);
  expect(state.combatants.bowman).toBeUndefined();
  expect(walk.combatants.map((c) => c.id)).not.toContain("bowman");
  for (const id of ["knight", "rider"]) {
    const c = state.combatants[id];
    expect(c && woundState(c.life.wounds, c.life.max)).toBe("dead");
    expect(record.health[id]).toEqual(["fit", "severelyInjured", "dead"]);
    expect(walk.actors.get(id)?.statuses.has("dead")).toBe(true);
    expect(walk.actors.get(id)?.statuses.has("severelyInjured")).toBe(false);
  }
  // The grapple happened, held through the falls, and the rider's death ended it.
  expect(record.grapples).toEqual(["argent|rider"]);
  expect(state.grapples).toEqual([]);
  expect(walk.actors.get("argent")?.statuses.has("pinned")).toBe(false);
  // Flyers at several altitudes: the Sable dived; the grappling pair fell mid -> low -> grounded and crashed.
  expect(record.altitudes.sable).toEqual(["high", "mid"]);
  expect(record.altitudes.argent).toEqual(pairFell);
  expect(record.altitudes.rider).toEqual(pairFell);
  const crashes = record.endPhases.flatMap((e) => e.falls).filter((f) => f.crashed).map((f) => f.id);
  expect(crashes.sort()).toEqual(["argent", "rider"]);
  // Every round's End Phase ran once, and the next round started from it: flags cleared, nobody falling.
  expect(record.endPhases).toHaveLength(record.rounds);
  expect(walk.stored.endPhase.round).toBe(record.rounds);
  for (const c of Object.values(state.combatants)) expect([c.moved, c.acted, c.fullMove, c.falling]).toEqual([false, false, false, false]);
  // The plans after the deletion never name the longbowman again.
  const deletedIn = 2;
  for (const plan of record.plans.slice(deletedIn)) expect(plan.flatMap((s) => s.combatants)).not.toContain("bowman");
}

describe("a whole skirmish through the document translations", () => {
  it("descending Pneuma: three rounds, a grapple, a fall to a crash, a severe injury, two deaths and a deletion", async () => {
    const walk = new SkirmishWalk("descending", FIGHTERS, { distances: { ...DISTANCES }, surface: "normal" });
    // The GM undoes round 2's End Phase (the crash) from its card; it then resolves again.
    walk.undoEnd.add(2);
    // The undone End Phase crashes hard (every crash die a success): the wounds it dealt are undone on the actors.
    const record = await walk.fight(script(walk), () => ({ d10: [], events: [], crash: SOFT, undoneCrash: [6, 6, 6, 6] }));
    expect(record.rounds).toBe(3);
    expect(record.undone).toEqual([2]);
    const hurt = record.undoneFalls.flatMap((e) => e.falls).filter((f) => (f.crash?.damage ?? 0) > 0).map((f) => f.id);
    expect(hurt.sort()).toEqual(["argent", "rider"]);
    // Nothing else ever hurt the Argent (the longbow missed, the crash that counted was soft): no wounds left.
    expect(walk.state.combatants.argent?.life.wounds).toBe(0);
    expect((walk.actors.get("argent")?.system.life as { wounds: number }).wounds).toBe(0);
    // The undo put the pair back at low, unhurt, and the End Phase brought them down again.
    checkFight(walk, [...FALL, "low", "grounded"]);
    // Descending: the Pneuma order was rolled once and kept until a combatant left the fight.
    expect(record.plans[0]?.map((s) => s.phase)).toEqual(expect.arrayContaining(["movement", "battle", "end"]));
    expect(walk.stored.initiative.order).not.toContain("bowman");
    expect(Object.keys(walk.stored.initiative.pneuma)).not.toContain("bowman");
    // The round driver's order-keeping check (pneumaDecision): rolled in round 1 only, kept through the deletion
    // (a combatant that leaves does not re-roll the order), so removing the check fails this walk.
    expect(record.pneumaRolls).toBe(1);
  });

  it("reverse declaration: the same fight with public declarations, cleared at each new round", async () => {
    const walk = new SkirmishWalk("reverseDeclaration", FIGHTERS, { distances: { ...DISTANCES }, surface: "normal" });
    const record = await walk.fight(script(walk), () => ({ d10: [], events: [], crash: SOFT }));
    expect(record.rounds).toBe(3);
    checkFight(walk);
    // Every round declared in its declaration steps, and beginRound found the declarations cleared each time.
    expect(record.declared).toBeGreaterThanOrEqual(Object.keys(script(walk)).length);
    for (const plan of record.plans) expect(plan.some((s) => s.kind === "declare")).toBe(true);
    expect(Object.keys(walk.stored.declarations).length).toBeGreaterThan(0);
  });

  it("side d10: the same fight over speed phases, with ties drawing combat events up to the cap", async () => {
    const walk = new SkirmishWalk("sideD10", FIGHTERS, { distances: { ...DISTANCES }, surface: "normal" }, 1);
    // Round 1: the sides tie twice (5-5, 4-4) then 8-3: two events called for, the cap of 1 draws one. The event is
    // Armour Trouble (d20 1) on the first combatant of the snapshot (the Sable), d6 6: its body armour.
    const dice = (round: number) =>
      round === 1 ? { d10: [5, 5, 4, 4, 8, 3], events: [1, 1, 6] as Faces[], crash: SOFT } : { d10: [7, 2], events: [], crash: SOFT };
    const sableArmour = walk.actors.get("sable")?.items.filter((i) => i.type === "armour").map((i) => (i.system as { damage?: number }).damage ?? 0);
    const record = await walk.fight(script(walk), dice);
    expect(record.rounds).toBe(3);
    checkFight(walk);
    expect(record.skipped).toBe(1);
    expect(record.events.map((e) => [e.event, e.combatant])).toEqual([["armourTrouble", "sable"]]);
    // The armour damage reached the Sable's worn piece, and the body's rating follows it.
    const after = walk.actors.get("sable")?.items.filter((i) => i.type === "armour").map((i) => (i.system as { damage?: number }).damage ?? 0);
    expect(after?.reduce((a, b) => a + b, 0)).toBe((sableArmour?.reduce((a, b) => a + b, 0) ?? 0) + 1);
    // The stored side result is this round's alone, and every plan acts in speed phases by side.
    expect(walk.stored.initiative.sides?.order).toEqual(["Dragons", "Wyvern Host"]);
    expect(Object.keys(walk.stored.initiative.sides?.rolls ?? {}).sort()).toEqual(["Dragons", "Wyvern Host"]);
    for (const plan of record.plans) expect(plan.filter((s) => s.kind === "act").every((s) => s.side !== undefined)).toBe(true);
  });

  it("side d10 with three sides: a side wiped out in round 1 rolls no more and forces no ties", async () => {
    const fighters = [...FIGHTERS, { id: "xbow", file: "crossbowman", side: "Free Company", place: { altitude: "grounded" as const }, wounds: 3 }];
    const walk = new SkirmishWalk("sideD10", fighters, { distances: { ...DISTANCES, "bowman|xbow": "middle" }, surface: "normal" });
    const orders = script(walk);
    const xbowArmour = walk.state.combatants.xbow?.armour ?? 0;
    // Round 1: the longbowman shoots the Free Company's only crossbowman (severely injured already) dead instead of
    // missing the Argent.
    const killing = { 1: { ...orders[1], bowman: { attack: { target: "xbow", weapon: "Longbow", dice: [...HIT, damage(xbowArmour, 1)] } } } };
    // Three d10s in round 1 (the Dragons and the Host tie at 5 and roll again), only two from round 2 on: a third
    // roll would find the script empty and fail the walk.
    const dice = (round: number) =>
      round === 1 ? { d10: [5, 5, 8, 6, 3], events: [1, 1, 6] as Faces[], crash: SOFT } : { d10: [7, 2], events: [], crash: SOFT };
    const record = await walk.fight({ ...orders, ...killing }, dice);
    expect(record.rounds).toBe(3);
    checkFight(walk);
    expect(record.health.xbow).toEqual(["severelyInjured", "dead"]);
    expect(walk.stored.initiative.sides?.order).toEqual(["Dragons", "Wyvern Host"]);
    expect(Object.keys(walk.stored.initiative.sides?.rolls ?? {})).not.toContain("Free Company");
    for (const plan of record.plans.slice(1)) expect(plan.filter((s) => s.kind === "act").map((s) => s.side)).not.toContain("Free Company");
    expect(record.events).toHaveLength(1);
  });
});
