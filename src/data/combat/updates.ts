/**
 * The engine's changes -> document updates: one pure translation from a procedure's StateChanges (and the combat
 * events' armour damage) to the Combat update (flat `system.skirmish...` paths, only the entries that change),
 * each actor's wounds and Magic Points, armour item damage, and the token statuses that follow the state
 * (RULES.md "Health"; README "Status effects"). documents/combat-writer.ts performs them. Pure: no Foundry globals.
 */
import type { CombatEventChange } from "../../rules/combat-events";
import { woundState } from "../../rules/health";
import { applyChanges, carrierOf, isPinned } from "../../rules/state";
import type { SkirmishState, StateChange } from "../../rules/state";
import type { StatusId } from "../../constants/status-effects";
import { STATUS_IDS } from "../../constants/status-effects";
import type { ArmourPiece } from "../actor/actor-snapshot";
import { storedSkirmish } from "./combat-snapshot";
import type { StoredPlace, StoredSkirmish } from "./stored";

/** The most damage an armour piece records (docs/DATA.md: damage 0..10). */
export const MAX_ARMOUR_DAMAGE = 10;

/** Any change the Foundry layer writes: the rules' state changes and the combat events' armour damage. */
export type EngineChange = StateChange | CombatEventChange;

/** Everything one outcome writes, keyed by Combatant id where an actor or its items are meant. */
export interface DocumentUpdates {
  /** Flat update paths for the Combat (`system.skirmish.distances.a|b`, `...-=a|b` to delete); {} when none. */
  combat: Record<string, unknown>;
  /** Flat actor updates (`system.life.wounds`, `system.magic.value`) per combatant. */
  actors: Record<string, Record<string, number>>;
  /** Armour item updates per combatant. */
  items: Record<string, { _id: string; "system.damage": number }[]>;
  /** Statuses to switch on (true) or off (false) per combatant. */
  statuses: Record<string, Partial<Record<StatusId, boolean>>>;
}

/** What the translation reads besides the changes. */
export interface UpdateInput {
  /** What the Combat document stores now (to know which places exist). */
  stored: StoredSkirmish;
  /** The engine state the changes were computed against (snapshot.ts `skirmishState`). */
  state: SkirmishState;
  changes: readonly EngineChange[];
  /** Each combatant's equipped armour, for Armour Trouble. */
  armour?: Readonly<Record<string, readonly ArmourPiece[]>>;
  /** Each combatant's actor's current statuses, so only differences are written. */
  statuses?: Readonly<Record<string, readonly string[]>>;
}

/** The statuses a combatant should show for a state: pinned, health, falling, carrying, surprise, full move. */
export function statusesFor(state: SkirmishState, id: string): Set<StatusId> {
  const c = state.combatants[id];
  const on = new Set<StatusId>();
  if (!c) return on;
  const health = woundState(c.life.wounds, c.life.max);
  if (health === "dead") on.add("dead");
  if (health === "severelyInjured") on.add("severelyInjured");
  if (isPinned(state, id)) on.add("pinned");
  if (c.falling) on.add("falling");
  if (state.carrying[id] !== undefined) on.add("carrying");
  if (carrierOf(state, id) !== undefined) on.add("carried");
  if (c.roundEffects.includes("surprised")) on.add("surprised");
  if (c.roundEffects.includes("ambushed")) on.add("ambushed");
  if (c.fullMove) on.add("fullMove");
  return on;
}

/**
 * The status switches that bring `current` to what the state says, among `among` (the system's own statuses
 * unless narrowed), in the order `among` lists them.
 */
export function statusChanges(
  state: SkirmishState,
  id: string,
  current: Iterable<string>,
  among: readonly StatusId[] = STATUS_IDS,
): Partial<Record<StatusId, boolean>> {
  const want = statusesFor(state, id);
  const has = new Set(current);
  const out: Partial<Record<StatusId, boolean>> = {};
  for (const status of among) {
    if (want.has(status) !== has.has(status)) out[status] = !has.has(status);
  }
  return out;
}

const PLACE_FIELDS = ["altitude", "moved", "fullMove", "acted", "choseToFall", "falling"] as const;
const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));

function placePaths(out: Record<string, unknown>, id: string, exists: boolean, before: StoredPlace | undefined, after: StoredPlace): void {
  const root = `system.skirmish.combatants.${id}`;
  if (!exists || !before) {
    out[root] = { ...after, roundEffects: [...after.roundEffects] };
    return;
  }
  for (const field of PLACE_FIELDS) if (before[field] !== after[field]) out[`${root}.${field}`] = after[field];
  if (!sameSet(before.roundEffects, after.roundEffects)) out[`${root}.roundEffects`] = [...after.roundEffects];
}

function recordPaths<T>(
  out: Record<string, unknown>,
  root: string,
  before: Readonly<Record<string, T>>,
  after: Readonly<Record<string, T>>,
  same: (a: T, b: T) => boolean,
): void {
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = after[key];
    const b = before[key];
    if (a === undefined) out[`${root}.-=${key}`] = null;
    else if (b === undefined || !same(a, b)) out[`${root}.${key}`] = a;
  }
}

/**
 * The Combat update paths that take a stored skirmish from `before` to `after`, only for entries that differ.
 * `stored` is what the document holds: a combatant with no stored place gets its whole place written.
 */
export function skirmishPaths(stored: StoredSkirmish, before: StoredSkirmish, after: StoredSkirmish): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, place] of Object.entries(after.combatants)) {
    const was = before.combatants[id];
    const changed = !was || PLACE_FIELDS.some((f) => was[f] !== place[f]) || !sameSet(was.roundEffects, place.roundEffects);
    if (changed) placePaths(out, id, id in stored.combatants, was, place);
  }
  recordPaths(out, "system.skirmish.distances", before.distances, after.distances, (a, b) => a === b);
  recordPaths(out, "system.skirmish.carrying", before.carrying, after.carrying, (a, b) => a === b);
  recordPaths(out, "system.skirmish.landmarks", before.landmarks, after.landmarks, (a, b) => a.name === b.name && a.altitude === b.altitude);
  if (!sameSet(before.grapples, after.grapples)) out["system.skirmish.grapples"] = [...after.grapples];
  if (before.surface !== after.surface) out["system.skirmish.surface"] = after.surface;
  return out;
}

/**
 * Translates an outcome's changes into document updates and returns them with the state after the changes.
 * Throws a RangeError (from the rules) when a change names someone not in the skirmish.
 */
export function outcomeUpdates(input: UpdateInput): { updates: DocumentUpdates; state: SkirmishState } {
  const stateChanges: StateChange[] = [];
  const items: DocumentUpdates["items"] = {};
  const damaged = new Map<string, number>();
  // Armour each combatant loses to the damage (a piece stops its rating less its damage, never below 0).
  const armourLost = new Map<string, number>();
  for (const change of input.changes) {
    if (change.type !== "armourDamage") {
      stateChanges.push(change);
      continue;
    }
    // 001 Armour Trouble: the worn piece in that slot takes one damage (its rating drops by one, RULES.md).
    const piece = (input.armour?.[change.id] ?? []).find((p) => p.slot === change.slot);
    if (!piece) continue;
    const was = damaged.get(piece.itemId) ?? piece.damage;
    const damage = Math.min(MAX_ARMOUR_DAMAGE, was + 1);
    damaged.set(piece.itemId, damage);
    const lost = Math.max(0, piece.rating - was) - Math.max(0, piece.rating - damage);
    armourLost.set(change.id, (armourLost.get(change.id) ?? 0) + lost);
    const list = (items[change.id] ??= []).filter((u) => u._id !== piece.itemId);
    items[change.id] = [...list, { _id: piece.itemId, "system.damage": damage }];
  }
  const after = withArmourLost(applyChanges(input.state, stateChanges), armourLost);
  const combat = skirmishPaths(input.stored, storedSkirmish(input.state), storedSkirmish(after));
  const actors: DocumentUpdates["actors"] = {};
  const statuses: DocumentUpdates["statuses"] = {};
  for (const [id, c] of Object.entries(after.combatants)) {
    const was = input.state.combatants[id];
    const update: Record<string, number> = {};
    if (was && was.life.wounds !== c.life.wounds) update["system.life.wounds"] = c.life.wounds;
    if (was && was.magic.value !== c.magic.value) update["system.magic.value"] = c.magic.value;
    if (Object.keys(update).length > 0) actors[id] = update;
    const current = input.statuses?.[id];
    if (current) {
      const switches = statusChanges(after, id, current);
      if (Object.keys(switches).length > 0) statuses[id] = switches;
    }
  }
  return { updates: { combat, actors, items, statuses }, state: after };
}

/**
 * The state with each combatant's armour lowered by what Armour Trouble took: the engine's state does not hold
 * the items, so without this the state handed back would still count the damaged piece whole.
 */
function withArmourLost(state: SkirmishState, lost: ReadonlyMap<string, number>): SkirmishState {
  if ([...lost.values()].every((n) => n === 0)) return state;
  const combatants = { ...state.combatants };
  for (const [id, n] of lost) {
    const c = combatants[id];
    if (c && n > 0) combatants[id] = { ...c, armour: Math.max(0, c.armour - n) };
  }
  return { ...state, combatants };
}

/** Whether an update set writes nothing at all. */
export function isEmptyUpdate(updates: DocumentUpdates): boolean {
  return [updates.combat, updates.actors, updates.items, updates.statuses].every((r) => Object.keys(r).length === 0);
}
