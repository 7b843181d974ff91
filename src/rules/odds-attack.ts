/**
 * Exact odds of one whole attack against one target: hit, damage check, armour and the health state that
 * follows (000 "Melee Attacks", "Damage and Health states", "Armour", "Severe injury and Death").
 */
import { MAX_POOL } from "./pools";
import { woundThresholds } from "./health";
import { contestDice, facesFor, fillMargins } from "./odds";
import { AT_MOST, EXACTLY, ROW, copyOut } from "./odds-tables";
import { assertInteger, assertNonNegativeInteger } from "./validate";

/** Everything that decides one attack: the contest, the attacker's Soma and weapon TN, and the target. */
export interface AttackOddsInput {
  attackPool: number;
  attackTN: number;
  defencePool: number;
  defenceTN: number;
  /** The attacker's Soma, the base of the damage check (the margin adds to it). */
  soma: number;
  damageTN: number;
  armour: number;
  /** Wounds the target already has. */
  wounds: number;
  lifePoints: number;
}

/** The exact outcome probabilities of one attack, for the roll dialog. */
export interface AttackOdds {
  /** Chance to hit (attack successes strictly above defence successes). */
  hit: number;
  /** Index = damage dealt after armour; a miss counts as 0. Length = largest possible damage + 1. */
  damage: number[];
  /** Chance the attack deals at least 1 damage. */
  wounded: number;
  /** Chance the target ends at least severely injured (this includes dead), as woundState counts it. */
  severelyInjured: number;
  /** Chance the target ends dead (wounds after the attack above its Life Points). */
  dead: number;
  /** Expected damage dealt, misses counting as 0. */
  expectedDamage: number;
}

const margins = new Float64Array(ROW);
const damage = new Float64Array(ROW);

/**
 * 000 "Damage and Health states": exact odds of one attack. On a hit the damage check rolls Soma + margin
 * dice (one pool, clamped to 0..30) at the damage TN; armour comes off the successes, never below 0.
 * `severelyInjured` and `dead` are both "at least": a target already past a threshold scores 1 there.
 */
export function attackOdds(c: AttackOddsInput): AttackOdds {
  const { a, fa, d, fd } = contestDice(c);
  const soma = assertInteger("soma", c.soma);
  const fDamage = facesFor(c.damageTN, "damageTN");
  const armour = assertNonNegativeInteger("armour", c.armour);
  const wounds = assertNonNegativeInteger("wounds", c.wounds);
  const thresholds = woundThresholds(c.lifePoints);

  const topMargin = fillMargins(margins, a, fa, d, fd);
  const exactly = EXACTLY[fDamage] as Float64Array;
  const atMost = AT_MOST[fDamage] as Float64Array;
  const biggestPool = poolFor(soma, topMargin);
  const top = topMargin > 0 && fDamage > 0 && biggestPool > armour ? biggestPool - armour : 0;
  damage.fill(0, 0, top + 1);
  let hit = 0;
  let atZero = margins[0] ?? 0;
  for (let m = 1; m <= topMargin; m += 1) {
    const pm = margins[m] ?? 0;
    hit += pm;
    const n = poolFor(soma, m);
    const row = n * ROW;
    atZero += pm * (atMost[row + (armour < n ? armour : n)] ?? 0);
    for (let k = 1; armour + k <= n && k <= top; k += 1) {
      damage[k] = (damage[k] ?? 0) + pm * (exactly[row + armour + k] ?? 0);
    }
  }
  damage[0] = atZero > 1 ? 1 : atZero;

  // Tail sums from the top give P(damage >= k) without subtracting from 1.
  const needSevere = Math.max(0, thresholds.severelyInjured - wounds);
  const needDead = Math.max(0, thresholds.dead - wounds);
  let tail = 0;
  let expected = 0;
  let severe = needSevere > top ? 0 : 1;
  let dead = needDead > top ? 0 : 1;
  for (let k = top; k >= 1; k -= 1) {
    const pk = damage[k] ?? 0;
    tail += pk;
    expected += k * pk;
    if (k === needSevere) severe = tail;
    if (k === needDead) dead = tail;
  }
  return {
    hit: hit > 1 ? 1 : hit,
    damage: copyOut(damage, top + 1),
    wounded: tail > 1 ? 1 : tail,
    severelyInjured: severe > 1 ? 1 : severe,
    dead: dead > 1 ? 1 : dead,
    expectedDamage: expected,
  };
}

/** The damage check pool for a margin: Soma plus the margin, clamped like any pool (RULES.md: at most 30). */
function poolFor(soma: number, margin: number): number {
  const n = soma + margin;
  return n < 0 ? 0 : n > MAX_POOL ? MAX_POOL : n;
}
