// The encounter simulator (README "Simulator"): determinism, agreement with the exact odds, and outcomes that
// follow from the combatants' numbers, each checked against the 95% intervals the simulator reports.
import { describe, expect, it } from "vitest";
import { attackOdds } from "../../../src/rules/odds-attack";
import { MAX_RUNS, SIMULATOR_ERRORS, SimulationInputError, simulate } from "../../../src/rules/simulator";
import type { Encounter, SimulationResult, Tactics } from "../../../src/rules/simulator";
import { SWORD, archer, armour, combatant, dragon, knight, skill, versus } from "./fixtures";

const rate = (r: SimulationResult, side: number) => r.sides[side]?.wins;

describe("simulate: determinism", () => {
  const encounter = versus([dragon("a"), archer("l")], [dragon("b", { soma: 6 }), knight("k")], { distance: "middle" });

  it("gives the same numbers for the same seed", async () => {
    const first = await simulate(encounter, { runs: 120, seed: 42 });
    const second = await simulate(encounter, { runs: 120, seed: 42 });
    expect(second).toEqual(first);
  });

  it("gives other numbers for another seed", async () => {
    const first = await simulate(encounter, { runs: 120, seed: 42 });
    const other = await simulate(encounter, { runs: 120, seed: 43 });
    expect(other.rounds.histogram).not.toEqual(first.rounds.histogram);
  });

  it("does not depend on how often progress is reported", async () => {
    const seen: number[] = [];
    const small = await simulate(encounter, { runs: 120, seed: 7, progressEvery: 7, onProgress: (done) => void seen.push(done) });
    const large = await simulate(encounter, { runs: 120, seed: 7, progressEvery: 1000 });
    expect(small).toEqual(large);
    expect(seen[0]).toBe(7);
    expect(seen.at(-1)).toBe(120);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
  });

  it("stops when asked and reports the runs it played", async () => {
    let asks = 0;
    const result = await simulate(encounter, { runs: 1000, seed: 7, progressEvery: 20, shouldStop: () => ++asks > 3 });
    expect(result.cancelled).toBe(true);
    expect(result.runs).toBe(60);
    expect(result.rounds.histogram.reduce((a, b) => a + b, 0)).toBe(60);
  });
});

describe("simulate: agrees with the exact odds", () => {
  // One attack: a swordsman at close quarters strikes a dummy that only defends, for one round.
  const striker = combatant(
    { id: "striker", soma: 5, pneuma: 3, altitude: "grounded", canFly: false },
    [skill("swordsmanship", "expert", ["meleeAttack"])],
    [SWORD],
  );
  const dummy = combatant(
    { id: "dummy", soma: 4, pneuma: 2, altitude: "grounded", canFly: false, life: { max: 30, wounds: 0 } },
    [skill("swordsmanship", "trained", ["meleeDefence"]), armour(1)],
    [],
    { tactics: "passive" },
  );
  const encounter: Encounter = versus([striker], [dummy], { distance: "close", roundLimit: 1 });
  const exact = attackOdds({
    attackPool: 5, attackTN: 4, defencePool: 4, defenceTN: 5, soma: 5, damageTN: 5, armour: 1, wounds: 0, lifePoints: 30,
  });

  it("makes exactly one attack a run", async () => {
    const result = await simulate(encounter, { runs: 4000, seed: 1 });
    expect(result.combatants[0]?.attacks).toBe(1);
    expect(result.combatants[1]?.attacks).toBe(0);
  });

  it("hits as often as attackOdds says, within its 95% interval", async () => {
    const result = await simulate(encounter, { runs: 20000, seed: 5 });
    const hit = result.combatants[0]?.hitRate;
    expect(hit).not.toBeNull();
    expect(exact.hit).toBeGreaterThan(0.2);
    expect(exact.hit).toBeGreaterThanOrEqual(hit?.low ?? 2);
    expect(exact.hit).toBeLessThanOrEqual(hit?.high ?? -1);
  });

  it("deals the expected damage of attackOdds within four standard errors", async () => {
    const runs = 20000;
    const result = await simulate(encounter, { runs, seed: 9 });
    const variance = exact.damage.reduce((s, p, k) => s + p * k * k, 0) - exact.expectedDamage ** 2;
    const error = Math.sqrt(variance / runs);
    expect(Math.abs((result.combatants[0]?.damageDealt ?? 0) - exact.expectedDamage)).toBeLessThan(4 * error);
  });

  it("counts an undefended attack as hitting more often", async () => {
    const open = combatant({ id: "dummy", soma: 4, altitude: "grounded", canFly: false, life: { max: 30, wounds: 0 } }, [], [], { tactics: "passive" });
    const result = await simulate(versus([striker], [open], { distance: "close", roundLimit: 1 }), { runs: 4000, seed: 5 });
    // Untrained Soma (4 dice at 6+) defends worse than trained Swordsmanship (4 dice at 5+).
    const worse = attackOdds({ attackPool: 5, attackTN: 4, defencePool: 4, defenceTN: 6, soma: 5, damageTN: 5, armour: 0, wounds: 0, lifePoints: 30 });
    const hit = result.combatants[0]?.hitRate;
    expect(worse.hit).toBeGreaterThanOrEqual(hit?.low ?? 2);
    expect(worse.hit).toBeLessThanOrEqual(hit?.high ?? -1);
  });
});

describe("simulate: outcomes follow the numbers", () => {
  it("a dragon with twice the Soma wins clearly more often", async () => {
    const result = await simulate(versus([dragon("strong", { soma: 8 })], [dragon("weak", { soma: 4 })], { distance: "middle" }), {
      runs: 600,
      seed: 3,
    });
    const strong = rate(result, 0);
    const weak = rate(result, 1);
    expect(strong?.low).toBeGreaterThan((weak?.high ?? 1) + 0.2);
  });

  it("the same holds with the sides swapped", async () => {
    const result = await simulate(versus([dragon("weak", { soma: 4 })], [dragon("strong", { soma: 8 })], { distance: "middle" }), {
      runs: 600,
      seed: 4,
    });
    expect(rate(result, 1)?.low).toBeGreaterThan((rate(result, 0)?.high ?? 1) + 0.2);
  });

  it("identical sides win about equally, within the interval", async () => {
    const result = await simulate(versus([dragon("a", { altitude: "low" })], [dragon("b", { altitude: "low" })], { distance: "close" }), {
      runs: 1500,
      seed: 11,
    });
    const a = rate(result, 0);
    const b = rate(result, 1);
    const middle = ((a?.rate ?? 0) + (b?.rate ?? 0)) / 2;
    expect(a?.count).toBeGreaterThan(300);
    expect(b?.count).toBeGreaterThan(300);
    for (const side of [a, b]) {
      expect(middle).toBeGreaterThanOrEqual(side?.low ?? 2);
      expect(middle).toBeLessThanOrEqual(side?.high ?? -1);
    }
  });

  it("a side with no usable attack never wins", async () => {
    // Breath only, with no Magic Points: the dragon can never attack.
    const dry = dragon("dry", { magic: { value: 0, max: 4 }, altitude: "grounded" });
    const unarmed = { ...dry, weapons: dry.weapons.filter((w) => w.weapon.magicCost > 0) };
    const result = await simulate(versus([knight("k")], [unarmed], { distance: "close" }), { runs: 500, seed: 2 });
    expect(rate(result, 1)?.count).toBe(0);
    expect(result.combatants[1]?.attacks).toBe(0);
    expect(rate(result, 0)?.count).toBeGreaterThan(0);
  });

  it("reports each combatant's chance to end dead or severely injured", async () => {
    const result = await simulate(versus([dragon("a", { soma: 7 })], [knight("k")], { distance: "close" }), { runs: 500, seed: 8 });
    const k = result.combatants[1];
    const a = result.combatants[0];
    expect((k?.dead.rate ?? 0) + (k?.severelyInjured.rate ?? 0)).toBeCloseTo(rate(result, 0)?.rate ?? -1, 10);
    expect(a?.dead.count).toBe(0);
    expect(a?.damageDealt).toBeGreaterThan(2);
  });

  it("rounds: the median and 90th percentile come from the histogram", async () => {
    const result = await simulate(versus([dragon("a")], [archer("l")], { distance: "long" }), { runs: 400, seed: 6 });
    const h = result.rounds.histogram;
    const upTo = (r: number) => h.slice(0, r + 1).reduce((x, y) => x + y, 0);
    expect(upTo(result.rounds.median)).toBeGreaterThanOrEqual(200);
    expect(upTo(result.rounds.median - 1)).toBeLessThan(200);
    expect(upTo(result.rounds.p90)).toBeGreaterThanOrEqual(360);
    expect(upTo(result.rounds.p90 - 1)).toBeLessThan(360);
    expect(result.rounds.mean).toBeCloseTo(h.reduce((s, n, r) => s + n * r, 0) / 400, 10);
  });

  it("a draw at the round limit is reported as one", async () => {
    // A flyer keeps out of reach of ground troops that cannot shoot: nobody wins.
    const aloof = combatant({ id: "aloof", altitude: "ceiling" }, [], [], { tactics: "passive" });
    const result = await simulate(versus([aloof], [knight("k")], { roundLimit: 3 }), { runs: 50, seed: 1 });
    expect(result.draws.count).toBe(50);
    expect(result.endings.roundLimit).toBe(50);
    expect(result.rounds.histogram[3]).toBe(50);
  });
});

describe("simulate: tactics a table adds", () => {
  it("plays a tactic passed in by name", async () => {
    let asked = 0;
    const coward: Tactics = { letGo: () => false, moves: () => [], actions: () => (asked++, []) };
    const result = await simulate(versus([dragon("a")], [{ ...knight("k"), tactics: "coward" }], { distance: "close", roundLimit: 2 }), {
      runs: 20,
      seed: 1,
      tactics: { coward },
    });
    expect(asked).toBeGreaterThan(0);
    expect(result.combatants[1]?.attacks).toBe(0);
  });

  it("checks a table's moves as any input is checked (only the standard tactics' moves skip the parsing)", async () => {
    const lost: Tactics = {
      letGo: () => false,
      moves: (view) => [{ id: view.self.id, kind: "standard", reference: "nobody", distance: "close" }],
      actions: () => [],
    };
    const encounter = versus([dragon("a")], [{ ...knight("k"), tactics: "lost" }], { distance: "middle", roundLimit: 2 });
    await expect(simulate(encounter, { runs: 3, seed: 1, tactics: { lost } })).rejects.toThrow(/move\.reference.*nobody/);
  });
});

describe("simulate: bad input is refused with a message", () => {
  const encounter = versus([dragon("a")], [dragon("b")]);
  const refusal = async (e: Encounter, runs: number, seed = 1) => {
    try {
      await simulate(e, { runs, seed });
    } catch (error) {
      if (error instanceof SimulationInputError) return error.problem.key;
      throw error;
    }
    return "accepted";
  };

  it.each([
    [-1, SIMULATOR_ERRORS.BadRuns],
    [0, SIMULATOR_ERRORS.BadRuns],
    [2.5, SIMULATOR_ERRORS.BadRuns],
    [Number.NaN, SIMULATOR_ERRORS.BadRuns],
    [MAX_RUNS + 1, SIMULATOR_ERRORS.TooManyRuns],
  ])("refuses %s runs", async (runs, key) => {
    expect(await refusal(encounter, runs)).toBe(key);
  });

  it("accepts exactly one run and refuses a fractional seed", async () => {
    expect(await refusal(encounter, 1)).toBe("accepted");
    expect(await refusal(encounter, 1, 0.5)).toBe(SIMULATOR_ERRORS.BadSeed);
  });

  it("refuses an empty side, a single side, a repeated id and an unknown tactic", async () => {
    expect(await refusal(versus([dragon("a")], []), 10)).toBe(SIMULATOR_ERRORS.EmptySide);
    expect(await refusal({ sides: [{ name: "Red", combatants: [dragon("a")] }] }, 10)).toBe(SIMULATOR_ERRORS.TooFewSides);
    expect(await refusal(versus([dragon("a")], [dragon("a")]), 10)).toBe(SIMULATOR_ERRORS.DuplicateId);
    expect(await refusal(versus([dragon("a", {}, { tactics: "nonsense" })], [dragon("b")]), 10)).toBe(SIMULATOR_ERRORS.UnknownTactics);
  });

  it("refuses a knight in the air, a bad mode and a round limit past 200", async () => {
    expect(await refusal(versus([knight("k", { altitude: "mid" })], [dragon("b")]), 10)).toBe(SIMULATOR_ERRORS.GroundedNonFlyer);
    expect(await refusal(versus([dragon("a")], [dragon("b")], { mode: "chaos" as never }), 10)).toBe(SIMULATOR_ERRORS.BadOption);
    expect(await refusal(versus([dragon("a")], [dragon("b")], { roundLimit: 201 }), 10)).toBe(SIMULATOR_ERRORS.BadOption);
  });
});
