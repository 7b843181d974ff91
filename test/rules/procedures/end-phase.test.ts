import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES, altitudeIndex } from "../../../src/rules/bands";
import { scriptedDice } from "../../../src/rules/roll-sources";
import {
  END_PHASE_LOG,
  FALL_CHOICE_REASONS,
  chooseToFall,
  resolveEndPhase,
} from "../../../src/rules/procedures/end-phase";
import type { FallReport } from "../../../src/rules/procedures/end-phase";
import { resolveMove } from "../../../src/rules/procedures/move";
import { validateRescue } from "../../../src/rules/procedures/rescue";
import { applyChanges, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import type { Altitude, Surface } from "../../../src/rules/types";
import { fighter, skirmishOf } from "../fixtures";

/** A dice source that has nothing to give: any roll fails the test. */
const noDice = scriptedDice([]);

const injured = { life: { max: 12, wounds: 7 } };

describe("000 Falling out of the Sky: who falls", () => {
  it("drops a pinned airborne combatant one altitude band", async () => {
    const state = skirmishOf([fighter("a", { altitude: "high" }), fighter("b", { altitude: "high" })], {
      grapples: [pairKey("a", "b")],
    });
    const outcome = await resolveEndPhase(state, noDice);
    expect(outcome.changes).toContainEqual({ type: "altitude", id: "a", altitude: "mid" });
  });
  it("drops a severely injured airborne combatant one altitude band", async () => {
    const outcome = await resolveEndPhase(skirmishOf([fighter("a", { altitude: "ceiling", ...injured })]), noDice);
    expect(outcome.falls).toEqual([
      { id: "a", name: "A", cause: "severelyInjured", from: "ceiling", to: "high", crashed: false },
    ]);
  });
  it("drops a dead airborne combatant one altitude band", async () => {
    const outcome = await resolveEndPhase(skirmishOf([fighter("a", { life: { max: 12, wounds: 13 } })]), noDice);
    expect(outcome.falls[0]?.cause).toBe("dead");
  });
  it("drops a combatant that chose to fall", async () => {
    const outcome = await resolveEndPhase(skirmishOf([fighter("a", { altitude: "high", choseToFall: true })]), noDice);
    expect(outcome.falls[0]).toMatchObject({ cause: "choseToFall", from: "high", to: "mid" });
  });
  it("leaves a fit, free flyer where it is and logs that nobody fell", async () => {
    const outcome = await resolveEndPhase(skirmishOf([fighter("a")]), noDice);
    expect(outcome.falls).toEqual([]);
    expect(outcome.changes).toEqual([]);
    expect(outcome.log).toEqual([{ key: END_PHASE_LOG.NoFalls }]);
  });
  it("does not drop a grounded combatant, even a pinned one", async () => {
    const state = skirmishOf([fighter("a", { altitude: "grounded" }), fighter("b", { altitude: "grounded" })], {
      grapples: [pairKey("a", "b")],
    });
    expect((await resolveEndPhase(state, noDice)).falls).toEqual([]);
  });
  it("000 Grapple Attacks: a grappled pair falls together and stays at the same band", async () => {
    const state = skirmishOf([fighter("a", { altitude: "high" }), fighter("b", { altitude: "high" }), fighter("c")], {
      grapples: [pairKey("a", "b")],
    });
    const next = applyChanges(state, (await resolveEndPhase(state, noDice)).changes);
    expect([next.combatants.a?.altitude, next.combatants.b?.altitude, next.combatants.c?.altitude]).toEqual([
      "mid", "mid", "mid",
    ]);
  });
  it("logs each fall with the faller's name and both bands", async () => {
    const outcome = await resolveEndPhase(skirmishOf([fighter("a", { altitude: "high", choseToFall: true })]), noDice);
    expect(outcome.log).toContainEqual({ key: END_PHASE_LOG.Fell, data: { name: "A", from: "high", to: "mid" } });
  });
});

describe("000 Falling out of the Sky, Catching: a non-flyer left in the air", () => {
  it("falls one band each End Phase, stays falling (a rescue target) and never walks in between", async () => {
    const knight = fighter("k", { canFly: false, altitude: "high", falling: true });
    let state = skirmishOf([knight, fighter("r", { altitude: "mid" })], { distances: { [pairKey("k", "r")]: "close" } });
    state = applyChanges(state, (await resolveEndPhase(state, noDice)).changes);
    expect(state.combatants.k).toMatchObject({ altitude: "mid", falling: true });
    expect(resolveMove(state, { id: "k", kind: "full", reference: "r", distance: "middle" }, "movement").allowed).toBe(false);
    expect(validateRescue(state, { rescuerId: "r", targetId: "k" })).toEqual({ allowed: true });
    state = applyChanges(state, (await resolveEndPhase(state, noDice)).changes);
    expect(state.combatants.k).toMatchObject({ altitude: "low", falling: true });
  });
});

describe("000 Falling out of the Sky: crashing", () => {
  it("rolls Soma dice when a faller reaches the ground and takes one wound per success", async () => {
    const dice = scriptedDice([5, 6, 4, 1]);
    const outcome = await resolveEndPhase(skirmishOf([fighter("a", { altitude: "low", choseToFall: true })]), dice);
    expect(dice.requests).toEqual([{ count: 4, faces: 6, results: [5, 6, 4, 1] }]);
    expect(outcome.changes).toContainEqual({ type: "wounds", id: "a", wounds: 2 });
    expect(outcome.falls[0]).toEqual({
      id: "a", name: "A", cause: "choseToFall", from: "low", to: "grounded", crashed: true,
      crash: { pool: 4, tn: 5, dice: [5, 6, 4, 1], successes: 2, armour: 0, damage: 2, wounds: 2, woundState: "fit" },
    });
  });
  it.each<[Surface, number]>([["normal", 5], ["rock", 4], ["water", 6], ["dangerous", 3], ["deadly", 2]])(
    "rolls the crash against the %s surface at TN %i",
    async (surface, tn) => {
      const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true })], { surface });
      const outcome = await resolveEndPhase(state, scriptedDice([6, 5, 4, 3]));
      expect(outcome.falls[0]?.crash?.tn).toBe(tn);
      expect(outcome.falls[0]?.crash?.successes).toBe([6, 5, 4, 3].filter((face) => face >= tn).length);
    },
  );
  it("takes armour off the crash successes", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true, armour: 2 })]);
    const outcome = await resolveEndPhase(state, scriptedDice([6, 6, 6, 1]));
    expect(outcome.falls[0]?.crash).toMatchObject({ successes: 3, armour: 2, damage: 1, wounds: 1 });
  });
  it("never turns armour into healing: more armour than successes is no damage and no wounds change", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true, armour: 3, life: { max: 12, wounds: 4 } })]);
    const outcome = await resolveEndPhase(state, scriptedDice([6, 1, 1, 1]));
    expect(outcome.falls[0]?.crash).toMatchObject({ damage: 0, wounds: 4 });
    expect(outcome.changes.some((c) => c.type === "wounds")).toBe(false);
  });
  it("000 Severe injury and Death: reports the new wound state and logs a severe injury", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true, life: { max: 12, wounds: 5 } })]);
    const outcome = await resolveEndPhase(state, scriptedDice([6, 6, 1, 1]));
    expect(outcome.falls[0]?.crash?.woundState).toBe("severelyInjured");
    expect(outcome.log).toContainEqual({ key: END_PHASE_LOG.SeverelyInjured, data: { name: "A" } });
  });
  it("000 Severe injury and Death: logs a death from a crash", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", life: { max: 12, wounds: 10 } })]);
    const outcome = await resolveEndPhase(state, scriptedDice([6, 6, 6, 1]));
    expect(outcome.log).toContainEqual({ key: END_PHASE_LOG.Killed, data: { name: "A" } });
  });
  it("logs the crash roll and its damage", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true, armour: 1 })]);
    const outcome = await resolveEndPhase(state, scriptedDice([6, 6, 2, 2]));
    expect(outcome.log).toContainEqual({
      key: END_PHASE_LOG.Crashed, data: { name: "A", successes: 2, tn: 5, armour: 1, damage: 1, wounds: 1 },
    });
  });
  it("rolls crashes in the order of the skirmish's combatants", async () => {
    const state = skirmishOf([
      fighter("z", { altitude: "low", choseToFall: true, soma: 1 }),
      fighter("a", { altitude: "low", choseToFall: true, soma: 2 }),
    ]);
    const dice = scriptedDice([6, 6, 1]);
    const outcome = await resolveEndPhase(state, dice);
    expect(outcome.falls.map((f: FallReport) => [f.id, f.crash?.dice])).toEqual([["z", [6]], ["a", [6, 1]]]);
  });
  it("waits for a dice source that answers with a promise", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true, soma: 2 })]);
    const outcome = await resolveEndPhase(state, { roll: (count) => Promise.resolve(Array.from({ length: count }, () => 6)) });
    expect(outcome.falls[0]?.crash?.damage).toBe(2);
  });
  it("throws a RangeError when the dice source answers with the wrong number of dice", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true })]);
    await expect(resolveEndPhase(state, { roll: () => [6] })).rejects.toThrow(RangeError);
  });
});

describe("000 Catching / Mid air rescues: carried combatants", () => {
  it("does not drop a carried combatant whose carrier stays up", async () => {
    const state = skirmishOf([fighter("a"), fighter("b", injured)], { carrying: { a: "b" } });
    expect((await resolveEndPhase(state, noDice)).falls).toEqual([]);
  });
  it("takes the passenger down with a falling carrier", async () => {
    const state = skirmishOf([fighter("a", { choseToFall: true }), fighter("b", injured)], { carrying: { a: "b" } });
    const outcome = await resolveEndPhase(state, noDice);
    expect(outcome.changes).toContainEqual({ type: "altitude", id: "b", altitude: "low" });
    expect(outcome.falls[1]).toMatchObject({ id: "b", cause: "carrier", to: "low", crashed: false });
    expect(outcome.log).toContainEqual({
      key: END_PHASE_LOG.FellWithCarrier, data: { name: "B", carrier: "A", from: "mid", to: "low" },
    });
  });
  it("crashes the passenger too when its carrier crashes, each on its own Soma", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true, soma: 1 }), fighter("b", { altitude: "low", soma: 2 })], {
      carrying: { a: "b" },
    });
    const dice = scriptedDice([1, 6, 6]);
    const outcome = await resolveEndPhase(state, dice);
    expect(outcome.falls.map((f) => [f.id, f.crash?.damage])).toEqual([["a", 0], ["b", 2]]);
  });
  it("never marks a passenger as falling: it is held", async () => {
    const state = skirmishOf([fighter("a", { choseToFall: true }), fighter("b", { falling: true })], { carrying: { a: "b" } });
    const outcome = await resolveEndPhase(state, noDice);
    expect(outcome.changes).toContainEqual({ type: "flag", id: "b", flag: "falling", value: false });
  });
});

describe("000 Phase Three: The End Phase: flags", () => {
  it("marks those who fell and are still in the air as falling", async () => {
    const outcome = await resolveEndPhase(skirmishOf([fighter("a", { choseToFall: true })]), noDice);
    expect(outcome.changes).toContainEqual({ type: "flag", id: "a", flag: "falling", value: true });
  });
  it("RULES.md Rescue: does not mark a carrier that falls with its passenger as falling (it is not falling alone)", async () => {
    const state = skirmishOf([fighter("a", { altitude: "high", choseToFall: true }), fighter("b", { altitude: "high" })], {
      carrying: { a: "b" },
    });
    const outcome = await resolveEndPhase(state, noDice);
    expect(outcome.falls.map((f) => [f.id, f.to])).toEqual([["a", "mid"], ["b", "mid"]]);
    expect(outcome.changes.filter((c) => c.type === "flag" && c.flag === "falling")).toEqual([]);
  });
  it("clears falling for one that crashed", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true, falling: true })]);
    const outcome = await resolveEndPhase(state, scriptedDice([1, 1, 1, 1]));
    expect(outcome.changes).toContainEqual({ type: "flag", id: "a", flag: "falling", value: false });
  });
  it("clears falling for one that did not fall this time", async () => {
    const outcome = await resolveEndPhase(skirmishOf([fighter("a", { falling: true })]), noDice);
    expect(outcome.changes).toEqual([{ type: "flag", id: "a", flag: "falling", value: false }]);
  });
  it("resets the round's flags: moved, full move, battle action spent, chose to fall", async () => {
    const state = skirmishOf([
      fighter("a", { moved: true, fullMove: true, acted: true }),
      fighter("b", { altitude: "grounded", choseToFall: true }),
    ]);
    const outcome = await resolveEndPhase(state, noDice);
    expect(outcome.changes).toEqual([
      { type: "flag", id: "a", flag: "moved", value: false },
      { type: "flag", id: "a", flag: "fullMove", value: false },
      { type: "flag", id: "a", flag: "acted", value: false },
      { type: "flag", id: "b", flag: "choseToFall", value: false },
    ]);
  });
  it("stops stored wounds at 2 x Life Points + 1 however hard the crash (docs/DATA.md)", async () => {
    const state = skirmishOf([fighter("a", { altitude: "low", choseToFall: true, soma: 30, life: { max: 2, wounds: 0 } })]);
    const outcome = await resolveEndPhase(state, scriptedDice(Array.from({ length: 30 }, () => 6)));
    expect(outcome.falls[0]?.crash).toMatchObject({ successes: 30, damage: 30, wounds: 5, woundState: "dead" });
    expect(outcome.changes).toContainEqual({ type: "wounds", id: "a", wounds: 5 });
  });
});

describe("000 Severe injury and Death: a crash that kills lets go of everyone held", () => {
  it("ends the grapple of a pair that crashed and killed one of them", async () => {
    const state = skirmishOf(
      [fighter("a", { altitude: "low", soma: 2, life: { max: 2, wounds: 2 } }), fighter("b", { altitude: "low", soma: 1 })],
      { grapples: [pairKey("a", "b")], distances: { [pairKey("a", "b")]: "zero" } },
    );
    const outcome = await resolveEndPhase(state, scriptedDice([6, 6, 1]));
    expect(outcome.falls.map((f) => f.crash?.woundState)).toEqual(["dead", "fit"]);
    const after = applyChanges(state, outcome.changes);
    expect(after.grapples).toEqual([]);
    expect(after.distances[pairKey("a", "b")]).toBe("close");
  });
});

describe("000 Phase Three: The End Phase: one-round effects end", () => {
  it("lifts every effect that lasts the round, such as a combat event's", async () => {
    const state = skirmishOf([fighter("a", { altitude: "grounded", roundEffects: ["noRangedAttack", "noBattleAction"] })]);
    const outcome = await resolveEndPhase(state, noDice);
    expect(outcome.changes).toEqual([
      { type: "roundEffect", id: "a", effect: "noRangedAttack", active: false },
      { type: "roundEffect", id: "a", effect: "noBattleAction", active: false },
    ]);
    expect(applyChanges(state, outcome.changes).combatants.a?.roundEffects).toEqual([]);
  });
});

describe("000 Falling out of the Sky: choosing to fall", () => {
  it("marks an airborne flyer's choice to fall", () => {
    expect(chooseToFall(skirmishOf([fighter("a")]), "a")).toEqual({
      allowed: true,
      changes: [{ type: "flag", id: "a", flag: "choseToFall", value: true }],
      log: [{ key: END_PHASE_LOG.ChoseToFall, data: { name: "A" } }],
    });
  });
  it("refuses a combatant that cannot fly", () => {
    const state = skirmishOf([fighter("a", { canFly: false, altitude: "grounded" })]);
    expect(chooseToFall(state, "a")).toEqual({ allowed: false, reason: FALL_CHOICE_REASONS.CannotFly });
  });
  it("refuses a flyer on the ground", () => {
    const state = skirmishOf([fighter("a", { altitude: "grounded" })]);
    expect(chooseToFall(state, "a")).toEqual({ allowed: false, reason: FALL_CHOICE_REASONS.Grounded });
  });
  it("refuses the dead", () => {
    const state = skirmishOf([fighter("a", { life: { max: 12, wounds: 13 } })]);
    expect(chooseToFall(state, "a")).toEqual({ allowed: false, reason: FALL_CHOICE_REASONS.Dead });
  });
  it("refuses a combatant being carried", () => {
    const state = skirmishOf([fighter("a"), fighter("b")], { carrying: { a: "b" } });
    expect(chooseToFall(state, "b")).toEqual({ allowed: false, reason: FALL_CHOICE_REASONS.Carried });
  });
  it("throws a RangeError for an unknown combatant", () => {
    expect(() => chooseToFall(skirmishOf([fighter("a")]), "zz")).toThrow(RangeError);
  });
});

describe("every end-phase key has an English string", () => {
  const lang = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../lang/en.json"), "utf8")) as unknown;
  const lookup = (key: string): unknown =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], lang);
  it.each([...Object.values(END_PHASE_LOG), ...Object.values(FALL_CHOICE_REASONS)])("%s", (key) => {
    expect(typeof lookup(key)).toBe("string");
  });
});

describe("000 Falling out of the Sky: properties", () => {
  const altitude = fc.constantFrom<Altitude>(...ALTITUDES);
  const member = fc.record({
    altitude,
    canFly: fc.boolean(),
    choseToFall: fc.boolean(),
    falling: fc.boolean(),
    fullMove: fc.boolean(),
    soma: fc.integer({ min: 1, max: 8 }),
    armour: fc.integer({ min: 0, max: 4 }),
    wounds: fc.integer({ min: 0, max: 14 }),
  });
  const scenario = fc.record({
    members: fc.array(member, { minLength: 1, maxLength: 5 }),
    grapple: fc.boolean(),
    carry: fc.boolean(),
    surface: fc.constantFrom<Surface>("normal", "rock", "water", "dangerous", "deadly"),
    faces: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 50 }),
  });

  type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

  function build(s: Scenario): SkirmishState {
    const combatants = s.members.map((m, i) =>
      fighter(`c${i}`, { ...m, life: { max: 12, wounds: m.wounds } }),
    );
    const [first, second] = combatants;
    const extra: Partial<SkirmishState> = { surface: s.surface };
    if (s.grapple && first && second) {
      second.altitude = first.altitude;
      extra.grapples = [pairKey(first.id, second.id)];
    } else if (s.carry && first && second) {
      second.altitude = first.altitude;
      extra.carrying = { [first.id]: second.id };
    }
    return skirmishOf(combatants, extra);
  }

  /** Cycles through the generated faces so any number of dice can be rolled. */
  const cycling = (faces: number[]) => ({
    roll: (count: number) => Array.from({ length: count }, (_, i) => faces[i % faces.length] ?? 1),
  });

  it("a fall never raises altitude, keeps every band in the band list, and loses no combatant", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const state = build(s);
        const next = applyChanges(state, (await resolveEndPhase(state, cycling(s.faces))).changes);
        expect(Object.keys(next.combatants)).toEqual(Object.keys(state.combatants));
        for (const [id, before] of Object.entries(state.combatants)) {
          const after = next.combatants[id]?.altitude ?? "ceiling";
          expect(ALTITUDES).toContain(after);
          expect(altitudeIndex(after)).toBeLessThanOrEqual(altitudeIndex(before.altitude));
          expect(altitudeIndex(before.altitude) - altitudeIndex(after)).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
  it("crash damage is never negative and wounds never go down", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const state = build(s);
        const outcome = await resolveEndPhase(state, cycling(s.faces));
        for (const fall of outcome.falls) expect(fall.crash?.damage ?? 0).toBeGreaterThanOrEqual(0);
        const next = applyChanges(state, outcome.changes);
        for (const [id, before] of Object.entries(state.combatants)) {
          expect(next.combatants[id]?.life.wounds).toBeGreaterThanOrEqual(before.life.wounds);
        }
      }),
    );
  });
  it("grappled combatants end the phase at the same band, and no round flag survives", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const state = build(s);
        const next = applyChanges(state, (await resolveEndPhase(state, cycling(s.faces))).changes);
        if (s.grapple && s.members.length > 1) expect(next.combatants.c1?.altitude).toBe(next.combatants.c0?.altitude);
        for (const c of Object.values(next.combatants)) expect(c.fullMove || c.choseToFall).toBe(false);
      }),
    );
  });
});
