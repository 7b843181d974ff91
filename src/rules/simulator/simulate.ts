/**
 * `simulate(encounter, { runs, seed })`: plays an encounter many times (play.ts) and summarises how it goes:
 * win rate per side with a 95% interval, how many rounds it lasts, each combatant's chance to end dead or
 * severely injured, how much damage each deals and how often its attacks hit. The runs are played in blocks of
 * BLOCK_RUNS, each from its own seed derived from the simulation's (`blockSeed`), and counted in block order, so
 * the same seed gives the same numbers wherever and on however many workers it runs (CLI, Web Workers, tests;
 * pool.ts shares the blocks out).
 */
import { checkEncounter, checkOptions, SimulationInputError } from "./encounter";
import type { Encounter, SimulationOptions } from "./encounter";
import { compileEncounter } from "./compile";
import { BLOCK_RUNS, blockSeed, simulationDice } from "./dice";
import { Runner, emptyTally } from "./play";
import type { Ending, RunContext, Tally } from "./play";
import type { CompiledEncounter } from "./compile";
import { STANDARD_TACTICS } from "./tactics";
import type { Tactics } from "./tactics";

/** A rate with its 95% Wilson score interval. */
export interface Rate {
  count: number;
  rate: number;
  low: number;
  high: number;
}

/** One side's result. */
export interface SideResult {
  name: string;
  wins: Rate;
}

/** One combatant's result. */
export interface CombatantResult {
  id: string;
  name: string;
  side: string;
  dead: Rate;
  /** Ended severely injured but alive. */
  severelyInjured: Rate;
  /** Mean wounds it dealt with its attacks per run. */
  damageDealt: number;
  /** Mean attacks it made per run. */
  attacks: number;
  /** Share of its attacks that hit, with the interval (count = hits); null when it never attacked. */
  hitRate: Rate | null;
}

/** What `simulate` answers. */
export interface SimulationResult {
  /** Runs actually played (fewer than asked when cancelled). */
  runs: number;
  seed: number;
  mode: string;
  roundLimit: number;
  cancelled: boolean;
  sides: SideResult[];
  draws: Rate;
  endings: Record<Ending, number>;
  rounds: { mean: number; median: number; p90: number; histogram: number[] };
  combatants: CombatantResult[];
}

/** Options beyond runs and seed: extra tactics, progress reports (which may pause the loop) and cancelling. */
export interface SimulateOptions extends SimulationOptions {
  tactics?: Readonly<Record<string, Tactics>>;
  /** Called every `progressEvery` runs and at the end; a returned Promise is awaited (a worker yields there). */
  onProgress?: (done: number, total: number) => void | Promise<void>;
  progressEvery?: number;
  /** Asked before each batch; true stops the simulation and returns what was played so far. */
  shouldStop?: () => boolean;
  /**
   * Asked after each whole block (BLOCK_RUNS runs) with the result so far; true ends the simulation there, not as
   * cancelled (a forecast stops once its intervals are narrow enough). Asked only at block ends and in block
   * order, so the same seed stops at the same run however the blocks were shared out.
   */
  enough?: (sofar: SimulationResult) => boolean;
}

const Z95 = 1.959963984540054;

/** The 95% Wilson score interval of `count` successes in `n` trials. */
export function wilson(count: number, n: number): Rate {
  if (n <= 0) return { count, rate: 0, low: 0, high: 1 };
  const p = count / n;
  const z2 = Z95 * Z95;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { count, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The smallest round count at which at least `share` of the runs had ended. */
function quantile(histogram: Float64Array, runs: number, share: number): number {
  let seen = 0;
  for (let r = 0; r < histogram.length; r += 1) {
    seen += histogram[r] ?? 0;
    if (seen >= share * runs) return r;
  }
  return histogram.length - 1;
}

/** The result of `runs` runs counted in `t`. */
export function summarise(encounter: CompiledEncounter, t: Tally, runs: number, seed: number, cancelled: boolean): SimulationResult {
  let totalRounds = 0;
  t.rounds.forEach((count, r) => (totalRounds += count * r));
  return {
    runs,
    seed,
    mode: encounter.mode,
    roundLimit: encounter.roundLimit,
    cancelled,
    sides: encounter.sides.map((name, s) => ({ name, wins: wilson(t.wins[s] ?? 0, runs) })),
    draws: wilson(t.draws, runs),
    endings: { ...t.endings },
    rounds: {
      mean: runs > 0 ? totalRounds / runs : 0,
      median: runs > 0 ? quantile(t.rounds, runs, 0.5) : 0,
      p90: runs > 0 ? quantile(t.rounds, runs, 0.9) : 0,
      histogram: Array.from(t.rounds),
    },
    combatants: encounter.combatants.map((c) => {
      const attacks = t.attacks[c.index] ?? 0;
      return {
        id: c.id,
        name: c.name,
        side: encounter.sides[c.side] ?? "",
        dead: wilson(t.dead[c.index] ?? 0, runs),
        severelyInjured: wilson(t.severe[c.index] ?? 0, runs),
        damageDealt: runs > 0 ? (t.damage[c.index] ?? 0) / runs : 0,
        attacks: runs > 0 ? attacks / runs : 0,
        hitRate: attacks > 0 ? wilson(t.hits[c.index] ?? 0, attacks) : null,
      };
    }),
  };
}

/** An encounter checked and compiled, with the tactics it plays by name. */
export interface Prepared {
  compiled: CompiledEncounter;
  tactics: Readonly<Record<string, Tactics>>;
}

/** Checks the encounter (and the options when given) and compiles it; bad input throws a SimulationInputError. */
export function prepare(encounter: Encounter, options: { runs?: number; seed: number; tactics?: SimulateOptions["tactics"] }): Prepared {
  if (options.runs !== undefined) {
    const optionProblem = checkOptions({ runs: options.runs, seed: options.seed });
    if (optionProblem) throw new SimulationInputError(optionProblem);
  }
  const tactics: Readonly<Record<string, Tactics>> = { ...STANDARD_TACTICS, ...options.tactics };
  const encounterProblem = checkEncounter(encounter, new Set(Object.keys(tactics)));
  if (encounterProblem) throw new SimulationInputError(encounterProblem);
  return { compiled: compileEncounter(encounter), tactics };
}

/** A run loop over a prepared encounter, counting into `tally`; its dice are set per block (`blockSeed`). */
export function runContext(prepared: Prepared, tally: Tally = emptyTally(prepared.compiled)): RunContext {
  const { compiled, tactics } = prepared;
  return {
    encounter: compiled,
    tactics,
    memory: { grappler: new Uint8Array(compiled.combatants.length) },
    tally,
    dice: simulationDice(0),
  };
}

/**
 * Plays the encounter `runs` times from one seed and summarises the results (README "Simulator").
 * Bad input throws a SimulationInputError whose `problem` holds an en.json key (encounter.ts).
 */
export async function simulate(encounter: Encounter, options: SimulateOptions): Promise<SimulationResult> {
  const prepared = prepare(encounter, options);
  const ctx = runContext(prepared);
  const runner = new Runner(ctx);
  const every = Math.max(1, Math.floor(options.progressEvery ?? 5000));
  let done = 0;
  let cancelled = false;
  while (done < options.runs) {
    if (options.shouldStop?.()) {
      cancelled = true;
      break;
    }
    // Each block starts its own dice stream; a batch never crosses a block's end.
    if (done % BLOCK_RUNS === 0) ctx.dice = simulationDice(blockSeed(options.seed, done / BLOCK_RUNS));
    const blockEnd = Math.min(options.runs, done - (done % BLOCK_RUNS) + BLOCK_RUNS);
    const batch = Math.min(every, blockEnd - done);
    for (let i = 0; i < batch; i += 1) await runner.play();
    done += batch;
    if (options.onProgress) await options.onProgress(done, options.runs);
    if (options.enough && done < options.runs && done % BLOCK_RUNS === 0) {
      if (options.enough(summarise(prepared.compiled, ctx.tally, done, options.seed, false))) break;
    }
  }
  return summarise(prepared.compiled, ctx.tally, done, options.seed, cancelled);
}
