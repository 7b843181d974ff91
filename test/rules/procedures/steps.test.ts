// The all-in-one procedures as steps (procedures/steps.ts): the synchronous entry points the simulator uses must
// give exactly what the asynchronous ones give, ask for the same dice in the same order, and refuse the same
// bad answers with the same messages. Checked over many random skirmishes with every procedure.
import { describe, expect, it } from "vitest";
import { parseAttack, parseAttackPools, performAttack, performParsedAttackSync } from "../../../src/rules/procedures/attack";
import type { AttackDeclaration } from "../../../src/rules/procedures/attack";
import { resolveEndPhase, resolveEndPhaseSync } from "../../../src/rules/procedures/end-phase";
import {
  parseGrapple,
  parseGrapplePools,
  performBreakOut,
  performGrapple,
  performParsedBreakOutSync,
  performParsedGrappleSync,
} from "../../../src/rules/procedures/grapple";
import { resolveParsedMove } from "../../../src/rules/procedures/move";
import type { MoveDeclaration } from "../../../src/rules/procedures/move";
import { performRescue, performRescueSync } from "../../../src/rules/procedures/rescue";
import { runSteps, runStepsSync, poolLabel } from "../../../src/rules/procedures/steps";
import type { Steps, SyncDiceSource } from "../../../src/rules/procedures/steps";
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";
import { seededDice } from "../../../src/rules/roll-sources";
import { pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import type { Altitude, Distance, DiceSource } from "../../../src/rules/types";
import { fighter, skirmishOf } from "../fixtures";

const BITE: WeaponSnapshot = { name: "Bite", range: "melee", damageTN: 4, killerBlow: true, grapple: true, longRange: false, magicCost: 0 };
const BREATH: WeaponSnapshot = { name: "Breath", range: "ranged", damageTN: 5, killerBlow: false, grapple: false, longRange: true, magicCost: 1 };

/** A small generator for the random skirmishes (the dice come from seededDice, separately). */
function picker(seed: number) {
  let s = seed >>> 0;
  return <T>(list: readonly T[]): T => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return list[s % list.length] as T;
  };
}

const ALTITUDES: Altitude[] = ["grounded", "low", "mid", "high", "ceiling"];
const NEAR: Distance[] = ["close", "close", "middle", "long"];

function randomSkirmish(seed: number): SkirmishState {
  const pick = picker(seed);
  const ids = ["a", "b", "c"];
  const combatants = ids.map((id, i) =>
    fighter(id, {
      side: i === 0 ? "friendly" : pick(["friendly", "hostile"]),
      soma: pick([2, 4, 6]),
      altitude: pick(ALTITUDES),
      canFly: pick([true, true, false]),
      life: { max: 10, wounds: pick([0, 0, 3, 6, 11]) },
      magic: { value: pick([0, 1, 3]), max: 3 },
      weight: pick([5, 10, 20]),
      armour: pick([0, 1, 2]),
      acted: pick([false, false, true]),
      fullMove: pick([false, false, true]),
      choseToFall: pick([false, true]),
      falling: pick([false, true]),
      roundEffects: pick([[], [], ["noRangedAttack"], ["ambushed"]]),
    }),
  );
  const distances: Record<string, Distance> = {
    [pairKey("a", "b")]: pick(NEAR),
    [pairKey("a", "c")]: pick(NEAR),
    [pairKey("b", "c")]: pick(NEAR),
  };
  const grapples: string[] = [];
  if (pick([false, true])) {
    grapples.push(pairKey("a", "b"));
    distances[pairKey("a", "b")] = "zero";
  }
  if (pick([false, false, true])) {
    grapples.push(pairKey("b", "c"));
    distances[pairKey("b", "c")] = "zero";
  }
  const carrying: Record<string, string> = pick([false, false, true]) ? { c: "a" } : {};
  return skirmishOf(combatants, { distances, grapples, carrying, surface: pick(["normal", "rock", "deadly"] as const) });
}

/** Two identical seeded sources, and a way to see that both were asked for the same number of dice. */
function twins(seed: number): { async: DiceSource; sync: SyncDiceSource; same: () => boolean } {
  const one = seededDice(seed);
  const two = seededDice(seed);
  const slow: DiceSource = { roll: (count, faces) => Promise.resolve(one.roll(count, faces as 6)) };
  return { async: slow, sync: two, same: () => one.next() === two.next() };
}

const SCENARIOS = 1000;

describe("synchronous all-in-one procedures", () => {
  it("attack: the same result and the same dice as performAttack", async () => {
    let hits = 0;
    for (let seed = 1; seed <= SCENARIOS; seed += 1) {
      const state = randomSkirmish(seed);
      for (const [attackerId, targetId] of [["a", "b"], ["b", "a"], ["c", "a"]] as const) {
        for (const decl of [
          { attackerId, targetId, weapon: BITE, killerBlow: seed % 2 === 0 },
          { attackerId, targetId, weapon: BREATH },
        ] satisfies AttackDeclaration[]) {
          const pools = { attackPool: 5, baseAttackTN: 4, defence: seed % 3 === 0 ? null : { pool: 4, tn: 5 } };
          const dice = twins(seed);
          const expected = await performAttack(state, decl, pools, dice.async);
          const got = performParsedAttackSync(state, parseAttack(decl), parseAttackPools(pools), dice.sync);
          expect(got).toEqual(expected);
          expect(dice.same()).toBe(true);
          if (got.allowed && got.contest.hit) hits += 1;
        }
      }
    }
    // The scenarios reach the rolls and the damage, not only refusals.
    expect(hits).toBeGreaterThan(100);
  });

  it("grapple and break-out: the same results and the same dice as performGrapple and performBreakOut", async () => {
    let grappled = 0;
    let brokeOut = 0;
    for (let seed = 1; seed <= SCENARIOS; seed += 1) {
      const state = randomSkirmish(seed);
      for (const [attackerId, targetId] of [["a", "b"], ["a", "c"], ["c", "b"]] as const) {
        const decl = { attackerId, targetId, weapon: BITE };
        const pools = { attackPool: 4, attackTN: 4, defence: seed % 4 === 0 ? null : { pool: 3, tn: 5 } };
        const dice = twins(seed);
        const expected = await performGrapple(state, decl, pools, dice.async);
        const got = performParsedGrappleSync(state, parseGrapple(decl), parseGrapplePools(pools), dice.sync);
        expect(got).toEqual(expected);
        expect(dice.same()).toBe(true);
        if (got.allowed && got.contest.hit) grappled += 1;
      }
      for (const breakerId of ["a", "b", "c"]) {
        const pools = { attackPool: 4, attackTN: 4, defences: { a: { pool: 3, tn: 4 }, b: null, c: { pool: 5, tn: 5 } } };
        const dice = twins(seed);
        const expected = await performBreakOut(state, { breakerId }, pools, dice.async);
        const got = performParsedBreakOutSync(state, { breakerId }, pools, dice.sync);
        expect(got).toEqual(expected);
        expect(dice.same()).toBe(true);
        if (got.allowed) brokeOut += 1;
      }
    }
    expect(grappled).toBeGreaterThan(15);
    expect(brokeOut).toBeGreaterThan(15);
  });

  it("rescue and End Phase: the same results and the same dice as performRescue and resolveEndPhase", async () => {
    let crashes = 0;
    let rescues = 0;
    for (let seed = 1; seed <= SCENARIOS; seed += 1) {
      const state = randomSkirmish(seed);
      for (const [rescuerId, targetId] of [["a", "b"], ["b", "c"], ["c", "a"]] as const) {
        const dice = twins(seed);
        const expected = await performRescue(state, { rescuerId, targetId }, 3, dice.async);
        const got = performRescueSync(state, { rescuerId, targetId }, 3, dice.sync);
        expect(got).toEqual(expected);
        expect(dice.same()).toBe(true);
        if (got.allowed) rescues += 1;
      }
      const dice = twins(seed);
      const expected = await resolveEndPhase(state, dice.async);
      const got = resolveEndPhaseSync(state, dice.sync);
      expect(got).toEqual(expected);
      expect(dice.same()).toBe(true);
      crashes += got.falls.filter((f) => f.crashed).length;
    }
    expect(crashes).toBeGreaterThan(10);
    expect(rescues).toBeGreaterThan(5);
  });

  it("refuses malformed input the way the asynchronous entry points do", async () => {
    const state = randomSkirmish(1);
    await expect(performRescue(state, { rescuerId: "zz", targetId: "a" }, 3, twins(1).async)).rejects.toThrow(/rescue\.rescuerId.*zz/);
    expect(() => performRescueSync(state, { rescuerId: "zz", targetId: "a" }, 3, twins(1).sync)).toThrow(/rescue\.rescuerId.*zz/);
  });
});

describe("ReportOptions { log: false }", () => {
  it("leaves the log empty and changes nothing else, for attacks, moves and the End Phase", () => {
    let logged = 0;
    for (let seed = 1; seed <= 300; seed += 1) {
      const state = randomSkirmish(seed);
      const decl = parseAttack({ attackerId: "a", targetId: "b", weapon: seed % 2 === 0 ? BITE : BREATH });
      const pools = parseAttackPools({ attackPool: 5, baseAttackTN: 4, defence: { pool: 3, tn: 5 } });
      const loud = performParsedAttackSync(state, decl, pools, seededDice(seed));
      const quiet = performParsedAttackSync(state, decl, pools, seededDice(seed), { log: false });
      expect(quiet).toEqual(loud.allowed ? { ...loud, log: [] } : loud);
      const end = resolveEndPhaseSync(state, seededDice(seed));
      expect(resolveEndPhaseSync(state, seededDice(seed), { log: false })).toEqual({ ...end, log: [] });
      for (const move of [
        { id: "a", kind: "standard", altitude: "high" },
        { id: "a", kind: "full", reference: "b", distance: "middle" },
        { id: "c", kind: "full", altitude: "low", reference: "a", distance: "close" },
      ] satisfies MoveDeclaration[]) {
        const moved = resolveParsedMove(state, move, "movement");
        expect(resolveParsedMove(state, move, "movement", { log: false })).toEqual(moved.allowed ? { ...moved, log: [] } : moved);
        if (moved.allowed) logged += moved.log.length;
      }
      if (loud.allowed) logged += loud.log.length;
      logged += end.log.length;
    }
    expect(logged).toBeGreaterThan(300);
  });
});

describe("runSteps and runStepsSync", () => {
  function* twoRolls(): Steps<number[]> {
    const first = yield { pool: 2, label: poolLabel("first") };
    const second = yield { pool: 40, label: poolLabel("second") };
    const none = yield { pool: -3, label: poolLabel("none") };
    return [...first, ...second, ...none];
  }

  it("clamp each pool to 0..30 and ask for nothing on an empty pool", async () => {
    const asked: number[] = [];
    const source: SyncDiceSource = {
      roll: (count) => {
        asked.push(count);
        return Array.from({ length: count }, () => 6);
      },
    };
    expect(runStepsSync(twoRolls(), source)).toHaveLength(32);
    expect(await runSteps(twoRolls(), source)).toHaveLength(32);
    expect(asked).toEqual([2, 30, 2, 30]);
  });

  it("refuse a wrong number of faces or a face a d6 cannot show, with the messages of rollFrom", async () => {
    const short: SyncDiceSource = { roll: () => [3] };
    const seven: SyncDiceSource = { roll: (count) => Array.from({ length: count }, () => 7) };
    for (const source of [short, seven]) {
      let expected = "";
      try {
        await runSteps(twoRolls(), source);
      } catch (error) {
        expected = (error as Error).message;
      }
      expect(expected).toMatch(/first dice/);
      expect(() => runStepsSync(twoRolls(), source)).toThrow(expected);
    }
  });
});
