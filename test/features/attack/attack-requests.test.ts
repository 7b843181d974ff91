import { describe, expect, it } from "vitest";
import {
  ATTACK_REQUEST_REASONS,
  chosenCheck,
  defenceResponder,
  isRefusal,
  parseCardPayload,
  parseDeclare,
  parseDefend,
  parseDefenceQuery,
  parseTargetPayload,
  queryFromAskingGM,
  validateApply,
  validateDeclare,
  validateDefend,
  validateModifiers,
  validateRollDamage,
  validateUndo,
  validateWithdraw,
} from "../../../src/features/attack/attack-requests";
import type { CardFacts, DefendPayload, Requester } from "../../../src/features/attack/attack-requests";
import { CARD_REASONS, answerDefence, applyCard, recordDamage } from "../../../src/rules/attack-card";
import type { AttackCard } from "../../../src/rules/attack-card";
import { declared, dodge, ok, rolled } from "../../rules/attack-card-fixtures";
import { fighter, skirmishOf } from "../../rules/fixtures";
import { sha256Hex } from "../../../src/core/requests/query-token";

const player: Requester = { id: "player1", name: "Pat", isGM: false };
const other: Requester = { id: "player2", name: "Sam", isGM: false };
const gm: Requester = { id: "gm1", name: "GM", isGM: true };
const owners = { a: ["player2"], b: ["player1"] };
const facts = (card: AttackCard | null, authoredByGM = true): CardFacts => ({ card, authoredByGM, owners });
const defend = (values: Partial<DefendPayload> = {}): DefendPayload => ({ cardId: "msg1", targetId: "b", defend: true, skill: "aerobatics", ...values });
const declare = {
  action: "attack", attacker: "Scene.s1.Token.t1", targets: ["Scene.s1.Token.t2"], weaponId: "w1", killerBlow: false,
  modifiers: { dice: 0, tn: 0 },
};

describe("attack requests: payloads of the wrong shape are refused, naming the field", () => {
  it("reads a well-formed declaration", () => {
    expect(parseDeclare(declare)).toEqual(declare);
    expect(parseDeclare({ ...declare, action: "setDown", targets: [], weaponId: null })).toMatchObject({ weaponId: null });
  });
  it.each([
    ["not an object", "attack", "payload"],
    ["an array", [declare], "payload"],
    ["an unknown action", { ...declare, action: "fireball" }, "action"],
    ["an attacker that is not a UUID", { ...declare, attacker: "../../etc" }, "attacker"],
    ["targets that are not a list", { ...declare, targets: "Scene.s1.Token.t2" }, "targets"],
    ["a target that is not a UUID", { ...declare, targets: [{ uuid: "x" }] }, "targets"],
    ["the same target twice", { ...declare, targets: ["Actor.a", "Actor.a"] }, "targets"],
    ["too many targets", { ...declare, targets: Array.from({ length: 13 }, (_, i) => `Actor.a${i}`) }, "targets"],
    ["a weapon id with a dot", { ...declare, weaponId: "w.1" }, "weaponId"],
    ["a killer blow that is not a boolean", { ...declare, killerBlow: "yes" }, "killerBlow"],
    ["modifiers missing", { ...declare, modifiers: null }, "modifiers"],
    ["modifiers with extra fields", { ...declare, modifiers: { dice: 0, tn: 0, successes: 9 } }, "modifiers"],
    ["too many extra dice", { ...declare, modifiers: { dice: 31, tn: 0 } }, "modifiers.dice"],
    ["a fractional TN shift", { ...declare, modifiers: { dice: 0, tn: 0.5 } }, "modifiers.tn"],
    ["a field it does not know (a forged result)", { ...declare, successes: 12 }, "successes"],
  ])("parseDeclare refuses %s", (_name, payload, field) => {
    expect(parseDeclare(payload)).toEqual({ refused: ATTACK_REQUEST_REASONS.BadPayload, data: { field } });
  });
  it("reads a defence and refuses hostile ones", () => {
    expect(parseDefend(defend())).toEqual(defend());
    expect(parseDefend(defend({ defend: false, skill: null }))).toEqual(defend({ defend: false, skill: null }));
    expect(parseDefend(defend({ skill: null }))).toEqual(defend({ skill: null }));
    const cases: [unknown, string][] = [
      [null, "payload"],
      [{ ...defend(), cardId: 7 }, "cardId"],
      [{ ...defend(), targetId: "" }, "targetId"],
      [{ ...defend(), defend: 1 }, "defend"],
      [{ ...defend(), skill: "<img onerror>" }, "skill"],
      [{ ...defend(), defend: false }, "skill"],
      [{ ...defend(), dice: [6, 6, 6] }, "dice"],
    ];
    for (const [payload, field] of cases) expect(parseDefend(payload)).toEqual({ refused: ATTACK_REQUEST_REASONS.BadPayload, data: { field } });
  });
  it("reads card and target payloads and refuses extra or malformed fields", () => {
    expect(parseCardPayload({ cardId: "m1" })).toEqual({ cardId: "m1" });
    expect(parseCardPayload({ cardId: "m1", changes: [] })).toMatchObject({ data: { field: "changes" } });
    expect(parseCardPayload({ cardId: ["m1"] })).toMatchObject({ data: { field: "cardId" } });
    expect(parseTargetPayload({ cardId: "m1", targetId: "t1" })).toEqual({ cardId: "m1", targetId: "t1" });
    expect(parseTargetPayload({ cardId: "m1" })).toMatchObject({ data: { field: "targetId" } });
    expect(parseTargetPayload({ cardId: "m1", targetId: "t1", pool: 30 })).toMatchObject({ data: { field: "pool" } });
    expect([isRefusal(parseCardPayload(3)), isRefusal({ cardId: "m1" })]).toEqual([true, false]);
  });
});

describe("attack requests: who may ask", () => {
  it("only the attacker's owner or a GM opens a card", () => {
    expect(validateDeclare(["player1"], player)).toEqual({ ok: true });
    expect(validateDeclare(["player1"], other)).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.NotOwner });
    expect(validateDeclare([], gm)).toEqual({ ok: true });
  });
  it("the defender's owner or a GM defends, with a check it is offered", () => {
    const card = rolled([4, 4, 1, 1, 1]);
    expect(validateDefend(defend(), facts(card), player, [dodge])).toEqual({ ok: true });
    expect(validateDefend(defend(), facts(card), other, [dodge])).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.NotOwner });
    expect(validateDefend(defend(), facts(card), gm, [dodge])).toEqual({ ok: true });
    expect(validateDefend(defend({ skill: "swordsmanship" }), facts(card), player, [dodge])).toEqual({
      ok: false, reason: ATTACK_REQUEST_REASONS.NoSuchDefence,
    });
    expect(validateDefend(defend({ defend: false, skill: null }), facts(card), player, [])).toEqual({ ok: true });
  });
  it("a defence for a card already resolved or applied, or already answered, is ignored", () => {
    const answered = ok(answerDefence(rolled([4, 4, 1, 1, 1]), "b", { check: null, dice: null, by: "owner" }, []));
    expect(validateDefend(defend(), facts(answered), player, [dodge]).ok).toBe(false);
    const applied = ok(applyCard(ok(answerDefence(rolled([1, 1, 1, 1, 1]), "b", { check: null, dice: null, by: "gm" }, [])), skirmishOf([fighter("a"), fighter("b")])));
    expect(validateDefend(defend(), facts(applied), gm, [dodge])).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.NotAwaitingDefence });
    expect(validateDefend(defend(), facts(declared()), gm, [dodge])).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.NotAwaitingDefence });
  });
  it("refuses a defence for a target the card does not have", () => {
    expect(validateDefend(defend({ targetId: "z" }), facts(rolled([1, 1, 1, 1, 1])), gm, [])).toEqual({ ok: false, reason: CARD_REASONS.UnknownTarget });
  });
  it("a deleted card or one a player made is no card at all", () => {
    const card = rolled([4, 4, 1, 1, 1]);
    expect(validateDefend(defend(), facts(null), gm, [dodge])).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.CardGone });
    expect(validateDefend(defend(), facts(card, false), player, [dodge])).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.ForgedCard });
    expect(validateApply(facts(card, false), gm, [], true)).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.ForgedCard });
    expect(validateUndo(facts(null), gm, [])).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.CardGone });
  });
  it("the attacker's owner or a GM rolls damage, only for a hit target", () => {
    const hit = ok(answerDefence(rolled([4, 4, 1, 1, 1]), "b", { check: null, dice: null, by: "owner" }, []));
    const target = { cardId: "msg1", targetId: "b" };
    expect(validateRollDamage(target, facts(hit), other)).toEqual({ ok: true });
    expect(validateRollDamage(target, facts(hit), player)).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.NotOwner });
    expect(validateRollDamage({ ...target, targetId: "c" }, facts(hit), gm)).toEqual({ ok: false, reason: CARD_REASONS.UnknownTarget });
    const rolledDamage = ok(recordDamage(hit, "b", { pool: 1, tn: 5 }, [6]));
    expect(validateRollDamage(target, facts(rolledDamage), gm)).toEqual({ ok: false, reason: CARD_REASONS.NoDamageDue });
  });
  it("apply needs a resolved card, the attacker's owner or a GM, and every participant still there", () => {
    const card = rolled([1, 1, 1, 1, 1]);
    expect(validateApply(facts(card), other, [], true)).toEqual({ ok: true });
    expect(validateApply(facts(card), player, [], true)).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.NotOwner });
    expect(validateApply(facts(card), gm, [], false)).toEqual({ ok: false, reason: CARD_REASONS.NotResolved });
    expect(validateApply(facts(card), gm, ["Knight", "Sable"], true)).toEqual({
      ok: false, reason: ATTACK_REQUEST_REASONS.Missing, data: { names: "Knight, Sable" },
    });
    expect(validateApply(facts(declared()), gm, [], true)).toEqual({ ok: false, reason: CARD_REASONS.CardClosed });
  });
  it("only a GM withdraws, and only an open card (a player would take back a roll it has seen)", () => {
    const open = rolled([1, 1, 1, 1, 1]);
    expect(validateWithdraw(facts(open), gm)).toEqual({ ok: true });
    expect(validateWithdraw(facts(open), other)).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.NotGM });
    expect(validateWithdraw(facts(declared()), gm)).toEqual({ ok: false, reason: CARD_REASONS.NotOpen });
    expect(validateWithdraw(facts(open, false), gm)).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.ForgedCard });
  });
  it("only a GM undoes, only an applied card, only with its participants there", () => {
    const applied = ok(applyCard(ok(answerDefence(rolled([1, 1, 1, 1, 1]), "b", { check: null, dice: null, by: "gm" }, [])), skirmishOf([fighter("a"), fighter("b")])));
    expect(validateUndo(facts(applied), gm, [])).toEqual({ ok: true });
    expect(validateUndo(facts(applied), other, [])).toEqual({ ok: false, reason: ATTACK_REQUEST_REASONS.NotGM });
    expect(validateUndo(facts(rolled([1, 1, 1, 1, 1])), gm, [])).toEqual({ ok: false, reason: CARD_REASONS.NotApplied });
    expect(validateUndo(facts(applied), gm, ["B"])).toMatchObject({ reason: ATTACK_REQUEST_REASONS.Missing });
  });
  it("finds the check a choice names among the options", () => {
    const untrained = { skill: null, pool: 4, tn: 6 };
    expect(chosenCheck({ defend: true, skill: "aerobatics" }, [untrained, dodge])).toEqual(dodge);
    expect(chosenCheck({ defend: true, skill: null }, [untrained, dodge])).toEqual(untrained);
    expect(chosenCheck({ defend: false, skill: null }, [untrained])).toBeNull();
  });
});

describe("attack requests: who answers a defence (RULES.md Attack card)", () => {
  const pat = { id: "player1", active: true, isGM: false };
  const gmUser = { id: "gm1", active: true, isGM: true };
  it("asks the defender's owner who is online", () => {
    expect(defenceResponder([gmUser, { ...pat, active: false }, { ...pat, id: "p3" }], true, false)).toEqual({ who: "owner", userId: "p3" });
  });
  it("leaves an offline owner's defence to the GM", () => {
    expect(defenceResponder([{ ...pat, active: false }], true, true)).toEqual({ who: "gm" });
  });
  it("the GM defends an NPC, or the world setting rolls its best defence at once", () => {
    expect(defenceResponder([gmUser], true, false)).toEqual({ who: "gm" });
    expect(defenceResponder([], true, true)).toEqual({ who: "auto" });
  });
  it("with no GM online the card waits", () => {
    expect(defenceResponder([pat], false, true)).toEqual({ who: "noGM" });
  });
});

describe("the defence query must come from the GM who asked", () => {
  const token = "0123456789abcdef0123456789abcdef";
  const asked = { who: "owner" as const, userName: "Pat", timedOut: false, tokenHash: sha256Hex(token) };

  it("reads the query's card, target and token, refusing anything else", () => {
    expect(parseDefenceQuery({ cardId: "msg1", targetId: "b", token })).toEqual({ cardId: "msg1", targetId: "b", token });
    expect(parseDefenceQuery({ cardId: "msg1", targetId: "b" })).toEqual({ refused: ATTACK_REQUEST_REASONS.BadPayload, data: { field: "token" } });
    expect(parseDefenceQuery({ cardId: "msg1", targetId: "b", token: "guess" })).toEqual({ refused: ATTACK_REQUEST_REASONS.BadPayload, data: { field: "token" } });
    expect(parseDefenceQuery({ cardId: "msg1", targetId: "b", token, extra: 1 })).toEqual({ refused: ATTACK_REQUEST_REASONS.BadPayload, data: { field: "extra" } });
  });

  it("accepts the query that carries the token whose hash the GM wrote on the card's prompt", () => {
    expect(queryFromAskingGM(asked, token)).toBe(true);
  });

  it("refuses a query another user sent: without the token, with a guess, or copying the hash it can read on the card", () => {
    expect(queryFromAskingGM(asked, "ffffffffffffffffffffffffffffffff")).toBe(false);
    expect(queryFromAskingGM(asked, asked.tokenHash)).toBe(false);
  });

  it("refuses when the card asks no owner, the owner's time ran out, or no hash was written", () => {
    expect(queryFromAskingGM(undefined, token)).toBe(false);
    expect(queryFromAskingGM({ ...asked, who: "gm" }, token)).toBe(false);
    expect(queryFromAskingGM({ ...asked, timedOut: true }, token)).toBe(false);
    expect(queryFromAskingGM({ who: "owner", userName: "Pat", timedOut: false }, token)).toBe(false);
  });
});

describe("attack requests: the roll dialog's modifiers a player may ask (world settings)", () => {
  const cap = { dice: 2, tn: 1 };
  const refusal = { ok: false, reason: ATTACK_REQUEST_REASONS.ModifierCap, data: { dice: 2, tn: 1 } };
  it("lets a player ask up to the cap's extra dice and lowered TN", () => {
    expect(validateModifiers({ dice: 2, tn: -1 }, cap, player)).toEqual({ ok: true });
    expect(validateModifiers({ dice: 0, tn: 0 }, cap, player)).toEqual({ ok: true });
  });
  it("refuses a player more help than the cap, naming the cap", () => {
    expect(validateModifiers({ dice: 3, tn: 0 }, cap, player)).toEqual(refusal);
    expect(validateModifiers({ dice: 0, tn: -2 }, cap, player)).toEqual(refusal);
    expect(validateModifiers({ dice: 30, tn: -6 }, { dice: 0, tn: 0 }, player)).toEqual({ ...refusal, data: { dice: 0, tn: 0 } });
  });
  it("never caps a penalty (fewer dice, a harder TN), nor the GM", () => {
    expect(validateModifiers({ dice: -10, tn: 4 }, cap, player)).toEqual({ ok: true });
    expect(validateModifiers({ dice: 30, tn: -6 }, cap, gm)).toEqual({ ok: true });
  });
});
