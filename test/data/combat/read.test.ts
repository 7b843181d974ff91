// Reading a combat's stored system data back, and migrating a source saved by an older version.
import { describe, expect, it } from "vitest";
import { isPairKey, readCombatSystem, readCombatantSystem } from "../../../src/data/combat/read";
import { COMBAT_SCHEMA_VERSION, defaultCombatSystem, migrateCombatSource } from "../../../src/data/combat/stored";

describe("readCombatSystem", () => {
  it("gives the defaults for anything that is not an object", () => {
    expect(readCombatSystem(null)).toEqual(defaultCombatSystem());
    expect(readCombatSystem("x")).toEqual(defaultCombatSystem());
  });

  it("keeps good entries and drops bad ones", () => {
    const read = readCombatSystem({
      mode: "sideD10",
      cursor: { round: 2, index: 3 },
      plan: [{ phase: "fast", kind: "act", combatants: ["a", 7], simultaneous: true, side: "reds" }, { phase: "nap", kind: "act" }],
      skirmish: {
        combatants: { a: { altitude: "high", moved: "yes", roundEffects: ["surprised", "bogus", "surprised"] }, b: { altitude: "space" } },
        distances: { "a|b": "close", "b|a": "close", "a|c": "warp", "a|a": "zero" },
        grapples: ["a|b", "a|b", "nonsense"],
        carrying: { a: "b", c: "b", d: "d" },
        surface: "lava",
      },
      initiative: { order: ["a", ""], pneuma: { a: 4, b: -1 }, checks: [{ id: "a", dice: [6, 9], successes: 1 }, { id: "b", dice: [6], successes: 1 }] },
    });
    expect(read.mode).toBe("sideD10");
    expect(read.cursor).toEqual({ round: 2, index: 3 });
    expect(read.plan).toEqual([{ phase: "fast", kind: "act", combatants: ["a"], simultaneous: true, side: "reds" }]);
    expect(read.skirmish.combatants).toEqual({
      a: { altitude: "high", moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: ["surprised"] },
    });
    expect(read.skirmish.distances).toEqual({ "a|b": "close" });
    expect(read.skirmish.grapples).toEqual(["a|b"]);
    expect(read.skirmish.carrying).toEqual({ a: "b" });
    expect(read.skirmish.surface).toBe("normal");
    expect(read.initiative.order).toEqual(["a"]);
    expect(read.initiative.pneuma).toEqual({ a: 4 });
    expect(read.initiative.checks).toEqual([{ id: "b", dice: [6], successes: 1 }]);
  });

  it("reads a pair key only with two different ids, the smaller first", () => {
    expect(isPairKey("a|b")).toBe(true);
    expect(isPairKey("b|a")).toBe(false);
    expect(isPairKey("a|a")).toBe(false);
    expect(isPairKey("a|b|c")).toBe(false);
    expect(isPairKey("|b")).toBe(false);
  });

  it("reads a combatant's side and speed", () => {
    expect(readCombatantSystem({ side: " reds ", speed: "fast", tactics: " brawler " })).toEqual({ side: "reds", speed: "fast", tactics: "brawler" });
    expect(readCombatantSystem({ side: 3, speed: "warp" })).toEqual({ side: "", speed: "", tactics: "" });
    expect(readCombatantSystem({ side: "reds", speed: "", tactics: 7 })).toEqual({ side: "reds", speed: "", tactics: "" });
  });
});

describe("migrateCombatSource", () => {
  it("renames early mode names and drops unknown ones", () => {
    expect(migrateCombatSource({ mode: "d10" }).mode).toBe("sideD10");
    expect(migrateCombatSource({ mode: "reverse" }).mode).toBe("reverseDeclaration");
    expect(migrateCombatSource({ mode: "secret" }).mode).toBe("secretDeclaration");
    expect(migrateCombatSource({ mode: "pneuma" }).mode).toBe("descending");
    expect("mode" in migrateCombatSource({ mode: "chaos" })).toBe(false);
    expect(migrateCombatSource({ mode: "sideD10" }).mode).toBe("sideD10");
  });

  it("moves the first layout's top-level skirmish fields into skirmish", () => {
    const source = migrateCombatSource({
      altitudes: { a: "high", b: "nowhere" },
      distances: [{ a: "b", b: "a", distance: "close" }, { a: "a", b: "a", distance: "zero" }, { a: "c", b: "d", distance: "far" }],
      surface: "rock",
      grapples: ["a|b"],
      step: 4,
      phase: 1,
    });
    expect(source).toEqual({
      skirmish: { combatants: { a: { altitude: "high" } }, distances: { "a|b": "close" }, surface: "rock", grapples: ["a|b"] },
      cursor: { index: 4 },
    });
    const read = readCombatSystem(source);
    expect(read.skirmish.combatants.a?.altitude).toBe("high");
    expect(read.version).toBe(COMBAT_SCHEMA_VERSION);
  });

  it("converts only what is present, so an update diff stays a diff", () => {
    expect(migrateCombatSource({ "cursor": { index: 2 } })).toEqual({ cursor: { index: 2 } });
    expect(migrateCombatSource({ skirmish: { distances: { "a|b": "close" } } })).toEqual({ skirmish: { distances: { "a|b": "close" } } });
  });

  it("keeps today's values over an old copy of the same field", () => {
    const source = migrateCombatSource({ surface: "water", skirmish: { surface: "rock" } });
    expect(source).toEqual({ skirmish: { surface: "rock" } });
  });
});
