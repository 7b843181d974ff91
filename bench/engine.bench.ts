// The engine's hot paths: the exact odds behind the roll dialog and the Pneuma order (000 "Initiative").
import { bench, describe } from "vitest";
import { attackOdds, damageDistribution, hitProbability, marginDistribution, pneumaOrder, seededDice } from "../src/rules";
import type { AttackOddsInput, ContestOddsInput } from "../src/rules";

/** Inputs cycle through a table of this many entries (a power of two, so the index is a mask). */
const INPUTS = 1024;
const MASK = INPUTS - 1;

function generator(seed: number): (min: number, max: number) => number {
  let state = seed >>> 0;
  return (min, max) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return min + ((state >>> 0) % (max - min + 1));
  };
}

/** Typical contests for the roll dialog: pools 0..10, TNs 2..6. */
const contests: ContestOddsInput[] = (() => {
  const pick = generator(11);
  return Array.from({ length: INPUTS }, () => ({ attackPool: pick(0, 10), attackTN: pick(2, 6), defencePool: pick(0, 10), defenceTN: pick(2, 6) }));
})();

/** Whole attacks: Soma up to 8, light to heavy armour, targets of 6..20 Life Points. */
const attacks: AttackOddsInput[] = (() => {
  const pick = generator(23);
  return contests.map((c) => ({ ...c, soma: pick(0, 8), damageTN: pick(3, 6), armour: pick(0, 3), wounds: pick(0, 10), lifePoints: pick(6, 20) }));
})();

let sink = 0;
let i = 0;

describe("exact odds (100 calls per iteration)", () => {
  bench("hitProbability, pools 0-10, TN 2-6", () => {
    for (let k = 0; k < 100; k += 1) sink += hitProbability(contests[i++ & MASK] as ContestOddsInput);
  });
  bench("attackOdds, pools 0-10, Soma 0-8", () => {
    for (let k = 0; k < 100; k += 1) sink += attackOdds(attacks[i++ & MASK] as AttackOddsInput).expectedDamage;
  });
  bench("marginDistribution, pools 0-10", () => {
    for (let k = 0; k < 100; k += 1) sink += marginDistribution(contests[i++ & MASK] as ContestOddsInput).length;
  });
  bench("damageDistribution, pools 0-18", () => {
    for (let k = 0; k < 100; k += 1) {
      const c = attacks[i++ & MASK] as AttackOddsInput;
      sink += damageDistribution({ pool: c.soma + c.attackPool, tn: c.damageTN, armour: c.armour }).length;
    }
  });
});

// 200 combatants with Pneuma 3..5, so every call settles three large ties by competed re-rolls.
const field = Array.from({ length: 200 }, (_, n) => ({ id: `combatant-${n}`, pneuma: 3 + (n % 3) }));
const dice = seededDice(2024);

describe("initiative", () => {
  bench("pneumaOrder, 200 combatants, Pneuma 3-5", async () => {
    sink += (await pneumaOrder(field, dice)).order.length;
  });
});

export { sink };
