// RULES.md "Declaration modes": at its resolve step a combatant may only take the action it declared (the attack
// card's round check); what may be declared in each phase (000 "Phase One/Two/Three").
import { describe, expect, it } from "vitest";
import { roundAllows } from "../../src/rules/attack-card-legality";
import type { RoundContext } from "../../src/rules/attack-card-legality";
import { CARD_REASONS } from "../../src/rules/attack-card";
import { DECLARATION_REASONS, actionsForPhase, declaredAllows } from "../../src/rules/declaration";
import type { DeclaredLimit } from "../../src/rules/declaration";
import type { RoundStep } from "../../src/rules/round-plan";
import { breath, claws, declared } from "./attack-card-fixtures";

const limit = (values: Partial<DeclaredLimit> = {}): DeclaredLimit => ({ action: "attack", targetId: "b", weaponId: "claws", aborted: false, resolved: false, ...values });
const resolveStep = (declared_: Record<string, DeclaredLimit> | undefined, values: Partial<RoundStep> = {}): RoundContext => ({
  inCombat: true,
  step: { phase: "battle", kind: "resolve", combatants: ["a"], simultaneous: false, ...values },
  ...(declared_ === undefined ? {} : { declared: declared_ }),
});

describe("declaredAllows", () => {
  it("allows the declared attack with its weapon on its target", () => {
    expect(declaredAllows(limit(), declared())).toEqual({ allowed: true });
  });
  it("refuses when nothing was declared", () => {
    expect(declaredAllows(null, declared())).toEqual({ allowed: false, reason: DECLARATION_REASONS.NothingDeclared });
  });
  it("refuses another target, another weapon, or another action", () => {
    expect(declaredAllows(limit({ targetId: "c" }), declared()).reason).toBe(DECLARATION_REASONS.NotDeclaredTarget);
    expect(declaredAllows(limit({ weaponId: "breath" }), declared()).reason).toBe(DECLARATION_REASONS.NotDeclaredWeapon);
    expect(declaredAllows(limit({ action: "grapple" }), declared()).reason).toBe(DECLARATION_REASONS.NotDeclaredAction);
    expect(declaredAllows(limit({ action: "breakOut" }), declared({ weapon: breath })).reason).toBe(DECLARATION_REASONS.NotDeclaredAction);
  });
  it("tells a declared killer blow from a plain attack, both ways", () => {
    expect(declaredAllows(limit({ action: "killerBlow" }), declared()).reason).toBe(DECLARATION_REASONS.NotDeclaredAction);
    expect(declaredAllows(limit({ action: "killerBlow" }), declared({ killerBlow: true })).allowed).toBe(true);
    expect(declaredAllows(limit(), declared({ killerBlow: true })).reason).toBe(DECLARATION_REASONS.NotDeclaredAction);
  });
  it("refuses a second target added to a declared single-target attack", () => {
    // declareCard refuses such a card itself; the binding refuses it too, should one reach it by another way.
    const one = declared();
    const two = { ...one, targets: [...one.targets, { id: "c", name: "C", defence: null, damage: null }] };
    expect(declaredAllows(limit(), two).reason).toBe(DECLARATION_REASONS.NotDeclaredTarget);
  });
  it("refuses what was aborted or already resolved with its group", () => {
    expect(declaredAllows(limit({ aborted: true }), declared()).reason).toBe(DECLARATION_REASONS.Aborted);
    expect(declaredAllows(limit({ resolved: true }), declared()).reason).toBe(DECLARATION_REASONS.AlreadyResolved);
  });
  it("never binds setting a passenger down (it costs no action)", () => {
    expect(declaredAllows(null, { ...declared(), action: "setDown", targets: [], weapon: null }).allowed).toBe(true);
  });
  it("binds a break-out by its action only (it is against whoever holds the breaker)", () => {
    const card = declared({ action: "breakOut", weapon: null, targets: [{ id: "b", name: "B" }, { id: "c", name: "C" }] });
    expect(declaredAllows(limit({ action: "breakOut", targetId: "", weaponId: "" }), card).allowed).toBe(true);
  });
});

describe("roundAllows at a resolve step of the declaration modes", () => {
  it("checks the attacker's own declaration", () => {
    expect(roundAllows(resolveStep({ a: limit() }), declared()).allowed).toBe(true);
    expect(roundAllows(resolveStep({ a: limit({ weaponId: "breath" }) }), declared({ weapon: claws })).reason).toBe(DECLARATION_REASONS.NotDeclaredWeapon);
  });
  it("refuses an attacker with no declaration in the map (another's does not count)", () => {
    expect(roundAllows(resolveStep({ x: limit() }), declared()).reason).toBe(DECLARATION_REASONS.NothingDeclared);
  });
  it("binds nothing when the round carries no declarations (a resolve step outside the declaration modes)", () => {
    expect(roundAllows(resolveStep(undefined), declared({ weapon: breath })).allowed).toBe(true);
  });
  it("still refuses another combatant's step first", () => {
    expect(roundAllows(resolveStep({ a: limit() }, { combatants: ["b"] }), declared()).reason).toBe(CARD_REASONS.NotYourStep);
  });
});

describe("actionsForPhase", () => {
  it("offers a move in Tactical Movement, battle actions in the Battle Phase, and another action in the End Phase", () => {
    expect(actionsForPhase("movement")).toEqual(["move"]);
    expect(actionsForPhase("battle")).toEqual(["attack", "killerBlow", "grapple", "breakOut", "rescue", "other"]);
    expect(actionsForPhase("end")).toEqual(["other"]);
    expect(actionsForPhase("fast")).toEqual([]);
  });
});
