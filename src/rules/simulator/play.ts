/**
 * One simulated skirmish, played round by round with the engine's own procedures: the Pneuma order
 * (`pneumaOrder`) or the side d10 (`sideInitiative`, combat events), the round plan (`planRound`, walked with
 * `startCursor`/`current`/`advance`), moves (`resolveMove`), battle actions (`performAttack`, `performGrapple`,
 * `performBreakOut`, `performRescue`, `setDown`), declared actions checked again as they resolve
 * (`checkDeclaredAction`) and the End Phase (`resolveEndPhase`). Nothing here decides a rule: the tactics choose,
 * the engine rules, and this loop only applies what the engine returns and counts what happened.
 */
import { resolveCombatEvent } from "../combat-events";
import type { CombatEventChange, EventSnapshot } from "../combat-events";
import { woundState } from "../health";
import { pneumaOrder, sideInitiative } from "../initiative";
import { performParsedAttack } from "../procedures/attack";
import { performBreakOut, performGrapple } from "../procedures/grapple";
import { checkDeclaredAction } from "../procedures/declared";
import type { DeclaredAction } from "../procedures/declared";
import { resolveEndPhase } from "../procedures/end-phase";
import { resolveMove } from "../procedures/move";
import type { MovePhase } from "../procedures/move";
import { performRescue, setDown } from "../procedures/rescue";
import { resolveSimultaneous } from "../procedures/simultaneous";
import type { SimultaneousAction } from "../procedures/simultaneous";
import { BATTLE_LOG } from "../reasons";
import { SPEED_CATEGORIES } from "../speed";
import { advance, current, isComplete, planRound, startCursor } from "../round-plan";
import type { PlanCombatant, RoundInput } from "../round-plan";
import { allDisengaged, applyChangesInPlace, carrierOf, isPinned, workingCopy } from "../state";
import type { CombatantState, SkirmishState, StateChange } from "../state";
import type { DiceSource } from "../types";
import type { CompiledCombatant, CompiledEncounter } from "./compile";
import { inTheFight } from "./tactics";
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
  dice: DiceSource;
}

/** Sides with anyone still in the fight: the winner's index, -1 when nobody is, -2 while two or more are. */
function standing(encounter: CompiledEncounter, state: SkirmishState): number {
  let found = -1;
  for (let s = 0; s < encounter.members.length; s += 1) {
    const members = encounter.members[s] ?? [];
    for (const index of members) {
      const c = encounter.combatants[index] as CompiledCombatant;
      if (inTheFight(state.combatants[c.id] as CombatantState)) {
        if (found >= 0) return -2;
        found = s;
        break;
      }
    }
  }
  return found;
}

/** Forgets "started this grapple" for everyone no longer in one. */
function forgetGrapples(ctx: RunContext, state: SkirmishState): void {
  for (const c of ctx.encounter.combatants) {
    if (ctx.memory.grappler[c.index] === 1 && !isPinned(state, c.id)) ctx.memory.grappler[c.index] = 0;
  }
}

function planCombatants(ctx: RunContext, state: SkirmishState): PlanCombatant[] {
  return ctx.encounter.combatants.map((c) => {
    const s = state.combatants[c.id] as CombatantState;
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

/** One run: plays rounds until a side is out, everyone has disengaged or the round limit, and tallies the end. */
export async function playRun(ctx: RunContext): Promise<void> {
  const { encounter, dice, memory, tally } = ctx;
  const { combatants, mode } = encounter;
  // The run's own copy, changed in place: nobody else sees it, and no earlier version of it is kept.
  const state = workingCopy(encounter.initial);
  memory.grappler.fill(0);
  // One view per run, refreshed before each question: tactics answer synchronously and keep no reference.
  const seen: TacticView = { state, self: combatants[0] as CompiledCombatant, encounter, memory, phase: "movement" };
  const view = (c: CompiledCombatant, phase: MovePhase): TacticView => {
    seen.state = state;
    seen.self = c;
    seen.phase = phase;
    return seen;
  };
  const tacticsOf = (c: CompiledCombatant): Tactics => ctx.tactics[c.tactics] as Tactics;
  const byId = (id: string): CompiledCombatant => encounter.byId.get(id) as CompiledCombatant;

  const letGo = (c: CompiledCombatant, phase: MovePhase) => {
    if (!tacticsOf(c).letGo(view(c, phase))) return;
    const ruling = setDown(state, c.id);
    if (ruling.allowed) applyChangesInPlace(state, ruling.changes);
  };
  /** Carries out a battle action; false when the engine refuses it (nothing happened). */
  const perform = async (c: CompiledCombatant, choice: BattleChoice): Promise<boolean> => {
    switch (choice.kind) {
      case "attack": {
        const r = await performParsedAttack(state, choice.option.decl, choice.option.pools, dice);
        if (!r.allowed) return false;
        applyChangesInPlace(state, r.changes);
        tally.attacks[c.index] = (tally.attacks[c.index] ?? 0) + 1;
        if (r.contest.hit) tally.hits[c.index] = (tally.hits[c.index] ?? 0) + 1;
        tally.damage[c.index] = (tally.damage[c.index] ?? 0) + r.damage;
        return true;
      }
      case "grapple": {
        const r = await performGrapple(state, choice.option.decl, choice.option.pools, dice);
        if (!r.allowed) return false;
        applyChangesInPlace(state, r.changes);
        if (r.contest.hit) memory.grappler[c.index] = 1;
        return true;
      }
      case "breakOut": {
        const pools = { attackPool: c.breakOut.pool, attackTN: c.breakOut.tn, defences: encounter.breakOutDefences };
        const r = await performBreakOut(state, { breakerId: c.id }, pools, dice);
        if (!r.allowed) return false;
        applyChangesInPlace(state, r.changes);
        forgetGrapples(ctx, state);
        return true;
      }
      case "rescue": {
        const r = await performRescue(state, { rescuerId: c.id, targetId: choice.targetId }, c.rescuePool, dice);
        if (!r.allowed) return false;
        applyChangesInPlace(state, r.changes);
        return true;
      }
    }
  };
  const move = (c: CompiledCombatant, phase: MovePhase) => {
    letGo(c, phase);
    for (const declared of tacticsOf(c).moves(view(c, phase))) {
      const ruling = resolveMove(state, declared, phase);
      if (!ruling.allowed) continue;
      applyChangesInPlace(state, ruling.changes);
      return;
    }
  };
  const act = async (c: CompiledCombatant, phase: MovePhase) => {
    letGo(c, phase);
    for (const choice of tacticsOf(c).actions(view(c, phase))) if (await perform(c, choice)) return;
  };
  const asDeclared = (c: CompiledCombatant, choice: BattleChoice): DeclaredAction => {
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
  };
  /** 000 declaration modes: the first proposal that stands now is declared. */
  const declare = (c: CompiledCombatant, phase: MovePhase): Declared | null => {
    if (phase === "movement") {
      for (const m of tacticsOf(c).moves(view(c, phase))) {
        const declared: DeclaredAction = { action: "move", move: m, phase };
        if (checkDeclaredAction(state, declared).stands) return { declared, choice: null };
      }
      return null;
    }
    for (const choice of tacticsOf(c).actions(view(c, phase))) {
      const declared = asDeclared(c, choice);
      if (checkDeclaredAction(state, declared).stands) return { declared, choice };
    }
    return null;
  };

  /**
   * 000 "Secret Declaration": a group of equal Pneuma resolves at once (`resolveSimultaneous`); an attack's hit and
   * damage are read back from the log it wrote, since the merged outcome keeps only changes and log.
   */
  const resolveTogether = async (ids: readonly string[], phase: MovePhase, declared: Map<string, Declared>) => {
    const group: SimultaneousAction[] = [];
    const actors: CompiledCombatant[] = [];
    for (const id of ids) {
      const c = byId(id);
      letGo(c, phase);
      const d = declared.get(id);
      declared.delete(id);
      if (!d) continue;
      group.push(simultaneous(c, d));
      actors.push(c);
    }
    if (group.length === 0) return;
    const outcome = await resolveSimultaneous(state, group, dice);
    applyChangesInPlace(state, outcome.changes);
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
    forgetGrapples(ctx, state);
  };
  const simultaneous = (c: CompiledCombatant, d: Declared): SimultaneousAction => {
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
  };

  const needsOrder = mode === "descending" || mode === "reverseDeclaration";
  const order = needsOrder ? (await pneumaOrder(combatants.map((c) => ({ id: c.id, pneuma: c.source.state.pneuma })), dice)).order : undefined;
  let rounds = 0;
  let winner = -2;
  let ending: Ending = "roundLimit";
  play: for (let round = 1; round <= encounter.roundLimit; round += 1) {
    rounds = round;
    const input: RoundInput = { mode, round, combatants: planCombatants(ctx, state) };
    let events = 0;
    if (order) input.order = order;
    if (mode === "sideD10") {
      const init = await sideInitiative(encounter.sides, dice);
      input.sides = { order: init.order, phaseShift: init.phaseShift };
      events = init.events;
    }
    const plan = planRound(input);
    const declared = new Map<string, Declared>();
    for (let cursor = startCursor(plan); !isComplete(plan, cursor); cursor = advance(plan, cursor)) {
      const step = current(plan, cursor);
      if (!step) break;
      const phase: MovePhase = step.phase;
      // The simulated combatants have no End Phase actions (000 "End Phase Actions": few exist, none in the packs).
      const moves = step.phase === "movement" || isSpeed(step.phase);
      const fights = step.phase === "battle" || isSpeed(step.phase);
      if (step.kind === "act") {
        for (const id of step.combatants) {
          const c = byId(id);
          // 001 speed phases: each combatant moves, then acts, in its own phase.
          if (moves) move(c, phase);
          if (fights) await act(c, phase);
        }
      } else if (step.kind === "declare" && (moves || fights)) {
        for (const id of step.combatants) {
          const d = declare(byId(id), phase);
          if (d) declared.set(id, d);
        }
      } else if (step.kind === "resolve" && step.simultaneous && mode === "secretDeclaration") {
        await resolveTogether(step.combatants, phase, declared);
      } else if (step.kind === "resolve") {
        for (const id of step.combatants) {
          const c = byId(id);
          const d = declared.get(id);
          declared.delete(id);
          letGo(c, phase);
          if (!d) continue;
          const ruling = checkDeclaredAction(state, d.declared);
          if (!ruling.stands) applyChangesInPlace(state, ruling.changes);
          else if (d.declared.action === "move") {
            const moved = resolveMove(state, d.declared.move, d.declared.phase);
            if (moved.allowed) applyChangesInPlace(state, moved.changes);
          } else if (d.choice) await perform(c, d.choice);
        }
      }
      if (step.kind === "start") {
        // 001 "Initiative": one combat event for each forced re-roll of the side d10.
        for (let e = 0; e < events; e += 1) {
          const event = await resolveCombatEvent(eventSnapshot(state), dice);
          applyChangesInPlace(state, event.changes.filter(onState));
        }
      } else if (step.kind === "end") {
        const end = await resolveEndPhase(state, dice);
        applyChangesInPlace(state, end.changes);
        forgetGrapples(ctx, state);
      }
      winner = standing(encounter, state);
      if (winner !== -2) {
        ending = "sideOut";
        break play;
      }
    }
    if (allDisengaged(state)) {
      ending = "disengaged";
      break;
    }
  }

  tally.endings[ending] += 1;
  tally.rounds[rounds] = (tally.rounds[rounds] ?? 0) + 1;
  if (winner >= 0) tally.wins[winner] = (tally.wins[winner] ?? 0) + 1;
  else tally.draws += 1;
  for (const c of combatants) {
    const s = state.combatants[c.id] as CombatantState;
    const health = woundState(s.life.wounds, s.life.max);
    if (health === "dead") tally.dead[c.index] = (tally.dead[c.index] ?? 0) + 1;
    else if (health === "severelyInjured") tally.severe[c.index] = (tally.severe[c.index] ?? 0) + 1;
  }
}
