/** Shared vocabulary of the rules layer: plain types that every rule, the Foundry layer and tests use. */

/** 000 "Distance": how far apart two combatants (or a combatant and a landmark) are. */
export type Distance = "zero" | "close" | "middle" | "long" | "disengaged";

/** 000 "Altitude": how high a combatant flies. */
export type Altitude = "grounded" | "low" | "mid" | "high" | "ceiling";

/** Skill ranks, lowest first (RULES.md "Dice and checks"). */
export type SkillRank = "untrained" | "trained" | "expert" | "master" | "grandmaster";

/** 000 "Falling out of the Sky": ground hardness for a crash. */
export type Surface = "normal" | "rock" | "water" | "dangerous" | "deadly";

/** Whether an action may be taken; `reason` is an en.json key when it may not. */
export interface Legality {
  allowed: boolean;
  reason?: string;
}

/** Where dice come from: a seeded PRNG, a script in tests, or real Foundry rolls. */
export interface DiceSource {
  roll(count: number, faces: 6 | 10 | 20): number[] | Promise<number[]>;
}

/** The attribute a check rolls (000 "Melee Attacks": a Soma check). */
export type Attribute = "soma" | "pneuma";
