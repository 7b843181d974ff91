import { describe, expect, it } from "vitest";
import { CARD_REASONS } from "../../src/rules/attack-card";
import { cardLegality, quickPlayState, roundAllows } from "../../src/rules/attack-card-legality";
import type { RoundContext } from "../../src/rules/attack-card-legality";
import type { RoundStep } from "../../src/rules/round-plan";
import { RULE_REASONS } from "../../src/rules/reasons";
import { BOARD_REASONS } from "../../src/rules/board/reasons";
import { pairKey } from "../../src/rules/state";
import type { SkirmishState } from "../../src/rules/state";
import { breath, declared } from "./attack-card-fixtures";
import { fighter, skirmishOf } from "./fixtures";

const step = (values: Partial<RoundStep> = {}): RoundContext => ({
  inCombat: true,
  step: { phase: "battle", kind: "act", combatants: ["a"], simultaneous: false, ...values },
});
const outside: RoundContext = { inCombat: false };
const close = (over: Partial<SkirmishState> = {}) =>
  skirmishOf([fighter("a"), fighter("b"), fighter("c")], {
    distances: { [pairKey("a", "b")]: "close", [pairKey("a", "c")]: "close" },
    ...over,
  });

describe("attack card: the round (000 Phase Two: The Battle Phase)", () => {
  it("allows the attacker's own step in the battle phase", () => {
    expect(roundAllows(step(), declared())).toEqual({ allowed: true });
  });
  it("allows the act step of a d10 speed phase (001 Combat Phases)", () => {
    expect(roundAllows(step({ phase: "fast", combatants: ["x", "a"] }), declared()).allowed).toBe(true);
  });
  it.each([
    ["the movement phase", { phase: "movement" }],
    ["the end phase", { phase: "end" }],
    ["the Starting phase", { phase: "starting", kind: "start" }],
    ["End of Round", { phase: "endOfRound", kind: "end" }],
    ["a declaration step", { kind: "declare" }],
  ] as [string, Partial<RoundStep>][])("refuses a battle action in %s", (_name, values) => {
    expect(roundAllows(step(values), declared()).reason).toBe(CARD_REASONS.NotBattlePhase);
  });
  it("refuses someone whose step it is not", () => {
    expect(roundAllows(step({ combatants: ["b"] }), declared()).reason).toBe(CARD_REASONS.NotYourStep);
  });
  it("refuses once the round is over", () => {
    expect(roundAllows({ inCombat: true, step: null }, declared()).reason).toBe(CARD_REASONS.RoundOver);
  });
  it("does not check the round outside combat, nor for a set-down, which costs no action", () => {
    expect(roundAllows(outside, declared()).allowed).toBe(true);
    const setDown = declared({ action: "setDown", targets: [], check: null });
    expect(roundAllows(step({ phase: "movement" }), setDown).allowed).toBe(true);
  });
});

describe("attack card: legality of each target", () => {
  it("allows a melee attack at close quarters", () => {
    expect(cardLegality(declared(), close(), step())).toEqual({ allowed: true });
  });
  it("names the target that is out of reach", () => {
    const card = declared({ targets: [{ id: "c", name: "C" }] });
    const legality = cardLegality(card, close({ distances: { [pairKey("a", "b")]: "close", [pairKey("a", "c")]: "middle" } }), step());
    expect(legality).toEqual({ allowed: false, reason: RULE_REASONS.TooFarForMelee, targetId: "c" });
  });
  it("refuses a second battle action in the round", () => {
    const state = close();
    const acted = { ...state, combatants: { ...state.combatants, a: fighter("a", { acted: true }) } };
    expect(cardLegality(declared(), acted, step()).reason).toBe(RULE_REASONS.AlreadyActed);
  });
  it("refuses a battle action after a full move (000 Manoeuvres)", () => {
    const state = close();
    const moved = { ...state, combatants: { ...state.combatants, a: fighter("a", { fullMove: true }) } };
    expect(cardLegality(declared(), moved, step()).reason).toBe(RULE_REASONS.FullMoveNoAction);
  });
  it("refuses a round refusal before looking at the targets", () => {
    expect(cardLegality(declared(), close(), step({ phase: "movement" })).reason).toBe(CARD_REASONS.NotBattlePhase);
  });
  it("an attack at nobody is quick play only", () => {
    const card = declared({ targets: [] });
    expect(cardLegality(card, close(), step()).reason).toBe(CARD_REASONS.NeedsTarget);
    expect(cardLegality(card, close(), outside).allowed).toBe(true);
  });
  it("an attack at nobody still needs the breath's Magic Point and an attacker able to act", () => {
    const card = declared({ targets: [], weapon: breath });
    const empty = close({ combatants: { a: fighter("a", { magic: { value: 0, max: 3 } }) } });
    expect(cardLegality(card, empty, outside).reason).toBe(RULE_REASONS.NotEnoughMagic);
    const hurt = close({ combatants: { a: fighter("a", { life: { max: 12, wounds: 7 } }) } });
    expect(cardLegality(card, hurt, outside).reason).toBe(RULE_REASONS.ActorSeverelyInjured);
  });
  it("000 Ranged Attacks: Dragonsbreath needs a Magic Point", () => {
    const card = declared({ weapon: breath });
    const state = close();
    const empty = { ...state, combatants: { ...state.combatants, a: fighter("a", { magic: { value: 0, max: 3 } }) } };
    expect(cardLegality(card, state, step()).allowed).toBe(true);
    expect(cardLegality(card, empty, step())).toMatchObject({ reason: RULE_REASONS.NotEnoughMagic, targetId: "b" });
  });
  it("checks a grapple with the grapple rules", () => {
    const card = declared({ action: "grapple" });
    expect(cardLegality(card, close(), step()).allowed).toBe(true);
    const held = close({ grapples: [pairKey("a", "b")], distances: { [pairKey("a", "b")]: "zero" } });
    expect(cardLegality(card, held, step()).reason).toBe(RULE_REASONS.AlreadyGrappling);
  });
  it("a break-out must name exactly the grapplers the combat holds", () => {
    const held = close({
      grapples: [pairKey("a", "b"), pairKey("a", "c")],
      distances: { [pairKey("a", "b")]: "zero", [pairKey("a", "c")]: "zero" },
    });
    const both = declared({ action: "breakOut", targets: [{ id: "c", name: "C" }, { id: "b", name: "B" }] });
    expect(cardLegality(both, held, step()).allowed).toBe(true);
    const one = declared({ action: "breakOut", targets: [{ id: "b", name: "B" }] });
    expect(cardLegality(one, held, step()).reason).toBe(CARD_REASONS.GrapplersChanged);
    expect(cardLegality(both, close(), step()).reason).toBe(RULE_REASONS.NotGrappled);
  });
  it("checks a rescue with the rescue rules", () => {
    const card = declared({ action: "rescue" });
    const state = close();
    const falling = { ...state, combatants: { ...state.combatants, b: fighter("b", { falling: true }) } };
    expect(cardLegality(card, falling, step()).allowed).toBe(true);
    expect(cardLegality(card, state, step())).toMatchObject({ reason: RULE_REASONS.TargetNotFalling, targetId: "b" });
  });
  it("a set-down needs a passenger", () => {
    const card = declared({ action: "setDown", targets: [], check: null });
    expect(cardLegality(card, close(), outside).reason).toBe(RULE_REASONS.NotCarrying);
    expect(cardLegality(card, close({ carrying: { a: "b" } }), outside).allowed).toBe(true);
  });
});

describe("attack card: someone gone from the board", () => {
  it("refuses, naming who is missing, instead of throwing", () => {
    const state = close();
    expect(cardLegality(declared(), { ...state, combatants: { b: fighter("b") } }, outside).reason).toBe(BOARD_REASONS.AttackerNotOnBoard);
    const card = declared({ action: "rescue", targets: [{ id: "z", name: "Z" }] });
    expect(cardLegality(card, state, outside)).toEqual({ allowed: false, reason: BOARD_REASONS.TargetNotOnBoard, targetId: "z" });
  });
});

describe("attack card: quick play outside combat", () => {
  it("puts everyone at close quarters and the same altitude, with the round flags clear", () => {
    const state = quickPlayState([
      fighter("a", { altitude: "ceiling", acted: true, fullMove: true }),
      fighter("b", { altitude: "grounded" }),
      fighter("c"),
    ]);
    expect(Object.values(state.distances)).toEqual(["close", "close", "close"]);
    expect(new Set(Object.values(state.combatants).map((c) => c.altitude)).size).toBe(1);
    expect(cardLegality(declared(), state, outside).allowed).toBe(true);
  });
  it("still refuses what does not depend on the board", () => {
    const state = quickPlayState([fighter("a"), fighter("b", { life: { max: 12, wounds: 13 } })]);
    expect(cardLegality(declared(), state, outside).reason).toBe(RULE_REASONS.TargetDead);
  });
});
