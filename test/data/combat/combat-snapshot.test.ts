// Actors + combatants -> the engine's snapshot (src/data/combat/combat-snapshot.ts), and back to the stored form.
import { describe, expect, it } from "vitest";
import { eventSnapshot, planCombatants, sideOf, skirmishState, storedSkirmish } from "../../../src/data/combat/combat-snapshot";
import { defaultPlace } from "../../../src/data/combat/stored";
import { entry, storedOf } from "./fixtures";

const place = (altitude: "grounded" | "low" | "mid" | "high" | "ceiling", extra = {}) => ({ ...defaultPlace(true), altitude, ...extra });

describe("skirmishState", () => {
  it("builds each combatant from its actor body and its stored place", () => {
    const stored = storedOf({ combatants: { a: place("ceiling", { moved: true, roundEffects: ["noRangedAttack"] }) } });
    const state = skirmishState(stored, [entry("a", { soma: 7, pneuma: 2, life: { max: 9, wounds: 4 }, armour: 3 })]);
    const a = state.combatants.a;
    expect(a).toMatchObject({ id: "a", name: "Name a", side: "friendly", soma: 7, pneuma: 2, armour: 3, altitude: "ceiling" });
    expect(a?.life).toEqual({ max: 9, wounds: 4 });
    expect(a?.moved).toBe(true);
    expect(a?.acted).toBe(false);
    expect(a?.roundEffects).toEqual(["noRangedAttack"]);
  });

  it("places a combatant with no stored place at mid altitude when it flies and on the ground when it does not", () => {
    const state = skirmishState(storedOf(), [entry("d"), entry("k", { canFly: false })]);
    expect(state.combatants.d?.altitude).toBe("mid");
    expect(state.combatants.k?.altitude).toBe("grounded");
  });

  it("leaves out a combatant whose actor is gone, with every pair, grapple and carry naming it", () => {
    const stored = storedOf({
      combatants: { a: place("mid"), b: place("mid"), c: place("mid") },
      landmarks: { tower: { name: "Tower", altitude: "grounded" } },
      distances: { "a|b": "close", "b|c": "zero", "a|tower": "middle", "c|tower": "long" },
      grapples: ["b|c", "a|b"],
      carrying: { a: "c", b: "a" },
    });
    const state = skirmishState(stored, [entry("a"), entry("b"), entry("c", {}, { body: null })]);
    expect(Object.keys(state.combatants).sort()).toEqual(["a", "b"]);
    expect(state.distances).toEqual({ "a|b": "close", "a|tower": "middle" });
    expect(state.grapples).toEqual(["a|b"]);
    expect(state.carrying).toEqual({ b: "a" });
    expect(state.landmarks.tower).toEqual({ id: "tower", name: "Tower", altitude: "grounded" });
  });

  it("keeps the combat's surface", () => {
    expect(skirmishState(storedOf({ surface: "water" }), []).surface).toBe("water");
    expect(skirmishState(storedOf({ surface: "rock" }), []).surface).toBe("rock");
  });

  it("round-trips through storedSkirmish", () => {
    const stored = storedOf({
      combatants: { a: place("high", { fullMove: true }), b: place("grounded", { falling: true }) },
      landmarks: { hill: { name: "Hill", altitude: "low" } },
      distances: { "a|b": "middle", "b|hill": "close" },
      grapples: [],
      carrying: {},
      surface: "dangerous",
    });
    expect(storedSkirmish(skirmishState(stored, [entry("a"), entry("b")]))).toEqual(stored);
  });
});

describe("sideOf", () => {
  it("prefers the side field, then the group, then the disposition", () => {
    expect(sideOf(" Reds ", "Blues", 1)).toBe("Reds");
    expect(sideOf("", "Blues", 1)).toBe("Blues");
    expect(sideOf("", null, 1)).toBe("friendly");
    expect(sideOf("", "  ", -1)).toBe("hostile");
    expect(sideOf("", null, 0)).toBe("neutral");
    expect(sideOf("", null, -2)).toBe("secret");
    expect(sideOf("", null, null)).toBe("neutral");
  });
});

describe("planCombatants", () => {
  it("marks the dead, the severely injured and the surprised, with Pneuma, side and speed", () => {
    const entries = [
      entry("fit", { pneuma: 5 }, { side: "hostile", speed: "fast" }),
      entry("hurt", { life: { max: 10, wounds: 6 } }),
      entry("dead", { life: { max: 10, wounds: 11 } }),
      entry("shy"),
    ];
    const stored = storedOf({ combatants: { shy: place("mid", { roundEffects: ["ambushed"] }) } });
    const plan = planCombatants(skirmishState(stored, entries), entries);
    expect(plan).toEqual([
      { id: "fit", pneuma: 5, side: "hostile", speed: "fast", dead: false, severelyInjured: false, surprised: false },
      { id: "hurt", pneuma: 3, side: "friendly", speed: "average", dead: false, severelyInjured: true, surprised: false },
      { id: "dead", pneuma: 3, side: "friendly", speed: "average", dead: true, severelyInjured: false, surprised: false },
      { id: "shy", pneuma: 3, side: "friendly", speed: "average", dead: false, severelyInjured: false, surprised: true },
    ]);
  });
});

describe("eventSnapshot", () => {
  it("lists the living with their armour slots, pins and carries", () => {
    const entries = [entry("a", { armourSlots: ["helmet", "shield"] }), entry("b"), entry("c"), entry("x", { life: { max: 5, wounds: 6 } })];
    const stored = storedOf({ grapples: ["b|c"], carrying: { a: "x" } });
    const snap = eventSnapshot(skirmishState(stored, entries), entries);
    expect(snap.combatants.map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(snap.combatants[0]).toMatchObject({ armour: ["helmet", "shield"], carrying: true, pinned: false, carried: false });
    expect(snap.combatants[1]).toMatchObject({ pinned: true, carrying: false });
  });
});
