import { describe, expect, it } from "vitest";
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";
import { checkDeclaredAction } from "../../../src/rules/procedures/declared";
import type { DeclaredAction } from "../../../src/rules/procedures/declared";
import { BATTLE_LOG, RULE_REASONS } from "../../../src/rules/reasons";
import { applyChanges, pairKey } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../fixtures";

const claws: WeaponSnapshot = {
  name: "Tooth and Claw", range: "melee", longRange: false, damageTN: 5, killerBlow: true, grapple: true, magicCost: 0,
};

/** Sable (s) and Argent (a) at close quarters, Hunter (h) close to Sable too. */
const start = skirmishOf([fighter("s"), fighter("a"), fighter("h")], {
  distances: { [pairKey("s", "a")]: "close", [pairKey("s", "h")]: "close", [pairKey("a", "h")]: "close" },
});

const attack: DeclaredAction = { action: "attack", attack: { attackerId: "h", targetId: "a", weapon: claws } };

describe("000 Alternative Option: Reverse Declaration: declared actions are checked as they resolve", () => {
  it("lets a declared attack stand while it is still possible", () => {
    expect(checkDeclaredAction(start, attack)).toEqual({ stands: true });
  });
  it("aborts a declared attack on a target that died before its turn, and the action is lost", () => {
    const later = applyChanges(start, [{ type: "wounds", id: "a", wounds: 13 }]);
    const ruling = checkDeclaredAction(later, attack);
    expect(ruling).toEqual({
      stands: false,
      reason: RULE_REASONS.TargetDead,
      changes: [{ type: "flag", id: "h", flag: "acted", value: true }],
      log: [{ key: BATTLE_LOG.ActionAborted, data: { name: "H", reason: RULE_REASONS.TargetDead } }],
    });
    if (ruling.stands) return;
    // The action is spent: the attacker cannot take another one this round.
    const after = applyChanges(later, ruling.changes);
    expect(checkDeclaredAction(after, { action: "other", actorId: "h" })).toMatchObject({ reason: RULE_REASONS.AlreadyActed });
    // An End Phase action is not the battle action (000 "End Phase Actions"): it still stands.
    expect(checkDeclaredAction(after, { action: "other", actorId: "h", phase: "end" })).toEqual({ stands: true });
  });
  it("aborts a declared attack when a faster combatant has grappled the attacker meanwhile", () => {
    const later = applyChanges(start, [{ type: "grapple", a: "s", b: "h" }]);
    expect(checkDeclaredAction(later, attack)).toMatchObject({ stands: false, reason: RULE_REASONS.OnlyGrapplePartners });
  });
  it("aborts a declared break-out when the grapple has already ended", () => {
    const breakOut: DeclaredAction = { action: "breakOut", breakOut: { breakerId: "s" } };
    const held = applyChanges(start, [{ type: "grapple", a: "s", b: "a" }]);
    expect(checkDeclaredAction(held, breakOut)).toEqual({ stands: true });
    const freed = applyChanges(held, [{ type: "release", a: "s", b: "a" }]);
    expect(checkDeclaredAction(freed, breakOut)).toMatchObject({ stands: false, reason: RULE_REASONS.NotGrappled });
  });
  it("aborts a declared rescue when the faller has been caught by someone else first", () => {
    const falling = applyChanges(start, [{ type: "flag", id: "a", flag: "falling", value: true }]);
    const rescue: DeclaredAction = { action: "rescue", rescue: { rescuerId: "s", targetId: "a" } };
    expect(checkDeclaredAction(falling, rescue)).toEqual({ stands: true });
    const caught = applyChanges(falling, [{ type: "carry", carrier: "h", carried: "a" }]);
    expect(checkDeclaredAction(caught, rescue).stands).toBe(false);
  });
  it("aborts a declared move once the mover is pinned", () => {
    const move: DeclaredAction = { action: "move", move: { id: "a", kind: "standard", altitude: "high" }, phase: "movement" };
    expect(checkDeclaredAction(start, move)).toEqual({ stands: true });
    const pinned = applyChanges(start, [{ type: "grapple", a: "s", b: "a" }]);
    expect(checkDeclaredAction(pinned, move)).toMatchObject({
      stands: false,
      changes: [{ type: "flag", id: "a", flag: "moved", value: true }],
    });
  });
  it("keeps a non-attack battle action while the actor can act, and aborts it once severely injured", () => {
    const other: DeclaredAction = { action: "other", actorId: "s" };
    expect(checkDeclaredAction(start, other)).toEqual({ stands: true });
    const hurt = applyChanges(start, [{ type: "wounds", id: "s", wounds: 7 }]);
    expect(checkDeclaredAction(hurt, other)).toMatchObject({ stands: false, reason: RULE_REASONS.ActorSeverelyInjured });
  });
  it("refuses a declaration that is not an object or names nobody", () => {
    expect(() => checkDeclaredAction(start, null as never)).toThrow(RangeError);
    expect(() => checkDeclaredAction(start, { action: "other", actorId: "zz" })).toThrow(/zz/);
    expect(() => checkDeclaredAction(start, { action: "bogus" } as never)).toThrow(/declared\.action.*bogus/);
  });
});
