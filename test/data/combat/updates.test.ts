// The engine's changes -> document updates (src/data/combat/updates.ts): only what changes is written.
import { describe, expect, it } from "vitest";
import { skirmishState } from "../../../src/data/combat/combat-snapshot";
import { defaultPlace } from "../../../src/data/combat/stored";
import { isEmptyUpdate, outcomeUpdates, statusChanges, statusesFor } from "../../../src/data/combat/updates";
import type { EngineChange } from "../../../src/data/combat/updates";
import { entry, storedOf } from "./fixtures";

const entries = [entry("a"), entry("b", { canFly: false }), entry("c")];
const stored = storedOf({
  combatants: { a: { ...defaultPlace(true), altitude: "high" }, b: defaultPlace(false) },
  distances: { "a|b": "middle" },
});
const state = skirmishState(stored, entries);

describe("outcomeUpdates", () => {
  it("writes one path per changed place field and nothing for unchanged ones", () => {
    const { updates } = outcomeUpdates({ stored, state, changes: [{ type: "altitude", id: "a", altitude: "mid" }] });
    expect(updates.combat).toEqual({ "system.skirmish.combatants.a.altitude": "mid" });
    expect(updates.actors).toEqual({});
  });

  it("writes the whole place of a combatant the combat has not stored yet", () => {
    const { updates } = outcomeUpdates({ stored, state, changes: [{ type: "flag", id: "c", flag: "moved", value: true }] });
    expect(updates.combat).toEqual({ "system.skirmish.combatants.c": { ...defaultPlace(true), moved: true } });
  });

  it("writes distance pairs by key and a grapple as the new list", () => {
    const { updates } = outcomeUpdates({ stored, state, changes: [{ type: "grapple", a: "c", b: "a" }] });
    expect(updates.combat).toEqual({ "system.skirmish.distances.a|c": "zero", "system.skirmish.grapples": ["a|c"] });
  });

  it("deletes a carry with the -= key and writes nothing for a change to the same value", () => {
    const carried = skirmishState(storedOf({ ...stored, carrying: { a: "c" } }), entries);
    const { updates } = outcomeUpdates({
      stored: { ...stored, carrying: { a: "c" } },
      state: carried,
      changes: [{ type: "drop", carrier: "a" }, { type: "distance", a: "a", b: "b", distance: "middle" }],
    });
    expect(updates.combat).toEqual({ "system.skirmish.carrying.-=a": null });
  });

  it("sends wounds and Magic Points to the actor of the combatant they belong to", () => {
    const { updates, state: after } = outcomeUpdates({
      stored,
      state,
      changes: [{ type: "wounds", id: "b", wounds: 5 }, { type: "magic", id: "a", value: 2 }],
    });
    expect(updates.actors).toEqual({ b: { "system.life.wounds": 5 }, a: { "system.magic.value": 2 } });
    expect(after.combatants.b?.life.wounds).toBe(5);
    expect(updates.combat).toEqual({});
  });

  it("damages the worn piece in the slot Armour Trouble names, once per change", () => {
    const armour = { a: [{ itemId: "helm", slot: "helmet", rating: 1, damage: 0 }, { itemId: "plate", slot: "body", rating: 3, damage: 2 }] };
    const { updates } = outcomeUpdates({
      stored,
      state,
      armour,
      changes: [{ type: "armourDamage", id: "a", slot: "body" }, { type: "armourDamage", id: "a", slot: "body" }, { type: "armourDamage", id: "a", slot: "shield" }],
    });
    expect(updates.items).toEqual({ a: [{ _id: "plate", "system.damage": 4 }] });
  });

  it("hands back a state whose armour counts the damage Armour Trouble did, never below what the piece stops", () => {
    // a wears a helm (rating 2) and plate (rating 3, damaged 2): armour 3 in all.
    const armour = { a: [{ itemId: "helm", slot: "helmet", rating: 2, damage: 0 }, { itemId: "plate", slot: "body", rating: 3, damage: 2 }] };
    const state = skirmishState(stored, [entry("a", { armour: 3 }), entry("b", { canFly: false })]);
    const base = 3;
    const helm = outcomeUpdates({ stored, state, armour, changes: [{ type: "armourDamage", id: "a", slot: "helmet" }] });
    expect(helm.state.combatants.a?.armour).toBe(base - 1);
    // The plate stops 1 (3 - 2): one damage takes it, the next finds nothing left to take.
    const plate = outcomeUpdates({ stored, state, armour, changes: [{ type: "armourDamage", id: "a", slot: "body" }, { type: "armourDamage", id: "a", slot: "body" }] });
    expect(plate.state.combatants.a?.armour).toBe(base - 1);
    expect(plate.updates.items).toEqual({ a: [{ _id: "plate", "system.damage": 4 }] });
    // No piece in the slot: nothing changes.
    const none = outcomeUpdates({ stored, state, armour, changes: [{ type: "armourDamage", id: "a", slot: "shield" }] });
    expect(none.state.combatants.a?.armour).toBe(base);
    expect(none.state.combatants.b?.armour).toBe(state.combatants.b?.armour);
  });

  it("switches statuses only where they differ from the actor's", () => {
    const { updates } = outcomeUpdates({
      stored,
      state,
      statuses: { a: ["fullMove"], b: [], c: ["pinned"] },
      changes: [{ type: "grapple", a: "a", b: "b" }, { type: "wounds", id: "b", wounds: 7 }],
    });
    expect(updates.statuses).toEqual({ a: { pinned: true, fullMove: false }, b: { pinned: true, severelyInjured: true }, c: { pinned: false } });
  });

  it("refuses a change naming someone not in the skirmish", () => {
    expect(() => outcomeUpdates({ stored, state, changes: [{ type: "wounds", id: "zz", wounds: 1 }] })).toThrow(RangeError);
  });

  it("reports an outcome with no changes as empty", () => {
    expect(isEmptyUpdate(outcomeUpdates({ stored, state, changes: [] }).updates)).toBe(true);
    expect(isEmptyUpdate(outcomeUpdates({ stored, state, changes: [{ type: "magic", id: "a", value: 0 }] }).updates)).toBe(false);
  });
});

describe("statusesFor", () => {
  it("follows health, pins, falls, carries, surprise and full moves", () => {
    const s = skirmishState(
      storedOf({
        combatants: {
          a: { ...defaultPlace(true), falling: true, fullMove: true, roundEffects: ["surprised"] },
          b: { ...defaultPlace(true), roundEffects: ["ambushed"] },
        },
        carrying: { c: "a" },
      }),
      [entry("a"), entry("b", { life: { max: 4, wounds: 5 } }), entry("c", { life: { max: 4, wounds: 3 } })],
    );
    expect([...statusesFor(s, "a")].sort()).toEqual(["carried", "falling", "fullMove", "surprised"]);
    expect([...statusesFor(s, "b")].sort()).toEqual(["ambushed", "dead"]);
    expect([...statusesFor(s, "c")].sort()).toEqual(["carrying", "severelyInjured"]);
    expect([...statusesFor(s, "nobody")]).toEqual([]);
  });

  it("leaves other modules' statuses alone", () => {
    expect(statusChanges(state, "a", ["blind", "dead"])).toEqual({ dead: false });
  });
});

describe("outcomeUpdates: the End Phase's compact reset (newRound)", () => {
  const busy = storedOf({
    combatants: {
      a: { ...defaultPlace(true), altitude: "high", moved: true, acted: true, fullMove: true, roundEffects: ["surprised", "noRangedAttack"] },
      b: { ...defaultPlace(false), choseToFall: true, falling: true },
      c: { ...defaultPlace(true), moved: true },
    },
  });
  const busyState = skirmishState(busy, entries);
  const perFlag = (id: string, falling: boolean): EngineChange[] => {
    const c = busyState.combatants[id];
    if (!c) throw new Error(id);
    const out: EngineChange[] = [];
    if (c.falling !== falling) out.push({ type: "flag", id, flag: "falling", value: falling });
    for (const flag of ["moved", "fullMove", "acted", "choseToFall"] as const) if (c[flag]) out.push({ type: "flag", id, flag, value: false });
    for (const effect of c.roundEffects) out.push({ type: "roundEffect", id, effect, active: false });
    return out;
  };

  it.each([
    ["a", false],
    ["a", true],
    ["b", false],
    ["b", true],
    ["c", false],
  ] as const)("writes for %s (falling %s) exactly what the per-flag changes write", (id, falling) => {
    const compact = outcomeUpdates({ stored: busy, state: busyState, changes: [{ type: "newRound", id, falling }] });
    const plain = outcomeUpdates({ stored: busy, state: busyState, changes: perFlag(id, falling) });
    expect(compact.updates).toEqual(plain.updates);
    expect(compact.state).toEqual(plain.state);
    expect(Object.keys(compact.updates.combat).length).toBeGreaterThan(0);
  });

  it("switches off the statuses the reset ends, as the per-flag changes do", () => {
    const statuses = { a: ["surprised", "fullMove"], b: ["falling"] };
    for (const id of ["a", "b"]) {
      const compact = outcomeUpdates({ stored: busy, state: busyState, statuses, changes: [{ type: "newRound", id, falling: false }] });
      const plain = outcomeUpdates({ stored: busy, state: busyState, statuses, changes: perFlag(id, false) });
      expect(compact.updates.statuses).toEqual(plain.updates.statuses);
      expect(Object.keys(compact.updates.statuses[id] ?? {}).length).toBeGreaterThan(0);
    }
  });
});
