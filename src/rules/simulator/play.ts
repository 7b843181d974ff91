/**
 * One simulated skirmish, played round by round with the engine's own procedures: the Pneuma order
 * (`pneumaOrder`) or the side d10 (`sideInitiative`, combat events), the round plan (`planRound`, walked with
 * `startCursor`/`current`/`advance` walk them), moves (`resolveMove`), battle actions (`performAttack`, `performGrapple`,
 * `performBreakOut`, `performRescue`, `setDown`), declared actions checked again as they resolve
 * (`checkDeclaredAction`) and the End Phase (`resolveEndPhase`). Nothing here decides a rule: the tactics choose,
 * the engine rules, and this loop only applies what the engine returns and counts what happened.
 */
import { resolveCombatEvent } from "../combat-events";
import type { CombatEventChange, EventSnapshot } from "../combat-events";
import { woundState } from "../health";
import { pneumaOrderCounted, pneumaRoster, sideInitiative } from "../initiative";
import type { PneumaRoster } from "../initiative";
import { performCountedAttack } from "../procedures/attack";
import { performCountedBreakOut, performCountedGrapple } from "../procedures/grapple";
import { checkDeclaredAction } from "../procedures/declared";
import type { DeclaredAction } from "../procedures/declared";
import { resolveEndPhaseSync } from "../procedures/end-phase";
import { resolveMove, resolveParsedMove } from "../procedures/move";
import type { MovePhase } from "../procedures/move";
import { performRescueSync, setDown } from "../procedures/rescue";
import { resolveSimultaneous } from "../procedures/simultaneous";
import type { SimultaneousAction } from "../procedures/simultaneous";
import { BATTLE_LOG } from "../reasons";
import { SPEED_CATEGORIES } from "../speed";
import { planRound } from "../round-plan";
import type { PlanCombatant, RoundInput, RoundStep } from "../round-plan";
import { allDisengaged, applyChangesInPlace, carrierOf, isPinned, resetWorkingCopy, workingCopy } from "../state";
import type { CombatantState, SkirmishState, StateChange } from "../state";
import type { CompiledCombatant, CompiledEncounter } from "./compile";
import type { SimulationDice } from "./dice";
import { STANDARD_TACTICS, inTheFight } from "./tactics";
import type { BattleChoice, RunMemory, TacticView, Tactics } from "./tactics";

/** A declared action kept from its declaration to its resolution, with the choice it came from. */
interface Declared {
  declared: DeclaredAction;
  choice: BattleChoice | null;
}

const isSpeed = (phase: string): boolean => (SPEED_CATEGORIES as readonly string[]).includes(phase);

/** How a run ended. */
export type Ending = "sideOut" | "disengaged" | "roundLimit";

/** The counters every run adds to; typed arrays indexed by combatant, so a million runs allocate nothing here. */
export interface Tally {
  wins: Float64Array;
  draws: number;
  endings: Record<Ending, number>;
  /** Index = rounds played. */
  rounds: Float64Array;
  dead: Float64Array;
  severe: Float64Array;
  damage: Float64Array;
  attacks: Float64Array;
  hits: Float64Array;
}

/** Empty counters for a compiled encounter. */
export function emptyTally(encounter: CompiledEncounter): Tally {
  const n = encounter.combatants.length;
  return {
    wins: new Float64Array(encounter.sides.length),
    draws: 0,
    endings: { sideOut: 0, disengaged: 0, roundLimit: 0 },
    rounds: new Float64Array(encounter.roundLimit + 1),
    dead: new Float64Array(n),
    severe: new Float64Array(n),
    damage: new Float64Array(n),
    attacks: new Float64Array(n),
    hits: new Float64Array(n),
  };
}

/** What one run needs besides the dice: the encounter, the tactics by name, scratch memory and the counters. */
export interface RunContext {
  encounter: CompiledEncounter;
  tactics: Readonly<Record<string, Tactics>>;
  memory: RunMemory;
  tally: Tally;
  dice: SimulationDice;
}

/** Sides with anyone still in the fight: the winner's index, -1 when nobody is, -2 while two or more are. */
function standing(encounter: CompiledEncounter, states: readonly CombatantState[]): number {
  let found = -1;
  for (let s = 0; s < encounter.members.length; s += 1) {
    const members = encounter.members[s] ?? [];
    for (const index of members) {
      if (inTheFight(states[index] as CombatantState)) {
        if (found >= 0) return -2;
        found = s;
        break;
      }
    }
  }
  return found;
}

function eventSnapshot(state: SkirmishState): EventSnapshot {
  const combatants = Object.values(state.combatants)
    .filter((c) => woundState(c.life.wounds, c.life.max) !== "dead")
    .map((c) => ({
      id: c.id,
      altitude: c.altitude,
      canFly: c.canFly,
      armour: [],
      pinned: isPinned(state, c.id),
      carrying: state.carrying[c.id] !== undefined,
      carried: carrierOf(state, c.id) !== undefined,
    }));
  return { combatants };
}

const onState = (change: CombatEventChange): change is Extract<CombatEventChange, StateChange> =>
  change.type !== "armourDamage";

/** The simulator's own tactics, whose proposals need no parsing (see `move`). */
const OWN_TACTICS: ReadonlySet<Tactics> = new Set(Object.values(STANDARD_TACTICS));

/** The simulator reads no log outside secret declaration (where `resolveSimultaneous` reports through it). */
const QUIET = Object.freeze({ log: false });
/** The End Phase without a log, each combatant's round reset as one change. */
const QUIET_END = Object.freeze({ log: false, compactResets: true });

/**
 * Health as a small number, to see whether a round plan still fits: 0 fit, 1 severely injured, 2 dead (as
 * `woundState` says, without its checks of the numbers: the engine keeps a run's wounds whole and non-negative).
 */
const healthCode = (s: CombatantState): number => (s.life.wounds > s.life.max ? 2 : s.life.wounds * 2 > s.life.max ? 1 : 0);

/** A round's steps from `planRound`, with each step's combatants as compiled and whether it is a speed phase. */
interface RoundPlan {
  steps: readonly RoundStep[];
  actors: readonly (readonly CompiledCombatant[])[];
  speed: readonly boolean[];
}

/** At most this many round plans are kept per simulation (then the store starts again), so memory stays flat. */
const PLANS_KEPT = 4096;

/**
 * Plays runs of one compiled encounter, one after another. Made once per simulation, so the methods and scratch
 * space are shared by every run; each run starts from its own working copy of the encounter's starting state and
 * applies the engine's changes to it in place (`applyChangesInPlace`).
 */
export class Runner {
  private state: SkirmishState;
  /** The working copy every run plays on (made by the first run, set back to the start by each later one). */
  private work: SkirmishState | null = null;
  /** One view, refreshed before each question: tactics answer synchronously and keep no reference. */
  private readonly seen: TacticView;
  /** The health of each combatant when the current round plan was made (`healthCode`), and that plan. */
  private readonly planHealth: Uint8Array;
  private currentPlan: RoundPlan | null = null;
  /** This run's combatant states by index (`TacticView.states`). */
  private states: readonly CombatantState[] = [];
  /** This run's Pneuma order as part of a plan's key (made once a run). */
  private orderKey = "";
  private lastOrder: readonly string[] | undefined = undefined;
  /** The roster of the Pneuma order, checked once: each run rolls its own order (a run is a combat of its own). */
  private readonly pneuma: PneumaRoster;
  private readonly declared = new Map<string, Declared>();
  /**
   * Round plans made so far in this simulation, by what they depend on (see `roundSteps`): by the Pneuma order or
   * the side d10's, then by everyone's health; `planCount` of them in all.
   */
  private readonly plans = new Map<string, Map<number | string, RoundPlan>>();
  private planCount = 0;
  /** The plans of this run's Pneuma order (null until its first round looks them up). */
  private orderPlans: Map<number | string, RoundPlan> | null = null;

  constructor(private readonly ctx: RunContext) {
    this.state = ctx.encounter.initial;
    this.seen = {
      state: this.state,
      self: ctx.encounter.combatants[0] as CompiledCombatant,
      encounter: ctx.encounter,
      memory: ctx.memory,
      phase: "movement",
      // Present from the start (filled by the first run), so the view keeps one shape for V8's optimised code.
      states: [],
    };
    this.planHealth = new Uint8Array(ctx.encounter.combatants.length);
    this.pneuma = pneumaRoster(ctx.encounter.combatants.map((c) => ({ id: c.id, pneuma: c.source.state.pneuma })));
  }

  private view(c: CompiledCombatant, phase: MovePhase): TacticView {
    const seen = this.seen;
    seen.state = this.state;
    seen.self = c;
    seen.phase = phase;
    return seen;
  }

  private tacticsOf(c: CompiledCombatant): Tactics {
    return this.ctx.tactics[c.tactics] as Tactics;
  }

  private byId(id: string): CompiledCombatant {
    return this.ctx.encounter.byId.get(id) as CompiledCombatant;
  }

  /** Forgets "started this grapple" for everyone no longer in one. */
  private forgetGrapples(): void {
    const { memory, encounter } = this.ctx;
    for (const c of encounter.combatants) {
      if (memory.grappler[c.index] === 1 && !isPinned(this.state, c.id)) memory.grappler[c.index] = 0;
    }
  }

  private letGo(c: CompiledCombatant, phase: MovePhase): void {
    if (!this.tacticsOf(c).letGo(this.view(c, phase))) return;
    const ruling = setDown(this.state, c.id);
    if (ruling.allowed) applyChangesInPlace(this.state, ruling.changes);
  }

  /** Carries out a battle action; false when the engine refuses it (nothing happened). */
  private perform(c: CompiledCombatant, choice: BattleChoice): boolean {
    const { state } = this;
    const { dice, tally, memory } = this.ctx;
    switch (choice.kind) {
      case "attack": {
        const r = performCountedAttack(state, choice.option.decl, choice.option.pools, dice);
        if (!r.allowed) return false;
        applyChangesInPlace(state, r.changes);
        tally.attacks[c.index] = (tally.attacks[c.index] ?? 0) + 1;
        if (r.contest.hit) tally.hits[c.index] = (tally.hits[c.index] ?? 0) + 1;
        tally.damage[c.index] = (tally.damage[c.index] ?? 0) + r.damage;
        return true;
      }
      case "grapple": {
        const r = performCountedGrapple(state, choice.option.decl, choice.option.pools, dice);
        if (!r.allowed) return false;
        applyChangesInPlace(state, r.changes);
        if (r.contest.hit) memory.grappler[c.index] = 1;
        return true;
      }
      case "breakOut": {
        const r = performCountedBreakOut(state, c.breakOutDeclaration, c.breakOutPools, dice);
        if (!r.allowed) return false;
        applyChangesInPlace(state, r.changes);
        this.forgetGrapples();
        return true;
      }
      case "rescue": {
        const r = performRescueSync(state, { rescuerId: c.id, targetId: choice.targetId }, c.rescuePool, dice);
        if (!r.allowed) return false;
        applyChangesInPlace(state, r.changes);
        return true;
      }
    }
  }

  private move(c: CompiledCombatant, phase: MovePhase): void {
    this.letGo(c, phase);
    const tactics = this.tacticsOf(c);
    // The standard tactics' moves are well formed by construction; a table's own are parsed as any input is.
    const own = OWN_TACTICS.has(tactics);
    for (const declared of tactics.moves(this.view(c, phase))) {
      const ruling = own ? resolveParsedMove(this.state, declared, phase, QUIET) : resolveMove(this.state, declared, phase);
      if (!ruling.allowed) continue;
      applyChangesInPlace(this.state, ruling.changes);
      return;
    }
  }

  private act(c: CompiledCombatant, phase: MovePhase): void {
    this.letGo(c, phase);
    for (const choice of this.tacticsOf(c).actions(this.view(c, phase))) if (this.perform(c, choice)) return;
  }

  /** 000 declaration modes: the first proposal that stands now is declared. */
  private declare(c: CompiledCombatant, phase: MovePhase): Declared | null {
    if (phase === "movement") {
      for (const m of this.tacticsOf(c).moves(this.view(c, phase))) {
        const declared: DeclaredAction = { action: "move", move: m, phase };
        if (checkDeclaredAction(this.state, declared).stands) return { declared, choice: null };
      }
      return null;
    }
    for (const choice of this.tacticsOf(c).actions(this.view(c, phase))) {
      const declared = asDeclared(c, choice);
      if (checkDeclaredAction(this.state, declared).stands) return { declared, choice };
    }
    return null;
  }

  /** A declared action checked again as it resolves: lost when it no longer stands, else carried out. */
  private resolveDeclared(c: CompiledCombatant, d: Declared): void {
    const ruling = checkDeclaredAction(this.state, d.declared);
    if (!ruling.stands) applyChangesInPlace(this.state, ruling.changes);
    else if (d.declared.action === "move") {
      const moved = resolveMove(this.state, d.declared.move, d.declared.phase);
      if (moved.allowed) applyChangesInPlace(this.state, moved.changes);
    } else if (d.choice) this.perform(c, d.choice);
  }

  /**
   * 000 "Secret Declaration": a group of equal Pneuma resolves at once (`resolveSimultaneous`); an attack's hit and
   * damage are read back from the log it wrote, since the merged outcome keeps only changes and log.
   */
  private async resolveTogether(ids: readonly string[], phase: MovePhase): Promise<void> {
    const { tally, memory, dice, encounter } = this.ctx;
    const group: SimultaneousAction[] = [];
    const actors: CompiledCombatant[] = [];
    for (const id of ids) {
      const c = this.byId(id);
      this.letGo(c, phase);
      const d = this.declared.get(id);
      this.declared.delete(id);
      if (!d) continue;
      group.push(simultaneous(c, d, encounter));
      actors.push(c);
    }
    if (group.length === 0) return;
    const outcome = await resolveSimultaneous(this.state, group, dice);
    applyChangesInPlace(this.state, outcome.changes);
    outcome.results.forEach((result, i) => {
      const c = actors[i] as CompiledCombatant;
      const action = group[i] as SimultaneousAction;
      if (!result.stands) return;
      if (action.action === "grapple" && result.outcome.log.some((l) => l.key === BATTLE_LOG.GrappleHit)) memory.grappler[c.index] = 1;
      if (action.action !== "attack") return;
      tally.attacks[c.index] = (tally.attacks[c.index] ?? 0) + 1;
      if (result.outcome.log.some((l) => l.key === BATTLE_LOG.AttackHit)) tally.hits[c.index] = (tally.hits[c.index] ?? 0) + 1;
      const dealt = result.outcome.log.find((l) => l.key === BATTLE_LOG.Damage)?.data?.damage;
      tally.damage[c.index] = (tally.damage[c.index] ?? 0) + (typeof dealt === "number" ? dealt : 0);
    });
    this.forgetGrapples();
  }

  /**
   * This round's steps from `planRound`. The plan of a round depends only on the mode, the Pneuma order of the
   * run, the side d10's order and phase shifts, and who is dead or severely injured (the simulator has no
   * surprise, the only thing that reads the round number), so a plan made once is played again whenever those
   * are the same: within a run while nobody's health changes, and across runs through `plans`.
   */
  private roundSteps(round: number, order: readonly string[] | undefined, sides: RoundInput["sides"]): RoundPlan {
    const { encounter } = this.ctx;
    let same = this.currentPlan !== null && sides === undefined;
    // Everyone's health as one number in base 3 (exact up to 33 combatants; their string beyond).
    let health = 0;
    for (const c of encounter.combatants) {
      const s = this.states[c.index] as CombatantState;
      const code = healthCode(s);
      if (this.planHealth[c.index] !== code) same = false;
      this.planHealth[c.index] = code;
      health = health * 3 + code;
    }
    if (same && this.currentPlan) return this.currentPlan;
    const healthKey: number | string = this.planHealth.length <= 33 ? health : this.planHealth.join("");
    // The plans of this run's Pneuma order (found once a run) or of this round's side d10, then by health.
    let group = sides ? null : this.orderPlans;
    let groupKey = order ? this.orderKey : "";
    if (group === null) {
      if (sides) groupKey += `|${sides.order.join("|")}|${encounter.sides.map((side) => sides.phaseShift?.[side] ?? 0).join("|")}`;
      group = this.plans.get(groupKey) ?? null;
      if (group === null) {
        group = new Map<number | string, RoundPlan>();
        this.plans.set(groupKey, group);
      }
      if (!sides) this.orderPlans = group;
    }
    const known = group.get(healthKey);
    if (known) {
      this.currentPlan = known;
      return known;
    }
    const combatants: PlanCombatant[] = encounter.combatants.map((c) => {
      const s = this.state.combatants[c.id] as CombatantState;
      const health = woundState(s.life.wounds, s.life.max);
      return {
        id: c.id,
        pneuma: s.pneuma,
        side: s.side,
        speed: c.source.speed ?? "average",
        dead: health === "dead",
        severelyInjured: health === "severelyInjured",
      };
    });
    const input: RoundInput = { mode: encounter.mode, round, combatants };
    if (order) input.order = order;
    if (sides) input.sides = sides;
    const steps = planRound(input).steps;
    // Pushed, not made by `map` (see `play`): the run loop reads these lists at every step.
    const actors: (readonly CompiledCombatant[])[] = [];
    const speed: boolean[] = [];
    for (const step of steps) {
      const those: CompiledCombatant[] = [];
      for (const id of step.combatants) those.push(this.byId(id));
      actors.push(those);
      speed.push(isSpeed(step.phase));
    }
    const plan: RoundPlan = { steps, actors, speed };
    if (this.planCount >= PLANS_KEPT) {
      // Start again, keeping only the group this plan goes in (emptied), so memory stays flat.
      this.plans.clear();
      this.planCount = 0;
      group.clear();
      this.plans.set(groupKey, group);
      if (sides) this.orderPlans = null;
    }
    group.set(healthKey, plan);
    this.planCount += 1;
    this.currentPlan = plan;
    return plan;
  }

  /**
   * A run that starts in the middle of a declaration phase (`EncounterStart.step`): the declarations made before
   * it are not known, so everyone whose resolve step in that phase is still ahead declares again now, by its tactics.
   */
  private declareAgain(plan: RoundPlan, from: number): void {
    const phase = plan.steps[from]?.phase;
    if (phase === undefined || !plan.steps.slice(0, from).some((s) => s.kind === "declare" && s.phase === phase)) return;
    for (let i = from; i < plan.steps.length; i += 1) {
      const step = plan.steps[i] as RoundStep;
      if (step.phase !== phase) break;
      if (step.kind !== "resolve") continue;
      for (const c of plan.actors[i] as readonly CompiledCombatant[]) {
        const d = this.declare(c, phase);
        if (d) this.declared.set(c.id, d);
      }
    }
  }

  /** One step of a round; only combat events and simultaneous groups wait for a Promise. */
  private async step(step: RoundStep, events: number): Promise<void> {
    const { dice, encounter } = this.ctx;
    if (step.kind === "start") {
      // 001 "Initiative": one combat event for each forced re-roll of the side d10.
      for (let e = 0; e < events; e += 1) {
        const event = await resolveCombatEvent(eventSnapshot(this.state), dice);
        applyChangesInPlace(this.state, event.changes.filter(onState));
      }
    } else if (step.kind === "resolve" && step.simultaneous && encounter.mode === "secretDeclaration") {
      await this.resolveTogether(step.combatants, step.phase);
    } else this.stepNow(step, step.combatants.map((id) => this.byId(id)), isSpeed(step.phase));
  }

  /** A step that needs no Promise: everyone's moves and battle actions, declarations, resolutions, the End Phase. */
  private stepNow(step: RoundStep, actors: readonly CompiledCombatant[], speed: boolean): void {
    const phase: MovePhase = step.phase;
    // The simulated combatants have no End Phase actions (000 "End Phase Actions": few exist, none in the packs).
    const moves = step.phase === "movement" || speed;
    const fights = step.phase === "battle" || speed;
    if (step.kind === "act") {
      for (const c of actors) {
        // 001 speed phases: each combatant moves, then acts, in its own phase.
        if (moves) this.move(c, phase);
        if (fights) this.act(c, phase);
      }
    } else if (step.kind === "declare" && (moves || fights)) {
      for (const c of actors) {
        const d = this.declare(c, phase);
        if (d) this.declared.set(c.id, d);
      }
    } else if (step.kind === "resolve") {
      for (const c of actors) {
        const d = this.declared.get(c.id);
        this.declared.delete(c.id);
        this.letGo(c, phase);
        if (d) this.resolveDeclared(c, d);
      }
    } else if (step.kind === "end") {
      const end = resolveEndPhaseSync(this.state, this.ctx.dice, QUIET_END);
      applyChangesInPlace(this.state, end.changes);
      this.forgetGrapples();
    }
  }

  /** One run: plays rounds until a side is out, everyone has disengaged or the round limit, and tallies the end. */
  async play(): Promise<void> {
    const { encounter, dice, memory, tally } = this.ctx;
    const { combatants, mode } = encounter;
    // The run's own copy, changed in place: nobody else sees it, and no earlier version of it is kept. The first
    // run makes it; each later run sets the last run's copy back to the start (`resetWorkingCopy`).
    let states = this.states;
    if (this.work === null) {
      this.work = workingCopy(encounter.initial);
      // Changes applied in place keep each combatant's object, and so does the reset: these are every run's states.
      // Pushed into a literal, never made by `map`: an optimised caller's inlined `map` may make an array of another
      // kind than the interpreter's `map` made for the last simulation, and every function that reads it would be
      // thrown away when that changes (docs/SIMULATOR.md "Speed").
      const made: CombatantState[] = [];
      for (const c of combatants) made.push(this.work.combatants[c.id] as CombatantState);
      states = made;
      this.states = states;
      this.seen.states = states;
    } else resetWorkingCopy(this.work, encounter.initial);
    // A new state object each run all the same: tactics may tell runs apart by it (forecast.ts `fixedFirst`).
    const work: SkirmishState = this.work;
    // Written out: a spread of the whole state is a slower path in V8 (simulator speed); the same keys in order.
    this.state = {
      combatants: work.combatants,
      landmarks: work.landmarks,
      distances: work.distances,
      grapples: work.grapples,
      carrying: work.carrying,
      surface: work.surface,
    };
    this.work = this.state;
    this.currentPlan = null;
    this.declared.clear();
    memory.grappler.fill(0);
    const needsOrder = mode === "descending" || mode === "reverseDeclaration";
    const { start } = encounter;
    const order = needsOrder ? (start?.order ?? pneumaOrderCounted(this.pneuma, dice)) : undefined;
    // The same list as the last run's (a roster without ties, a fight under way) keeps its key.
    if (order !== this.lastOrder || this.orderPlans === null) {
      this.orderKey = order ? `|${order.join("|")}` : "";
      this.orderPlans = null;
    }
    this.lastOrder = order;
    const first = start?.round ?? 1;
    let rounds = first;
    let winner = -2;
    let ending: Ending = "roundLimit";
    let asked = false;
    play: for (let round = first; round <= encounter.roundLimit; round += 1) {
      rounds = round;
      let events = 0;
      let sides: RoundInput["sides"];
      // A fight under way may give the side d10 of the round in progress; its events are already behind it.
      const known = round === first ? start?.sides : null;
      if (known) sides = known;
      else if (mode === "sideD10") {
        const init = await sideInitiative(encounter.sides, dice);
        sides = { order: init.order, phaseShift: init.phaseShift };
        events = init.events;
      }
      // Each round is walked step by step, as `startCursor`/`advance` walk it (no step is ever passed over here,
      // except the steps of a fight under way that are already behind it).
      const plan = this.roundSteps(round, order, sides);
      const from = round === first && start ? (start.at ? startIndex(plan.steps, start.at) : start.step) : 0;
      if (from > 0) this.declareAgain(plan, from);
      for (let i = from; i < plan.steps.length; i += 1) {
        const step = plan.steps[i] as RoundStep;
        if (step.kind === "start" || (step.simultaneous && step.kind === "resolve" && mode === "secretDeclaration")) {
          await this.step(step, events);
        } else this.stepNow(step, plan.actors[i] as readonly CompiledCombatant[], plan.speed[i] === true);
        // Who is still in the fight changes only with wounds, which no step of the movement phase deals (moves and
        // setting a passenger down change bands and flags), nor the End Phase's action steps (the simulated have no
        // End Phase actions), so after those the last answer stands; the run's first step is always asked about.
        const woundless = step.phase === "movement" || (step.phase === "end" && step.kind !== "end");
        if (woundless && asked) continue;
        asked = true;
        winner = standing(encounter, states);
        if (winner !== -2) {
          ending = "sideOut";
          break play;
        }
      }
      if (allDisengaged(this.state)) {
        ending = "disengaged";
        break;
      }
    }

    tally.endings[ending] += 1;
    tally.rounds[rounds] = (tally.rounds[rounds] ?? 0) + 1;
    if (winner >= 0) tally.wins[winner] = (tally.wins[winner] ?? 0) + 1;
    else tally.draws += 1;
    for (const c of combatants) {
      const health = healthCode(states[c.index] as CombatantState);
      if (health === 2) tally.dead[c.index] = (tally.dead[c.index] ?? 0) + 1;
      else if (health === 1) tally.severe[c.index] = (tally.severe[c.index] ?? 0) + 1;
    }
  }
}

/** Where a run of a fight under way starts in its own plan (`EncounterStart.at`). */
export function startIndex(steps: readonly RoundStep[], at: { phase: string; kind: string; combatants: readonly string[] }): number {
  const same = (ids: readonly string[]) => ids.length === at.combatants.length && ids.every((id) => at.combatants.includes(id));
  const exact = steps.findIndex((s) => s.phase === at.phase && s.kind === at.kind && same(s.combatants));
  if (exact >= 0) return exact;
  const phase = steps.findIndex((s) => s.phase === at.phase);
  return Math.max(0, phase);
}

/** A battle choice as the declared action the engine checks (`checkDeclaredAction`). */
export function asDeclared(c: CompiledCombatant, choice: BattleChoice): DeclaredAction {
  switch (choice.kind) {
    case "attack":
      return { action: "attack", attack: choice.option.decl };
    case "grapple":
      return { action: "grapple", grapple: choice.option.decl };
    case "breakOut":
      return { action: "breakOut", breakOut: { breakerId: c.id } };
    case "rescue":
      return { action: "rescue", rescue: { rescuerId: c.id, targetId: choice.targetId } };
  }
}

function simultaneous(c: CompiledCombatant, d: Declared, encounter: CompiledEncounter): SimultaneousAction {
  if (d.declared.action === "move") return d.declared;
  const choice = d.choice as BattleChoice;
  switch (choice.kind) {
    case "attack":
      return { action: "attack", attack: choice.option.decl, pools: choice.option.pools };
    case "grapple":
      return { action: "grapple", grapple: choice.option.decl, pools: choice.option.pools };
    case "breakOut":
      return {
        action: "breakOut",
        breakOut: { breakerId: c.id },
        pools: { attackPool: c.breakOut.pool, attackTN: c.breakOut.tn, defences: encounter.breakOutDefences },
      };
    case "rescue":
      return { action: "rescue", rescue: { rescuerId: c.id, targetId: choice.targetId }, pool: c.rescuePool };
  }
}
