import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mayDefend } from "../../../src/rules/procedures/readiness";
import { takeBattleAction } from "../../../src/rules/procedures/battle-action";
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";
import {
  attackTNs,
  contestAttack,
  damageCheck,
  parseAttack,
  parseAttackPools,
  performAttack,
  performParsedAttack,
  resolveAttack,
  validateAttack,
} from "../../../src/rules/procedures/attack";
import type { AttackDeclaration } from "../../../src/rules/procedures/attack";
import { BATTLE_LOG, RULE_REASONS } from "../../../src/rules/reasons";
import { applyChanges, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import type { DiceSource } from "../../../src/rules/types";
import { fighter, rollScript, withFighter } from "../fixtures";

function skirmish(distance: SkirmishState["distances"][string] = "close", over: Partial<SkirmishState> = {}): SkirmishState {
  return {
    combatants: { a: fighter("a"), b: fighter("b"), c: fighter("c") },
    landmarks: {},
    distances: { [pairKey("a", "b")]: distance, [pairKey("a", "c")]: "close" },
    grapples: [],
    carrying: {},
    surface: "normal",
    ...over,
  };
}

const claws: WeaponSnapshot = {
  name: "Tooth and Claw", range: "melee", longRange: false, damageTN: 5, killerBlow: true, grapple: true, magicCost: 0,
};
const breath: WeaponSnapshot = {
  name: "Dragonsbreath", range: "ranged", longRange: false, damageTN: 5, killerBlow: false, grapple: false, magicCost: 1,
};
const ballista: WeaponSnapshot = { ...breath, name: "Ballista", longRange: true, magicCost: 0 };

const melee: AttackDeclaration = { attackerId: "a", targetId: "b", weapon: claws };
/** The change that spends a's battle action, which every resolved attack makes first. */
const aActs = { type: "flag", id: "a", flag: "acted", value: true } as const;
const ranged: AttackDeclaration = { attackerId: "a", targetId: "b", weapon: breath };

/** Hands out scripted faces in order and checks each request's size. */
describe("000 Melee Attacks: validateAttack refusals", () => {
  it("allows a melee attack at close quarters at the same altitude", () => {
    expect(validateAttack(skirmish(), melee)).toEqual({ allowed: true });
  });
  it("refuses an attacker attacking itself", () => {
    expect(validateAttack(skirmish(), { ...melee, targetId: "a" }).reason).toBe(RULE_REASONS.SelfTarget);
  });
  it("000 Severe injury and Death: refuses a dead attacker", () => {
    const state = withFighter(skirmish(), fighter("a", { life: { max: 12, wounds: 13 } }));
    expect(validateAttack(state, melee).reason).toBe(RULE_REASONS.ActorDead);
  });
  it("000 Severe injury and Death: refuses a severely injured attacker any battle action", () => {
    const state = withFighter(skirmish(), fighter("a", { life: { max: 12, wounds: 7 } }));
    expect(validateAttack(state, melee).reason).toBe(RULE_REASONS.ActorSeverelyInjured);
  });
  it("000 Severe injury and Death: refuses an attack on a dead target", () => {
    const state = withFighter(skirmish(), fighter("b", { life: { max: 12, wounds: 13 } }));
    expect(validateAttack(state, melee).reason).toBe(RULE_REASONS.TargetDead);
  });
  it("000 Manoeuvres: refuses an attack after a full move this round", () => {
    const state = withFighter(skirmish(), fighter("a", { fullMove: true }));
    expect(validateAttack(state, melee).reason).toBe(RULE_REASONS.FullMoveNoAction);
  });
  it("refuses melee at middle distance", () => {
    expect(validateAttack(skirmish("middle"), melee).reason).toBe(RULE_REASONS.TooFarForMelee);
  });
  it("refuses melee between different altitudes", () => {
    const state = withFighter(skirmish(), fighter("b", { altitude: "low" }));
    expect(validateAttack(state, melee).reason).toBe(RULE_REASONS.NotSameAltitude);
  });
  it("000 Killer Blows: refuses a killer blow with a weapon that lacks the trait", () => {
    const decl = { ...melee, weapon: { ...claws, killerBlow: false }, killerBlow: true };
    expect(validateAttack(skirmish(), decl).reason).toBe(RULE_REASONS.NoKillerBlow);
  });
  it("000 Grapple Attacks: refuses a grappling combatant's melee attack on someone it does not grapple", () => {
    const state = applyChanges(skirmish(), [{ type: "grapple", a: "a", b: "b" }]);
    expect(validateAttack(state, { ...melee, targetId: "c" }).reason).toBe(RULE_REASONS.OnlyGrapplePartners);
  });
  it("000 Grapple Attacks: allows a grappling combatant's melee attack on its grapple partner", () => {
    const state = applyChanges(skirmish(), [{ type: "grapple", a: "a", b: "b" }]);
    expect(validateAttack(state, melee)).toEqual({ allowed: true });
  });
  it("refuses any attack at zero range on someone the attacker does not grapple (RULES.md Attacks)", () => {
    expect(validateAttack(skirmish("zero"), ranged).reason).toBe(RULE_REASONS.ZeroRangeNotGrappled);
  });
  it("000 Catching: refuses melee while carrying someone at least the carrier's own weight", () => {
    const state = skirmish("close", { carrying: { a: "c" } });
    expect(validateAttack(state, melee).reason).toBe(RULE_REASONS.CarryingTooHeavy);
  });
  it("000 Catching: allows melee while carrying someone lighter", () => {
    const state = withFighter(skirmish("close", { carrying: { a: "c" } }), fighter("c", { weight: 4 }));
    expect(validateAttack(state, melee)).toEqual({ allowed: true });
  });
  it("refuses an unknown target id with a RangeError naming it", () => {
    expect(() => validateAttack(skirmish(), { ...melee, targetId: "ghost" })).toThrow(/targetId.*ghost/);
  });
  it("refuses a malformed weapon with a RangeError naming the field", () => {
    const decl = { ...melee, weapon: { ...claws, damageTN: Number.NaN } };
    expect(() => validateAttack(skirmish(), decl)).toThrow(/weapon\.damageTN/);
  });
});

describe("000 Ranged Attacks: validateAttack refusals", () => {
  it("allows Dragonsbreath at middle distance from mid altitude on the ground", () => {
    const state = withFighter(skirmish("middle"), fighter("b", { altitude: "grounded", canFly: false }));
    expect(validateAttack(state, ranged)).toEqual({ allowed: true });
  });
  it("refuses a ranged attack from flying high on the ground", () => {
    const state = withFighter(skirmish("middle"), fighter("a", { altitude: "high" }));
    const target = withFighter(state, fighter("b", { altitude: "grounded" }));
    expect(validateAttack(target, ranged).reason).toBe(RULE_REASONS.AltitudeTooFarForRanged);
  });
  it("refuses Dragonsbreath at long distance", () => {
    expect(validateAttack(skirmish("long"), ranged).reason).toBe(RULE_REASONS.TooFarForRanged);
  });
  it("000 Distance: allows a war engine at long distance", () => {
    expect(validateAttack(skirmish("long"), { ...ranged, weapon: ballista })).toEqual({ allowed: true });
  });
  it("refuses Dragonsbreath with fewer Magic Points than it costs", () => {
    const state = withFighter(skirmish("middle"), fighter("a", { magic: { value: 0, max: 3 } }));
    expect(validateAttack(state, ranged).reason).toBe(RULE_REASONS.NotEnoughMagic);
  });
  it("lets a grappled dragon breathe on its grappler at zero range (project decision)", () => {
    const state = applyChanges(skirmish(), [{ type: "grapple", a: "a", b: "b" }]);
    expect(validateAttack(state, ranged)).toEqual({ allowed: true });
  });
  it("refuses an attack on a disengaged combatant", () => {
    expect(validateAttack(skirmish("disengaged"), { ...ranged, weapon: ballista }).reason).toBe(RULE_REASONS.Disengaged);
  });
});

describe("001 Combat Events: one-round effects limit attacks", () => {
  it("refuses a ranged attack under Low Cloud or Dust and Smoke, but not a melee attack", () => {
    const state = withFighter(skirmish(), fighter("a", { roundEffects: ["noRangedAttack"] }));
    expect(validateAttack(state, ranged).reason).toBe(RULE_REASONS.NoRangedAttacks);
    expect(validateAttack(state, melee)).toEqual({ allowed: true });
  });
  it("refuses every attack of a combatant that lost its battle action (Blinding Sun, Loose Mount)", () => {
    const state = withFighter(skirmish(), fighter("a", { roundEffects: ["noBattleAction"] }));
    expect(validateAttack(state, melee).reason).toBe(RULE_REASONS.NoBattleAction);
  });
  it("refuses every attack of a combatant forced into a full move (Stampede)", () => {
    const state = withFighter(skirmish(), fighter("a", { roundEffects: ["forcedFullMove"] }));
    expect(validateAttack(state, melee).reason).toBe(RULE_REASONS.ForcedFullMove);
  });
});

describe("000 Killer Blows: attack and damage TNs", () => {
  it("raises the attack TN by 1 and lowers the damage TN by 2 for a killer blow", () => {
    expect(attackTNs({ ...melee, killerBlow: true }, 4)).toEqual({ attackTN: 5, damageTN: 3 });
  });
  it("keeps the weapon's TNs for an ordinary attack", () => {
    expect(attackTNs(melee, 4)).toEqual({ attackTN: 4, damageTN: 5 });
  });
  it("uses the raised attack TN in the contest", () => {
    const contest = contestAttack({ ...melee, killerBlow: true }, {
      attackDice: [4, 5, 6], baseAttackTN: 4, defenceDice: null, defenceTN: 5,
    });
    expect(contest).toMatchObject({ attackSuccesses: 2, hit: true, margin: 2, attackTN: 5, damageTN: 3 });
  });
});

describe("000 Damage and Health states: resolveAttack", () => {
  const hit = contestAttack(melee, { attackDice: [6, 6, 5], baseAttackTN: 4, defenceDice: [5], defenceTN: 5 });

  it("asks for a damage check of Soma plus the margin at the damage TN", () => {
    expect(damageCheck(skirmish(), melee, hit)).toEqual({ pool: 6, tn: 5 });
  });
  it("asks for no damage check on a miss", () => {
    const miss = contestAttack(melee, { attackDice: [1], baseAttackTN: 4, defenceDice: null, defenceTN: 5 });
    expect(damageCheck(skirmish(), melee, miss)).toBeNull();
  });
  it("deals one wound per damage success and writes a wounds change", () => {
    const outcome = resolveAttack(skirmish(), melee, hit, [6, 5, 5, 2, 1, 1]);
    expect(outcome.damage).toBe(3);
    expect(outcome.changes).toEqual([aActs, { type: "wounds", id: "b", wounds: 3 }]);
  });
  it("000 Armour: takes the target's armour rating off the damage, never below zero", () => {
    const state = withFighter(skirmish(), fighter("b", { armour: 5 }));
    const outcome = resolveAttack(state, melee, hit, [6, 5, 5, 2, 1, 1]);
    expect(outcome.damage).toBe(0);
    expect(outcome.changes).toEqual([aActs]);
  });
  it("reports the move from fit to severely injured so the statuses can be toggled", () => {
    const state = withFighter(skirmish(), fighter("b", { life: { max: 12, wounds: 5 } }));
    const outcome = resolveAttack(state, melee, hit, [6, 6, 1, 1, 1, 1]);
    expect(outcome).toMatchObject({ wounds: 7, woundState: "severelyInjured", woundStateChanged: true });
    expect(outcome.log.at(-1)).toEqual({ key: BATTLE_LOG.SeverelyInjured, data: { name: "B" } });
  });
  it("reports a kill when wounds pass the Life Points", () => {
    const state = withFighter(skirmish(), fighter("b", { life: { max: 12, wounds: 11 } }));
    const outcome = resolveAttack(state, melee, hit, [6, 6, 1, 1, 1, 1]);
    expect(outcome).toMatchObject({ wounds: 13, woundState: "dead", woundStateChanged: true });
    expect(outcome.log.at(-1)?.key).toBe(BATTLE_LOG.Killed);
  });
  it("000 Severe injury and Death: a killed grappler lets go, and a killed carrier drops its passenger", () => {
    // b grapples c and carries d (severely injured, so it will fall); a kills b.
    const c = fighter("c");
    const d = fighter("d", { life: { max: 12, wounds: 7 } });
    const base = withFighter(withFighter(skirmish(), c), d);
    const state = applyChanges(
      withFighter({ ...base, carrying: { b: "d" } }, fighter("b", { life: { max: 12, wounds: 11 } })),
      [{ type: "grapple", a: "b", b: "c" }],
    );
    const outcome = resolveAttack(state, melee, hit, [6, 6, 1, 1, 1, 1]);
    expect(outcome.changes).toEqual([
      aActs,
      { type: "wounds", id: "b", wounds: 13 },
      { type: "release", a: "b", b: "c" },
      { type: "drop", carrier: "b" },
      { type: "flag", id: "d", flag: "falling", value: true },
    ]);
    const after = applyChanges(state, outcome.changes);
    expect(after.grapples).toEqual([]);
    expect(after.carrying).toEqual({});
    expect(outcome.log.slice(-2).map((l) => l.key)).toEqual([BATTLE_LOG.GrappleEnds, BATTLE_LOG.LetFall]);
  });
  it("reports no health change when the state stays the same", () => {
    expect(resolveAttack(skirmish(), melee, hit, [6, 1, 1, 1, 1, 1]).woundStateChanged).toBe(false);
  });
  it("stops stored wounds at twice the Life Points plus one", () => {
    const state = withFighter(skirmish(), fighter("b", { life: { max: 2, wounds: 4 } }));
    expect(resolveAttack(state, melee, hit, [6, 6, 6, 6, 6, 6]).wounds).toBe(5);
  });
  it("refuses a hit without damage dice", () => {
    expect(() => resolveAttack(skirmish(), melee, hit, null)).toThrow(/damageDice/);
  });
  it("000 Ranged Attacks: spends Dragonsbreath's Magic Point on a miss too", () => {
    const miss = contestAttack(ranged, { attackDice: [2], baseAttackTN: 5, defenceDice: null, defenceTN: 5 });
    const outcome = resolveAttack(skirmish("middle"), ranged, miss, null);
    expect(outcome.changes).toEqual([aActs, { type: "magic", id: "a", value: 2 }]);
    expect(outcome.magicSpent).toBe(1);
    expect(outcome.log.map((l) => l.key)).toEqual([BATTLE_LOG.MagicSpent, BATTLE_LOG.AttackMiss]);
  });
  it("000 Ranged Attacks: allows Dragonsbreath with exactly its one Magic Point, which leaves none", async () => {
    const state = withFighter(skirmish("middle"), fighter("a", { magic: { value: 1, max: 3 } }));
    expect(validateAttack(state, ranged)).toEqual({ allowed: true });
    const result = await performAttack(state, ranged, { attackPool: 1, baseAttackTN: 5, defence: null }, rollScript([2]));
    expect(result).toMatchObject({ allowed: true, magicSpent: 1 });
    const spent = applyChanges(state, result.allowed ? result.changes : []);
    expect(spent.combatants.a?.magic.value).toBe(0);
    // Next round (the action no longer spent) the breath cannot be used again.
    const nextRound = applyChanges(spent, [{ type: "flag", id: "a", flag: "acted", value: false }]);
    expect(validateAttack(nextRound, ranged).reason).toBe(RULE_REASONS.NotEnoughMagic);
  });
  it("never deals negative damage and never lowers wounds", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 12 }),
        fc.nat(6),
        fc.nat(8),
        (damageDice, armour, wounds) => {
          const state = withFighter(skirmish(), fighter("b", { armour, life: { max: 12, wounds } }));
          const outcome = resolveAttack(state, melee, hit, damageDice);
          return outcome.damage >= 0 && outcome.wounds >= wounds && outcome.damageSuccesses <= damageDice.length;
        },
      ),
    );
  });
});

describe("000 Melee Attacks: performAttack with scripted dice", () => {
  it("rolls attack, defence and damage in that order and applies the wounds", async () => {
    const dice = rollScript([6, 5, 4, 1], [5, 1], [6, 5, 2, 2, 1, 1]);
    const result = await performAttack(skirmish(), melee, { attackPool: 4, baseAttackTN: 4, defence: { pool: 2, tn: 5 } }, dice);
    expect(result).toMatchObject({ allowed: true, damage: 2, wounds: 2 });
    expect(dice.left()).toBe(0);
  });
  it("writes the rolled faces and their TNs into its log, so a card can draw the dice from the log alone", async () => {
    const dice = rollScript([6, 5, 4, 1], [5, 1], [6, 5, 2, 2, 1, 1]);
    const result = await performAttack(skirmish(), melee, { attackPool: 4, baseAttackTN: 4, defence: { pool: 2, tn: 5 } }, dice);
    if (!result.allowed) throw new Error("the attack was refused");
    const hit = result.log.find((l) => l.key === BATTLE_LOG.AttackHit);
    expect(hit?.data).toMatchObject({ attackDice: "6 5 4 1", attackTN: 4, defenceDice: "5 1", defenceTN: 5 });
    expect(result.log.find((l) => l.key === BATTLE_LOG.Damage)?.data).toMatchObject({ dice: "6 5 2 2 1 1" });
    const undefended = await performAttack(skirmish(), melee, { attackPool: 2, baseAttackTN: 4, defence: null }, rollScript([1, 2]));
    if (!undefended.allowed) throw new Error("the attack was refused");
    expect(undefended.log.find((l) => l.key === BATTLE_LOG.AttackMiss)?.data).toMatchObject({ attackDice: "1 2", defenceDice: "" });
  });
  it("000 Defence is Optional: rolls no defence dice for a target that does not defend", async () => {
    const dice = rollScript([5], [1, 1, 1, 1, 1]);
    const result = await performAttack(skirmish(), melee, { attackPool: 1, baseAttackTN: 4, defence: null }, dice);
    expect(result).toMatchObject({ allowed: true, contest: { defenceSuccesses: 0, margin: 1 }, damage: 0 });
    expect(dice.left()).toBe(0);
  });
  it("rolls no damage on a miss", async () => {
    const dice = rollScript([1, 2], [6]);
    const result = await performAttack(skirmish(), melee, { attackPool: 2, baseAttackTN: 4, defence: { pool: 1, tn: 4 } }, dice);
    expect(result).toMatchObject({ allowed: true, damage: 0, changes: [aActs] });
    expect(dice.left()).toBe(0);
  });
  it("returns the refusal and rolls nothing when the attack is not allowed", async () => {
    const dice = rollScript();
    const result = await performAttack(skirmish("long"), melee, { attackPool: 4, baseAttackTN: 4, defence: null }, dice);
    expect(result).toEqual({ allowed: false, reason: RULE_REASONS.TooFarForMelee });
  });
  it("refuses dice of the wrong count from the dice source", async () => {
    const broken: DiceSource = { roll: () => [6] };
    await expect(performAttack(skirmish(), melee, { attackPool: 3, baseAttackTN: 4, defence: null }, broken)).rejects.toThrow(
      /attack dice/,
    );
  });
});

describe("performParsedAttack: performAttack for a declaration and pools parsed once", () => {
  const cases = [
    { name: "a hit", state: skirmish(), decl: melee, pools: { attackPool: 4, baseAttackTN: 4, defence: { pool: 2, tn: 5 } }, rolls: [[6, 5, 4, 1], [5, 1], [6, 5, 2, 2, 1, 1]] },
    { name: "a killer blow that misses", state: skirmish(), decl: { ...melee, killerBlow: true }, pools: { attackPool: 2, baseAttackTN: 4, defence: { pool: 1, tn: 4 } }, rolls: [[5, 2], [6]] },
    { name: "a refusal", state: skirmish("long"), decl: melee, pools: { attackPool: 4, baseAttackTN: 4, defence: null }, rolls: [] },
  ];
  for (const c of cases) {
    it(`gives what performAttack gives for ${c.name}, rolling the same dice`, async () => {
      const checked = rollScript(...c.rolls);
      const parsed = rollScript(...c.rolls);
      const expected = await performAttack(c.state, c.decl, c.pools, checked);
      const result = await performParsedAttack(c.state, parseAttack(c.decl), parseAttackPools(c.pools), parsed);
      expect(result).toEqual(expected);
      expect(parsed.left()).toBe(0);
    });
  }
  it("parseAttackPools refuses a pool that is not an integer", () => {
    expect(() => parseAttackPools({ attackPool: 1.5, baseAttackTN: 4, defence: null })).toThrow(/pools.attackPool/);
  });
});

describe("000 Non-attack Battle Actions: one battle action a round", () => {
  it("spends the battle action of a non-attack action, after which no attack is allowed", () => {
    const taken = takeBattleAction(skirmish(), "a");
    expect(taken).toMatchObject({ allowed: true, changes: [aActs], log: [{ key: BATTLE_LOG.BattleAction, data: { name: "A" } }] });
    if (!taken.allowed) return;
    expect(validateAttack(applyChanges(skirmish(), taken.changes), melee).reason).toBe(RULE_REASONS.AlreadyActed);
  });
  it("refuses a non-attack action to one who cannot act", () => {
    const state = withFighter(skirmish(), fighter("a", { fullMove: true }));
    expect(takeBattleAction(state, "a")).toEqual({ allowed: false, reason: RULE_REASONS.FullMoveNoAction });
  });
});

describe("001 Surprise and Ambush: the first round in battle (RULES.md)", () => {
  it("refuses every action to the surprised and the ambushed", () => {
    const surprised = withFighter(skirmish(), fighter("a", { roundEffects: ["surprised"] }));
    expect(validateAttack(surprised, melee).reason).toBe(RULE_REASONS.Surprised);
    const ambushed = withFighter(skirmish(), fighter("a", { roundEffects: ["ambushed"] }));
    expect(takeBattleAction(ambushed, "a")).toEqual({ allowed: false, reason: RULE_REASONS.Ambushed });
  });
  it("lets the surprised defend but not the ambushed: their defence is never rolled", async () => {
    expect(mayDefend(withFighter(skirmish(), fighter("b", { roundEffects: ["surprised"] })), "b")).toEqual({ allowed: true });
    const state = withFighter(skirmish(), fighter("b", { roundEffects: ["ambushed"] }));
    expect(mayDefend(state, "b")).toEqual({ allowed: false, reason: RULE_REASONS.Ambushed });
    const dice = rollScript([6, 6], [6, 6, 6, 6, 6, 6]); // attack, then damage: Soma 4 + margin 2
    const result = await performAttack(state, melee, { attackPool: 2, baseAttackTN: 4, defence: { pool: 3, tn: 4 } }, dice);
    expect(result).toMatchObject({ allowed: true, contest: { defenceSuccesses: 0, hit: true, margin: 2 } });
    expect(dice.left()).toBe(0);
  });
});
