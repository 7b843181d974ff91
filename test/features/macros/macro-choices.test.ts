// The macro compendium's choices (src/features/macros/macro-choices.ts): which token acts, and the best weapon.
import { describe, expect, it } from "vitest";
import { actingToken, bestWeapon } from "../../../src/features/macros/macro-choices";
import type { TokenChoice, WeaponOption } from "../../../src/features/macros/macro-choices";

const mine: TokenChoice = { id: "t1", name: "Vesperine", hasActor: true, isOwner: true };
const theirs: TokenChoice = { id: "t2", name: "Sir Aldric Vance", hasActor: true, isOwner: false };

describe("the acting token", () => {
  it("is the one selected token the user owns", () => {
    expect(actingToken([mine])).toEqual({ token: mine });
  });
  it("is refused, with the reason, when none, several, one without an actor or one the user does not own is selected", () => {
    expect(actingToken([])).toEqual({ refusal: { key: "AOD.Macros.Refusal.NoToken" } });
    expect(actingToken([mine, theirs])).toEqual({ refusal: { key: "AOD.Macros.Refusal.OneToken", data: { count: "2" } } });
    expect(actingToken([{ ...mine, hasActor: false }])).toEqual({ refusal: { key: "AOD.Macros.Refusal.NoActor", data: { name: "Vesperine" } } });
    expect(actingToken([theirs])).toEqual({ refusal: { key: "AOD.Macros.Refusal.NotOwner", data: { name: "Sir Aldric Vance" } } });
  });
});

const claw: WeaponOption = { id: "claw", name: "Tooth and Claw", pool: 6, tn: 4, damageTN: 5, magicCost: 0 };
const breath: WeaponOption = { id: "breath", name: "Dragonsbreath", pool: 4, tn: 4, damageTN: 5, magicCost: 1 };

describe("the best weapon", () => {
  it("is the one with the most expected attack successes", () => {
    expect(bestWeapon([breath, claw], 5)).toEqual({ weapon: claw });
    // A better TN outweighs a die: 4 dice at 3+ (2.67) beat 5 dice at 5+ (1.67).
    expect(bestWeapon([{ ...claw, pool: 5, tn: 5 }, { ...breath, tn: 3 }], 5)).toEqual({ weapon: { ...breath, tn: 3 } });
  });
  it("breaks a tie by the lower damage TN, then by name", () => {
    const spear = { ...claw, id: "spear", name: "Spear", damageTN: 4 };
    expect(bestWeapon([claw, spear], 0)).toEqual({ weapon: spear });
    const axe = { ...claw, id: "axe", name: "Axe" };
    expect(bestWeapon([claw, axe], 0)).toEqual({ weapon: axe });
  });
  it("leaves out what the actor cannot pay for and what the board refuses now", () => {
    expect(bestWeapon([claw, { ...breath, pool: 9 }], 0)).toEqual({ weapon: claw });
    expect(bestWeapon([{ ...claw, refusal: "AOD.Board.Reason.X" }, breath], 1)).toEqual({ weapon: breath });
  });
  it("says why when nothing can attack: no weapons, no Magic Points, or the board's reason", () => {
    expect(bestWeapon([], 3)).toEqual({ refusal: { key: "AOD.Macros.Refusal.NoWeapon" } });
    expect(bestWeapon([breath], 0)).toEqual({ refusal: { key: "AOD.Macros.Refusal.NoMagic" } });
    expect(bestWeapon([{ ...claw, refusal: "Melee needs close quarters." }], 0)).toEqual({
      refusal: { key: "AOD.Macros.Refusal.NoLegalWeapon", data: { reason: "Melee needs close quarters." } },
    });
  });
});
