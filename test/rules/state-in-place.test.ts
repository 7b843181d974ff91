// applyChangesInPlace and workingCopy (state.ts): the simulator's way of applying changes to a state it owns
// must reach exactly the state applyChanges reaches, with the same refusals, and share nothing with its source.
import { describe, expect, it } from "vitest";
import type { CombatantState, SkirmishState, StateChange } from "../../src/rules/state";
import { applyChanges, applyChangesInPlace, pairKey, resetWorkingCopy, workingCopy } from "../../src/rules/state";

function fighter(id: string, altitude: CombatantState["altitude"] = "mid"): CombatantState {
  return {
    id, name: id, side: id === "c" ? "hostile" : "friendly", soma: 4, pneuma: 5, agility: 2, life: { max: 12, wounds: 1 },
    magic: { value: 3, max: 3 }, weight: 10, canFly: true, fastGround: false, armour: 0, altitude,
    moved: true, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: ["noRangedAttack"],
  };
}

const base: SkirmishState = {
  combatants: { a: fighter("a"), b: fighter("b", "low"), c: fighter("c", "high") },
  landmarks: { tower: { id: "tower", name: "Tower", altitude: "grounded" } },
  distances: { [pairKey("a", "b")]: "close", [pairKey("a", "c")]: "middle" },
  grapples: [pairKey("b", "c")],
  carrying: { c: "b" },
  surface: "rock",
};

/** Every kind of change, several touching the same combatant, in an order where later ones read earlier ones. */
const batch: StateChange[] = [
  { type: "wounds", id: "a", wounds: 4 },
  { type: "magic", id: "a", value: 1 },
  { type: "altitude", id: "a", altitude: "high" },
  { type: "flag", id: "a", flag: "moved", value: false },
  { type: "flag", id: "b", flag: "acted", value: true },
  { type: "roundEffect", id: "a", effect: "noRangedAttack", active: false },
  { type: "roundEffect", id: "b", effect: "forcedFullMove", active: true },
  { type: "distance", a: "a", b: "tower", distance: "long" },
  { type: "grapple", a: "a", b: "c" },
  { type: "release", a: "b", b: "c" },
  { type: "drop", carrier: "c" },
  { type: "carry", carrier: "a", carried: "b" },
  { type: "wounds", id: "a", wounds: 6 },
];

describe("applyChangesInPlace", () => {
  it("reaches the state applyChanges reaches, change after change", () => {
    for (let n = 0; n <= batch.length; n += 1) {
      const changes = batch.slice(0, n);
      const copy = workingCopy(base);
      applyChangesInPlace(copy, changes);
      expect(copy).toEqual(applyChanges(base, changes));
    }
  });
  it("writes into the state it is given and leaves the source of its working copy alone", () => {
    const before = structuredClone(base);
    const copy = workingCopy(base);
    const a = copy.combatants.a;
    applyChangesInPlace(copy, batch);
    expect(copy.combatants.a).toBe(a);
    expect(a?.life.wounds).toBe(6);
    expect(base).toEqual(before);
  });
  it("refuses what applyChanges refuses, with the same message", () => {
    const bad: StateChange[][] = [
      [{ type: "wounds", id: "zz", wounds: 1 }],
      [{ type: "altitude", id: "a", altitude: "space" as never }],
      [{ type: "carry", carrier: "a", carried: "a" }],
      [{ type: "flag", id: "a", flag: "moved", value: "yes" as never }],
      [{ type: "distance", a: "a", b: "nowhere", distance: "close" }],
    ];
    for (const changes of bad) {
      let expected = "";
      try {
        applyChanges(base, changes);
      } catch (error) {
        expected = (error as Error).message;
      }
      expect(expected).not.toBe("");
      expect(() => {
        applyChangesInPlace(workingCopy(base), changes);
      }).toThrow(expected);
    }
  });
});

describe("workingCopy", () => {
  it("equals its source and shares none of what a change writes", () => {
    const copy = workingCopy(base);
    expect(copy).toEqual(base);
    for (const id of ["a", "b", "c"]) {
      const mine = copy.combatants[id];
      const theirs = base.combatants[id];
      expect(mine).not.toBe(theirs);
      expect(mine?.life).not.toBe(theirs?.life);
      expect(mine?.magic).not.toBe(theirs?.magic);
      expect(mine?.roundEffects).not.toBe(theirs?.roundEffects);
    }
    expect(copy.combatants).not.toBe(base.combatants);
    expect(copy.distances).not.toBe(base.distances);
    expect(copy.grapples).not.toBe(base.grapples);
    expect(copy.carrying).not.toBe(base.carrying);
  });
});

describe("resetWorkingCopy", () => {
  it("sets a working copy back to a fresh workingCopy after any part of a batch, keeping its combatants' objects", () => {
    for (let n = 0; n <= batch.length; n += 1) {
      const before = structuredClone(base);
      const copy = workingCopy(base);
      const objects = Object.values(copy.combatants);
      applyChangesInPlace(copy, batch.slice(0, n));
      resetWorkingCopy(copy, base);
      expect(copy).toEqual(workingCopy(base));
      // The same key order as a fresh copy (the End Phase and carrierOf read them in order).
      expect(Object.keys(copy.distances)).toEqual(Object.keys(base.distances));
      expect(Object.keys(copy.carrying)).toEqual(Object.keys(base.carrying));
      expect(Object.values(copy.combatants)).toEqual(objects);
      Object.values(copy.combatants).forEach((c, i) => { expect(c).toBe(objects[i]); });
      expect(base).toEqual(before);
      // A second run on the reset copy reaches what it reaches on a fresh one, and shares nothing with the source.
      applyChangesInPlace(copy, batch);
      expect(copy).toEqual(applyChanges(base, batch));
      expect(base).toEqual(before);
    }
  });
  it("refuses a copy of another skirmish, or the state itself", () => {
    const other = workingCopy({ ...base, combatants: { a: fighter("a"), b: fighter("b") } });
    expect(() => { resetWorkingCopy(other, base); }).toThrow(RangeError);
    const more = workingCopy({ ...base, combatants: { ...base.combatants, d: fighter("d") } });
    expect(() => { resetWorkingCopy(more, base); }).toThrow(RangeError);
    expect(() => { resetWorkingCopy(base, base); }).toThrow(RangeError);
  });
});
