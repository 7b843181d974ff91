/**
 * Surprise and ambush (001 "Surprise Roll"). Every resolver takes the natural d10 face as `roll`; the
 * Agility added is the nominated scout's or the side's average (RULES.md), worked out by the caller.
 *
 * Decisions: a total equal to the Surprise Chance is not surprised (the seed says below is surprised and
 * above is not). "Half the Surprise Chance" is chance / 2 as a real number, so with a chance of 7 a total
 * of 3 is ambushed and 4 only surprised.
 */
import type { StateChange } from "./state";
import { assertBoolean, assertFace, assertInteger, assertOneOf, assertRecord, fail, optionalBoolean } from "./validate";

/** The Surprise Chance when no tag changes it (001 "Surprise Roll"). */
export const DEFAULT_SURPRISE_CHANCE = 3;

/** What a natural 10 adds to the chance an ambusher sets (001 "Surprise Roll"). */
export const AMBUSH_TEN_BONUS = 5;

/** The outcome of a surprise check. */
export type SurpriseResult = "surprised" | "normal";

/** The outcome for a side caught in an ambush. */
export type AmbushResult = "ambushed" | "surprised" | "normal";

/** Someone who means to catch opponents unaware (001 "Surprise vs. Ambush"). */
export interface AmbushAttempt {
  /** It can perceive where its opponents are: it is neither flat-footed nor unaware of them. */
  perceivesOpponents: boolean;
  /** A character personally Hiding in Shadows (absent: false). */
  hidingInShadows?: boolean;
  /** A character personally Moving Silently (absent: false). */
  movingSilently?: boolean;
}

/**
 * How an attempt to catch opponents unaware is settled:
 * - "surprise": it cannot perceive them, so it cannot ambush; the unaware roll a Surprise roll (`surpriseCheck`);
 * - "personal": it is personally Hiding in Shadows or Moving Silently; no ambush test is rolled and its attack
 *   is an ambush: the one it attacks is ambushed (`surpriseEffects(target, "ambushed")`);
 * - "rolled": an ordinary ambush, `ambushChance` then `ambushCheck` for each side caught in it.
 */
export type AmbushKind = "surprise" | "personal" | "rolled";

/**
 * 001 "Surprise vs. Ambush": ambushers "must be able to perceive the locations of their opponents" (never
 * flat-footed or unaware of them), and "a character who is personally Hiding in Shadows or Moving Silently does
 * not need to test for Ambush - their attack is automatically considered an Ambush".
 */
export function ambushKind(attempt: AmbushAttempt): AmbushKind {
  const a = assertRecord("attempt", attempt);
  const perceives = assertBoolean("attempt.perceivesOpponents", a.perceivesOpponents);
  const hiding = optionalBoolean("attempt.hidingInShadows", a.hidingInShadows);
  const silent = optionalBoolean("attempt.movingSilently", a.movingSilently);
  if (!perceives) return "surprise";
  return hiding || silent ? "personal" : "rolled";
}

/** 001 "Surprise Roll": natural 1 surprised, natural 10 normal, else roll + Agility below the chance is surprised. */
export function surpriseCheck(c: { roll: number; agility: number; chance: number }): SurpriseResult {
  const roll = assertFace("roll", c.roll, 10);
  const agility = assertInteger("agility", c.agility);
  const chance = assertInteger("chance", c.chance);
  if (roll === 1) return "surprised";
  if (roll === 10) return "normal";
  return roll + agility < chance ? "surprised" : "normal";
}

/**
 * 001 "Surprise Roll", the ambusher's roll: chance = roll + Agility + modifier; a natural 10 adds 5; a natural
 * 1 fails the ambush (everyone acts normally and nobody rolls against the chance, which is still reported).
 */
export function ambushChance(c: { roll: number; agility: number; modifier: number }): {
  chance: number;
  failed: boolean;
} {
  const roll = assertFace("roll", c.roll, 10);
  const base = roll + assertInteger("agility", c.agility) + assertInteger("modifier", c.modifier);
  if (roll === 1) return { chance: base, failed: true };
  return { chance: roll === 10 ? base + AMBUSH_TEN_BONUS : base, failed: false };
}

/**
 * 001 "Surprise Roll", a side caught in an ambush: natural 1 ambushed, natural 10 normal; otherwise roll +
 * Agility below half the chance is ambushed, below the chance surprised, and anything else normal.
 */
export function ambushCheck(c: { roll: number; agility: number; chance: number }): AmbushResult {
  const roll = assertFace("roll", c.roll, 10);
  const agility = assertInteger("agility", c.agility);
  const chance = assertInteger("chance", c.chance);
  if (roll === 1) return "ambushed";
  if (roll === 10) return "normal";
  const total = roll + agility;
  if (total < chance / 2) return "ambushed";
  return total < chance ? "surprised" : "normal";
}

/** What tags add to a Surprise Chance or an ambusher's roll, by tag (RULES.md: Stealthy +2, a world setting). */
export type TagModifiers = Readonly<Record<string, number>>;

/** The default tag modifiers (RULES.md "Surprise and ambush"). */
export const DEFAULT_TAG_MODIFIERS: TagModifiers = Object.freeze({ stealthy: 2 });

/**
 * What a side's tags add (001 "Surprise Roll": the chance "is modified by Tags such as Stealthy"): a tag counts
 * only when every combatant of the side carries it, since one clumsy member gives the whole side away.
 */
export function sideTagModifier(
  sideTags: readonly (readonly string[])[],
  modifiers: TagModifiers = DEFAULT_TAG_MODIFIERS,
): number {
  if (!Array.isArray(sideTags)) fail("sideTags", "an array of tag lists", sideTags);
  if (sideTags.length === 0) return 0;
  let total = 0;
  for (const [tag, bonus] of Object.entries(modifiers)) {
    assertInteger(`modifiers.${tag}`, bonus);
    if (sideTags.every((tags) => Array.isArray(tags) && tags.includes(tag))) total += bonus;
  }
  return total;
}

/**
 * The Surprise Chance a side rolls against when it has not seen the other coming (001 "Surprise Roll"): 3, plus
 * what the unseen side's tags add (sideTagModifier).
 */
export function surpriseChance(
  unseenSideTags: readonly (readonly string[])[],
  modifiers: TagModifiers = DEFAULT_TAG_MODIFIERS,
): number {
  return DEFAULT_SURPRISE_CHANCE + sideTagModifier(unseenSideTags, modifiers);
}

/**
 * The Agility a side adds to its d10 (001 "Surprise Roll"): the nominated scout's, or else the side's average
 * rounded down (RULES.md); an empty side adds 0.
 */
export function sideAgility(agilities: readonly number[], scout?: number): number {
  if (scout !== undefined) return assertInteger("scout", scout);
  if (!Array.isArray(agilities)) fail("agilities", "an array of Agility scores", agilities);
  if (agilities.length === 0) return 0;
  const sum = agilities.reduce((total: number, a, i) => total + assertInteger(`agilities[${i}]`, a), 0);
  return Math.floor(sum / agilities.length);
}

/**
 * What a surprise or ambush result does to a combatant in the first round (RULES.md "Surprise and ambush", a
 * world setting that `enabled` carries): a one-round effect the rules enforce (no actions; the ambushed also
 * roll no defence) and that the first End Phase lifts.
 */
export function surpriseEffects(id: string, result: AmbushResult, enabled = true): StateChange[] {
  assertOneOf("result", result, ["ambushed", "surprised", "normal"] as const);
  if (!enabled || result === "normal") return [];
  return [{ type: "roundEffect", id, effect: result, active: true }];
}
