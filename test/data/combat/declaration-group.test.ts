// A simultaneous resolve step (000 "Secret Declaration": equal Pneuma resolves together; RULES.md "Declaration
// modes"): the group's actions with pools from the actors (the defender's best defence), and the card's split of
// the outcome into what each action did and what only the group together caused.
import { describe, expect, it } from "vitest";
import { translateDeclaration } from "../../../src/data/combat/declaration";
import type { DeclarationChoice } from "../../../src/data/combat/declaration";
import { groupActionFor, splitGroupLog } from "../../../src/data/combat/declaration-group";
import { actorSnapshot } from "../../../src/data/actor/actor-snapshot";
import type { ActorSnapshot } from "../../../src/data/actor/actor-snapshot";
import { resolveSimultaneous } from "../../../src/rules/procedures/simultaneous";
import type { SimultaneousAction } from "../../../src/rules/procedures/simultaneous";
import { BATTLE_LOG } from "../../../src/rules/reasons";
import { applyChanges, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { bestiary } from "../check/bestiary";
import { fighter, rollScript, skirmishOf } from "../../rules/fixtures";

const sable = actorSnapshot(bestiary("sable-dragon"));
const argent = actorSnapshot(bestiary("argent-dragon"));
const knight = actorSnapshot(bestiary("knight"));
const itemOf = (actor: ActorSnapshot, name: string): string => actor.weapons.find((w) => w.weapon.name === name)?.itemId ?? "";

/** a (the Sable's actor) and c (the Argent's) both at close quarters of b (the Knight's), who is one wound from severe injury. */
function melee(extra: Partial<SkirmishState> = {}): SkirmishState {
  return skirmishOf(
    [fighter("a", { name: "Sable" }), fighter("b", { name: "Knight", side: "hostile", life: { max: 2, wounds: 1 } }), fighter("c", { name: "Argent" }), fighter("d", { name: "Dead", life: { max: 2, wounds: 3 } })],
    { distances: { [pairKey("a", "b")]: "close", [pairKey("b", "c")]: "close" }, ...extra },
  );
}

const actors = { a: sable, b: knight, c: argent };

function actionFor(id: string, choice: DeclarationChoice, state: SkirmishState, who: Record<string, ActorSnapshot> = actors): SimultaneousAction | null {
  const me = who[id];
  const weapons = me ? me.weapons.flatMap((w) => (w.itemId === null ? [] : [{ itemId: w.itemId, weapon: w.weapon }])) : [];
  const t = translateDeclaration(choice, { combatantId: id, phase: "battle", state, weapons });
  if (!t.ok) throw new Error(t.reason);
  return groupActionFor(t.action, choice, who, state);
}

const attack = (weaponId: string, targetId = "b"): DeclarationChoice => ({ action: "attack", weaponId, targetId, move: null, text: "" });

describe("groupActionFor: the pools of each action", () => {
  it("attacks with the declared weapon's check against the target's best defence (the Argent dodges at 4+)", () => {
    const state = melee({ distances: { [pairKey("a", "c")]: "close" } });
    const claws = actionFor("a", attack(itemOf(sable, "Tooth and Claw"), "c"), state);
    // Sable: Tooth and Claw expert, 6 dice at 4+. Argent: Aerobatics 5 dice at 4+ beats its Tooth and Claw at 5+.
    expect(claws).toMatchObject({ action: "attack", pools: { attackPool: 6, baseAttackTN: 4, defence: { pool: 5, tn: 4 } } });
    const breath = actionFor("a", attack(itemOf(sable, "Dragonsbreath"), "c"), state);
    expect(breath).toMatchObject({ pools: { attackPool: 6, baseAttackTN: 5 } });
  });
  it("gives no defence to a target whose actor is gone", () => {
    const state = melee();
    expect(actionFor("a", attack(itemOf(sable, "Tooth and Claw")), state, { a: sable })).toMatchObject({ pools: { defence: null } });
  });
  it("is null when the attacker's actor or its weapon is gone", () => {
    const state = melee();
    const t = translateDeclaration(attack("claws1"), { combatantId: "a", phase: "battle", state, weapons: [{ itemId: "claws1", weapon: sable.weapons[0]?.weapon ?? { name: "x", range: "melee", longRange: false, damageTN: 5, killerBlow: false, grapple: false, magicCost: 0 } }] });
    if (!t.ok) throw new Error(t.reason);
    expect(groupActionFor(t.action, attack("claws1"), actors, state)).toBeNull();
    expect(groupActionFor(t.action, attack(itemOf(sable, "Tooth and Claw")), {}, state)).toBeNull();
  });
  it("rescues with Soma less encumbrance (the Sable: Soma 6, encumbrance 2)", () => {
    const state = melee();
    const out = groupActionFor({ action: "rescue", rescue: { rescuerId: "a", targetId: "b" } }, { action: "rescue", weaponId: "", targetId: "b", move: null, text: "" }, actors, state);
    expect(out).toMatchObject({ pool: sable.character.soma - sable.derived.encumbrance });
    expect(sable.character.soma - sable.derived.encumbrance).toBe(4);
  });
  it("breaks out against everyone holding the breaker, each with its own break-out check", () => {
    const state = melee({ grapples: [pairKey("a", "b")], distances: { [pairKey("a", "b")]: "zero" } });
    const out = groupActionFor({ action: "breakOut", breakOut: { breakerId: "a" } }, { action: "breakOut", weaponId: "", targetId: "", move: null, text: "" }, actors, state);
    expect(out).toMatchObject({ pools: { attackPool: sable.derived.pools.breakOut.pool, defences: { b: { pool: knight.derived.pools.breakOut.pool, tn: knight.derived.pools.breakOut.tn } } } });
  });
});

describe("a simultaneous group through the engine, and its card's split", () => {
  it("lets two bites that each only wound kill together, and says so only under 'together'", async () => {
    const state = melee();
    const group = [
      actionFor("a", attack(itemOf(sable, "Tooth and Claw")), state),
      actionFor("c", attack(itemOf(argent, "Tooth and Claw")), state),
      actionFor("d", { action: "other", weaponId: "", targetId: "", move: null, text: "" }, state),
    ].filter((a): a is SimultaneousAction => a !== null);
    // a: 6 attack dice (one 6), the Knight's untrained Soma 3 dice (all 1s), damage Soma 4 + margin 1 = 5 dice (one 6).
    // c: 5 attack dice (one 6), 3 defence dice, 5 damage dice (one 6). d is dead: its action is aborted, no dice.
    const dice = rollScript([6, 1, 1, 1, 1, 1], [1, 1, 1], [6, 1, 1, 1, 1], [6, 1, 1, 1, 1], [1, 1, 1], [6, 1, 1, 1, 1]);
    const outcome = await resolveSimultaneous(state, group, dice);
    expect(dice.left()).toBe(0);
    expect(outcome.results.map((r) => r.stands)).toEqual([true, true, false]);
    expect(applyChanges(state, outcome.changes).combatants.b?.life.wounds).toBe(3);
    const { each, together } = splitGroupLog(outcome);
    expect(each.map((log) => log.some((l) => l.key === BATTLE_LOG.AttackHit))).toEqual([true, true, false]);
    expect(each.flat().some((l) => l.key === BATTLE_LOG.Killed)).toBe(false);
    expect(together.map((l) => l.key)).toEqual([BATTLE_LOG.Killed]);
  });
});
