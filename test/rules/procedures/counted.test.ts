// The simulator's counted procedures (a CountingDiceSource answers a pool's successes without its faces): the
// same results, changes and dice drawn as the procedures that hand the faces over, for any state and pools.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES, DISTANCES } from "../../../src/rules/bands";
import { performCountedAttack, performParsedAttackSync } from "../../../src/rules/procedures/attack";
import type { AttackPools } from "../../../src/rules/procedures/attack";
import { performCountedBreakOut, performCountedGrapple, performParsedBreakOutSync, performParsedGrappleSync } from "../../../src/rules/procedures/grapple";
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";
import { pneumaOrderCounted, pneumaOrderSteps, pneumaRoster } from "../../../src/rules/initiative";
import { successesAt } from "../../../src/rules/pools";
import { runStepsSync } from "../../../src/rules/procedures/steps";
import { simulationDice } from "../../../src/rules/simulator/dice";
import { ROUND_EFFECTS, pairKey } from "../../../src/rules/state";
import type { RoundEffect, SkirmishState } from "../../../src/rules/state";
import type { Distance } from "../../../src/rules/types";
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
      altitude: fc.oneof({ arbitrary: fc.constant("mid" as const), weight: 3 }, { arbitrary: fc.constantFrom(...ALTITUDES), weight: 1 }),
      wounds: fc.integer({ min: 0, max: 14 }),
      soma: fc.integer({ min: 0, max: 9 }),
      armour: fc.integer({ min: 0, max: 4 }),
      magic: fc.integer({ min: 0, max: 3 }),
      acted: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.boolean(), weight: 1 }),
      roundEffects: fc.oneof({ arbitrary: fc.constant<RoundEffect[]>([]), weight: 3 }, { arbitrary: fc.subarray([...ROUND_EFFECTS]), weight: 1 }),
    })
    .map(({ wounds, magic, ...rest }) => fighter(id, { ...rest, life: { max: 12, wounds }, magic: { value: magic, max: 3 } }));
const distanceArb = fc.oneof({ arbitrary: fc.constant("close" as const), weight: 3 }, { arbitrary: fc.constantFrom(...DISTANCES), weight: 1 });
const stateArb = fc
  .tuple(fighterArb("a"), fighterArb("b"), distanceArb, fc.boolean(), fc.boolean())
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
    let wounding = 0;
    fc.assert(
      fc.property(stateArb, weaponArb, fc.boolean(), poolsArb, fc.integer({ min: 0, max: 1e9 }), (state, weapon, killerBlow, pools, seed) => {
        const decl = { attackerId: "a", targetId: "b", weapon, killerBlow };
        const plainDice = simulationDice(seed);
        const countedDice = simulationDice(seed);
        const plain = performParsedAttackSync(state, decl, pools, plainDice, { log: false });
        const counted = performCountedAttack(state, decl, pools, countedDice);
        expect(counted).toEqual(plain);
        expect(countedDice.roll(4, 6)).toEqual(plainDice.roll(4, 6));
        if (counted.allowed && counted.damage > 0) wounding += 1;
      }),
      { numRuns: 2000 },
    );
    expect(wounding).toBeGreaterThan(10);
  });
});

const grappleStateArb = fc
  .tuple(fighterArb("a"), fighterArb("b"), fighterArb("c"), distanceArb, fc.subarray(["ab", "bc", "ac"]), fc.boolean())
  .map(([a, b, c, distance, links, sameSide]): SkirmishState =>
    skirmishOf([a, b, { ...c, side: sameSide ? "friendly" : "hostile" }], {
      distances: Object.fromEntries<Distance>([
        [pairKey("a", "b"), links.includes("ab") ? "zero" : distance],
        ...links.filter((l) => l !== "ab").map((l): [string, Distance] => [pairKey(l[0] ?? "", l[1] ?? ""), "zero"]),
      ]),
      grapples: links.map((l) => pairKey(l[0] ?? "", l[1] ?? "")),
    }),
  );
const defenceArb = fc.option(fc.record({ pool: fc.integer({ min: -2, max: 34 }), tn: fc.integer({ min: 0, max: 8 }) }));

describe("performCountedGrapple", () => {
  it("answers as performParsedGrappleSync and draws the same dice", () => {
    let hits = 0;
    fc.assert(
      fc.property(
        grappleStateArb,
        weaponArb,
        fc.record({ attackPool: fc.integer({ min: -2, max: 34 }), attackTN: fc.integer({ min: 0, max: 8 }), defence: defenceArb }),
        fc.integer({ min: 0, max: 1e9 }),
        (state, weapon, pools, seed) => {
          const decl = { attackerId: "a", targetId: "b", weapon: { ...weapon, grapple: true, range: "melee" as const } };
          const plainDice = simulationDice(seed);
          const countedDice = simulationDice(seed);
          const counted = performCountedGrapple(state, decl, pools, countedDice);
          expect(counted).toEqual(performParsedGrappleSync(state, decl, pools, plainDice));
          expect(countedDice.roll(4, 6)).toEqual(plainDice.roll(4, 6));
          if (counted.allowed && counted.contest.hit) hits += 1;
        },
      ),
      { numRuns: 1000 },
    );
    expect(hits).toBeGreaterThan(10);
  });
});

describe("performCountedBreakOut", () => {
  it("answers as performParsedBreakOutSync and draws the same dice", () => {
    let shook = 0;
    fc.assert(
      fc.property(
        grappleStateArb,
        fc.constantFrom("a", "b", "c"),
        fc.record({
          attackPool: fc.integer({ min: -2, max: 34 }),
          attackTN: fc.integer({ min: 0, max: 8 }),
          defences: fc.record({ a: defenceArb, b: defenceArb, c: defenceArb }, { requiredKeys: [] }),
        }),
        fc.integer({ min: 0, max: 1e9 }),
        (state, breakerId, pools, seed) => {
          const plainDice = simulationDice(seed);
          const countedDice = simulationDice(seed);
          const counted = performCountedBreakOut(state, { breakerId }, pools, countedDice);
          expect(counted).toEqual(performParsedBreakOutSync(state, { breakerId }, pools, plainDice));
          expect(countedDice.roll(4, 6)).toEqual(plainDice.roll(4, 6));
          if (counted.allowed && counted.shakenOff.length > 0) shook += 1;
        },
      ),
      { numRuns: 1000 },
    );
    // Break-outs that shook someone off were among them.
    expect(shook).toBeGreaterThan(10);
  });
});

describe("pneumaOrderCounted", () => {
  it("orders as pneumaOrderSteps, drawing the same dice; a roster without ties rolls nothing", () => {
    let tied = 0;
    fc.assert(
      fc.property(
        fc.array(fc.record({ pneuma: fc.integer({ min: 0, max: 4 }), tieTN: fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }) }), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 0, max: 1e9 }),
        (entries, seed) => {
          const roster = pneumaRoster(entries.map((e, i) => ({ id: `c${i}`, ...e })));
          const plainDice = simulationDice(seed);
          const countedDice = simulationDice(seed);
          const plain = runStepsSync(pneumaOrderSteps(roster), plainDice);
          expect(pneumaOrderCounted(roster, countedDice)).toEqual(plain.order);
          expect(countedDice.roll(4, 6)).toEqual(plainDice.roll(4, 6));
          if (plain.checks.length > 0) tied += 1;
          // Asked again, the same roster orders from the dice again (or gives the one untied list).
          const again = pneumaOrderCounted(roster, simulationDice(seed));
          expect(again).toEqual(plain.order);
          if (new Set(entries.map((e) => e.pneuma)).size === entries.length) expect(again).toBe(pneumaOrderCounted(roster, countedDice));
        },
      ),
      { numRuns: 500 },
    );
    expect(tied).toBeGreaterThan(10);
  });
});
