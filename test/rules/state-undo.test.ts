import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyChanges, pairKey } from "../../src/rules/state";
import type { SkirmishState, StateChange } from "../../src/rules/state";
import { changeParticipants, inverseChanges } from "../../src/rules/state-undo";
import { fighter, skirmishOf } from "./fixtures";

const base = (): SkirmishState =>
  skirmishOf([fighter("a"), fighter("b", { life: { max: 12, wounds: 2 } }), fighter("c", { falling: true })], {
    distances: { [pairKey("a", "b")]: "close", [pairKey("a", "c")]: "middle" },
  });

function roundTrip(state: SkirmishState, changes: StateChange[]): SkirmishState {
  return applyChanges(applyChanges(state, changes), inverseChanges(state, changes));
}

describe("undoing changes (RULES.md Attack card: the GM can undo)", () => {
  it.each([
    ["wounds", [{ type: "wounds", id: "b", wounds: 9 }]],
    ["magic", [{ type: "magic", id: "a", value: 0 }]],
    ["altitude", [{ type: "altitude", id: "a", altitude: "grounded" }]],
    ["a flag", [{ type: "flag", id: "a", flag: "acted", value: true }]],
    ["a one-round effect", [{ type: "roundEffect", id: "a", effect: "noBattleAction", active: true }]],
    ["a distance", [{ type: "distance", a: "a", b: "b", distance: "long" }]],
    ["a grapple", [{ type: "grapple", a: "a", b: "b" }]],
    ["a carry", [{ type: "carry", carrier: "a", carried: "c" }, { type: "flag", id: "c", flag: "falling", value: false }]],
  ] as [string, StateChange[]][])("restores %s", (_name, changes) => {
    expect(roundTrip(base(), changes)).toEqual(base());
  });
  it("restores a release and a drop", () => {
    const held = { ...base(), grapples: [pairKey("a", "b")], distances: { [pairKey("a", "b")]: "zero" as const }, carrying: { c: "b" } };
    const changes: StateChange[] = [{ type: "release", a: "a", b: "b" }, { type: "drop", carrier: "c" }];
    expect(roundTrip(held, changes)).toEqual(held);
  });
  it("undoes nothing for a grapple already held, a release of no grapple or a drop of nobody", () => {
    const held = { ...base(), grapples: [pairKey("a", "b")] };
    expect(inverseChanges(held, [{ type: "grapple", a: "a", b: "b" }])).toEqual([]);
    expect(inverseChanges(base(), [{ type: "release", a: "a", b: "b" }])).toEqual([]);
    expect(inverseChanges(base(), [{ type: "drop", carrier: "a" }])).toEqual([]);
  });
  it("undoes in reverse order, each change from the state just before it", () => {
    const changes: StateChange[] = [{ type: "wounds", id: "b", wounds: 5 }, { type: "wounds", id: "b", wounds: 8 }];
    expect(inverseChanges(base(), changes)).toEqual([
      { type: "wounds", id: "b", wounds: 5 },
      { type: "wounds", id: "b", wounds: 2 },
    ]);
  });
  it("any sequence of wound, magic, flag and altitude changes round-trips", () => {
    const id = fc.constantFrom("a", "b", "c");
    const change: fc.Arbitrary<StateChange> = fc.oneof(
      fc.record({ type: fc.constant("wounds" as const), id, wounds: fc.nat(25) }),
      fc.record({ type: fc.constant("magic" as const), id, value: fc.nat(5) }),
      fc.record({ type: fc.constant("flag" as const), id, flag: fc.constantFrom("acted" as const, "falling" as const), value: fc.boolean() }),
      fc.record({ type: fc.constant("altitude" as const), id, altitude: fc.constantFrom("grounded" as const, "high" as const) }),
    );
    fc.assert(fc.property(fc.array(change, { maxLength: 8 }), (changes) => {
      expect(roundTrip(base(), changes)).toEqual(base());
    }));
  });
  it("names everyone a change touches", () => {
    expect(changeParticipants({ type: "wounds", id: "b", wounds: 1 })).toEqual(["b"]);
    expect(changeParticipants({ type: "grapple", a: "a", b: "b" })).toEqual(["a", "b"]);
    expect(changeParticipants({ type: "carry", carrier: "a", carried: "c" })).toEqual(["a", "c"]);
    expect(changeParticipants({ type: "drop", carrier: "a" })).toEqual(["a"]);
  });
});
