// Property tests for the exact odds: every figure against brute-force enumeration of every face combination,
// and the invariants the roll dialog relies on (000 "Melee Attacks", "Damage and Health states", "Armour").
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  attackOdds,
  clampPool,
  countSuccesses,
  damageDistribution,
  hitProbability,
  marginDistribution,
  woundState,
} from "../../src/rules";
import type { AttackOddsInput } from "../../src/rules";

const EPS = 1e-12;

/** Calls `visit` once for every ordered tuple of `count` d6 faces (6^count calls). */
function everyRoll(count: number, visit: (faces: number[]) => void): void {
  const faces = new Array<number>(count).fill(1);
  for (;;) {
    visit(faces);
    let i = 0;
    while (i < count && faces[i] === 6) faces[i++] = 1;
    if (i === count) return;
    faces[i] = (faces[i] ?? 0) + 1;
  }
}

/** Brute force: for every attack-and-defence roll, the margin (0 for a miss or tie), as probabilities. */
function enumeratedMargins(a: number, ta: number, d: number, td: number): number[] {
  const out = new Array<number>(a + 1).fill(0);
  const weight = 1 / 6 ** (a + d);
  everyRoll(a + d, (faces) => {
    const margin = countSuccesses(faces.slice(0, a), ta) - countSuccesses(faces.slice(a), td);
    const index = margin > 0 ? margin : 0;
    out[index] = (out[index] ?? 0) + weight;
  });
  return out;
}

/** Brute force: for every roll of the pool, the successes left after armour, as probabilities. */
function enumeratedDamage(pool: number, tn: number, armour: number): number[] {
  const out = new Array<number>(pool + 1).fill(0);
  const weight = 1 / 6 ** pool;
  everyRoll(pool, (faces) => {
    const dealt = Math.max(0, countSuccesses(faces, tn) - armour);
    out[dealt] = (out[dealt] ?? 0) + weight;
  });
  return out;
}

/** Compares a computed distribution with an enumerated one that may carry trailing impossible entries. */
function expectSameDistribution(actual: number[], enumerated: number[]): void {
  let last = enumerated.length - 1;
  while (last > 0 && enumerated[last] === 0) last -= 1;
  expect(actual).toHaveLength(last + 1);
  actual.forEach((p, i) => { expect(Math.abs(p - (enumerated[i] ?? 0))).toBeLessThanOrEqual(EPS); });
}

/** Brute force of a whole attack: every attack, defence and damage roll, and woundState on the result. */
function enumeratedAttack(c: AttackOddsInput) {
  const a = clampPool(c.attackPool);
  const d = clampPool(c.defencePool);
  const damageByPool = new Map<number, number[]>();
  const damage = new Array<number>(31).fill(0);
  let hit = 0;
  const margins = enumeratedMargins(a, c.attackTN, d, c.defenceTN);
  margins.forEach((pm, m) => {
    if (m === 0) {
      damage[0] = (damage[0] ?? 0) + pm;
      return;
    }
    hit += pm;
    const pool = clampPool(c.soma + m);
    // Each damage pool is enumerated once and reused for every attack roll with that margin.
    const dist = damageByPool.get(pool) ?? enumeratedDamage(pool, c.damageTN, c.armour);
    damageByPool.set(pool, dist);
    dist.forEach((pk, k) => (damage[k] = (damage[k] ?? 0) + pm * pk));
  });
  let wounded = 0;
  let severelyInjured = 0;
  let dead = 0;
  let expectedDamage = 0;
  damage.forEach((pk, k) => {
    const state = woundState(c.wounds + k, c.lifePoints);
    if (k > 0) wounded += pk;
    if (state !== "fit") severelyInjured += pk;
    if (state === "dead") dead += pk;
    expectedDamage += k * pk;
  });
  return { hit, damage, wounded, severelyInjured, dead, expectedDamage };
}

const tn = fc.integer({ min: -1, max: 8 });
const smallContest = fc.record({
  attackPool: fc.integer({ min: 0, max: 3 }),
  attackTN: tn,
  defencePool: fc.integer({ min: 0, max: 3 }),
  defenceTN: tn,
});
const anyPool = fc.integer({ min: -5, max: 40 });
const anyTN = fc.integer({ min: -3, max: 9 });
const anyContest = fc.record({ attackPool: anyPool, attackTN: anyTN, defencePool: anyPool, defenceTN: anyTN });
const anyDamage = fc.record({ pool: anyPool, tn: anyTN, armour: fc.integer({ min: 0, max: 35 }) });
const anyAttack = fc.record({
  attackPool: anyPool,
  attackTN: anyTN,
  defencePool: anyPool,
  defenceTN: anyTN,
  soma: fc.integer({ min: -5, max: 40 }),
  damageTN: anyTN,
  armour: fc.integer({ min: 0, max: 35 }),
  wounds: fc.integer({ min: 0, max: 40 }),
  lifePoints: fc.integer({ min: 0, max: 40 }),
});
/** Small enough to enumerate: at most 6 attack and defence dice, and at most 6 damage dice. */
const smallAttack = fc.record({
  attackPool: fc.integer({ min: 0, max: 3 }),
  attackTN: tn,
  defencePool: fc.integer({ min: 0, max: 2 }),
  defenceTN: tn,
  soma: fc.integer({ min: -2, max: 3 }),
  damageTN: tn,
  armour: fc.integer({ min: 0, max: 4 }),
  wounds: fc.integer({ min: 0, max: 6 }),
  lifePoints: fc.integer({ min: 0, max: 8 }),
});

const sum = (values: number[]) => values.reduce((total, p) => total + p, 0);
const isProbability = (p: number) => p >= 0 && p <= 1;

describe("000 Melee Attacks: the exact odds match brute-force enumeration", () => {
  it("gives the enumerated hit chance for every small contest", () => {
    fc.assert(
      fc.property(smallContest, (c) => {
        const margins = enumeratedMargins(c.attackPool, c.attackTN, c.defencePool, c.defenceTN);
        expect(Math.abs(hitProbability(c) - sum(margins.slice(1)))).toBeLessThanOrEqual(EPS);
      }),
      { numRuns: 150 },
    );
  });
  it("gives the enumerated margin distribution for every small contest", () => {
    fc.assert(
      fc.property(smallContest, (c) => {
        const enumerated = enumeratedMargins(c.attackPool, c.attackTN, c.defencePool, c.defenceTN);
        expectSameDistribution(marginDistribution(c), enumerated);
      }),
      { numRuns: 150 },
    );
  });
});

describe("000 Armour: damageDistribution matches brute-force enumeration", () => {
  it("gives the enumerated damage after armour for every pool of up to 6 dice", () => {
    const small = fc.record({ pool: fc.integer({ min: 0, max: 6 }), tn, armour: fc.integer({ min: 0, max: 7 }) });
    fc.assert(
      fc.property(small, (c) => {
        expectSameDistribution(damageDistribution(c), enumeratedDamage(c.pool, c.tn, c.armour));
      }),
      { numRuns: 150 },
    );
  });
});

describe("000 Damage and Health states: attackOdds matches brute-force enumeration", () => {
  it("gives the enumerated hit, damage, health and expected damage figures for small attacks", () => {
    fc.assert(
      fc.property(smallAttack, (c) => {
        const odds = attackOdds(c);
        const enumerated = enumeratedAttack(c);
        expectSameDistribution(odds.damage, enumerated.damage);
        for (const key of ["hit", "wounded", "severelyInjured", "dead", "expectedDamage"] as const) {
          expect(Math.abs(odds[key] - enumerated[key]), key).toBeLessThanOrEqual(EPS);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("000 Melee Attacks: odds invariants over all inputs", () => {
  it("keeps the hit chance within [0, 1]", () => {
    fc.assert(
      fc.property(anyContest, (c) => {
        expect(isProbability(hitProbability(c))).toBe(true);
      }),
    );
  });
  it("gives a margin distribution of probabilities that sums to 1", () => {
    fc.assert(
      fc.property(anyContest, (c) => {
        const dist = marginDistribution(c);
        expect(dist.every(isProbability)).toBe(true);
        expect(Math.abs(sum(dist) - 1)).toBeLessThanOrEqual(EPS);
      }),
    );
  });
  it("never lowers the hit chance when the attack gains a die", () => {
    fc.assert(
      fc.property(anyContest, (c) => {
        const more = hitProbability({ ...c, attackPool: c.attackPool + 1 });
        expect(more).toBeGreaterThanOrEqual(hitProbability(c) - EPS);
      }),
    );
  });
});

describe("000 Armour: damage invariants over all inputs", () => {
  it("gives a damage distribution of probabilities that sums to 1", () => {
    fc.assert(
      fc.property(anyDamage, (c) => {
        const dist = damageDistribution(c);
        expect(dist.every(isProbability)).toBe(true);
        expect(Math.abs(sum(dist) - 1)).toBeLessThanOrEqual(EPS);
      }),
    );
  });
  it("never raises the expected damage of a damage check when the armour rises", () => {
    const mean = (dist: number[]) => dist.reduce((total, p, k) => total + k * p, 0);
    fc.assert(
      fc.property(anyDamage, (c) => {
        const heavier = mean(damageDistribution({ ...c, armour: c.armour + 1 }));
        expect(heavier).toBeLessThanOrEqual(mean(damageDistribution(c)) + EPS);
      }),
    );
  });
  it("never raises the expected damage of an attack when the armour rises", () => {
    fc.assert(
      fc.property(anyAttack, (c) => {
        const heavier = attackOdds({ ...c, armour: c.armour + 1 }).expectedDamage;
        expect(heavier).toBeLessThanOrEqual(attackOdds(c).expectedDamage + EPS);
      }),
    );
  });
});

describe("000 Damage and Health states: attackOdds invariants over all inputs", () => {
  it("gives a damage distribution of probabilities that sums to 1", () => {
    fc.assert(
      fc.property(anyAttack, (c) => {
        const dist = attackOdds(c).damage;
        expect(dist.every(isProbability)).toBe(true);
        expect(Math.abs(sum(dist) - 1)).toBeLessThanOrEqual(EPS);
      }),
    );
  });
  it("keeps every chance within [0, 1], dead within severely injured, and wounded within hit", () => {
    fc.assert(
      fc.property(anyAttack, (c) => {
        const odds = attackOdds(c);
        for (const p of [odds.hit, odds.wounded, odds.severelyInjured, odds.dead]) expect(isProbability(p)).toBe(true);
        expect(odds.dead).toBeLessThanOrEqual(odds.severelyInjured + EPS);
        expect(odds.wounded).toBeLessThanOrEqual(odds.hit + EPS);
      }),
    );
  });
  it("agrees with hitProbability on the chance to hit", () => {
    fc.assert(
      fc.property(anyAttack, (c) => {
        expect(Math.abs(attackOdds(c).hit - hitProbability(c))).toBeLessThanOrEqual(EPS);
      }),
    );
  });
});
