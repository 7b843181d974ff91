import { describe, expect, it } from "vitest";
import {
  CARD_REASONS,
  answerDefence,
  applyCard,
  attackSuccesses,
  autoApplies,
  cardAttackTN,
  cardDamageTN,
  cardOutcome,
  damageFor,
  declareCard,
  isResolved,
  recordDamage,
  refuseCard,
  rollCard,
  targetStatus,
  undoCard,
} from "../../src/rules/attack-card";
import type { AttackCard, CardDeclaration } from "../../src/rules/attack-card";
import { BATTLE_LOG } from "../../src/rules/reasons";
import { applyChanges, isPinned, pairKey } from "../../src/rules/state";
import { breath, claws, declared, dodge, expertClaws, ok, rolled } from "./attack-card-fixtures";
import { fighter, skirmishOf } from "./fixtures";

const noDefence = { check: null, dice: null, by: "owner" } as const;
const twoTargets: Partial<CardDeclaration> = { targets: [{ id: "b", name: "B" }, { id: "c", name: "C" }] };
const sable = () => skirmishOf([fighter("a", { soma: 6 }), fighter("b", { armour: 1 }), fighter("c")]);

function defended(card: AttackCard, id: string, dice: number[] | null): AttackCard {
  const answer = dice === null ? noDefence : { check: dodge, dice, by: "owner" as const };
  return ok(answerDefence(card, id, answer, [dodge]));
}

describe("attack card: declaring (RULES.md Attack card)", () => {
  it("opens a declared card with its target awaiting its defence", () => {
    const card = declared();
    expect(card.stage).toBe("declared");
    expect(card.targets.map((t) => [t.id, t.defence, t.damage])).toEqual([["b", null, null]]);
    expect(card.modifiers).toEqual({ dice: 0, tn: 0 });
  });
  it("accepts an attack at nobody (quick play)", () => {
    expect(declared({ targets: [] }).targets).toEqual([]);
  });
  it.each([
    ["an attack without a weapon", { weapon: null }, CARD_REASONS.NeedsWeapon],
    ["a grapple without a weapon", { action: "grapple", weapon: null }, CARD_REASONS.NeedsWeapon],
    ["an attack on two targets (000 Attacks: an attack has one target)", twoTargets, CARD_REASONS.OneTarget],
    ["a breath on two targets", { ...twoTargets, weapon: breath, check: { skill: "dragonsbreath", pool: 5, tn: 4 } }, CARD_REASONS.OneTarget],
    ["a grapple on two targets", { action: "grapple", ...twoTargets }, CARD_REASONS.OneTarget],
    ["a rescue of nobody", { action: "rescue", targets: [] }, CARD_REASONS.OneTarget],
    ["a set-down with a target", { action: "setDown", check: null }, CARD_REASONS.NoTargets],
    ["a break-out from nobody", { action: "breakOut", targets: [] }, CARD_REASONS.NeedsTarget],
    ["the same grappler twice", { action: "breakOut", weapon: null, targets: [{ id: "b", name: "B" }, { id: "b", name: "B" }] }, CARD_REASONS.DuplicateTarget],
    ["the attacker as its own target", { targets: [{ id: "a", name: "A" }] }, CARD_REASONS.SelfTarget],
    ["a killer blow on a grapple", { action: "grapple", killerBlow: true }, CARD_REASONS.KillerBlowOnlyAttack],
    ["an attack with no check", { check: null }, CARD_REASONS.NeedsCheck],
    ["a set-down with a check", { action: "setDown", targets: [] }, CARD_REASONS.NeedsCheck],
  ] as [string, Partial<CardDeclaration>, string][])("refuses %s", (_name, values, reason) => {
    const result = declareCard({
      action: "attack",
      attacker: { id: "a", name: "A" },
      targets: [{ id: "b", name: "B" }],
      weapon: claws,
      check: expertClaws,
      ...values,
    });
    expect(result).toEqual({ ok: false, reason });
  });
  it("keeps no weapon on a rescue", () => {
    expect(declared({ action: "rescue" }).weapon).toBeNull();
  });
});

describe("attack card: TNs (000 Killer Blows)", () => {
  it("a killer blow adds 1 to the attack TN and takes 2 off the damage TN", () => {
    const card = declared({ killerBlow: true });
    expect([cardAttackTN(card), cardDamageTN(card)]).toEqual([5, 3]);
  });
  it("an ordinary blow keeps the skill's TN and the weapon's damage TN", () => {
    const card = declared({ check: { ...expertClaws, tn: 3 } });
    expect([cardAttackTN(card), cardDamageTN(card)]).toEqual([3, 5]);
  });
  it("a grapple has no damage TN", () => {
    expect(cardDamageTN(declared({ action: "grapple" }))).toBeNull();
  });
});

describe("attack card: the attack roll", () => {
  it("records the dice and opens the defences", () => {
    const card = rolled([4, 4, 1, 2, 6]);
    expect(card.stage).toBe("rolled");
    expect(attackSuccesses(card)).toBe(3);
    expect(targetStatus(card, "b")).toBe("awaitingDefence");
  });
  it("counts successes at the killer blow's TN", () => {
    expect(attackSuccesses(rolled([4, 4, 5, 2, 6], { killerBlow: true }))).toBe(2);
  });
  it("refuses dice that do not match the pool", () => {
    expect(rollCard(declared(), [6, 6])).toEqual({ ok: false, reason: CARD_REASONS.DiceMismatch });
  });
  it("refuses a second roll", () => {
    expect(rollCard(rolled([1, 1, 1, 1, 1]), [6, 6, 6, 6, 6])).toEqual({ ok: false, reason: CARD_REASONS.NotDeclared });
  });
  it("rejects faces that no d6 shows", () => {
    expect(() => rollCard(declared(), [7, 1, 1, 1, 1])).toThrow(RangeError);
  });
  it("a set-down rolls nothing", () => {
    const card = ok(declareCard({ action: "setDown", attacker: { id: "a", name: "A" }, targets: [], weapon: null, check: null }));
    expect(ok(rollCard(card, [])).stage).toBe("rolled");
  });
  it("shows a target awaiting the roll before it", () => {
    expect(targetStatus(declared(), "b")).toBe("awaitingRoll");
  });
  it("a refused card stays closed and names its reason", () => {
    const card = ok(refuseCard(declared(), "AOD.Rules.Reason.TooFarForMelee"));
    expect([card.stage, card.refusal, targetStatus(card, "b")]).toEqual(["refused", "AOD.Rules.Reason.TooFarForMelee", "refused"]);
    expect(refuseCard(rolled([1, 1, 1, 1, 1]), "x")).toEqual({ ok: false, reason: CARD_REASONS.NotDeclared });
  });
});

describe("attack card: defences (000 Defence is Optional)", () => {
  it("a hit needs more attack successes than defence successes", () => {
    const card = rolled([4, 4, 1, 1, 1]);
    expect(targetStatus(defended(card, "b", [5, 5, 1]), "b")).toBe("miss");
    expect(targetStatus(defended(card, "b", [5, 1, 1]), "b")).toBe("awaitingDamage");
  });
  it("no defence scores zero successes", () => {
    expect(targetStatus(defended(rolled([4, 1, 1, 1, 1]), "b", null), "b")).toBe("awaitingDamage");
    expect(targetStatus(defended(rolled([1, 1, 1, 1, 1]), "b", null), "b")).toBe("miss");
  });
  it("each grappler defends separately against the one break-out roll", () => {
    let card = rolled([6, 6, 1, 1, 1], { action: "breakOut", weapon: null, ...twoTargets });
    card = defended(card, "b", [6, 6, 6]);
    expect([targetStatus(card, "b"), targetStatus(card, "c")]).toEqual(["stillHeld", "awaitingDefence"]);
    card = defended(card, "c", null);
    expect([targetStatus(card, "b"), targetStatus(card, "c")]).toEqual(["stillHeld", "shakenOff"]);
  });
  it("the first answer counts; a second is refused and changes nothing", () => {
    const first = defended(rolled([4, 4, 1, 1, 1]), "b", [6, 6, 6]);
    const second = answerDefence(first, "b", noDefence, [dodge]);
    expect(second).toEqual({ ok: false, reason: CARD_REASONS.AlreadyAnswered });
    expect(first.targets[0]?.defence?.dice).toEqual([6, 6, 6]);
  });
  it("refuses an answer before the roll and after the card is applied", () => {
    expect(answerDefence(declared(), "b", noDefence, [])).toEqual({ ok: false, reason: CARD_REASONS.CardClosed });
    const applied = ok(applyCard(defended(rolled([1, 1, 1, 1, 1]), "b", null), sable()));
    expect(answerDefence(applied, "b", noDefence, [])).toEqual({ ok: false, reason: CARD_REASONS.CardClosed });
  });
  it("refuses an answer for someone the card does not target", () => {
    expect(answerDefence(rolled([1, 1, 1, 1, 1]), "z", noDefence, [])).toEqual({ ok: false, reason: CARD_REASONS.UnknownTarget });
  });
  it("refuses a defence against a rescue", () => {
    const card = rolled([1, 1, 1], { action: "rescue", check: { skill: null, pool: 3, tn: 5 } });
    expect(answerDefence(card, "b", noDefence, [])).toEqual({ ok: false, reason: CARD_REASONS.NotDefended });
  });
  it("refuses a skill the defender may not use, or a pool it does not have", () => {
    const card = rolled([1, 1, 1, 1, 1]);
    const answer = { check: { skill: "aerobatics", pool: 3, tn: 5 }, dice: [6, 6, 6], by: "owner" as const };
    expect(answerDefence(card, "b", answer, [expertClaws])).toEqual({ ok: false, reason: CARD_REASONS.DefenceNotAllowed });
    const bigger = { ...answer, check: { ...dodge, pool: 4 }, dice: [6, 6, 6, 6] };
    expect(answerDefence(card, "b", bigger, [dodge])).toEqual({ ok: false, reason: CARD_REASONS.DefenceNotAllowed });
  });
  it("refuses dice that do not match the chosen check, and dice with no defence", () => {
    const card = rolled([1, 1, 1, 1, 1]);
    const short = { check: dodge, dice: [6, 6], by: "owner" as const };
    expect(answerDefence(card, "b", short, [dodge])).toEqual({ ok: false, reason: CARD_REASONS.DiceMismatch });
    const none = { check: dodge, dice: null, by: "owner" as const };
    expect(answerDefence(card, "b", none, [dodge])).toEqual({ ok: false, reason: CARD_REASONS.DiceMismatch });
    const stray = { check: null, dice: [6], by: "owner" as const };
    expect(answerDefence(card, "b", stray, [dodge])).toEqual({ ok: false, reason: CARD_REASONS.DiceMismatch });
  });
});

describe("attack card: damage (000 Damage and Health states)", () => {
  it("asks for Soma plus the margin at the weapon's damage TN", () => {
    const card = defended(rolled([4, 4, 4, 1, 1]), "b", [6, 1, 1]);
    expect(damageFor(card, "b", sable())).toEqual({ pool: 8, tn: 5 });
    const weaker = skirmishOf([fighter("a", { soma: 3 }), fighter("b")]);
    expect(damageFor(card, "b", weaker)).toEqual({ pool: 5, tn: 5 });
  });
  it("a killer blow's damage TN is two lower", () => {
    const card = defended(rolled([5, 5, 1, 1, 1], { killerBlow: true }), "b", null);
    expect(damageFor(card, "b", sable())).toEqual({ pool: 8, tn: 3 });
  });
  it("asks nothing after a miss or a grapple", () => {
    expect(damageFor(defended(rolled([1, 1, 1, 1, 1]), "b", null), "b", sable())).toBeNull();
    expect(damageFor(defended(rolled([6, 1, 1, 1, 1], { action: "grapple" }), "b", null), "b", sable())).toBeNull();
  });
  it("records the damage roll once", () => {
    const hit = defended(rolled([4, 1, 1, 1, 1]), "b", null);
    const check = { pool: 7, tn: 5 };
    const card = ok(recordDamage(hit, "b", check, [5, 5, 5, 1, 1, 1, 1]));
    expect(targetStatus(card, "b")).toBe("damageRolled");
    expect(recordDamage(card, "b", check, [6, 6, 6, 6, 6, 6, 6])).toEqual({ ok: false, reason: CARD_REASONS.NoDamageDue });
    expect(damageFor(card, "b", sable())).toBeNull();
  });
  it("refuses damage for a miss, an unknown target, dice of the wrong count or a closed card", () => {
    const miss = defended(rolled([1, 1, 1, 1, 1]), "b", null);
    expect(recordDamage(miss, "b", { pool: 1, tn: 5 }, [6])).toEqual({ ok: false, reason: CARD_REASONS.NoDamageDue });
    const hit = defended(rolled([4, 1, 1, 1, 1]), "b", null);
    expect(recordDamage(hit, "z", { pool: 1, tn: 5 }, [6])).toEqual({ ok: false, reason: CARD_REASONS.UnknownTarget });
    expect(recordDamage(hit, "b", { pool: 2, tn: 5 }, [6])).toEqual({ ok: false, reason: CARD_REASONS.DamageMismatch });
    expect(recordDamage(declared(), "b", { pool: 1, tn: 5 }, [6])).toEqual({ ok: false, reason: CARD_REASONS.CardClosed });
  });
});

describe("attack card: apply and undo", () => {
  function damaged(dice: number[], damageDice: number[], values: Partial<CardDeclaration> = {}): AttackCard {
    const hit = defended(rolled(dice, values), "b", null);
    return ok(recordDamage(hit, "b", { pool: damageDice.length, tn: 5 }, damageDice));
  }
  it("is not resolved while a defence or a damage roll is awaited", () => {
    const card = rolled([4, 1, 1, 1, 1]);
    expect(isResolved(card)).toBe(false);
    expect(isResolved(defended(card, "b", null))).toBe(false);
    expect(isResolved(damaged([4, 1, 1, 1, 1], [5, 5, 1]))).toBe(true);
    expect(applyCard(card, sable())).toEqual({ ok: false, reason: CARD_REASONS.NotResolved });
  });
  it("deals one wound per damage success after armour and spends the battle action", () => {
    const card = damaged([4, 1, 1, 1, 1], [5, 6, 5, 1, 1, 1, 1]);
    const result = applyCard(card, sable());
    const applied = ok(result);
    expect(applied.stage).toBe("applied");
    expect(applied.application?.changes).toEqual([
      { type: "flag", id: "a", flag: "acted", value: true },
      { type: "wounds", id: "b", wounds: 2 },
    ]);
    expect(result.outcome?.reports).toEqual([{ id: "b", damage: 2, wounds: 2, woundState: "fit", woundStateChanged: false }]);
  });
  it("reports severe injury and death as the wounds cross the thresholds", () => {
    const card = damaged([4, 1, 1, 1, 1], [6, 6, 6, 6, 6, 6, 6, 6]);
    const hurt = skirmishOf([fighter("a"), fighter("b", { life: { max: 12, wounds: 0 } })]);
    expect(cardOutcome(card, hurt).reports[0]).toMatchObject({ damage: 8, woundState: "severelyInjured", woundStateChanged: true });
    const nearDead = skirmishOf([fighter("a"), fighter("b", { life: { max: 12, wounds: 6 } })]);
    expect(cardOutcome(card, nearDead).reports[0]).toMatchObject({ wounds: 14, woundState: "dead", woundStateChanged: true });
  });
  it("a dying grappler lets go of the attacker (000 Severe injury and Death)", () => {
    const card = damaged([4, 1, 1, 1, 1], [6, 6, 6, 6, 6, 6, 6, 6]);
    const held = skirmishOf([fighter("a"), fighter("b", { life: { max: 12, wounds: 6 } })], {
      grapples: [pairKey("a", "b")],
      distances: { [pairKey("a", "b")]: "zero" },
    });
    const after = applyChanges(held, cardOutcome(card, held).changes);
    expect(isPinned(after, "a")).toBe(false);
  });
  it("a breath spends one Magic Point and one action, and wounds its target", () => {
    let card = rolled([6, 6, 1, 1, 1], { weapon: breath, check: { skill: "dragonsbreath", pool: 5, tn: 4 } });
    card = defended(card, "b", [6, 1, 1]);
    card = ok(recordDamage(card, "b", { pool: 7, tn: 5 }, [5, 5, 5, 1, 1, 1, 1]));
    const out = cardOutcome(card, sable());
    expect(out.changes.filter((c) => c.type === "magic")).toEqual([{ type: "magic", id: "a", value: 2 }]);
    expect(out.changes.filter((c) => c.type === "flag")).toHaveLength(1);
    expect(out.reports.map((r) => [r.id, r.damage])).toEqual([["b", 2]]);
    expect(out.log.filter((l) => l.key === BATTLE_LOG.MagicSpent)).toHaveLength(1);
  });
  it("a breath that misses still spends its Magic Point, and applies by itself", () => {
    const card = defended(rolled([1, 1, 1, 1, 1], { weapon: breath }), "b", null);
    expect(autoApplies(card)).toBe(true);
    expect(cardOutcome(card, sable()).changes).toContainEqual({ type: "magic", id: "a", value: 2 });
  });
  it("an attack at nobody spends the action and the breath's Magic Point", () => {
    const card = rolled([6, 1, 1, 1, 1], { targets: [], weapon: breath });
    expect(cardOutcome(card, sable()).changes).toEqual([
      { type: "flag", id: "a", flag: "acted", value: true },
      { type: "magic", id: "a", value: 2 },
    ]);
  });
  it("damage waits for Apply", () => {
    expect(autoApplies(damaged([4, 1, 1, 1, 1], [5, 1, 1]))).toBe(false);
  });
  it("refuses a second apply", () => {
    const applied = ok(applyCard(damaged([4, 1, 1, 1, 1], [5, 1, 1]), sable()));
    expect(applyCard(applied, sable())).toEqual({ ok: false, reason: CARD_REASONS.CardClosed });
  });
  it("undo writes back what the apply changed", () => {
    const before = sable();
    const applied = ok(applyCard(damaged([4, 1, 1, 1, 1], [5, 5, 5, 5, 1, 1, 1]), before));
    const after = applyChanges(before, applied.application?.changes ?? []);
    expect(after.combatants.b?.life.wounds).toBe(3);
    const undone = ok(undoCard(applied));
    expect(undone.stage).toBe("undone");
    expect(applyChanges(after, undone.application?.undo ?? [])).toEqual(before);
  });
  it("refuses to undo a card that was not applied, or twice", () => {
    expect(undoCard(rolled([1, 1, 1, 1, 1]))).toEqual({ ok: false, reason: CARD_REASONS.NotApplied });
    const applied = ok(applyCard(defended(rolled([1, 1, 1, 1, 1]), "b", null), sable()));
    expect(undoCard(ok(undoCard(applied)))).toEqual({ ok: false, reason: CARD_REASONS.NotApplied });
  });
});

describe("attack card: grapple, break-out, rescue and set-down", () => {
  const grappled = () =>
    skirmishOf([fighter("a"), fighter("b"), fighter("c")], {
      grapples: [pairKey("a", "b"), pairKey("a", "c")],
      distances: { [pairKey("a", "b")]: "zero", [pairKey("a", "c")]: "zero" },
    });
  it("000 Grapple Attacks: a hit locks the pair at zero range and pins both; no damage", () => {
    const card = defended(rolled([6, 6, 1, 1, 1], { action: "grapple" }), "b", [6, 1, 1]);
    expect(targetStatus(card, "b")).toBe("grappled");
    expect(autoApplies(card)).toBe(true);
    const after = applyChanges(sable(), cardOutcome(card, sable()).changes);
    expect([after.distances[pairKey("a", "b")], isPinned(after, "a"), isPinned(after, "b")]).toEqual(["zero", true, true]);
  });
  it("000 Grapple Attacks: a missed grapple changes nothing but the action", () => {
    const card = defended(rolled([6, 1, 1, 1, 1], { action: "grapple" }), "b", [6, 1, 1]);
    expect(targetStatus(card, "b")).toBe("miss");
    expect(cardOutcome(card, sable()).changes).toEqual([{ type: "flag", id: "a", flag: "acted", value: true }]);
  });
  it("000 Breaking out: one roll against two grapplers, each compared separately", () => {
    let card = rolled([6, 6, 1, 1, 1], { action: "breakOut", weapon: null, ...twoTargets });
    card = defended(card, "b", [6, 1, 1]);
    expect([targetStatus(card, "b"), targetStatus(card, "c")]).toEqual(["shakenOff", "awaitingDefence"]);
    card = defended(card, "c", [6, 6, 6]);
    expect(targetStatus(card, "c")).toBe("stillHeld");
    const after = applyChanges(grappled(), cardOutcome(card, grappled()).changes);
    expect(after.grapples).toEqual([pairKey("a", "c")]);
    expect(after.distances[pairKey("a", "b")]).toBe("close");
  });
  it("000 Breaking out: no success shakes off nobody, even an undefended grappler", () => {
    const card = defended(rolled([1, 1, 1, 1, 1], { action: "breakOut", weapon: null }), "b", null);
    expect(targetStatus(card, "b")).toBe("stillHeld");
  });
  it("000 Catching: one success catches the faller, who is then carried", () => {
    const falling = skirmishOf([fighter("a"), fighter("b", { falling: true })]);
    const card = rolled([5, 1, 1], { action: "rescue", check: { skill: null, pool: 3, tn: 5 } });
    expect([targetStatus(card, "b"), isResolved(card), autoApplies(card)]).toEqual(["caught", true, true]);
    const after = applyChanges(falling, cardOutcome(card, falling).changes);
    expect([after.carrying.a, after.combatants.b?.falling]).toEqual(["b", false]);
  });
  it("000 Catching: a heavier faller raises the TN the roll must meet", () => {
    const card = rolled([5, 1, 1], { action: "rescue", check: { skill: null, pool: 3, tn: 6 } });
    expect(targetStatus(card, "b")).toBe("notCaught");
  });
  it("setting a passenger down drops it", () => {
    const carried = skirmishOf([fighter("a", { altitude: "grounded" }), fighter("b", { altitude: "grounded" })], { carrying: { a: "b" } });
    const card = ok(rollCard(ok(declareCard({ action: "setDown", attacker: { id: "a", name: "A" }, targets: [], weapon: null, check: null })), []));
    expect(isResolved(card)).toBe(true);
    expect(applyChanges(carried, cardOutcome(card, carried).changes).carrying).toEqual({});
  });
});
