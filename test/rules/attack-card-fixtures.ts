// Fixtures for the attack card tests: weapons as cards carry them, checks, and cards walked to a given step.
import { declareCard, rollCard } from "../../src/rules/attack-card";
import type { AttackCard, CardDeclaration, CardResult } from "../../src/rules/attack-card";
import type { CardCheck, CardWeapon, CombatantChecks } from "../../src/rules/attack-card-checks";

export const claws: CardWeapon = {
  id: "claws", name: "Tooth and Claw", range: "melee", longRange: false, damageTN: 5, killerBlow: true, grapple: true,
  magicCost: 0, attackSkill: "toothAndClaw", defenceSkills: ["toothAndClaw", "aerobatics"],
};

export const breath: CardWeapon = {
  id: "breath", name: "Dragonsbreath", range: "ranged", longRange: false, damageTN: 5, killerBlow: false,
  grapple: false, magicCost: 1, attackSkill: "dragonsbreath", defenceSkills: ["aerobatics", "shieldWall"],
};

/** Expert Tooth and Claw at 4+, five dice. */
export const expertClaws: CardCheck = { skill: "toothAndClaw", pool: 5, tn: 4 };
export const dodge: CardCheck = { skill: "aerobatics", pool: 3, tn: 5 };

/** What a combatant with Tooth and Claw and Aerobatics can roll. */
export function checksOf(values: Partial<CombatantChecks> = {}): CombatantChecks {
  return {
    skills: { toothAndClaw: { tn: 4, pool: 5 }, aerobatics: { tn: 5, pool: 3 } },
    grapple: { skill: "toothAndClaw", pool: 5, tn: 4 },
    breakOut: { skill: "toothAndClaw", pool: 5, tn: 4 },
    untrained: { skill: null, pool: 5, tn: 6 },
    rescuePool: 3,
    ...values,
  };
}

/** The card a transition returned, or a thrown error naming the refusal (tests of success paths use it). */
export function ok(result: CardResult): AttackCard {
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.card;
}

/** A melee attack by a on the given targets, declared. */
export function declared(values: Partial<CardDeclaration> = {}): AttackCard {
  return ok(
    declareCard({
      action: "attack",
      attacker: { id: "a", name: "A" },
      targets: [{ id: "b", name: "B" }],
      weapon: claws,
      check: expertClaws,
      ...values,
    }),
  );
}

/** The same card after its attack roll. */
export function rolled(dice: number[], values: Partial<CardDeclaration> = {}): AttackCard {
  return ok(rollCard(declared(values), dice));
}
