// 000 "Weapons": each weapon has its own damage TN (the Ballista 3+, Tooth and Claw 5+, a 6+ weapon). These tests
// vary it in the engine, the attack card and the simulator, so an attack that used one TN for every weapon fails.
import { describe, expect, it } from "vitest";
import { answerDefence, cardOutcome, damageFor, recordDamage } from "../../src/rules/attack-card";
import { attackOdds } from "../../src/rules/odds-attack";
import { contestAttack, damageCheck, resolveAttack } from "../../src/rules/procedures/attack";
import type { WeaponSnapshot } from "../../src/rules/procedures/weapon";
import { simulate } from "../../src/rules/simulator";
import { pairKey } from "../../src/rules/state";
import { claws, ok, rolled } from "./attack-card-fixtures";
import { fighter, skirmishOf } from "./fixtures";
import { SWORD, armour, combatant, skill, versus } from "./simulator/fixtures";

const FACES = [6, 5, 4, 3, 2, 1, 1, 1];
/** Successes of FACES at each damage TN: the Ballista's 3+, the usual 5+, a 6+ weapon. */
const CASES: [number, number][] = [[3, 4], [5, 2], [6, 1]];
const weaponAt = (damageTN: number): WeaponSnapshot => ({
  name: "Test weapon", range: "melee", longRange: false, damageTN, killerBlow: false, grapple: false, magicCost: 0,
});
const state = () => skirmishOf([fighter("a", { soma: 6 }), fighter("b", { armour: 0 })], { distances: { [pairKey("a", "b")]: "close" } });

describe("000 Weapons: the engine rolls damage at the weapon's own damage TN", () => {
  it.each(CASES)("damage TN %i+: %i wounds from the same faces", (tn, wounds) => {
    const decl = { attackerId: "a", targetId: "b", weapon: weaponAt(tn) };
    const contest = contestAttack(decl, { attackDice: [6, 6, 1], baseAttackTN: 4, defenceDice: null, defenceTN: 5 });
    expect(damageCheck(state(), decl, contest)).toEqual({ pool: 8, tn });
    expect(resolveAttack(state(), decl, contest, FACES).damage).toBe(wounds);
  });
});

describe("000 Weapons: the attack card asks for and counts damage at the weapon's damage TN", () => {
  it.each(CASES)("damage TN %i+: the card's damage check and %i wounds", (tn, wounds) => {
    const card = ok(answerDefence(rolled([6, 6, 1, 1, 1], { weapon: { ...claws, damageTN: tn } }), "b", { check: null, dice: null, by: "owner" }, []));
    const due = damageFor(card, "b", state());
    expect(due).toEqual({ pool: 8, tn });
    const damaged = ok(recordDamage(card, "b", due ?? { pool: 0, tn: 0 }, FACES));
    expect(cardOutcome(damaged, state()).reports[0]?.damage).toBe(wounds);
  });
});

describe("000 Weapons: the simulator deals damage at the weapon's damage TN", () => {
  // One attack a run: a swordsman strikes a dummy that only defends; its mean damage is attackOdds' exact value.
  const dummy = combatant(
    { id: "dummy", soma: 4, pneuma: 2, altitude: "grounded", canFly: false, life: { max: 30, wounds: 0 } },
    [skill("swordsmanship", "trained", ["meleeDefence"]), armour(1)],
    [],
    { tactics: "passive" },
  );
  it.each([3, 6])("damage TN %i+: the mean damage matches the exact odds at that TN, within four standard errors", async (tn) => {
    const striker = combatant(
      { id: "striker", soma: 5, pneuma: 3, altitude: "grounded", canFly: false },
      [skill("swordsmanship", "expert", ["meleeAttack"])],
      [{ ...SWORD, weapon: { ...SWORD.weapon, damageTN: tn } }],
    );
    const runs = 8000;
    const result = await simulate(versus([striker], [dummy], { distance: "close", roundLimit: 1 }), { runs, seed: 11 });
    const exact = attackOdds({ attackPool: 5, attackTN: 4, defencePool: 4, defenceTN: 5, soma: 5, damageTN: tn, armour: 1, wounds: 0, lifePoints: 30 });
    const at5 = attackOdds({ attackPool: 5, attackTN: 4, defencePool: 4, defenceTN: 5, soma: 5, damageTN: 5, armour: 1, wounds: 0, lifePoints: 30 });
    const variance = exact.damage.reduce((s, p, k) => s + p * k * k, 0) - exact.expectedDamage ** 2;
    const error = Math.sqrt(variance / runs);
    const mean = result.combatants[0]?.damageDealt ?? -1;
    expect(Math.abs(mean - exact.expectedDamage)).toBeLessThan(4 * error);
    // The TN matters: at 5+ the expected damage is far from this one (so a fixed 5+ would fail the check above).
    expect(Math.abs(at5.expectedDamage - exact.expectedDamage)).toBeGreaterThan(8 * error);
  });
});
