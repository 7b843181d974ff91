/**
 * The odds of the whole fight from where it stands (docs/SIMULATOR.md "Forecast and advice"): `forecast` plays a
 * fight under way (`Encounter.start`) until each side's win chance is known to the asked precision, and `advise`
 * lists what one combatant may do at its step, each with the exact odds of its roll and its side's win chance if
 * it is taken: the same runs, with that combatant's first choice fixed to the option, then its own tactics.
 * Every option is played with the same seed, so the differences between options are not the dice's. Both take
 * an optional pool of workers (pool.ts); the answer is the same with or without one, and for any number of them.
 */
import { attackOdds } from "../odds-attack";
import type { AttackOdds } from "../odds-attack";
import { checkDeclaredAction } from "../procedures/declared";
import { legalMoveTargets } from "../procedures/move";
import type { MoveDeclaration, MovePhase } from "../procedures/move";
import { attackTN, damageTN } from "../skills";
import { combatant as combatantIn } from "../state";
import type { SkirmishState } from "../state";
import { checkEncounter, SimulationInputError } from "./encounter";
import type { Encounter } from "./encounter";
import { compileEncounter } from "./compile";
import type { CompiledCombatant, CompiledEncounter } from "./compile";
import { BLOCK_RUNS, blockSeed, simulationDice } from "./dice";
import { Runner, asDeclared, emptyTally } from "./play";
import type { RunContext } from "./play";
import { blockTallyOf, newJobKey, playInRounds, playOne } from "./pool";
import type { BlockJob, BlockRunner, BlockTally, PoolSimulation } from "./pool";
import { prepare, runContext, simulate, summarise, wilson } from "./simulate";
import type { Prepared, Rate, SimulateOptions, SimulationResult } from "./simulate";
import { STANDARD_TACTICS } from "./tactics";
import type { BattleChoice, TacticView, Tactics } from "./tactics";

/** How a forecast is run: its seed, the interval it aims at, and the bounds on its runs. */
export interface ForecastOptions {
  seed: number;
  /** The half-width of the 95% interval to reach on every side's win chance and the draw chance (default 0.02). */
  precision?: number;
  /** Runs before the precision is first looked at (default 400). */
  minRuns?: number;
  /** Runs at most, precise or not (default 20,000). */
  maxRuns?: number;
  /** A table's own tactics, by name, as `simulate` takes them. */
  tactics?: SimulateOptions["tactics"];
  /** Asked before each batch; true stops (the result says cancelled). */
  shouldStop?: () => boolean;
}

/** A forecast: the simulation's result, the precision it reached, and the rounds it expects still to be played. */
export interface Forecast {
  result: SimulationResult;
  /** The widest half-interval among the sides' win chances and the draw chance. */
  precision: number;
  /** Mean rounds still to be played after the round in progress (0 when every run ends in it). */
  roundsLeft: number;
}

const DEFAULT_PRECISION = 0.02;
const DEFAULT_MIN_RUNS = 400;
const DEFAULT_MAX_RUNS = 20_000;
/** Enough runs for ±2 points (95%) at any chance: the Wilson half-width at one half is 0.01997 after 2,400. */
const DEFAULT_RUNS_PER_OPTION = 2400;
/**
 * An advice plays at most this many options' full runs in all, the baseline counted (`AdviseOptions.runBudget`):
 * with options close to one another each gets a share (six and the baseline: 2,000 runs each, ±2.2 points near one
 * half; twelve and the baseline: 1,000 each, about ±3 points), so the advice for a step takes about as long however
 * many options it has (docs/SIMULATOR.md "Forecast and advice").
 */
export const ADVICE_BUDGET_OPTIONS = 6;

/** The widest half-interval of a result's win and draw chances. */
export function widest(result: SimulationResult): number {
  const half = (r: Rate) => (r.high - r.low) / 2;
  return Math.max(half(result.draws), ...result.sides.map((s) => half(s.wins)));
}

/**
 * Forecasts a fight (under way or not): plays blocks of runs (BLOCK_RUNS) until every side's win chance and the
 * draw chance are known within `precision` (95% interval) or `maxRuns` are played; the precision is looked at
 * after each block, in block order. The same options give the same forecast, on one thread or on `runners`.
 */
export async function forecast(encounter: Encounter, options: ForecastOptions, runners?: readonly BlockRunner[]): Promise<Forecast> {
  const precision = options.precision ?? DEFAULT_PRECISION;
  const minRuns = options.minRuns ?? DEFAULT_MIN_RUNS;
  const asked: SimulateOptions = {
    runs: options.maxRuns ?? DEFAULT_MAX_RUNS,
    seed: options.seed,
    ...(options.tactics ? { tactics: options.tactics } : {}),
    ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
    enough: (sofar) => sofar.runs >= minRuns && widest(sofar) <= precision,
  };
  const result =
    runners && runners.length > 0
      ? await playOne(prepare(encounter, asked).compiled, { key: newJobKey(), encounter, seed: options.seed }, asked, runners)
      : await simulate(encounter, { ...asked, progressEvery: 500 });
  const start = encounter.start?.round ?? 1;
  return { result, precision: widest(result), roundsLeft: Math.max(0, result.rounds.mean - start) };
}

/** One thing a combatant may do at its step. */
export type AdviceChoice =
  | { kind: "attack"; targetId: string; weapon: string; killerBlow: boolean; itemId: string | null }
  | { kind: "grapple"; targetId: string; itemId: string | null }
  | { kind: "breakOut" }
  | { kind: "rescue"; targetId: string }
  | { kind: "move"; move: MoveDeclaration }
  | { kind: "hold" };

/** An option with its odds and what it does to the side's chances. */
export interface Advice {
  choice: AdviceChoice;
  /** The exact odds of its roll against the target as it stands (attacks and grapples: `hit` only); null for the rest. */
  odds: Pick<AttackOdds, "hit" | "expectedDamage" | "severelyInjured" | "dead"> | null;
  /** The side's win chance when the combatant does this, with its interval. */
  win: Rate;
  draw: Rate;
  /** The runs it was played: fewer than the most asked when it stopped early (precise enough, or clearly worse). */
  runs: number;
  /** Stopped early because it was clearly worse than the best option (its interval is then the wider for it). */
  clearlyWorse: boolean;
}

/** What `advise` answers: the options, best for the side first, beside the forecast when the tactics choose. */
export interface AdviceResult {
  combatantId: string;
  side: string;
  phase: MovePhase;
  options: Advice[];
  /** The side's chances when the combatant's own tactics choose. */
  baseline: Rate;
}

/**
 * How advice is run: the phase of the step, the precision each option's win chance is played to, and the most runs
 * per option (default 2,400: ±2 points at any chance).
 */
export interface AdviseOptions {
  seed: number;
  phase: MovePhase;
  /** The most runs an option is played (default 2,400). */
  runsPerOption?: number;
  /** The half-width of the 95% interval of the side's win chance at which an option stops (default 0.02). */
  precision?: number;
  /** The most options weighed (default 12); moves past it are left out, battle actions and holding never. */
  maxOptions?: number;
  /**
   * The most runs of all the options and the baseline together (default `ADVICE_BUDGET_OPTIONS` times
   * `runsPerOption`): once the next round would pass it, every option still running stops with what it has.
   */
  runBudget?: number;
  tactics?: SimulateOptions["tactics"];
  shouldStop?: () => boolean;
}

const ADVICE_TACTIC = "\u0000advice";

const isMovePhase = (phase: MovePhase): boolean => phase !== "battle" && phase !== "end";
const isBattlePhase = (phase: MovePhase): boolean => phase !== "movement" && phase !== "end";

/** The exact odds of an attack option against its target as the state has it (wounds included). */
function liveOdds(state: SkirmishState, c: CompiledCombatant, choice: Extract<BattleChoice, { kind: "attack" }>): Advice["odds"] {
  const { decl, pools } = choice.option;
  const killerBlow = decl.killerBlow === true;
  const target = combatantIn(state, decl.targetId);
  const odds = attackOdds({
    attackPool: pools.attackPool,
    attackTN: attackTN(pools.baseAttackTN, { killerBlow }),
    defencePool: pools.defence?.pool ?? 0,
    defenceTN: pools.defence?.tn ?? 6,
    soma: combatantIn(state, c.id).soma,
    damageTN: damageTN(decl.weapon.damageTN, { killerBlow }),
    armour: target.armour,
    wounds: target.life.wounds,
    lifePoints: target.life.max,
  });
  return { hit: odds.hit, expectedDamage: odds.expectedDamage, severelyInjured: odds.severelyInjured, dead: odds.dead };
}

/** Every battle action the combatant may take now, with its choice for the run loop. */
function battleOptions(compiled: CompiledEncounter, c: CompiledCombatant): { choice: AdviceChoice; battle: BattleChoice; odds: Advice["odds"] }[] {
  const state = compiled.initial;
  const out: { choice: AdviceChoice; battle: BattleChoice; odds: Advice["odds"] }[] = [];
  const allowed = (battle: BattleChoice) => checkDeclaredAction(state, asDeclared(c, battle)).stands;
  for (const other of compiled.combatants) {
    for (const option of c.attacks[other.index] ?? []) {
      const battle: BattleChoice = { kind: "attack", option };
      if (!allowed(battle)) continue;
      const choice: AdviceChoice = {
        kind: "attack",
        targetId: other.id,
        weapon: option.decl.weapon.name,
        killerBlow: option.decl.killerBlow === true,
        itemId: option.itemId,
      };
      out.push({ choice, battle, odds: liveOdds(state, c, battle) });
    }
    const grapple = c.grapples[other.index];
    if (grapple) {
      const battle: BattleChoice = { kind: "grapple", option: grapple };
      const choice: AdviceChoice = { kind: "grapple", targetId: other.id, itemId: grapple.itemId };
      if (allowed(battle)) out.push({ choice, battle, odds: { hit: grapple.hit, expectedDamage: 0, severelyInjured: 0, dead: 0 } });
    }
    if (other.id !== c.id && state.combatants[other.id]?.falling === true) {
      const battle: BattleChoice = { kind: "rescue", targetId: other.id };
      if (allowed(battle)) out.push({ choice: { kind: "rescue", targetId: other.id }, battle, odds: null });
    }
  }
  const breakOut: BattleChoice = { kind: "breakOut" };
  if (allowed(breakOut)) out.push({ choice: { kind: "breakOut" }, battle: breakOut, odds: null });
  return out;
}

/** Every single move (one altitude band, or one distance band to an enemy) the combatant may make now. */
function moveOptions(compiled: CompiledEncounter, c: CompiledCombatant, phase: MovePhase): MoveDeclaration[] {
  const state = compiled.initial;
  const moves: MoveDeclaration[] = [];
  for (const kind of ["standard", "full"] as const) {
    const targets = legalMoveTargets(state, c.id, kind, phase);
    for (const altitude of targets.altitudes) moves.push({ id: c.id, kind, altitude });
    for (const other of compiled.combatants) {
      if (other.side === c.side) continue;
      for (const distance of targets.distances[other.id] ?? []) moves.push({ id: c.id, kind, reference: other.id, distance });
    }
  }
  return moves;
}

/**
 * Tactics that make one choice first in every run (the first time they are asked in that phase kind), then
 * play as `base` does. A run is told apart by its state object: each run plays its own working copy.
 */
function fixedFirst(base: Tactics, first: { battle?: BattleChoice; move?: MoveDeclaration; hold?: boolean }): Tactics {
  /** True the first time it is asked in a run, false after (a run is told apart by its own state object). */
  const once = (): ((view: TacticView) => boolean) => {
    let run: SkirmishState | null = null;
    return (view) => {
      if (view.state === run) return false;
      run = view.state;
      return true;
    };
  };
  const firstMove = once();
  const firstAction = once();
  const holdMove = first.hold === true || first.battle !== undefined;
  const holdAction = first.hold === true || first.move !== undefined;
  return {
    letGo: (view) => base.letGo(view),
    moves: (view) => {
      if (first.move === undefined && !holdMove) return base.moves(view);
      if (!firstMove(view)) return base.moves(view);
      return first.move ? [first.move] : [];
    },
    actions: (view) => {
      if (first.battle === undefined && !holdAction) return base.actions(view);
      if (!firstAction(view)) return base.actions(view);
      return first.battle ? [first.battle] : [];
    },
  };
}

/** The encounter with one combatant playing `tactics` under the advice's own name. */
function withTactics(encounter: Encounter, id: string): Encounter {
  return {
    ...encounter,
    sides: encounter.sides.map((side) => ({
      ...side,
      combatants: side.combatants.map((c) => (c.state.id === id ? { ...c, tactics: ADVICE_TACTIC } : c)),
    })),
  };
}

/** What fixes an option's first choice (`fixedFirst`). */
type FirstChoice = Parameters<typeof fixedFirst>[1];

/** One combatant's options at its step, in the order `advise` weighs them, with the tactics each is played by. */
interface AdvicePlan {
  compiled: CompiledEncounter;
  c: CompiledCombatant;
  base: Tactics;
  entries: { choice: AdviceChoice; odds: Advice["odds"]; first: FirstChoice }[];
}

/** The options `advise` weighs (holding first, then battle actions, then moves up to `maxOptions` in all). */
function advicePlan(encounter: Encounter, combatantId: string, options: Pick<AdviseOptions, "phase" | "maxOptions" | "tactics">): AdvicePlan {
  const tacticsByName = { ...STANDARD_TACTICS, ...options.tactics };
  const problem = checkEncounter(encounter, new Set(Object.keys(tacticsByName)));
  if (problem) throw new SimulationInputError(problem);
  const compiled = compileEncounter(encounter);
  const c = compiled.byId.get(combatantId);
  if (c === undefined) throw new SimulationInputError({ key: "AOD.Simulator.Error.BadStart", data: { field: "combatantId", value: combatantId } });
  const base = tacticsByName[c.tactics] ?? (STANDARD_TACTICS.standard as Tactics);
  const entries: AdvicePlan["entries"] = [{ choice: { kind: "hold" }, odds: null, first: { hold: true } }];
  const max = Math.max(1, options.maxOptions ?? 12);
  if (isBattlePhase(options.phase)) {
    for (const o of battleOptions(compiled, c)) entries.push({ choice: o.choice, odds: o.odds, first: { battle: o.battle } });
  }
  if (isMovePhase(options.phase)) {
    for (const move of moveOptions(compiled, c, options.phase)) {
      if (entries.length >= max) break;
      entries.push({ choice: { kind: "move", move }, odds: null, first: { move } });
    }
  }
  return { compiled, c, base, entries };
}

/** The encounter and tactics that play advice option `option` (-1: the combatant's own tactics). */
function adviceGame(encounter: Encounter, plan: AdvicePlan, option: number, tactics: SimulateOptions["tactics"]): { encounter: Encounter; tactics: Readonly<Record<string, Tactics>> } {
  const entry = plan.entries[option];
  const played = entry === undefined ? plan.base : fixedFirst(plan.base, entry.first);
  return { encounter: withTactics(encounter, plan.c.id), tactics: { ...tactics, [ADVICE_TACTIC]: played } };
}

/**
 * A worker in this thread (pool.ts `BlockRunner`): plays any job's blocks with the standard tactics and
 * `tactics`, keeping the last few jobs compiled. The Web Workers and the command line's worker threads are this.
 */
export function localBlockRunner(tactics?: SimulateOptions["tactics"]): BlockRunner {
  const players = new Map<string, { prepared: Prepared; ctx: RunContext; runner: Runner }>();
  const playerOf = (job: BlockJob) => {
    let fight: { encounter: Encounter; tactics: SimulateOptions["tactics"] } = { encounter: job.encounter, tactics };
    if (job.advice) {
      const plan = advicePlan(job.encounter, job.advice.combatantId, { ...job.advice, ...(tactics ? { tactics } : {}) });
      fight = adviceGame(job.encounter, plan, job.advice.option, tactics);
    }
    const prepared = prepare(fight.encounter, { seed: job.seed, ...(fight.tactics ? { tactics: fight.tactics } : {}) });
    const ctx = runContext(prepared);
    return { prepared, ctx, runner: new Runner(ctx) };
  };
  return {
    async play(job: BlockJob, block: number, runs: number): Promise<BlockTally> {
      let player = players.get(job.key);
      if (!player) {
        player = playerOf(job);
        if (players.size >= 32) players.clear();
        players.set(job.key, player);
      }
      player.ctx.tally = emptyTally(player.prepared.compiled);
      player.ctx.dice = simulationDice(blockSeed(job.seed, block));
      for (let i = 0; i < runs; i += 1) await player.runner.play();
      return blockTallyOf(player.ctx.tally);
    },
  };
}

/** The half-width of a rate's interval. */
const halfWidth = (r: Rate): number => (r.high - r.low) / 2;

/**
 * The options of one combatant at its step (the start of a fight under way), each with the exact odds of its roll
 * and its side's chances when it is taken, best for the side first. In a movement phase: holding and each single
 * move; in a battle phase: holding and each battle action the rules allow now; a speed phase has both.
 *
 * Successive elimination (docs/SIMULATOR.md "Forecast and advice"): the options and the combatant's own tactics
 * play side by side in rounds of one block each (`playInRounds`). After each round, in option order, an option
 * stops once its side's win interval is within `precision`, or once it is clearly worse than the best: the upper
 * end of its interval below the highest lower end among all the options (so the option with that lower end, and
 * with it the one of the highest win chance, never stops that way); the others play on, up to `runsPerOption`,
 * and all stop together once another round would take the runs of all of them past `runBudget`, so an advice of
 * many close options takes about as long as one of few. The stops are decided only on whole rounds, so the answer
 * is the same on one thread and on any number of `runners`.
 */
export async function advise(encounter: Encounter, combatantId: string, options: AdviseOptions, runners?: readonly BlockRunner[]): Promise<AdviceResult> {
  const plan = advicePlan(encounter, combatantId, options);
  const { c, compiled } = plan;
  const runs = options.runsPerOption ?? DEFAULT_RUNS_PER_OPTION;
  const precision = options.precision ?? DEFAULT_PRECISION;
  const side = compiled.sides[c.side] ?? "";
  const sideWins = (result: SimulationResult): Rate => result.sides[c.side]?.wins ?? { count: 0, rate: 0, low: 0, high: 1 };
  const order = plan.entries.map((_, k) => k).concat([-1]);
  const key = newJobKey();
  const sims: PoolSimulation[] = order.map((option) => ({
    job: {
      key: `${key}:${option}`,
      encounter,
      seed: options.seed,
      advice: { combatantId, phase: options.phase, option, ...(options.maxOptions === undefined ? {} : { maxOptions: options.maxOptions }) },
    },
    runs,
    tally: emptyTally(compiled),
  }));
  const budget = options.runBudget ?? ADVICE_BUDGET_OPTIONS * runs;
  const worse = sims.map(() => false);
  const decide = (_round: number, done: readonly number[], running: readonly number[]): number[] => {
    const wins = sims.map((sim, i) => wilson(sim.tally.wins[c.side] ?? 0, done[i] ?? 0));
    const bestLow = Math.max(...wins.map((w) => w.low));
    const stopping = running.filter((i) => {
      const w = wins[i] as Rate;
      if (halfWidth(w) <= precision) return true;
      if (w.high < bestLow) worse[i] = true;
      return worse[i];
    });
    // The budget: when the next round of those playing on would pass it, they all stop here.
    let played = 0;
    for (const d of done) played += d;
    let next = 0;
    for (const i of running) if (!stopping.includes(i)) next += Math.min(BLOCK_RUNS, runs - (done[i] ?? 0));
    return played + next > budget ? [...running] : stopping;
  };
  const pool = runners && runners.length > 0 ? runners : [localBlockRunner(options.tactics)];
  const outcomes = await playInRounds(sims, pool, decide, options.shouldStop);
  const results = sims.map((sim, i) => {
    const outcome = outcomes[i] ?? { runs: 0, cancelled: true };
    return summarise(compiled, sim.tally, outcome.runs, options.seed, outcome.cancelled);
  });
  const weighed: Advice[] = plan.entries.map((entry, k) => {
    const result = results[k] as SimulationResult;
    return { choice: entry.choice, odds: entry.odds, win: sideWins(result), draw: result.draws, runs: result.runs, clearlyWorse: worse[k] === true };
  });
  const baseline = sideWins(results[results.length - 1] as SimulationResult);
  weighed.sort((a, b) => b.win.rate - a.win.rate);
  return { combatantId, side, phase: options.phase, options: weighed, baseline };
}
