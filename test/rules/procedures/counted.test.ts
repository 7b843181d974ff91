// The simulator's counted procedures (a CountingDiceSource answers a pool's successes without its faces): the
// same results, changes and dice drawn as the procedures that hand the faces over, for any state and pools.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES, DISTANCES } from "../../../src/rules/bands";
import { performCountedAttack, performParsedAttackSync } from "../../../src/rules/procedures/attack";
import type { AttackPools } from "../../../src/rules/procedures/attack";
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";
import { successesAt } from "../../../src/rules/pools";
import { simulationDice } from "../../../src/rules/simulator/dice";
import { ROUND_EFFECTS, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../fixtures";

const weaponArb: fc.Arbitrary<WeaponSnapshot> = fc.record({
  name: fc.constant("W"),
  range: fc.constantFrom("melee" as const, "ranged" as const),
  longRange: fc.boolean(),
  damageTN: fc.integer({ min: 1, max: 8 }),
  killerBlow: fc.boolean(),
  grapple: fc.boolean(),
  magicCost: fc.integer({ min: 0, max: 2 }),
});
const fighterArb = (id: string) =>
  fc
    .record({
      altitude: fc.constantFrom(...ALTITUDES),
      wounds: fc.integer({ min: 0, max: 14 }),
      soma: fc.integer({ min: 0, max: 9 }),
      armour: fc.integer({ min: 0, max: 4 }),
      magic: fc.integer({ min: 0, max: 3 }),
      acted: fc.boolean(),
      roundEffects: fc.subarray([...ROUND_EFFECTS]),
    })
    .map(({ wounds, magic, ...rest }) => fighter(id, { ...rest, life: { max: 12, wounds }, magic: { value: magic, max: 3 } }));
const stateArb = fc
  .tuple(fighterArb("a"), fighterArb("b"), fc.constantFrom(...DISTANCES), fc.boolean(), fc.boolean())
  .map(([a, b, distance, grappled, carried]): SkirmishState =>
    skirmishOf([a, b, fighter("c", { weight: 20 }), fighter("d", { weight: 5 })], {
      distances: { [pairKey("a", "b")]: grappled ? "zero" : distance },
      grapples: grappled ? [pairKey("a", "b")] : [],
      carrying: carried ? { a: "c", b: "d" } : {},
    }),
  );
const poolsArb: fc.Arbitrary<AttackPools> = fc.record({
  attackPool: fc.integer({ min: -2, max: 34 }),
  baseAttackTN: fc.integer({ min: 0, max: 8 }),
  defence: fc.option(fc.record({ pool: fc.integer({ min: -2, max: 34 }), tn: fc.integer({ min: 0, max: 8 }) })),
});

describe("the simulator's counted dice", () => {
  it("count the same faces roll(count, 6) gives, from the same stream", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: -1, max: 8 }))), (seed, pools) => {
        const faces = simulationDice(seed);
        const counted = simulationDice(seed);
        for (const [count, tn] of pools) expect(counted.successes(count, tn)).toBe(successesAt(faces.roll(count, 6), tn));
        expect(counted.roll(3, 6)).toEqual(faces.roll(3, 6));
      }),
      { numRuns: 300 },
    );
  });
});

describe("performCountedAttack", () => {
  it("answers as performParsedAttackSync without a log, and draws the same dice", () => {
    fc.assert(
      fc.property(stateArb, weaponArb, fc.boolean(), poolsArb, fc.integer({ min: 0, max: 1e9 }), (state, weapon, killerBlow, pools, seed) => {
        const decl = { attackerId: "a", targetId: "b", weapon, killerBlow };
        const plainDice = simulationDice(seed);
        const countedDice = simulationDice(seed);
        const plain = performParsedAttackSync(state, decl, pools, plainDice, { log: false });
        const counted = performCountedAttack(state, decl, pools, countedDice);
        expect(counted).toEqual(plain);
        expect(countedDice.roll(4, 6)).toEqual(plainDice.roll(4, 6));
      }),
      { numRuns: 2000 },
    );
  });
});
