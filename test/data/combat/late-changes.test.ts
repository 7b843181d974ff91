// Changes written after an await (src/data/combat/late-changes.ts): a combatant deleted meanwhile costs only its own.
import { describe, expect, it } from "vitest";
import { changesForRoster } from "../../../src/data/combat/late-changes";
import { applyChanges } from "../../../src/rules/state";
import type { StateChange } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../../rules/fixtures";

const now = skirmishOf([fighter("a"), fighter("b")], { landmarks: { tower: { id: "tower", name: "Tower", altitude: "high" } } });

describe("changesForRoster", () => {
  it("keeps what names only those still in the skirmish, so the rules take the batch", () => {
    const changes: StateChange[] = [
      { type: "wounds", id: "a", wounds: 3 },
      { type: "distance", a: "a", b: "tower", distance: "close" },
      { type: "grapple", a: "a", b: "b" },
    ];
    const { kept, dropped } = changesForRoster(now, changes);
    expect(kept).toEqual(changes);
    expect(dropped).toEqual([]);
    expect(applyChanges(now, kept).combatants.a?.life.wounds).toBe(3);
  });
  it.each<[string, StateChange]>([
    ["wounds", { type: "wounds", id: "gone", wounds: 2 }],
    ["magic", { type: "magic", id: "gone", value: 1 }],
    ["altitude", { type: "altitude", id: "gone", altitude: "low" }],
    ["a flag", { type: "flag", id: "gone", flag: "acted", value: true }],
    ["a round effect", { type: "roundEffect", id: "gone", effect: "surprised", active: true }],
    ["an End Phase reset", { type: "newRound", id: "gone", falling: false }],
    ["a distance", { type: "distance", a: "a", b: "gone", distance: "close" }],
    ["a grapple", { type: "grapple", a: "gone", b: "b" }],
    ["a grapple with a landmark", { type: "grapple", a: "a", b: "tower" }],
    ["a carry", { type: "carry", carrier: "a", carried: "gone" }],
  ])("drops %s naming a combatant deleted meanwhile, and the rest still applies", (_what, late) => {
    const changes: StateChange[] = [{ type: "flag", id: "b", flag: "acted", value: true }, late, { type: "wounds", id: "a", wounds: 4 }];
    expect(() => applyChanges(now, changes)).toThrow(RangeError);
    const { kept, dropped } = changesForRoster(now, changes);
    expect(dropped).toEqual([late]);
    const after = applyChanges(now, kept);
    expect(after.combatants.b?.acted).toBe(true);
    expect(after.combatants.a?.life.wounds).toBe(4);
  });
  it("keeps releases and drops, which the rules take for anyone", () => {
    const changes: StateChange[] = [{ type: "release", a: "a", b: "gone" }, { type: "drop", carrier: "gone" }];
    expect(changesForRoster(now, changes).kept).toEqual(changes);
    expect(() => applyChanges(now, changes)).not.toThrow();
  });
});
