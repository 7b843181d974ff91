import { describe, expect, it } from "vitest";
import { CARD_REASONS, answerDefence, applyCard, closeCard, refuseCard } from "../../src/rules/attack-card";
import type { AttackCard } from "../../src/rules/attack-card";
import type { RoundContext } from "../../src/rules/attack-card-legality";
import { cardReservation, reservedLegality, withReservations } from "../../src/rules/attack-card-reservation";
import { RULE_REASONS } from "../../src/rules/reasons";
import { applyChanges, pairKey } from "../../src/rules/state";
import { breath, declared, ok, rolled } from "./attack-card-fixtures";
import { fighter, skirmishOf } from "./fixtures";

// 000 "Phase Two: The Battle Phase" (one battle action a round) and "Dragonsbreath" (one Magic Point a breath).
const battleStep: RoundContext = { inCombat: true, step: { phase: "battle", kind: "act", combatants: ["a"], simultaneous: false } };
const resolveStep: RoundContext = {
  inCombat: true,
  step: { phase: "battle", kind: "resolve", combatants: ["a"], simultaneous: false },
  declared: { a: { action: "attack", targetId: "b", weaponId: "breath", aborted: false, resolved: false } },
};
const quickPlay: RoundContext = { inCombat: false };
const breathCheck = { skill: "dragonsbreath", pool: 5, tn: 4 };
/** A dragon with one Magic Point left, in breath range of b. */
const oneMP = () =>
  skirmishOf([fighter("a", { magic: { value: 1, max: 4 } }), fighter("b")], { distances: { [pairKey("a", "b")]: "close" } });
const breathCard = (dice = [6, 6, 1, 1, 1]): AttackCard => rolled(dice, { weapon: breath, check: breathCheck });
const missed = (card: AttackCard): AttackCard => ok(answerDefence(card, "b", { check: null, dice: null, by: "owner" }, []));

describe("an open card holds its attacker's battle action and the breath's Magic Point", () => {
  it("a rolled card holds the action and the breath's Magic Points; a set-down holds no action; closed cards hold nothing", () => {
    expect(cardReservation(breathCard())).toEqual({ action: true, magic: 1 });
    expect(cardReservation(rolled([6, 1, 1, 1, 1]))).toEqual({ action: true, magic: 0 });
    expect(cardReservation(declared())).toBeNull();
    expect(cardReservation(ok(closeCard(breathCard(), CARD_REASONS.Withdrawn)))).toBeNull();
    expect(cardReservation(ok(refuseCard(declared(), RULE_REASONS.AlreadyActed)))).toBeNull();
  });
  it("a dragon with 1 MP cannot declare a second Dragonsbreath card at the same battle step", () => {
    const first = breathCard();
    const second = declared({ weapon: breath, check: breathCheck });
    expect(reservedLegality(second, oneMP(), battleStep, []).allowed).toBe(true);
    expect(reservedLegality(second, oneMP(), battleStep, [first])).toEqual({ allowed: false, reason: CARD_REASONS.ActionReserved });
  });
  it("the same at a declared resolve step", () => {
    const second = declared({ weapon: breath, check: breathCheck });
    expect(reservedLegality(second, oneMP(), resolveStep, []).allowed).toBe(true);
    expect(reservedLegality(second, oneMP(), resolveStep, [breathCard()]).reason).toBe(CARD_REASONS.ActionReserved);
  });
  it("outside combat (no round) the Magic Point is still held: a second breath with 1 MP is refused", () => {
    const second = declared({ weapon: breath, check: breathCheck });
    expect(reservedLegality(second, oneMP(), quickPlay, [breathCard()]).reason).toBe(RULE_REASONS.NotEnoughMagic);
    // A claw attack costs no Magic Point and quick play keeps no round: it may go ahead.
    expect(reservedLegality(declared(), oneMP(), quickPlay, [breathCard()]).allowed).toBe(true);
  });
  it("a withdrawn or refused card gives them back", () => {
    const second = declared({ weapon: breath, check: breathCheck });
    const withdrawn = ok(closeCard(breathCard(), CARD_REASONS.Withdrawn));
    expect(reservedLegality(second, oneMP(), battleStep, [withdrawn]).allowed).toBe(true);
    expect(withReservations(oneMP(), [withdrawn], true)).toEqual(oneMP());
  });
  it("another combatant's open card holds nothing of this one's", () => {
    const others = rolled([6, 1, 1, 1, 1], { attacker: { id: "b", name: "B" }, targets: [{ id: "a", name: "A" }] });
    expect(reservedLegality(declared({ weapon: breath, check: breathCheck }), oneMP(), battleStep, [others]).allowed).toBe(true);
  });
  it("only an open card can be closed", () => {
    expect(closeCard(declared(), CARD_REASONS.Withdrawn)).toEqual({ ok: false, reason: CARD_REASONS.NotOpen });
  });
});

describe("Apply checks again: no two battle actions from two cards", () => {
  it("two breath cards declared before either applied: the second Apply is refused, one hit for one action and one MP", () => {
    const first = missed(breathCard([1, 1, 1, 1, 1]));
    const second = missed(breathCard([1, 1, 1, 1, 1]));
    const applied = ok(applyCard(first, oneMP()));
    const after = applyChanges(oneMP(), applied.application?.changes ?? []);
    expect(after.combatants.a?.magic.value).toBe(0);
    expect(applyCard(second, after)).toEqual({ ok: false, reason: RULE_REASONS.AlreadyActed });
  });
  it("refuses a breath whose Magic Point is gone, and an action after a full move", () => {
    const card = missed(breathCard([1, 1, 1, 1, 1]));
    const noMagic = skirmishOf([fighter("a", { magic: { value: 0, max: 4 } }), fighter("b")], { distances: { [pairKey("a", "b")]: "close" } });
    expect(applyCard(card, noMagic)).toEqual({ ok: false, reason: RULE_REASONS.NotEnoughMagic });
    const moved = skirmishOf([fighter("a", { fullMove: true }), fighter("b")], { distances: { [pairKey("a", "b")]: "close" } });
    expect(applyCard(missed(rolled([1, 1, 1, 1, 1])), moved)).toEqual({ ok: false, reason: RULE_REASONS.FullMoveNoAction });
  });
});
