// The forecast of a fight under way and the advice for one combatant's step (src/rules/simulator/forecast.ts).
import { describe, expect, it } from "vitest";
import { attackOdds } from "../../../src/rules/odds-attack";
import { BLOCK_RUNS, SimulationInputError, advise, forecast, widest } from "../../../src/rules/simulator";
import type { Encounter } from "../../../src/rules/simulator";
import { attackTN } from "../../../src/rules/skills";
import { pairKey } from "../../../src/rules/state";
import { dragon, knight, versus } from "./fixtures";

/** A dragon and a knight one wound from severe injury, at close quarters, the dragon about to act in the battle phase. */
function closeFight(extra: Partial<Encounter> = {}): Encounter {
  return versus([dragon("a", { altitude: "grounded" })], [knight("k", { life: { max: 4, wounds: 2 } })], {
    start: { round: 2, distances: { [pairKey("a", "k")]: "close" } },
    ...extra,
  });
}

describe("forecast: the fight's odds to the precision asked", () => {
  it("stops at the end of the first block where every chance is known within the precision, and says how precise it is", async () => {
    const f = await forecast(closeFight(), { seed: 1, precision: 0.03 });
    expect(f.precision).toBeLessThanOrEqual(0.03);
    expect(f.precision).toBe(widest(f.result));
    expect(f.result.runs % BLOCK_RUNS).toBe(0);
    expect(f.result.runs).toBeLessThan(20_000);
    expect(f.result.cancelled).toBe(false);
  });

  it("plays on to the run limit when the precision cannot be reached", async () => {
    const f = await forecast(closeFight(), { seed: 1, precision: 0.0001, maxRuns: 600 });
    expect(f.result.runs).toBe(600);
    expect(f.precision).toBeGreaterThan(0.0001);
  });

  it("is the same for the same seed, and counts the rounds left after the round in progress", async () => {
    const [one, two] = [await forecast(closeFight(), { seed: 9 }), await forecast(closeFight(), { seed: 9 })];
    expect(one).toEqual(two);
    expect(one.roundsLeft).toBeCloseTo(one.result.rounds.mean - 2, 10);
  });
});

describe("advise: each option of the step, with its odds and the side's chances", () => {
  it("weighs holding and every battle action the rules allow, best for the side first", async () => {
    // The round in progress is the last, so only what is done now can win it.
    const advice = await advise(closeFight({ roundLimit: 2 }), "a", { seed: 3, phase: "battle", runsPerOption: 100 });
    const kinds = advice.options.map((o) => o.choice.kind);
    expect(kinds).toContain("hold");
    expect(kinds).toContain("attack");
    expect(kinds).toContain("grapple");
    expect(advice.options.map((o) => o.win.rate)).toEqual([...advice.options.map((o) => o.win.rate)].sort((x, y) => y - x));
    const hold = advice.options.find((o) => o.choice.kind === "hold");
    const best = advice.options[0];
    expect(best?.choice.kind).toBe("attack");
    expect(best?.win.rate).toBeGreaterThan(hold?.win.rate ?? 1);
    expect(advice.side).toBe("Red");
    expect(advice.options.every((o) => o.runs === 100)).toBe(true);
  });

  it("gives an attack the exact odds of its roll against the target as it stands", async () => {
    const advice = await advise(closeFight(), "a", { seed: 3, phase: "battle", runsPerOption: 50 });
    const claw = advice.options.find((o) => o.choice.kind === "attack" && o.choice.weapon === "Tooth and Claw");
    const encounter = closeFight();
    const a = encounter.sides[0]?.combatants[0];
    const k = encounter.sides[1]?.combatants[0];
    if (!a || !k || !claw || claw.choice.kind !== "attack") throw new Error("fixture");
    const attack = a.skills.toothAndClaw;
    const defence = k.skills.swordsmanship;
    if (!attack || !defence) throw new Error("skills");
    const killerBlow = claw.choice.killerBlow;
    const exact = attackOdds({
      attackPool: attack.pool,
      attackTN: attackTN(attack.tn, { killerBlow }),
      defencePool: defence.pool,
      defenceTN: defence.tn,
      soma: a.state.soma,
      damageTN: killerBlow ? 3 : 5,
      armour: k.state.armour,
      wounds: 2,
      lifePoints: 4,
    });
    expect(claw.odds).toEqual({ hit: exact.hit, expectedDamage: exact.expectedDamage, severelyInjured: exact.severelyInjured, dead: exact.dead });
  });

  it("in a movement phase weighs holding and single moves, no more than asked", async () => {
    const far = closeFight({ start: { round: 2, distances: { [pairKey("a", "k")]: "long" } } });
    const advice = await advise(far, "a", { seed: 5, phase: "movement", runsPerOption: 50, maxOptions: 5 });
    expect(advice.options).toHaveLength(5);
    expect(advice.options.every((o) => o.choice.kind === "hold" || o.choice.kind === "move")).toBe(true);
    expect(advice.options.filter((o) => o.choice.kind === "move").every((o) => o.choice.kind === "move" && o.choice.move.id === "a")).toBe(true);
  });

  it("the option is what the combatant does: holding loses what attacking wins in a one-round fight", async () => {
    const last = closeFight({ roundLimit: 2 });
    const advice = await advise(last, "a", { seed: 2, phase: "battle", runsPerOption: 200 });
    expect(advice.options.find((o) => o.choice.kind === "hold")?.win.count).toBe(0);
    expect(advice.options.find((o) => o.choice.kind === "attack")?.win.count).toBeGreaterThan(0);
  });

  it("stops a clearly worse option after one block and plays the best on to the most asked", async () => {
    // The last round: holding cannot win it. A precision too fine to reach leaves only the elimination to stop early.
    const advice = await advise(closeFight({ roundLimit: 2 }), "a", { seed: 2, phase: "battle", runsPerOption: BLOCK_RUNS * 4, precision: 0.001 });
    const hold = advice.options.find((o) => o.choice.kind === "hold");
    expect(hold).toMatchObject({ runs: BLOCK_RUNS, clearlyWorse: true });
    expect(hold?.win.count).toBe(0);
    expect(advice.options[0]).toMatchObject({ runs: BLOCK_RUNS * 4, clearlyWorse: false });
    // Each option stopped as clearly worse has its upper end below the lower end of one that played on.
    for (const o of advice.options.filter((x) => x.clearlyWorse)) {
      expect(advice.options.some((x) => !x.clearlyWorse && x.win.low > o.win.high)).toBe(true);
    }
  });

  it("an option stopped early has the numbers its first blocks had: stopping changes no count", async () => {
    const asked = { seed: 2, phase: "battle" as const, precision: 0.001 };
    const long = await advise(closeFight({ roundLimit: 2 }), "a", { ...asked, runsPerOption: BLOCK_RUNS * 4 });
    const short = await advise(closeFight({ roundLimit: 2 }), "a", { ...asked, runsPerOption: BLOCK_RUNS });
    const key = (o: { choice: unknown }) => JSON.stringify(o.choice);
    for (const o of long.options.filter((x) => x.runs === BLOCK_RUNS)) {
      expect(short.options.find((x) => key(x) === key(o))?.win).toEqual(o.win);
    }
  });

  it("never stops the best option as clearly worse", async () => {
    for (const seed of [1, 2, 3, 4]) {
      const advice = await advise(closeFight({ roundLimit: 3 }), "a", { seed, phase: "battle", runsPerOption: BLOCK_RUNS * 3, precision: 0.001 });
      expect(advice.options[0]?.clearlyWorse).toBe(false);
      expect(advice.options[0]?.runs).toBe(BLOCK_RUNS * 3);
    }
  });

  it("stops an option once its side's win interval is within the precision, not as clearly worse", async () => {
    const advice = await advise(closeFight({ roundLimit: 2 }), "a", { seed: 2, phase: "battle", runsPerOption: BLOCK_RUNS * 4 });
    const hold = advice.options.find((o) => o.choice.kind === "hold");
    // No win in 500 runs: 0-0.8%, within ±2 points.
    expect(hold).toMatchObject({ runs: BLOCK_RUNS, clearlyWorse: false });
    expect(((hold?.win.high ?? 1) - (hold?.win.low ?? 0)) / 2).toBeLessThanOrEqual(0.02);
    // A chance nearer one half needs more runs for ±2 points: such options played on.
    const open = advice.options.filter((o) => o.win.rate > 0.2 && o.win.rate < 0.8);
    expect(open.length).toBeGreaterThan(0);
    for (const o of open) expect(o.runs > BLOCK_RUNS || o.clearlyWorse).toBe(true);
  });

  it("stops every option still playing once another round would take all the runs past the budget", async () => {
    const asked = { seed: 4, phase: "battle" as const, runsPerOption: BLOCK_RUNS * 4, precision: 0.001 };
    const free = await advise(closeFight({ roundLimit: 3 }), "a", { ...asked, runBudget: Number.POSITIVE_INFINITY });
    const sims = free.options.length + 1; // the options and the baseline
    const budget = sims * BLOCK_RUNS * 2;
    const capped = await advise(closeFight({ roundLimit: 3 }), "a", { ...asked, runBudget: budget });
    expect(free.options[0]?.runs).toBe(BLOCK_RUNS * 4);
    // The best stops short of the most asked, not as clearly worse: the budget stopped it (after more than two
    // blocks when others were stopped as clearly worse before it, leaving it their share).
    expect(capped.options[0]?.clearlyWorse).toBe(false);
    expect(capped.options[0]?.runs).toBeGreaterThanOrEqual(BLOCK_RUNS * 2);
    expect(capped.options[0]?.runs).toBeLessThan(BLOCK_RUNS * 4);
    expect(capped.options.reduce((sum, o) => sum + o.runs, 0)).toBeLessThanOrEqual(budget);
    // Stopping for the budget changes no count: the best's numbers are those of its first blocks.
    const key = (o: { choice: unknown }) => JSON.stringify(o.choice);
    const best = capped.options[0];
    const same = await advise(closeFight({ roundLimit: 3 }), "a", { ...asked, runsPerOption: best?.runs ?? 0, runBudget: Number.POSITIVE_INFINITY });
    expect(same.options.find((x) => best !== undefined && key(x) === key(best))?.win).toEqual(best?.win);
  });

  it("by default plays at most six options' runs in all, so twelve options share them", async () => {
    // A flyer in mid air with two foes far off: holding, climbs and dives, and moves toward or away from either.
    const far = versus([dragon("a", { altitude: "mid" })], [knight("k"), knight("j")], {
      start: { round: 2, distances: { [pairKey("a", "k")]: "long", [pairKey("a", "j")]: "long" } },
      roundLimit: 4,
    });
    const asked = { seed: 5, phase: "movement" as const, runsPerOption: BLOCK_RUNS * 2, precision: 0.001 };
    const advice = await advise(far, "a", asked);
    expect(advice.options.length).toBeGreaterThan(7);
    // Every option and the baseline play a first block (rounds are whole, so the first always is); a second for all
    // would take them past the budget of 6 x 1,000 runs, so all stop there.
    // (Without the budget the best option, never clearly worse, would play its second block.)
    expect(advice.options.every((o) => o.runs === BLOCK_RUNS)).toBe(true);
  });

  it("refuses a combatant the encounter does not have", async () => {
    await expect(advise(closeFight(), "nobody", { seed: 1, phase: "battle" })).rejects.toBeInstanceOf(SimulationInputError);
  });
});
