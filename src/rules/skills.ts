/** Skill ranks and the TNs they set, and the killer blow adjustments (000 "Melee Attacks", "Killer Blows"). */
import type { SkillRank } from "./types";
import { assertInteger, assertOneOf } from "./validate";

/** Skill ranks from lowest to highest. */
export const SKILL_RANKS: readonly SkillRank[] = ["untrained", "trained", "expert", "master", "grandmaster"];

/** A TN for every rank; tables may configure another ladder. */
export type SkillLadder = Readonly<Record<SkillRank, number>>;

/** The default ladder (RULES.md): untrained 6+, trained 5+, expert 4+ (the seed's example), master 3+, grandmaster 2+. */
export const DEFAULT_SKILL_LADDER: SkillLadder = Object.freeze({
  untrained: 6,
  trained: 5,
  expert: 4,
  master: 3,
  grandmaster: 2,
});

/** The TN of a check made with a skill of this rank (000: Expert Tooth and Claw attacks at 4+). */
export function skillTN(rank: SkillRank, ladder: SkillLadder = DEFAULT_SKILL_LADDER): number {
  assertOneOf("rank", rank, SKILL_RANKS);
  return ladder[rank];
}

/** The attack TN, one higher for a killer blow (000 "Killer Blows": 4+ becomes 5+). */
export function attackTN(baseTN: number, opts: { killerBlow?: boolean } = {}): number {
  assertInteger("baseTN", baseTN);
  return opts.killerBlow ? baseTN + 1 : baseTN;
}

/** The damage TN, two lower for a killer blow (000 "Killer Blows": 5+ becomes 3+). */
export function damageTN(baseTN: number, opts: { killerBlow?: boolean } = {}): number {
  assertInteger("baseTN", baseTN);
  return opts.killerBlow ? baseTN - 2 : baseTN;
}
