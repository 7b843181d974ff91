/**
 * The skirmish as plain data: who is where, who grapples and carries whom, and the per-round flags.
 * Procedures read a SkirmishState and return StateChanges plus a log; `applyChanges` folds changes into a new
 * state. The Foundry layer keeps the same data on the Combat document and writes the same changes back.
 */
import { ALTITUDES, DISTANCES } from "./bands";
import { isDead } from "./health";
import type { Altitude, Distance, Surface } from "./types";
import { assertNonNegativeInteger, assertOneOf, fail } from "./validate";

/**
 * An effect that lasts until the end of the current round (RULES.md "End phase": one-round effects end there),
 * such as those the combat events of the d10 mode impose (001 "Combat Events") and surprise or ambush in the
 * first round (001 "Surprise and Ambush").
 */
export type RoundEffect = "noRangedAttack" | "noBattleAction" | "forcedFullMove" | "surprised" | "ambushed";

/** Every one-round effect. */
export const ROUND_EFFECTS: readonly RoundEffect[] = Object.freeze([
  "noRangedAttack",
  "noBattleAction",
  "forcedFullMove",
  "surprised",
  "ambushed",
]);

/** The yes-or-no marks a combatant carries through a round. */
export type RoundFlag = "moved" | "fullMove" | "acted" | "choseToFall" | "falling";

/** Every round flag. */
export const ROUND_FLAGS: readonly RoundFlag[] = Object.freeze(["moved", "fullMove", "acted", "choseToFall", "falling"]);

/** One combatant as the rules see it: a snapshot of its actor plus its place in the skirmish. */
export interface CombatantState {
  id: string;
  name: string;
  /** The side it fights for (d10 mode, tactics); free text such as "friendly" or "hostile". */
  side: string;
  soma: number;
  pneuma: number;
  agility: number;
  life: { max: number; wounds: number };
  magic: { value: number; max: number };
  weight: number;
  canFly: boolean;
  fastGround: boolean;
  /** Total rating of its equipped armour (damaged pieces already counted less). */
  armour: number;
  altitude: Altitude;
  /** Moved this round: one move a round (000 "Manoeuvres"). */
  moved: boolean;
  /** Took a full move this round: no other action (000 "Manoeuvres"). */
  fullMove: boolean;
  /** Took its battle action this round: one a round (000 "Non-attack Battle Actions": it "spends" it). */
  acted: boolean;
  /** Chose to fall in this round's end phase (000 "Falling out of the Sky"). */
  choseToFall: boolean;
  /** Fell in the last end phase and has not been caught or landed (a rescue target, 000 "Catching"). */
  falling: boolean;
  /** Effects on it until the end of this round. */
  roundEffects: RoundEffect[];
}

/** A combatant's round flags and effects as they stand before it has done anything in a fight. */
export function freshRoundFlags(): Pick<CombatantState, "moved" | "fullMove" | "acted" | "choseToFall" | "falling" | "roundEffects"> {
  return { moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [] };
}

/** A fixed point of reference on the battlefield (000 "Stationary Landmarks"). */
export interface LandmarkState {
  id: string;
  name: string;
  altitude: Altitude;
}

/** A whole skirmish. Distances are keyed by `pairKey`; a missing pair is at long distance (RULES.md). */
export interface SkirmishState {
  combatants: Record<string, CombatantState>;
  landmarks: Record<string, LandmarkState>;
  distances: Record<string, Distance>;
  /** Grapple links as pair keys: each linked pair is at zero range and both are pinned (000 "Grapple Attacks"). */
  grapples: string[];
  /** Carrier id -> carried id (000 "Catching / Mid air rescues"). */
  carrying: Record<string, string>;
  /** The ground a crash lands on (000 "Falling out of the Sky"). */
  surface: Surface;
}

/** One change a procedure asks for; `applyChanges` and the Foundry layer both apply these. */
export type StateChange =
  | { type: "wounds"; id: string; wounds: number }
  | { type: "magic"; id: string; value: number }
  | { type: "altitude"; id: string; altitude: Altitude }
  | { type: "distance"; a: string; b: string; distance: Distance }
  | { type: "grapple"; a: string; b: string }
  | { type: "release"; a: string; b: string }
  | { type: "carry"; carrier: string; carried: string }
  | { type: "drop"; carrier: string }
  | { type: "flag"; id: string; flag: RoundFlag; value: boolean }
  | { type: "roundEffect"; id: string; effect: RoundEffect; active: boolean }
  /**
   * The End Phase's reset of one combatant in one change (RULES.md End phase): moved, fullMove, acted and
   * choseToFall false, every one-round effect ended, falling as given. The same state as the "flag" and
   * "roundEffect" changes it stands for; only `resolveEndPhaseSync(..., { compactResets: true })` makes it.
   */
  | { type: "newRound"; id: string; falling: boolean };

/** One line of what happened: an en.json key and the values it interpolates. */
export interface LogEntry {
  key: string;
  data?: Record<string, string | number>;
}

/** What a procedure returns: the changes to apply and the story of what happened. */
export interface Outcome {
  changes: StateChange[];
  log: LogEntry[];
}

/**
 * How a procedure reports. `log: false` leaves its log empty (the changes and every other result are the same), for
 * a caller that never shows the log: the simulator, which would otherwise build thousands of lines a second.
 */
export interface ReportOptions {
  log?: boolean;
}

/** The distance assumed between two things that have no recorded distance (RULES.md "Movement"). */
export const DEFAULT_DISTANCE: Distance = "long";

/**
 * Pair keys already made, by first id then second: a distance is looked up many times a round (the simulator,
 * the range board), and finding the key is cheaper than building and hashing a new string each time. Cleared when
 * it grows past PAIR_KEYS_KEPT ids, so it never holds more than that many ids' pairs.
 */
const pairKeys = new Map<string, Map<string, string>>();
const PAIR_KEYS_KEPT = 256;

/** A stable key for an unordered pair of ids. */
export function pairKey(a: string, b: string): string {
  let byB = pairKeys.get(a);
  const known = byB?.get(b);
  if (known !== undefined) return known;
  if (a === b) fail("pair", "two different ids", a);
  const key = a < b ? `${a}|${b}` : `${b}|${a}`;
  if (!byB) {
    if (pairKeys.size >= PAIR_KEYS_KEPT) pairKeys.clear();
    byB = new Map<string, string>();
    pairKeys.set(a, byB);
  }
  if (byB.size < PAIR_KEYS_KEPT) byB.set(b, key);
  return key;
}

/** The distance between two combatants or a combatant and a landmark. */
export function distanceBetween(state: SkirmishState, a: string, b: string): Distance {
  if (a === b) return "zero";
  return state.distances[pairKey(a, b)] ?? DEFAULT_DISTANCE;
}

/**
 * The partner of `id` in one grapple key, or undefined when `id` is in neither place: the key's first and second
 * `|`-separated parts, as splitting it would give them, found without making the parts (the simulator asks often).
 */
function partnerIn(key: string, id: string): string | undefined {
  const bar = key.indexOf("|");
  if (bar < 0) return undefined;
  const next = key.indexOf("|", bar + 1);
  const end = next < 0 ? key.length : next;
  if (bar === id.length && key.startsWith(id)) return key.slice(bar + 1, end);
  if (end - bar - 1 === id.length && key.startsWith(id, bar + 1)) return key.slice(0, bar);
  return undefined;
}

/** Everyone this combatant is locked in a grapple with. */
export function grapplePartners(state: SkirmishState, id: string): string[] {
  const partners: string[] = [];
  for (const key of state.grapples) {
    const partner = partnerIn(key, id);
    if (partner !== undefined) partners.push(partner);
  }
  return partners;
}

/** Whether two combatants are locked in a grapple together (`grapplePartners(state, a).includes(b)`, no list made). */
export function grappledWith(state: SkirmishState, a: string, b: string): boolean {
  for (const key of state.grapples) if (partnerIn(key, a) === b) return true;
  return false;
}

/** Whether a one-round effect is on a combatant. */
export function hasRoundEffect(c: CombatantState, effect: RoundEffect): boolean {
  return c.roundEffects.includes(effect);
}

/** Whether a combatant is pinned: it is in at least one grapple (000 "Grapple Attacks"). */
export function isPinned(state: SkirmishState, id: string): boolean {
  for (const key of state.grapples) if (partnerIn(key, id) !== undefined) return true;
  return false;
}

/** Who carries this combatant, if anyone. */
export function carrierOf(state: SkirmishState, id: string): string | undefined {
  // The first carrier in key order, as Object.keys(...).find(...) gives it, without making the list of keys.
  const carrying = state.carrying;
  for (const carrier in carrying) if (carrying[carrier] === id) return carrier;
  return undefined;
}

/** Looks a combatant up, or throws a RangeError naming the missing id. */
export function combatant(state: SkirmishState, id: string, name = "combatant"): CombatantState {
  const found = state.combatants[id];
  if (!found) fail(name, "the id of a combatant in the skirmish", id);
  return found;
}

function known(state: SkirmishState, id: string, name: string): void {
  if (!state.combatants[id] && !state.landmarks[id]) fail(name, "the id of a combatant or landmark", id);
}

/**
 * One batch of changes being applied. The state handed in is never modified: the first time the batch touches
 * a part of it (the state itself, the combatant table, one combatant, the distances, the grapples, the carrying
 * table) that part is copied, and later changes in the same batch write to the copy. So a batch costs one copy
 * of what it touches rather than one per change, and each change still reads the state every earlier change
 * left, exactly as applying them one by one would.
 */
class Batch {
  readonly state: SkirmishState;
  private combatantsCopied: boolean;
  private distancesCopied: boolean;
  private grapplesCopied: boolean;
  private carryingCopied: boolean;

  /** `inPlace`: the caller owns `original` outright (see `applyChangesInPlace`), so nothing is copied. */
  constructor(
    private readonly original: SkirmishState,
    private readonly inPlace = false,
  ) {
    this.state = inPlace ? original : { ...original };
    this.combatantsCopied = inPlace;
    this.distancesCopied = inPlace;
    this.grapplesCopied = inPlace;
    this.carryingCopied = inPlace;
  }

  /** The combatant's own copy, made on first write in this batch (the combatant itself when applying in place). */
  private own(id: string): CombatantState {
    const current = combatant(this.state, id, "change.id");
    // A combatant this batch already copied is no longer the original's object.
    if (this.inPlace || current !== this.original.combatants[id]) return current;
    if (!this.combatantsCopied) {
      this.state.combatants = { ...this.state.combatants };
      this.combatantsCopied = true;
    }
    const copy = { ...current };
    this.state.combatants[id] = copy;
    return copy;
  }

  private distances(): Record<string, Distance> {
    if (!this.distancesCopied) {
      this.state.distances = { ...this.state.distances };
      this.distancesCopied = true;
    }
    return this.state.distances;
  }

  private grapples(): string[] {
    if (!this.grapplesCopied) {
      this.state.grapples = [...this.state.grapples];
      this.grapplesCopied = true;
    }
    return this.state.grapples;
  }

  private carrying(): Record<string, string> {
    if (!this.carryingCopied) {
      this.state.carrying = { ...this.state.carrying };
      this.carryingCopied = true;
    }
    return this.state.carrying;
  }

  /** Checks one change against the state so far and writes it; throws a RangeError (as `fail`) when it is bad. */
  apply(change: StateChange): void {
    const state = this.state;
    switch (change.type) {
      case "wounds": {
        combatant(state, change.id);
        const wounds = assertNonNegativeInteger("wounds", change.wounds);
        const c = this.own(change.id);
        // Written out rather than spread beside a new field, a slow path in V8 (simulator speed); same key order.
        c.life = { max: c.life.max, wounds };
        return;
      }
      case "magic": {
        combatant(state, change.id);
        const value = assertNonNegativeInteger("magic", change.value);
        const c = this.own(change.id);
        c.magic = { value, max: c.magic.max };
        return;
      }
      case "altitude": {
        const altitude = assertOneOf("altitude", change.altitude, ALTITUDES);
        this.own(change.id).altitude = altitude;
        return;
      }
      case "flag": {
        const flag = assertOneOf("flag", change.flag, ROUND_FLAGS);
        const value: unknown = change.value;
        if (typeof value !== "boolean") fail("flag value", "true or false", value);
        this.own(change.id)[flag] = value;
        return;
      }
      case "roundEffect": {
        const effect = assertOneOf("effect", change.effect, ROUND_EFFECTS);
        const c = this.own(change.id);
        const others = c.roundEffects.filter((e) => e !== effect);
        c.roundEffects = change.active ? [...others, effect] : others;
        return;
      }
      case "newRound": {
        const falling: unknown = change.falling;
        if (typeof falling !== "boolean") fail("newRound falling", "true or false", falling);
        const c = this.own(change.id);
        c.moved = false;
        c.fullMove = false;
        c.acted = false;
        c.choseToFall = false;
        c.falling = falling;
        // A new list, never the old one emptied: a batch's copy of a combatant shares it with the input.
        if (c.roundEffects.length > 0) c.roundEffects = [];
        return;
      }
      case "distance": {
        known(state, change.a, "change.a");
        known(state, change.b, "change.b");
        const distance = assertOneOf("distance", change.distance, DISTANCES);
        this.distances()[pairKey(change.a, change.b)] = distance;
        return;
      }
      case "grapple": {
        combatant(state, change.a, "change.a");
        combatant(state, change.b, "change.b");
        const key = pairKey(change.a, change.b);
        if (!state.grapples.includes(key)) this.grapples().push(key);
        this.distances()[key] = "zero";
        return;
      }
      case "release": {
        const key = pairKey(change.a, change.b);
        if (state.distances[key] === "zero") this.distances()[key] = "close";
        if (state.grapples.includes(key)) {
          state.grapples = state.grapples.filter((k) => k !== key);
          this.grapplesCopied = true;
        }
        return;
      }
      case "carry":
        combatant(state, change.carrier, "change.carrier");
        combatant(state, change.carried, "change.carried");
        if (change.carrier === change.carried) fail("change.carried", "someone other than the carrier", change.carried);
        if (carrierOf(state, change.carried) !== undefined) {
          fail("change.carried", "a combatant nobody carries yet", change.carried);
        }
        if (state.carrying[change.carrier] !== undefined) {
          fail("change.carrier", "a combatant that carries nobody yet", change.carrier);
        }
        // Nobody may carry one of its own carriers: A carrying B carrying A would hold both up for ever.
        for (let up = carrierOf(state, change.carrier); up !== undefined; up = carrierOf(state, up)) {
          if (up === change.carried) fail("change.carried", "someone other than one of the carrier's carriers", up);
        }
        this.carrying()[change.carrier] = change.carried;
        return;
      case "drop":
        state.carrying = Object.fromEntries(Object.entries(state.carrying).filter(([c]) => c !== change.carrier));
        this.carryingCopied = true;
        return;
    }
  }
}

/** Applies one change and returns the new state; the input is never modified. */
export function applyChange(state: SkirmishState, change: StateChange): SkirmishState {
  return applyChanges(state, [change]);
}

/**
 * Applies changes in order and returns the new state; the input is never modified. Each change is checked
 * against the state the earlier ones left, as if they were applied one at a time, but the parts of the state
 * they touch are copied once for the whole batch.
 */
export function applyChanges(state: SkirmishState, changes: readonly StateChange[]): SkirmishState {
  const batch = new Batch(state);
  for (const change of changes) batch.apply(change);
  return batch.state;
}

/**
 * `applyChanges` for a caller that owns `state` outright and keeps no earlier version of it (the simulator's
 * working copy of one run, made with `workingCopy`): the same checks in the same order with the same messages,
 * but each change is written into `state` itself instead of a copy. A change that fails leaves the earlier ones
 * of the batch applied, so this is only for changes the engine's own procedures returned.
 */
export function applyChangesInPlace(state: SkirmishState, changes: readonly StateChange[]): void {
  const batch = new Batch(state, true);
  for (const change of changes) batch.apply(change);
}

/**
 * A copy of a state that shares nothing a change writes (each combatant, its life, magic and effects, the
 * distance, grapple and carrying tables), for `applyChangesInPlace`; landmarks are never changed and are shared.
 */
export function workingCopy(state: SkirmishState): SkirmishState {
  const combatants: Record<string, CombatantState> = {};
  for (const id of Object.keys(state.combatants)) combatants[id] = copyCombatant(state.combatants[id] as CombatantState);
  return {
    combatants,
    landmarks: state.landmarks,
    distances: copyRecord(state.distances),
    grapples: [...state.grapples],
    carrying: copyRecord(state.carrying),
    surface: state.surface,
  };
}

/**
 * A copy of a combatant that shares nothing a change writes, every field written out in one order and life and
 * Magic as the changes write them. So every copy has one shape however its source was made (a spread copies the
 * source's, which varies with where it came from), and V8's optimised code for the simulator's run loop stays
 * valid from one simulation to the next instead of being thrown away and compiled again (docs/SIMULATOR.md "Speed").
 */
export function copyCombatant(c: CombatantState): CombatantState {
  return {
    id: c.id,
    name: c.name,
    side: c.side,
    soma: c.soma,
    pneuma: c.pneuma,
    agility: c.agility,
    life: { max: c.life.max, wounds: c.life.wounds },
    magic: { value: c.magic.value, max: c.magic.max },
    weight: c.weight,
    canFly: c.canFly,
    fastGround: c.fastGround,
    armour: c.armour,
    altitude: c.altitude,
    moved: c.moved,
    fullMove: c.fullMove,
    acted: c.acted,
    choseToFall: c.choseToFall,
    falling: c.falling,
    roundEffects: [...c.roundEffects],
  };
}

/** A copy of a table made key by key in its order, so copies of tables with the same keys share one shape. */
function copyRecord<T>(record: Readonly<Record<string, T>>): Record<string, T> {
  const copy: Record<string, T> = {};
  for (const key in record) if (Object.hasOwn(record, key)) copy[key] = record[key] as T;
  return copy;
}

/** How many keys a record has, without making the list of them. */
function keyCount(record: Readonly<Record<string, unknown>>): number {
  let n = 0;
  for (const key in record) if (Object.hasOwn(record, key)) n += 1;
  return n;
}

/**
 * Makes `copy`, a `workingCopy(state)` since changed in place (`applyChangesInPlace`), equal to a fresh
 * `workingCopy(state)` again while keeping its objects: each combatant keeps its object (so a caller's list of
 * them stays right), and only what a change can write is set back (wounds, Magic Points, altitude, the round
 * flags and effects, the distance, grapple and carrying tables). The simulator starts each run this way instead
 * of copying the whole state again. A copy of another state's combatants is not this one's: it throws.
 */
export function resetWorkingCopy(copy: SkirmishState, state: SkirmishState): void {
  let count = 0;
  for (const id in state.combatants) {
    count += 1;
    const from = state.combatants[id] as CombatantState;
    const c = copy.combatants[id];
    if (c === undefined || c === from || c.life === from.life || c.magic === from.magic) fail("copy", "a working copy of the same skirmish", id);
    // The copy's life and magic are its own objects (a change replaces them, never writes into the state's).
    c.life.max = from.life.max;
    c.life.wounds = from.life.wounds;
    c.magic.value = from.magic.value;
    c.magic.max = from.magic.max;
    c.altitude = from.altitude;
    c.moved = from.moved;
    c.fullMove = from.fullMove;
    c.acted = from.acted;
    c.choseToFall = from.choseToFall;
    c.falling = from.falling;
    if (from.roundEffects.length > 0 || c.roundEffects.length > 0) c.roundEffects = [...from.roundEffects];
  }
  if (count !== keyCount(copy.combatants)) fail("copy", "a working copy of the same skirmish", Object.keys(copy.combatants));
  const distances = copy.distances;
  for (const key in state.distances) distances[key] = state.distances[key] as Distance;
  // A pair the run added (never in the simulator, whose pairs all start with a distance) is dropped by copying anew.
  if (keyCount(distances) !== keyCount(state.distances)) copy.distances = copyRecord(state.distances);
  if (state.grapples.length > 0 || copy.grapples.length > 0) copy.grapples = [...state.grapples];
  if (keyCount(state.carrying) > 0 || keyCount(copy.carrying) > 0) copy.carrying = copyRecord(state.carrying);
  copy.surface = state.surface;
}

/**
 * Whether the skirmish is over by disengagement (000 "Distance": "If combatants have all disengaged with each
 * other ... return to ordinary combat"): every pair of living combatants on different sides is at disengaged
 * distance. With no such pair left (one side alone, or nobody) it is true as well; the tracker offers to end the
 * skirmish and the GM decides.
 */
export function allDisengaged(state: SkirmishState): boolean {
  // Every pair of living combatants once, in key order, as loops over the table itself: the simulator asks this
  // every round, so no list of the living is made.
  const all = state.combatants;
  for (const i in all) {
    const a = all[i] as CombatantState;
    if (isDead(a)) continue;
    let later = false;
    for (const j in all) {
      if (!later) {
        later = j === i;
        continue;
      }
      const b = all[j] as CombatantState;
      if (!isDead(b) && a.side !== b.side && distanceBetween(state, a.id, b.id) !== "disengaged") return false;
    }
  }
  return true;
}
