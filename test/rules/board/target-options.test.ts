import { describe, expect, it } from "vitest";
import { BOARD_REASONS } from "../../../src/rules/board/reasons";
import { meansOf, targetOptions, weaponActions } from "../../../src/rules/board/target-options";
import type { TargetOption } from "../../../src/rules/board/target-options";
import { RULE_REASONS } from "../../../src/rules/reasons";
import { pairKey } from "../../../src/rules/state";
import type { CombatantState, SkirmishState } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../fixtures";
import { BREATH, CLAWS, LONGBOW, SWORD } from "./weapons";

const DRAGON = [CLAWS, BREATH];

/** Dragon d with a foe at close quarters (c), one at middle distance (m), a falling friend (f) and a tower. */
function field(values: Partial<Record<string, Partial<CombatantState>>> = {}): SkirmishState {
  return skirmishOf(
    [
      fighter("d", values.d),
      fighter("c", values.c),
      fighter("m", values.m),
      fighter("f", { falling: true, ...values.f }),
    ],
    {
      landmarks: { tower: { id: "tower", name: "Tower", altitude: "grounded" } },
      distances: {
        [pairKey("d", "c")]: "close",
        [pairKey("d", "m")]: "middle",
        [pairKey("d", "f")]: "close",
        [pairKey("d", "tower")]: "middle",
      },
    },
  );
}

function option(options: TargetOption[], id: string): TargetOption {
  const found = options.find((o) => o.id === id);
  if (!found) throw new Error(`no option for ${id}`);
  return found;
}

describe("what the selected combatant could do to each other one", () => {
  it("gives weapon kinds their board action: breath spends magic, claws also grapple", () => {
    expect(weaponActions(BREATH)).toEqual(["breath"]);
    expect(weaponActions(LONGBOW)).toEqual(["ranged"]);
    expect(weaponActions(CLAWS)).toEqual(["melee", "grapple"]);
    expect(weaponActions(SWORD)).toEqual(["melee"]);
  });
  it("lists only the actions the selected one has the means for", () => {
    const state = field({ d: { canFly: false } });
    expect(meansOf(state, "d", [LONGBOW])).toEqual(["ranged"]);
    expect(meansOf(field(), "d", DRAGON)).toEqual(["melee", "grapple", "breath", "rescue"]);
  });
  it("lists every other combatant, then every landmark, with its distance band", () => {
    const options = targetOptions(field(), "d", DRAGON);
    expect(options.map((o) => [o.id, o.kind, o.distance])).toEqual([
      ["c", "combatant", "close"],
      ["m", "combatant", "middle"],
      ["f", "combatant", "close"],
      ["tower", "landmark", "middle"],
    ]);
  });
  it("at close quarters and the same altitude: melee, grapple and breath, each with the weapon that allows it", () => {
    const close = option(targetOptions(field(), "d", DRAGON), "c");
    expect(close.available).toEqual(["melee", "grapple", "breath"]);
    expect(close.actions.find((a) => a.action === "melee")?.weapons).toEqual(["Tooth and Claw"]);
    expect(close.actions.find((a) => a.action === "rescue")?.reason).toBe(RULE_REASONS.TargetNotFalling);
  });
  it("at middle distance only breath, and melee says why not", () => {
    const middle = option(targetOptions(field(), "d", DRAGON), "m");
    expect(middle.available).toEqual(["breath"]);
    expect(middle.actions.find((a) => a.action === "melee")?.reason).toBe(RULE_REASONS.TooFarForMelee);
  });
  it("offers a rescue of a falling combatant in reach", () => {
    expect(option(targetOptions(field(), "d", DRAGON), "f").available).toContain("rescue");
  });
  it("says nothing is possible, and why, when every action is refused", () => {
    const state = field({ d: { magic: { value: 0, max: 3 } }, m: { altitude: "ceiling" } });
    const far = option(targetOptions(state, "d", DRAGON), "m");
    expect(far.available).toEqual([]);
    expect(far.reasons).toEqual([RULE_REASONS.TooFarForMelee, RULE_REASONS.NotEnoughMagic, RULE_REASONS.TargetNotFalling]);
  });
  it("a combatant with no weapon and no wings can do nothing, and the board says so", () => {
    const options = targetOptions(field({ d: { canFly: false } }), "d", []);
    expect(option(options, "c").reasons).toEqual([BOARD_REASONS.NoMeans]);
  });
  it("a landmark is never a target", () => {
    const tower = option(targetOptions(field(), "d", DRAGON), "tower");
    expect(tower.available).toEqual([]);
    expect(tower.reasons).toEqual([BOARD_REASONS.Landmark]);
  });
  it("a full move leaves nothing to do against anyone", () => {
    const options = targetOptions(field({ d: { fullMove: true } }), "d", DRAGON);
    expect(options.filter((o) => o.kind === "combatant").every((o) => o.available.length === 0)).toBe(true);
    expect(option(options, "c").reasons).toEqual([RULE_REASONS.FullMoveNoAction]);
  });
  it("a grappling dragon may strike only its partner in melee, but still breathe on others", () => {
    const state = { ...field(), grapples: [pairKey("d", "c")], distances: { ...field().distances, [pairKey("d", "c")]: "zero" as const } };
    const options = targetOptions(state, "d", DRAGON);
    expect(option(options, "c").available).toEqual(["melee", "breath"]);
    expect(option(options, "f").actions.find((a) => a.action === "melee")?.reason).toBe(RULE_REASONS.OnlyGrapplePartners);
    expect(option(options, "f").available).toEqual(["breath"]);
  });

});
