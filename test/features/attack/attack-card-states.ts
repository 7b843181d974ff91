// The attack card in each state a player meets (awaiting defence, defended, hit, miss, damage applied, killer
// blow, breath, grapple, break-out against two grapplers, rescue, a severe injury before Apply, a kill after it,
// a refusal, a defence the GM answered after a timeout, a set-down, a failed rescue and grapple, a break-out that
// shakes off both grapplers), built through the real state machine, with the context input the GM's client would
// hand the view. The context tests and the browser views share them.
import type { CardContextInput } from "../../../src/features/attack/attack-card-context";
import type { Format } from "../../../src/core/format";
import type { AttackSource } from "../../../src/data/message/attack-source";
import { answerDefence, applyCard, cardOutcome, damageFor, declareCard, isResolved, recordDamage, rollCard } from "../../../src/rules/attack-card";
import type { AttackCard, CardDeclaration } from "../../../src/rules/attack-card";
import { pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { translation } from "../../data/lang";
import { breath, checksOf, dodge, expertClaws, ok, rolled } from "../../rules/attack-card-fixtures";
import { defenceChecks } from "../../../src/rules/attack-card-checks";
import { fighter, skirmishOf } from "../../rules/fixtures";

/** en.json at a key, formatted like game.i18n.format; a missing key throws so no raw key reaches a player. */
export const t: Format = (key, data = {}) => {
  const found = translation(key);
  if (found === undefined) throw new Error(`en.json has no key "${key}"`);
  return found.replace(/\{([^{}]+)\}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
};

const names = { a: "Sable Dragon", b: "Knight of the Long Vigil, Sworn Shield of the Western March", c: "Griffon" };

/** The skirmish the states are played in: the Sable (Soma 6) against an armoured knight and a griffon. */
export function world(): SkirmishState {
  return skirmishOf(
    [
      fighter("a", { name: names.a, soma: 6 }),
      fighter("b", { name: names.b, armour: 3, life: { max: 12, wounds: 4 } }),
      fighter("c", { name: names.c, falling: true, weight: 10 }),
    ],
    {
      distances: { [pairKey("a", "b")]: "close", [pairKey("a", "c")]: "close" },
      grapples: [],
    },
  );
}

const grappledWorld = (): SkirmishState => ({
  ...world(),
  grapples: [pairKey("a", "b"), pairKey("a", "c")],
  distances: { [pairKey("a", "b")]: "zero", [pairKey("a", "c")]: "zero" },
});

/** The world with the knight carrying this many wounds already (of 12 Life Points). */
export function knightWounded(wounds: number): SkirmishState {
  const base = world();
  const b = base.combatants.b;
  if (b === undefined) throw new Error("no knight");
  return { ...base, combatants: { ...base.combatants, b: { ...b, life: { max: 12, wounds } } } };
}

/** The world with the Sable carrying the griffon it caught. */
const carryingWorld = (): SkirmishState => ({ ...world(), carrying: { a: "c" } });

const knight = { id: "b", name: names.b };
const griffon = { id: "c", name: names.c };
const attacker = { attacker: { id: "a", name: names.a } };

function source(card: AttackCard, prompts: AttackSource["prompts"] = {}): AttackSource {
  const refs = Object.fromEntries([card.attacker, ...card.targets].map((p) => [p.id, { actorUuid: `Actor.${p.id}`, tokenUuid: null }]));
  return { card, refs, combatId: "", prompts };
}

/** The GM-side input for a card: the knight's defence options, the damage due, the outcome so far. */
export function inputFor(card: AttackCard, state: SkirmishState, values: Partial<CardContextInput> = {}): CardContextInput {
  // Tooth and Claw at 4+ and Aerobatics at 5+, offered as the card's weapon allows (checksOf).
  const defenceOptions = Object.fromEntries(card.targets.map((tg) => [tg.id, defenceChecks(card.action, card.weapon, checksOf())]));
  const damageChecks = Object.fromEntries(card.targets.map((tg) => [tg.id, damageFor(card, tg.id, state)]));
  return {
    source: source(card, { b: { who: "owner", userName: "Pat", timedOut: false } }),
    authoredByGM: true,
    viewer: { isGM: true, owns: [] },
    gmOnline: true,
    defenceOptions,
    damageChecks,
    preview: isResolved(card) ? cardOutcome(card, state) : null,
    skillNames: { toothAndClaw: "Tooth and Claw", aerobatics: "Aerobatics" },
    lifeMax: Object.fromEntries(Object.values(state.combatants).map((c) => [c.id, c.life.max])),
    attackerImg: "systems/age-of-dragons/assets/art/sable-dragon.svg",
    ...values,
  };
}

const none = { check: null, dice: null, by: "owner" } as const;
const withDodge = (dice: number[]) => ({ check: dodge, dice, by: "owner" as const });
const on = (decl: Partial<CardDeclaration>) => ({ ...attacker, targets: [knight], ...decl });

/** Every named card state with the state of the world it is viewed against. */
export function cardStates(): Record<string, { card: AttackCard; state: SkirmishState }> {
  const awaiting = rolled([4, 4, 6, 1, 2], on({}));
  const defended = ok(answerDefence(awaiting, "b", withDodge([5, 2, 1]), [dodge]));
  const miss = ok(answerDefence(awaiting, "b", withDodge([5, 6, 6]), [dodge]));
  const hit = ok(recordDamage(defended, "b", { pool: 8, tn: 5 }, [5, 6, 5, 5, 5, 1, 2, 3]));
  const applied = ok(applyCard(hit, world()));
  const killer = rolled([5, 5, 6, 1, 4], on({ killerBlow: true }));
  const killerHit = ok(recordDamage(ok(answerDefence(killer, "b", none, [])), "b", { pool: 9, tn: 3 }, [3, 3, 4, 6, 1, 2, 2, 5, 1]));
  const breathCard = rolled([4, 5, 6, 1, 1], on({ weapon: breath, check: { skill: "dragonsbreath", pool: 5, tn: 4 } }));
  const breathPart = ok(answerDefence(breathCard, "b", withDodge([6, 2, 2]), [dodge]));
  const grapple = ok(answerDefence(rolled([4, 6, 1, 1, 1], on({ action: "grapple" })), "b", withDodge([5, 1, 1]), [dodge]));
  const breakOut = rolled([4, 4, 1, 1, 1], on({ action: "breakOut", weapon: null, targets: [knight, griffon] }));
  const brokeOne = ok(answerDefence(ok(answerDefence(breakOut, "b", { check: expertClaws, dice: [4, 1, 1, 2, 3], by: "gm" }, [expertClaws])), "c", { check: expertClaws, dice: [4, 5, 6, 1, 1], by: "auto" }, [expertClaws]));
  const rescue = rolled([5, 2, 1], on({ action: "rescue", weapon: null, targets: [griffon], check: { skill: null, pool: 3, tn: 5 } }));
  const rescueFailed = rolled([4, 2, 1], on({ action: "rescue", weapon: null, targets: [griffon], check: { skill: null, pool: 3, tn: 5 } }));
  const grappleFailed = ok(answerDefence(rolled([4, 6, 1, 1, 1], on({ action: "grapple" })), "b", withDodge([5, 6, 1]), [dodge]));
  const brokeBoth = ok(answerDefence(ok(answerDefence(breakOut, "b", { check: expertClaws, dice: [4, 1, 1, 2, 3], by: "gm" }, [expertClaws])), "c", { check: expertClaws, dice: [1, 2, 3, 1, 1], by: "auto" }, [expertClaws]));
  const setDown = ok(applyCard(ok(rollCard(ok(declareCard({ action: "setDown", attacker: attacker.attacker, targets: [], weapon: null, check: null })), [])), carryingWorld()));
  const byGmAfterTimeout = ok(answerDefence(awaiting, "b", { check: dodge, dice: [5, 5, 2], by: "timeout" }, [dodge]));
  const refused = { ...awaiting, stage: "refused" as const, refusal: "AOD.Rules.Reason.TooFarForMelee", attackDice: null };
  return {
    "awaiting-defence": { card: awaiting, state: world() },
    defended: { card: defended, state: world() },
    miss: { card: miss, state: world() },
    hit: { card: hit, state: world() },
    "damage-applied": { card: applied, state: world() },
    "killer-blow": { card: killerHit, state: world() },
    breath: { card: breathPart, state: world() },
    grapple: { card: grapple, state: world() },
    "break-out": { card: brokeOne, state: grappledWorld() },
    rescue: { card: rescue, state: world() },
    "severe-injury": { card: hit, state: knightWounded(5) },
    killed: { card: ok(applyCard(hit, knightWounded(11))), state: knightWounded(11) },
    refused: { card: refused, state: world() },
    "defence-after-timeout": { card: byGmAfterTimeout, state: world() },
    "set-down": { card: setDown, state: carryingWorld() },
    "rescue-failed": { card: rescueFailed, state: world() },
    "grapple-failed": { card: grappleFailed, state: world() },
    "break-out-success": { card: brokeBoth, state: grappledWorld() },
  };
}
