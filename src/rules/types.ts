/** Shared vocabulary of the rules layer: plain types and word lists that every rule, the Foundry layer and tests use. */

/** 000 "Distance": how far apart two combatants (or a combatant and a landmark) are. */
export type Distance = "zero" | "close" | "middle" | "long" | "disengaged";

/** 000 "Altitude": how high a combatant flies. */
export type Altitude = "grounded" | "low" | "mid" | "high" | "ceiling";

/** Skill ranks, lowest first (RULES.md "Dice and checks"). */
export type SkillRank = "untrained" | "trained" | "expert" | "master" | "grandmaster";

/** 000 "Falling out of the Sky": ground hardness for a crash. */
export type Surface = "normal" | "rock" | "water" | "dangerous" | "deadly";

/** The one answer of every rule that refuses something: not allowed, and why (an en.json key, reasons.ts). */
export interface Refusal {
  allowed: false;
  reason: string;
}

/** Whether an action may be taken; a refused one is a Refusal carrying its reason. */
export type Legality = { allowed: true; reason?: undefined } | Refusal;

/** Where dice come from: a seeded PRNG, a script in tests, or real Foundry rolls. */
export interface DiceSource {
  roll(count: number, faces: 6 | 10 | 20): number[] | Promise<number[]>;
}

/** The attribute a check rolls (000 "Melee Attacks": a Soma check). */
export type Attribute = "soma" | "pneuma";

/** Every attribute a check may roll: the one list of them. */
export const ATTRIBUTES: readonly Attribute[] = Object.freeze(["soma", "pneuma"]);

/** Armour pieces by where they are worn; the seed's "Armour" is body armour, or a dragon's barding (001 "Combat Events"). */
export type ArmourSlot = "body" | "helmet" | "shield" | "barding";

/** Every armour slot: the one list of them. */
export const ARMOUR_SLOTS: readonly ArmourSlot[] = Object.freeze(["body", "helmet", "shield", "barding"]);
