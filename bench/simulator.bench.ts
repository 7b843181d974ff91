// Encounter simulator throughput (README "Benchmarks"): one iteration plays RUNS whole skirmishes, so runs per
// second = iterations per second x RUNS. The matchups come from the bestiary pack sources, as the CLI plays them.
import { bench, describe } from "vitest";
import { advise, forecast, simulate } from "../src/rules";
import type { Encounter } from "../src/rules";
import { matchup } from "./matchups";

const RUNS = 1000;

const oneOnOne = matchup(["Sable Dragon"], ["Knight"]);
const duel = matchup(["Sable Dragon"], ["Storm Wyrm"]);
const threeOnThree = matchup(["Sable Dragon", "Argent Dragon", "Hunter Dragon"], ["Storm Wyrm", "Knight", "Longbowman"]);
/** A few whole simulations per case: each is already a thousand runs, so the figure settles quickly. */
const OPTIONS = { time: 0, iterations: 6, warmupIterations: 1 };
let seed = 1;
let sink = 0;

describe(`simulate, ${RUNS} runs per iteration`, () => {
  bench("1v1 Sable Dragon vs Knight", async () => {
    sink += (await simulate(oneOnOne, { runs: RUNS, seed: seed++ })).rounds.mean;
  }, OPTIONS);
  bench("1v1 Sable Dragon vs Storm Wyrm (a long duel)", async () => {
    sink += (await simulate(duel, { runs: RUNS, seed: seed++ })).rounds.mean;
  }, OPTIONS);
  bench("3v3 Sable, Argent, Hunter vs Storm Wyrm, Knight, Longbowman", async () => {
    sink += (await simulate(threeOnThree, { runs: RUNS, seed: seed++ })).rounds.mean;
  }, OPTIONS);
});

/**
 * The 3v3 fight at round 3, everyone two wounds down, the Sable grappling the Knight: the live forecast (±2 points)
 * and the advice for the Sable's battle step (the targets: under 1 s and under 3 s on one core, docs/SIMULATOR.md).
 */
const midFight: Encounter = (() => {
  const sides = threeOnThree.sides.map((side) => ({
    ...side,
    combatants: side.combatants.map((c) => ({ ...c, state: { ...c.state, life: { ...c.state.life, wounds: 2 } } })),
  }));
  const ids = sides.flatMap((side) => side.combatants.map((c) => c.state.id));
  const [sable = "", , , , knight = ""] = ids;
  const grapple = sable < knight ? `${sable}|${knight}` : `${knight}|${sable}`;
  return { ...threeOnThree, sides, start: { round: 3, distances: { [grapple]: "zero" }, grapples: [grapple] } };
})();
const ONCE = { time: 0, iterations: 3, warmupIterations: 1 };

describe("the live forecast and the advice, from round 3 of the 3v3", () => {
  bench("forecast to ±2 points (95%)", async () => {
    sink += (await forecast(midFight, { seed: seed++ })).result.runs;
  }, ONCE);
  bench("advice for the Sable's battle step (2,400 runs per option)", async () => {
    const sable = midFight.sides[0]?.combatants[0]?.state.id ?? "";
    sink += (await advise(midFight, sable, { seed: seed++, phase: "battle" })).options.length;
  }, ONCE);
});

export { sink };
