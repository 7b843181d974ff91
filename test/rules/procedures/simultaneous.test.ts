import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";
import { performAttack } from "../../../src/rules/procedures/attack";
import { checkDeclaredAction } from "../../../src/rules/procedures/declared";
import {
  SIMULTANEOUS_LOG,
  mergeSimultaneous,
  resolveSimultaneous,
} from "../../../src/rules/procedures/simultaneous";
import type { SimultaneousAction } from "../../../src/rules/procedures/simultaneous";
import { BATTLE_LOG } from "../../../src/rules/reasons";
import { scriptedDice } from "../../../src/rules/roll-sources";
import { applyChanges, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../fixtures";

const claws: WeaponSnapshot = {
  name: "Tooth and Claw", range: "melee", longRange: false, damageTN: 5, killerBlow: true, grapple: true, magicCost: 0,
};

/** a and b at close quarters, fit but two wounds from death (2 Life Points, 1 wound); Soma 3 and 2, Pneuma 5 both. */
function duel(): SkirmishState {
  return skirmishOf(
    [
      fighter("a", { soma: 3, pneuma: 5, life: { max: 2, wounds: 1 } }),
      fighter("b", { soma: 2, pneuma: 5, life: { max: 2, wounds: 1 }, side: "hostile" }),
    ],
    { distances: { [pairKey("a", "b")]: "close" } },
  );
}

const bite = (attackerId: string, targetId: string): SimultaneousAction => ({
  action: "attack",
  attack: { attackerId, targetId, weapon: claws },
  pools: { attackPool: 1, baseAttackTN: 4, defence: null },
});

describe("000 Secret Declaration: equal Pneuma resolves simultaneously", () => {
  it("lands both bites of two dragons that bite each other, though the first bite kills", async () => {
    const state = duel();
    // a: attack 1d6 = 6 (hit, margin 1), damage Soma 3 + 1 = 4 dice, two successes; b: attack 6, 2 + 1 = 3 dice, two.
    const dice = scriptedDice([6, 6, 6, 1, 1, 6, 6, 6, 1]);
    const outcome = await resolveSimultaneous(state, [bite("a", "b"), bite("b", "a")], dice);
    expect(dice.remaining()).toBe(0);
    expect(outcome.results.map((r) => r.stands)).toEqual([true, true]);
    const after = applyChanges(state, outcome.changes);
    expect(after.combatants.b?.life.wounds).toBe(3);
    expect(after.combatants.a?.life.wounds).toBe(3);
    expect(outcome.log.filter((l) => l.key === BATTLE_LOG.Killed).map((l) => l.data?.name)).toEqual(["B", "A"]);
  });
  it("differs from resolving one after the other, where the second bite is aborted", async () => {
    const state = duel();
    const first = await performAttack(state, { attackerId: "a", targetId: "b", weapon: claws }, { attackPool: 1, baseAttackTN: 4, defence: null }, scriptedDice([6, 6, 6, 1, 1]));
    const next = applyChanges(state, first.allowed ? first.changes : []);
    expect(next.combatants.b?.life.wounds).toBe(3);
    const second = bite("b", "a");
    expect(checkDeclaredAction(next, second).stands).toBe(false);
  });
  it("adds up the wounds of two attacks on one target, and a death they cause only together is logged and releases", async () => {
    const base = skirmishOf(
      [
        fighter("a", { soma: 0 }),
        fighter("c", { soma: 0 }),
        fighter("t", { life: { max: 12, wounds: 11 }, side: "hostile" }),
        fighter("p", { altitude: "mid", canFly: false }),
      ],
      { distances: { [pairKey("a", "t")]: "close", [pairKey("c", "t")]: "close" }, carrying: { t: "p" } },
    );
    // Each attack: 1 attack die (6: hit by 1), damage 0 + 1 = 1 die (6: one wound). Alone: 12 wounds, not dead.
    const outcome = await resolveSimultaneous(base, [bite("a", "t"), bite("c", "t")], scriptedDice([6, 6, 6, 6]));
    const after = applyChanges(base, outcome.changes);
    expect(after.combatants.t?.life.wounds).toBe(13);
    expect(outcome.log).toContainEqual({ key: BATTLE_LOG.Killed, data: { name: "T" } });
    // The dead hold nobody: its passenger is let go.
    expect(after.carrying).toEqual({});
    expect(after.combatants.p?.falling).toBe(true);
  });
  it("caps the summed wounds as stored wounds are capped (2 x Life Points + 1)", async () => {
    const state = skirmishOf([fighter("a", { soma: 5 }), fighter("c", { soma: 5 }), fighter("t", { life: { max: 2, wounds: 1 } })], {
      distances: { [pairKey("a", "t")]: "close", [pairKey("c", "t")]: "close" },
    });
    // Each: attack 6 (hit by 1), damage 5 + 1 = 6 dice, three of them successes: 1 + 3 + 3 = 7 wounds, capped at 5.
    const dice = scriptedDice([6, 6, 6, 6, 1, 1, 1, 6, 6, 6, 6, 1, 1, 1]);
    const outcome = await resolveSimultaneous(state, [bite("a", "t"), bite("c", "t")], dice);
    expect(applyChanges(state, outcome.changes).combatants.t?.life.wounds).toBe(5);
  });
  it("aborts and spends an action already impossible before the group", async () => {
    const state = duel();
    const dead = applyChanges(state, [{ type: "wounds", id: "b", wounds: 3 }]);
    const outcome = await resolveSimultaneous(dead, [bite("a", "b")], scriptedDice([]));
    expect(outcome.results[0]?.stands).toBe(false);
    expect(outcome.changes).toContainEqual({ type: "flag", id: "a", flag: "acted", value: true });
  });
  it("lets End Phase actions of a group stand and spend nothing, though both already took their battle action", async () => {
    const state = applyChanges(duel(), [
      { type: "flag", id: "a", flag: "acted", value: true },
      { type: "flag", id: "b", flag: "acted", value: true },
    ]);
    const end: SimultaneousAction[] = [
      { action: "other", actorId: "a", phase: "end" },
      { action: "other", actorId: "b", phase: "end" },
    ];
    const outcome = await resolveSimultaneous(state, end, scriptedDice([]));
    expect(outcome.results.map((r) => r.stands)).toEqual([true, true]);
    expect(outcome.changes).toEqual([]);
    // The same group as battle actions is aborted: the battle action is spent.
    const battle = await resolveSimultaneous(state, [{ action: "other", actorId: "a" }], scriptedDice([]));
    expect(battle.results[0]).toMatchObject({ stands: false });
  });
  it("gives a faller to the first of two rescuers who both catch it, and says so", async () => {
    const state = skirmishOf([fighter("r"), fighter("s"), fighter("f", { falling: true })], {
      distances: { [pairKey("r", "f")]: "close", [pairKey("s", "f")]: "close" },
    });
    const rescue = (rescuerId: string): SimultaneousAction => ({ action: "rescue", rescue: { rescuerId, targetId: "f" }, pool: 1 });
    const outcome = await resolveSimultaneous(state, [rescue("r"), rescue("s")], scriptedDice([6, 6]));
    expect(applyChanges(state, outcome.changes).carrying).toEqual({ r: "f" });
    expect(outcome.log).toContainEqual({ key: SIMULTANEOUS_LOG.CatchTaken, data: { rescuer: "S", target: "F" } });
  });
  it("mergeSimultaneous lets the later of two moves of the same pair stand", () => {
    const state = duel();
    const merged = mergeSimultaneous(state, [
      { changes: [{ type: "distance", a: "a", b: "b", distance: "middle" }], log: [] },
      { changes: [{ type: "distance", a: "b", b: "a", distance: "long" }], log: [] },
    ]);
    expect(applyChanges(state, merged.changes).distances[pairKey("a", "b")]).toBe("long");
  });
  it("has an English string for its log key", () => {
    const en = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../lang/en.json"), "utf8")) as unknown;
    const path = SIMULTANEOUS_LOG.CatchTaken.split(".");
    const found = path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], en);
    expect(typeof found).toBe("string");
  });
});

describe("000 Breaking out of a Grapple: grapplers that both want out do not hold each other", () => {
  /** a and b grappling each other, Pneuma equal. */
  const grappled = (): SkirmishState =>
    skirmishOf(
      [fighter("a", { soma: 3, pneuma: 5 }), fighter("b", { soma: 3, pneuma: 5, side: "hostile" })],
      { distances: { [pairKey("a", "b")]: "zero" }, grapples: [pairKey("a", "b")] },
    );
  const breakOut = (breakerId: string, defenderId: string): SimultaneousAction => ({
    action: "breakOut",
    breakOut: { breakerId },
    pools: { attackPool: 2, attackTN: 4, defences: { [defenderId]: { pool: 2, tn: 4 } } },
  });
  it("rolls no defence against a break-out whose grappler declared its own break-out in the group", async () => {
    // a's break-out 2d6 (5, 1): one success, b does not defend; b's break-out 2d6 (1, 1): none, a does not defend.
    const dice = scriptedDice([5, 1, 1, 1]);
    const outcome = await resolveSimultaneous(grappled(), [breakOut("a", "b"), breakOut("b", "a")], dice);
    expect(dice.remaining()).toBe(0);
    const after = applyChanges(grappled(), outcome.changes);
    expect(after.grapples).toEqual([]);
  });
  it("still needs a success: two break-outs with none leave the grapple as it was", async () => {
    const dice = scriptedDice([1, 1, 1, 1]);
    const outcome = await resolveSimultaneous(grappled(), [breakOut("a", "b"), breakOut("b", "a")], dice);
    expect(applyChanges(grappled(), outcome.changes).grapples).toEqual([pairKey("a", "b")]);
  });
  it("a grappler that declared something else defends as its pools say", async () => {
    // a's break-out (5, 1) meets b's defence (5, 6): two successes, a stays held; b's bite is the other action.
    const dice = scriptedDice([5, 1, 5, 6, 1, 1, 1]);
    const outcome = await resolveSimultaneous(grappled(), [breakOut("a", "b"), bite("b", "a")], dice);
    expect(applyChanges(grappled(), outcome.changes).grapples).toEqual([pairKey("a", "b")]);
  });
});
