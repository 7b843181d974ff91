/**
 * Simultaneous resolution (000 "Alternative Option: Secret Declaration": "combatants of equal pneuma resolve
 * their actions simultaneously"). Every action of a group is checked against the state before the group, all of
 * them resolve against that same state, and their changes apply together: two dragons that bite each other both
 * land their bites, even when one bite kills.
 *
 * Dice order (`resolveSimultaneous`): the actions in group order, each rolling as its all-in-one procedure does.
 */
import { capWounds, healthOf } from "../health";
import type { WoundState } from "../health";
import { applyChange, applyChanges, carrierOf, combatant } from "../state";
import type { LogEntry, Outcome, SkirmishState, StateChange } from "../state";
import type { DiceSource } from "../types";
import { assertList, assertRecord } from "../validate";
import { performAttack } from "./attack";
import type { AttackDeclaration, AttackPools } from "./attack";
import { takeBattleAction } from "./battle-action";
import { healthChangeLog, releasedByDeath } from "./death";
import { checkDeclaredAction } from "./declared";
import { performBreakOut, performGrapple } from "./grapple";
import type { BreakOutDeclaration, BreakOutPools, GrappleDeclaration, GrapplePools } from "./grapple";
import { resolveMove } from "./move";
import type { MoveDeclaration, MovePhase } from "./move";
import { performRescue } from "./rescue";
import type { RescueDeclaration } from "./rescue";

/** One action of a simultaneous group: the declared action and what its all-in-one procedure rolls. */
export type SimultaneousAction =
  | { action: "attack"; attack: AttackDeclaration; pools: AttackPools }
  | { action: "grapple"; grapple: GrappleDeclaration; pools: GrapplePools }
  | { action: "breakOut"; breakOut: BreakOutDeclaration; pools: BreakOutPools }
  | { action: "rescue"; rescue: RescueDeclaration; pool: number }
  | { action: "move"; move: MoveDeclaration; phase: MovePhase }
  /** `phase: "end"`: an End Phase action, which changes nothing the engine keeps (declared.ts). */
  | { action: "other"; actorId: string; phase?: MovePhase };

/** How one action of the group fared: aborted with its reason, or resolved with its own outcome. */
export type SimultaneousResult = { stands: false; reason: string } | { stands: true; outcome: Outcome };

/** A whole group: one result per action in group order, and the merged changes and log to apply. */
export interface SimultaneousOutcome extends Outcome {
  results: SimultaneousResult[];
}

/** What the merge adds to the log; each value is an en.json key. */
export const SIMULTANEOUS_LOG = Object.freeze({
  /** A second rescuer caught a faller that another rescuer of the same group already holds. */
  CatchTaken: "AOD.Rules.Log.CatchTaken",
} as const);

function woundDelta(before: SkirmishState, change: Extract<StateChange, { type: "wounds" }>): number {
  return Math.max(0, change.wounds - combatant(before, change.id).life.wounds);
}

/** Who each outcome, applied alone to the state before, leaves in each health state. */
function aloneStates(before: SkirmishState, outcome: Outcome): Map<string, WoundState> {
  const after = applyChanges(before, outcome.changes);
  return new Map(Object.values(after.combatants).map((c) => [c.id, healthOf(c)]));
}

/**
 * Merges outcomes that were each worked out against `before` into one (000 "Secret Declaration"): wounds add up
 * (each outcome's wounds above the state before, capped as stored wounds are), the other changes apply in group
 * order (where two set the same distance, the later one stands), and when two rescuers catch the same faller
 * the first listed holds it. Someone killed or severely injured only by the wounds together gets the log line
 * and, on death, the releases its death causes. For the Foundry layer, which rolls each action on its owner's
 * machine; `resolveSimultaneous` calls it.
 */
export function mergeSimultaneous(before: SkirmishState, outcomes: readonly Outcome[]): Outcome {
  const damage = new Map<string, number>();
  const changes: StateChange[] = [];
  const log: LogEntry[] = [];
  let state = before;
  for (const outcome of outcomes) {
    log.push(...outcome.log);
    for (const change of outcome.changes) {
      if (change.type === "wounds") {
        damage.set(change.id, (damage.get(change.id) ?? 0) + woundDelta(before, change));
        continue;
      }
      if (change.type === "carry" && (carrierOf(state, change.carried) !== undefined || state.carrying[change.carrier] !== undefined)) {
        const data = { rescuer: combatant(before, change.carrier).name, target: combatant(before, change.carried).name };
        log.push({ key: SIMULTANEOUS_LOG.CatchTaken, data });
        continue;
      }
      changes.push(change);
      state = applyChange(state, change);
    }
  }
  for (const [id, dealt] of damage) {
    const c = combatant(before, id);
    const wounds = capWounds(c.life.wounds + dealt, c.life.max);
    if (wounds === c.life.wounds) continue;
    const change: StateChange = { type: "wounds", id, wounds };
    changes.push(change);
    state = applyChange(state, change);
  }
  // Health states the outcomes reached alone already have their log lines and releases.
  const alone = outcomes.map((o) => aloneStates(before, o));
  for (const id of damage.keys()) {
    const was = healthOf(combatant(before, id));
    const now = healthOf(combatant(state, id));
    if (now === was || alone.some((states) => states.get(id) === now)) continue;
    const name = combatant(state, id).name;
    log.push(healthChangeLog(name, now));
    if (now === "dead") {
      const freed = releasedByDeath(state, id);
      changes.push(...freed.changes);
      log.push(...freed.log);
      state = applyChanges(state, freed.changes);
    }
  }
  return { changes, log };
}

/** One action against the state before the group: its result, and the outcome it adds to the merge. */
async function performOne(
  before: SkirmishState,
  a: SimultaneousAction,
  dice: DiceSource,
): Promise<{ result: SimultaneousResult; outcome: Outcome }> {
  const ruling = checkDeclaredAction(before, a);
  // 000 Reverse Declaration: an aborted action is lost (the move or battle action counts as spent).
  if (!ruling.stands) {
    return { result: { stands: false, reason: ruling.reason }, outcome: { changes: ruling.changes, log: ruling.log } };
  }
  let result: { allowed: false; reason: string } | ({ allowed: true } & Outcome);
  switch (a.action) {
    case "attack":
      result = await performAttack(before, a.attack, a.pools, dice);
      break;
    case "grapple":
      result = await performGrapple(before, a.grapple, a.pools, dice);
      break;
    case "breakOut":
      result = await performBreakOut(before, a.breakOut, a.pools, dice);
      break;
    case "rescue":
      result = await performRescue(before, a.rescue, a.pool, dice);
      break;
    case "move":
      result = resolveMove(before, a.move, a.phase);
      break;
    case "other":
      result = a.phase === "end" ? { allowed: true, changes: [], log: [] } : takeBattleAction(before, a.actorId);
      break;
  }
  // checkDeclaredAction ran the same checks on the same state, so a refusal here cannot happen; keep it honest.
  if (!result.allowed) return { result: { stands: false, reason: result.reason }, outcome: { changes: [], log: [] } };
  const outcome = { changes: result.changes, log: result.log };
  return { result: { stands: true, outcome }, outcome };
}

/**
 * The defences a group's break-outs meet once the grapplers' own choices stand (000 "Breaking out of a Grapple":
 * a combatant may opt not to defend, "even if both combatants want to get out of a grapple"). Nobody is asked in
 * the middle of a simultaneous group, so a grappler's declared action is its choice: a grappler that declared a
 * break-out of its own in the same group wants out too and lets another's break-out through (no defence; the
 * break-out still needs a success). Every other grappler defends as its pools say. The group is not changed.
 */
export function mutualBreakOuts(group: readonly SimultaneousAction[]): SimultaneousAction[] {
  const breakers = new Set(group.flatMap((a) => (a.action === "breakOut" ? [a.breakOut.breakerId] : [])));
  return group.map((a) => {
    if (a.action !== "breakOut") return a;
    const defences = Object.fromEntries(
      Object.entries(a.pools.defences).map(([id, pool]) => [id, breakers.has(id) && id !== a.breakOut.breakerId ? null : pool]),
    );
    return { ...a, pools: { ...a.pools, defences } };
  });
}

/**
 * Resolves a group of equal Pneuma at once (000 "Secret Declaration"): each action is checked against the state
 * before the group (an action already impossible then is aborted and lost, `checkDeclaredAction`), each
 * resolves against that same state, and `mergeSimultaneous` puts their changes together. Grapplers that each
 * declared a break-out do not hold one another back (`mutualBreakOuts`).
 */
export async function resolveSimultaneous(
  before: SkirmishState,
  group: readonly SimultaneousAction[],
  dice: DiceSource,
): Promise<SimultaneousOutcome> {
  const actions = assertList("group", group, "an array of declared actions");
  actions.forEach((a, i) => assertRecord(`group[${i}]`, a, "a declared action"));
  const results: SimultaneousResult[] = [];
  const outcomes: Outcome[] = [];
  for (const a of mutualBreakOuts(group)) {
    const { result, outcome } = await performOne(before, a, dice);
    results.push(result);
    outcomes.push(outcome);
  }
  return { results, ...mergeSimultaneous(before, outcomes) };
}
