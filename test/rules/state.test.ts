import { describe, expect, it } from "vitest";
import type { CombatantState, SkirmishState } from "../../src/rules/state";
import { allDisengaged, applyChanges, distanceBetween, grapplePartners, isPinned, pairKey } from "../../src/rules/state";
import type { Distance } from "../../src/rules/types";
import { fighter as unit, skirmishOf } from "./fixtures";

function fighter(id: string): CombatantState {
  return {
    id, name: id, side: "friendly", soma: 4, pneuma: 5, agility: 2, life: { max: 12, wounds: 0 },
    magic: { value: 3, max: 3 }, weight: 10, canFly: true, fastGround: false, armour: 0, altitude: "mid",
    moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [],
  };
}

const base: SkirmishState = {
  combatants: { a: fighter("a"), b: fighter("b"), c: fighter("c") },
  landmarks: { tower: { id: "tower", name: "Tower", altitude: "grounded" } },
  distances: { [pairKey("a", "b")]: "close" },
  grapples: [],
  carrying: {},
  surface: "normal",
};

describe("skirmish state", () => {
  it("keys a pair the same way whichever comes first", () => {
    expect(pairKey("b", "a")).toBe(pairKey("a", "b"));
  });
  it("reads an unrecorded distance as long (RULES.md Movement)", () => {
    expect(distanceBetween(base, "a", "c")).toBe("long");
    expect(distanceBetween(base, "b", "a")).toBe("close");
  });
  it("000 Grapple Attacks: a grapple sets zero range and pins both", () => {
    const next = applyChanges(base, [{ type: "grapple", a: "a", b: "b" }]);
    expect(distanceBetween(next, "a", "b")).toBe("zero");
    expect(isPinned(next, "a") && isPinned(next, "b")).toBe(true);
    expect(isPinned(next, "c")).toBe(false);
    expect(grapplePartners(next, "b")).toEqual(["a"]);
  });
  it("000 Breaking out of a Grapple: a release returns the pair to close quarters and unpins", () => {
    const held = applyChanges(base, [{ type: "grapple", a: "a", b: "b" }]);
    const free = applyChanges(held, [{ type: "release", a: "b", b: "a" }]);
    expect(distanceBetween(free, "a", "b")).toBe("close");
    expect(isPinned(free, "a")).toBe(false);
  });
  it("never modifies the state it is given", () => {
    const frozen = structuredClone(base);
    applyChanges(base, [{ type: "wounds", id: "a", wounds: 3 }, { type: "altitude", id: "b", altitude: "low" }]);
    expect(base).toEqual(frozen);
  });
  it("refuses a change for an unknown combatant or a bad band", () => {
    expect(() => applyChanges(base, [{ type: "wounds", id: "zz", wounds: 1 }])).toThrow(/zz/);
    expect(() => applyChanges(base, [{ type: "altitude", id: "a", altitude: "space" as never }])).toThrow(/space/);
  });
  it("adds a one-round effect once and lifts it again", () => {
    const on = applyChanges(base, [
      { type: "roundEffect", id: "a", effect: "noBattleAction", active: true },
      { type: "roundEffect", id: "a", effect: "noBattleAction", active: true },
    ]);
    expect(on.combatants.a?.roundEffects).toEqual(["noBattleAction"]);
    const off = applyChanges(on, [{ type: "roundEffect", id: "a", effect: "noBattleAction", active: false }]);
    expect(off.combatants.a?.roundEffects).toEqual([]);
    expect(() => applyChanges(base, [{ type: "roundEffect", id: "a", effect: "flying" as never, active: true }])).toThrow(
      /effect.*flying/,
    );
  });
  it("refuses to let a combatant carry itself or one that someone already carries", () => {
    expect(() => applyChanges(base, [{ type: "carry", carrier: "a", carried: "a" }])).toThrow(/carried.*"a"/);
    const held = applyChanges(base, [{ type: "carry", carrier: "a", carried: "c" }]);
    expect(() => applyChanges(held, [{ type: "carry", carrier: "b", carried: "c" }])).toThrow(/nobody carries/);
  });
  it("refuses a carrier that already carries someone, and a carry that would close a loop", () => {
    const held = applyChanges(base, [{ type: "carry", carrier: "a", carried: "b" }]);
    expect(() => applyChanges(held, [{ type: "carry", carrier: "a", carried: "c" }])).toThrow(/carries nobody yet/);
    expect(() => applyChanges(held, [{ type: "carry", carrier: "b", carried: "a" }])).toThrow(/carrier's carriers/);
  });
  it("refuses an unknown flag or a flag value that is not true or false", () => {
    expect(() => applyChanges(base, [{ type: "flag", id: "a", flag: "altitude" as never, value: true }])).toThrow(/flag.*altitude/);
    expect(() => applyChanges(base, [{ type: "flag", id: "a", flag: "moved", value: "yes" as never }])).toThrow(/value.*yes/);
  });
  it("records carrying and drops it again", () => {
    const carried = applyChanges(base, [{ type: "carry", carrier: "a", carried: "c" }]);
    expect(carried.carrying).toEqual({ a: "c" });
    expect(applyChanges(carried, [{ type: "drop", carrier: "a" }]).carrying).toEqual({});
  });
});

describe("000 Distance: allDisengaged", () => {
  const at = (distances: Record<string, Distance>, over: Record<string, Partial<CombatantState>> = {}): SkirmishState =>
    skirmishOf(
      [
        unit("a", over.a),
        unit("b", over.b),
        unit("x", { side: "hostile", ...over.x }),
        unit("y", { side: "hostile", ...over.y }),
      ],
      { distances },
    );
  const apart = {
    [pairKey("a", "x")]: "disengaged",
    [pairKey("a", "y")]: "disengaged",
    [pairKey("b", "x")]: "disengaged",
    [pairKey("b", "y")]: "disengaged",
  } as const;
  it("is true when every pair of enemies is disengaged, whatever the distance between allies", () => {
    expect(allDisengaged(at({ ...apart, [pairKey("a", "b")]: "close", [pairKey("x", "y")]: "zero" }))).toBe(true);
  });
  it.each(Object.keys(apart))("is false while the enemies %s are not disengaged", (key) => {
    for (const distance of ["zero", "close", "middle", "long"] as const) {
      expect(allDisengaged(at({ ...apart, [key]: distance }))).toBe(false);
    }
  });
  it("counts a missing distance as long, so not disengaged", () => {
    const { [pairKey("b", "y")]: _dropped, ...rest } = apart;
    expect(allDisengaged(at(rest))).toBe(false);
  });
  it("leaves the dead out", () => {
    const near = { ...apart, [pairKey("b", "y")]: "close" } as const;
    expect(allDisengaged(at(near, { y: { life: { max: 12, wounds: 13 } } }))).toBe(true);
    expect(allDisengaged(at(near, { b: { life: { max: 12, wounds: 13 } } }))).toBe(true);
    expect(allDisengaged(at(near, { y: { life: { max: 12, wounds: 12 } } }))).toBe(false);
  });
  it("is true with one side left", () => {
    expect(allDisengaged(skirmishOf([unit("a"), unit("b")], { distances: { [pairKey("a", "b")]: "close" } }))).toBe(true);
  });
});
