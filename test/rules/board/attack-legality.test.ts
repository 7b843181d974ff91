import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES, DISTANCES } from "../../../src/rules/bands";
import { attackLegality } from "../../../src/rules/board/attack-legality";
import { BOARD_REASONS } from "../../../src/rules/board/reasons";
import { validateAttack } from "../../../src/rules/procedures/attack";
import { validateGrapple } from "../../../src/rules/procedures/grapple";
import { RULE_REASONS } from "../../../src/rules/reasons";
import { pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import type { Altitude, Distance } from "../../../src/rules/types";
import { fighter, skirmishOf } from "../fixtures";
import { BALLISTA, BREATH, CLAWS, LONGBOW, SWORD, weapon } from "./weapons";

function pair(distance: Distance, a: Altitude = "mid", b: Altitude = "mid"): SkirmishState {
  return skirmishOf([fighter("a", { altitude: a }), fighter("b", { altitude: b })], {
    distances: { [pairKey("a", "b")]: distance },
  });
}

describe("attackLegality: the board's one answer (000 Melee Attacks, Ranged Attacks, Grapple Attacks)", () => {
  it("allows melee at close quarters at the same altitude", () => {
    expect(attackLegality(pair("close"), { attackerId: "a", targetId: "b", weapon: SWORD })).toEqual({ allowed: true });
  });
  it("refuses melee at middle distance, naming the engine's reason", () => {
    expect(attackLegality(pair("middle"), { attackerId: "a", targetId: "b", weapon: SWORD }).reason).toBe(
      RULE_REASONS.TooFarForMelee,
    );
  });
  it("refuses melee a band apart, but lets Flying Low strike the ground", () => {
    expect(attackLegality(pair("close", "mid", "low"), { attackerId: "a", targetId: "b", weapon: SWORD }).reason).toBe(
      RULE_REASONS.NotSameAltitude,
    );
    expect(attackLegality(pair("close", "low", "grounded"), { attackerId: "a", targetId: "b", weapon: SWORD }).allowed).toBe(
      true,
    );
  });
  it("allows a longbow at middle distance and refuses it at long distance, where a ballista reaches", () => {
    expect(attackLegality(pair("middle"), { attackerId: "a", targetId: "b", weapon: LONGBOW }).allowed).toBe(true);
    expect(attackLegality(pair("long"), { attackerId: "a", targetId: "b", weapon: LONGBOW }).reason).toBe(
      RULE_REASONS.TooFarForRanged,
    );
    expect(attackLegality(pair("long"), { attackerId: "a", targetId: "b", weapon: BALLISTA }).allowed).toBe(true);
  });
  it("lets mid altitude and the ground shoot each other, but not high altitude and the ground", () => {
    expect(attackLegality(pair("middle", "mid", "grounded"), { attackerId: "a", targetId: "b", weapon: LONGBOW }).allowed).toBe(
      true,
    );
    expect(attackLegality(pair("middle", "high", "grounded"), { attackerId: "a", targetId: "b", weapon: LONGBOW }).reason).toBe(
      RULE_REASONS.AltitudeTooFarForRanged,
    );
  });
  it("refuses breath without a Magic Point", () => {
    const state = skirmishOf([fighter("a", { magic: { value: 0, max: 3 } }), fighter("b")], {
      distances: { [pairKey("a", "b")]: "close" },
    });
    expect(attackLegality(state, { attackerId: "a", targetId: "b", weapon: BREATH }).reason).toBe(RULE_REASONS.NotEnoughMagic);
  });
  it("refuses a killer blow with a weapon that has no such trait, and allows it with claws", () => {
    expect(attackLegality(pair("close"), { attackerId: "a", targetId: "b", weapon: SWORD, killerBlow: true }).reason).toBe(
      RULE_REASONS.NoKillerBlow,
    );
    expect(attackLegality(pair("close"), { attackerId: "a", targetId: "b", weapon: CLAWS, killerBlow: true }).allowed).toBe(true);
  });
  it("asks the grapple validator for a grapple: a sword cannot grapple, claws can", () => {
    expect(attackLegality(pair("close"), { attackerId: "a", targetId: "b", weapon: SWORD, grapple: true }).reason).toBe(
      RULE_REASONS.WeaponCannotGrapple,
    );
    expect(attackLegality(pair("close"), { attackerId: "a", targetId: "b", weapon: CLAWS, grapple: true }).allowed).toBe(true);
  });
  it("refuses an attack after a full move this round", () => {
    const state = skirmishOf([fighter("a", { fullMove: true }), fighter("b")], { distances: { [pairKey("a", "b")]: "close" } });
    expect(attackLegality(state, { attackerId: "a", targetId: "b", weapon: SWORD }).reason).toBe(RULE_REASONS.FullMoveNoAction);
  });
  it("answers an attacker or target that is not on the board with a reason, not an exception", () => {
    expect(attackLegality(pair("close"), { attackerId: "x", targetId: "b", weapon: SWORD }).reason).toBe(
      BOARD_REASONS.AttackerNotOnBoard,
    );
    expect(attackLegality(pair("close"), { attackerId: "a", targetId: "x", weapon: SWORD }).reason).toBe(
      BOARD_REASONS.TargetNotOnBoard,
    );
  });
  it("answers a malformed weapon with a reason", () => {
    const broken = weapon("Broken", { damageTN: Number.NaN });
    expect(attackLegality(pair("close"), { attackerId: "a", targetId: "b", weapon: broken }).reason).toBe(BOARD_REASONS.BadWeapon);
  });
  it("agrees with validateAttack and validateGrapple for every distance, altitude pair and weapon", () => {
    const weapons = [SWORD, CLAWS, LONGBOW, BALLISTA, BREATH];
    fc.assert(
      fc.property(
        fc.constantFrom(...DISTANCES),
        fc.constantFrom(...ALTITUDES),
        fc.constantFrom(...ALTITUDES),
        fc.constantFrom(...weapons),
        fc.boolean(),
        fc.boolean(),
        (distance, a, b, w, grapple, grappled) => {
          const state = pair(distance, a, b);
          const s = grappled ? { ...state, grapples: [pairKey("a", "b")] } : state;
          const decl = { attackerId: "a", targetId: "b", weapon: w };
          const expected = grapple ? validateGrapple(s, decl) : validateAttack(s, decl);
          expect(attackLegality(s, { ...decl, grapple })).toEqual(expected);
        },
      ),
    );
  });
});
