/**
 * How simulated combatants fight: every tactic of the encounter simulator lives in this one module. A tactic
 * only CHOOSES (a move, a battle action, whether to set a passenger down); the simulator then carries the
 * choice out with the engine's own procedures, which may still refuse it. A table adds its own tactics by
 * passing `{ tactics: { myName: { ... } } }` to `simulate` and naming them on combatants.
 *
 * The standard tactics, in the order a combatant considers them each turn:
 * 1. Stay back when hurt: a flyer one wound from severe injury withdraws (one step farther from the nearest enemy
 *    and one band higher) instead of fighting; severely injured combatants can do nothing at all (000).
 * 2. Break out when grappled: a pinned combatant that did not start its grapple tries to break out. The one that
 *    started it holds on and bites while aloft ("grapple and drop"), and lets go just before the ground only when
 *    the crash would hurt it more than its foe.
 * 3. Rescue a falling ally: catch an ally falling alone when in reach, else fly to it.
 * 4. Take off or land: a carrier lands and sets its passenger down; a grounded flyer takes off when its target
 *    is out of reach on the ground.
 * 5. Grapple when aloft: a flyer at mid altitude or higher grapples an airborne enemy at close quarters when the
 *    grapple has even odds and the crash that follows hurts the foe more than itself.
 * 6. Otherwise attack: the attack with the best exact expected damage that is legal now. "standard" picks the
 *    weapon by expected damage, so a dragon closes and bites (killer blow) when its bite is its best attack;
 *    "skirmisher" keeps range and breathes while its Magic Points last; "brawler" always closes for melee;
 *    "passive" never acts (a dummy, for tests and training).
 * Moves approach the chosen target to the band its chosen attack needs: a standard move when it brings the target
 * into reach, a full move when only that gets there (so no attack this round). The target is one it can attack this
 * round when there is one (in reach now or after a standard move), else the one it hurts most anywhere.
 */
import { ALTITUDES, DISTANCES, altitudeIndex, altitudeValue, distanceIndex } from "../bands";
import { canMelee, canRanged } from "../legality";
import type { MoveDeclaration, MoveKind, MovePhase } from "../procedures/move";
import { DEFAULT_DISTANCE, carrierOf, grapplePartners, isPinned } from "../state";
import type { CombatantState, SkirmishState } from "../state";
import type { Altitude, Distance } from "../types";
import type { AttackOption, CompiledCombatant, CompiledEncounter, GrappleOption } from "./compile";

/** What a combatant does with its battle action. */
export type BattleChoice =
  | { kind: "attack"; option: AttackOption }
  | { kind: "grapple"; option: GrappleOption }
  | { kind: "breakOut" }
  | { kind: "rescue"; targetId: string };

/** What a run remembers between turns: who started the grapple it is in (1) or not (0), by combatant index. */
export interface RunMemory {
  grappler: Uint8Array;
}

/** Everything a tactic may look at when it chooses. */
export interface TacticView {
  state: SkirmishState;
  self: CompiledCombatant;
  encounter: CompiledEncounter;
  memory: RunMemory;
  /** The phase a move would be made in. */
  phase: MovePhase;
  /**
   * The combatants' states by combatant index, when the caller keeps them (the simulator's run loop does): the
   * same objects as `state.combatants`, found without looking the ids up. Without it the tactics look them up.
   */
  states?: readonly CombatantState[];
}

/**
 * A set of tactics. Moves and battle actions are proposed best first; the simulator makes the first one the
 * engine allows (so a tactic never needs to re-check the rules itself), and an empty list means "hold".
 */
export interface Tactics {
  /** Whether to set its passenger down now (costs no action). */
  letGo(view: TacticView): boolean;
  /** The moves it would make this phase, best first. */
  moves(view: TacticView): readonly MoveDeclaration[];
  /** The battle actions it would take, best first. */
  actions(view: TacticView): readonly BattleChoice[];
}

type Style = "standard" | "skirmisher" | "brawler";

const stateOf = (view: TacticView, c: CompiledCombatant): CombatantState =>
  (view.states?.[c.index] ?? view.state.combatants[c.id]) as CombatantState;

/** The distance from the combatant choosing to another (`distanceBetween`, by the pair keys compiled once). */
const distanceTo = (view: TacticView, other: CompiledCombatant): Distance =>
  other.index === view.self.index ? "zero" : (view.state.distances[view.self.pairKeys[other.index] as string] ?? DEFAULT_DISTANCE);

/**
 * Whether a combatant is still in the fight: neither dead nor severely injured (000 "Severe injury and Death"),
 * i.e. `woundState` is "fit": at most half its Life Points in wounds. Asked after every step and by every tactic,
 * so without `woundState`'s checks of its numbers (the engine keeps a run's wounds whole and non-negative, and
 * `checkEncounter` checked the starting ones).
 */
export function inTheFight(c: CombatantState): boolean {
  return c.life.wounds * 2 <= c.life.max;
}

const affordable = (view: TacticView, option: AttackOption): boolean =>
  option.magicCost <= stateOf(view, view.self).magic.value;

/** The option a style prefers against one enemy, among those it can pay for. */
function preferred(view: TacticView, target: CompiledCombatant, style: Style): AttackOption | null {
  const options = view.self.attacks[target.index] ?? [];
  let first: AttackOption | null = null;
  for (const option of options) {
    if (!affordable(view, option) || option.expected <= 0) continue;
    first ??= option;
    if (style === "skirmisher" && option.ranged) return option;
    if (style === "brawler" && !option.ranged) return option;
  }
  return first;
}

/**
 * The enemy to go for. Among those in the fight, the ones it can attack this round come first: in reach of its
 * preferred attack now, or after a standard move toward the bands that attack needs (a full move leaves no battle
 * action, 000 "Manoeuvres"). Among those, the one its preferred attack hurts most, the nearer on a tie. Only when
 * none can be attacked this round does it go for the one it hurts most anywhere. So a wyrm being bitten does not
 * spend every round on a full move after a wounded dragon that flies off again each time.
 */
function chooseTarget(view: TacticView, style: Style): { target: CompiledCombatant; option: AttackOption } | null {
  let best: { target: CompiledCombatant; option: AttackOption; reach: number; soon: boolean } | null = null;
  const self = stateOf(view, view.self);
  for (const other of view.encounter.combatants) {
    if (other.side === view.self.side) continue;
    const foe = stateOf(view, other);
    if (!inTheFight(foe)) continue;
    const option = preferred(view, other, style);
    if (!option) continue;
    const distance = distanceTo(view, other);
    const reach = distanceAt(distance);
    const soon = reaches(option, distance, self.altitude, foe.altitude) || reachedByStandardMove(view, other, foe, option, distance);
    if (
      !best ||
      (soon && !best.soon) ||
      (soon === best.soon &&
        (option.expected > best.option.expected || (option.expected === best.option.expected && reach < best.reach)))
    ) {
      best = { target: other, option, reach, soon };
    }
  }
  return best;
}

/** Whether a standard move toward the bands its attack needs brings a foe into that attack's reach. */
function reachedByStandardMove(
  view: TacticView,
  target: CompiledCombatant,
  foe: CombatantState,
  option: AttackOption,
  now: Distance,
): boolean {
  const self = stateOf(view, view.self);
  // The answer depends only on the attack's kind of reach and the bands (the move is made toward `target`, which
  // is `now` away), so it is worked out once per combination and kept, as `reaches` keeps the engine's answers.
  const d = DISTANCE_AT[now];
  const x = ALTITUDE_AT[self.altitude];
  const y = ALTITUDE_AT[foe.altitude];
  if (d === undefined || x === undefined || y === undefined) return standardMoveLands(view, target, self, foe, option, now);
  const kind = (option.ranged ? 2 : 0) + (option.decl.weapon.longRange ? 1 : 0);
  const slot = ((((kind * 2 + (self.canFly ? 1 : 0)) * DISTANCES.length + d) * ALTITUDES.length + x) * ALTITUDES.length + y);
  let known = standardMoveKnown[slot];
  if (known === undefined || known < 0) {
    known = standardMoveLands(view, target, self, foe, option, now) ? 1 : 0;
    standardMoveKnown[slot] = known;
  }
  return known === 1;
}

/** `reachedByStandardMove` worked out: the bands wanted, the standard move toward them, and whether it lands. */
function standardMoveLands(
  view: TacticView,
  target: CompiledCombatant,
  self: CombatantState,
  foe: CombatantState,
  option: AttackOption,
  now: Distance,
): boolean {
  const want = wantedBands(self, foe, option, now);
  return want !== null && lands(self, foe, option, now, moveToward(view, "standard", target, want));
}

/** Band positions by name, for the many look-ups of a turn; an unknown band goes to the engine's checked versions. */
const DISTANCE_AT: Readonly<Record<string, number>> = Object.fromEntries(DISTANCES.map((d, i) => [d, i]));
const ALTITUDE_AT: Readonly<Record<string, number>> = Object.fromEntries(ALTITUDES.map((a, i) => [a, i]));
const distanceAt = (d: Distance): number => DISTANCE_AT[d] ?? distanceIndex(d);
const altitudeAt = (a: Altitude): number => ALTITUDE_AT[a] ?? altitudeIndex(a);

/**
 * `reachedByStandardMove`'s answers once known: by melee or ranged, long range or not, whether it flies, the
 * distance and the two altitudes (-1 not asked yet).
 */
const standardMoveKnown = new Int8Array(2 * 2 * 2 * DISTANCES.length * ALTITUDES.length * ALTITUDES.length).fill(-1);

/**
 * The engine's reach answers (`canMelee`, `canRanged`) as tactics ask them, kept once known: by melee or ranged,
 * long range or not, distance and the two altitudes (2 x 2 x 5 x 5 x 5 slots; -1 not asked yet).
 */
const reachKnown = new Int8Array(2 * 2 * DISTANCES.length * ALTITUDES.length * ALTITUDES.length).fill(-1);

function engineReaches(option: AttackOption, distance: Distance, a: Altitude, b: Altitude): boolean {
  if (option.ranged) return canRanged(distance, a, b, { longRange: option.decl.weapon.longRange }).allowed;
  return canMelee(distance, a, b).allowed;
}

/** Whether an attack of this range would reach from these bands. */
function reaches(option: AttackOption, distance: Distance, a: Altitude, b: Altitude): boolean {
  const d = DISTANCE_AT[distance];
  const x = ALTITUDE_AT[a];
  const y = ALTITUDE_AT[b];
  if (d === undefined || x === undefined || y === undefined) return engineReaches(option, distance, a, b);
  const kind = (option.ranged ? 2 : 0) + (option.decl.weapon.longRange ? 1 : 0);
  const slot = ((kind * DISTANCES.length + d) * ALTITUDES.length + x) * ALTITUDES.length + y;
  let known = reachKnown[slot];
  if (known === undefined || known < 0) {
    known = engineReaches(option, distance, a, b) ? 1 : 0;
    reachKnown[slot] = known;
  }
  return known === 1;
}

/** Whether two altitudes are close enough for a ranged attack (at most 1 apart in value, 000 "Ranged Attacks"). */
function gapOk(a: Altitude, b: Altitude): boolean {
  return Math.abs(altitudeValue(a) - altitudeValue(b)) <= 1;
}

/** The bands a combatant wants to be at to use an attack on a target, or null when it never can. */
function wantedBands(self: CombatantState, target: CombatantState, option: AttackOption, now: Distance) {
  if (option.ranged) {
    const limit = option.decl.weapon.longRange ? "long" : "middle";
    const distance = distanceAt(now) <= distanceAt(limit) ? now : limit;
    if (gapOk(self.altitude, target.altitude)) return { altitude: self.altitude, distance };
    if (!self.canFly) return null;
    const here = altitudeAt(self.altitude);
    const near = ALTITUDES.filter((a) => gapOk(a, target.altitude)).sort((a, b) => Math.abs(altitudeAt(a) - here) - Math.abs(altitudeAt(b) - here));
    return near[0] ? { altitude: near[0], distance } : null;
  }
  if (target.altitude === "grounded" || target.altitude === "low") {
    // 000 "Altitude": Flying Low is level with the ground for melee, so a flyer need not land to bite.
    if (self.altitude === "grounded" || self.altitude === "low") return { altitude: self.altitude, distance: "close" as Distance };
    return self.canFly ? { altitude: "low" as Altitude, distance: "close" as Distance } : null;
  }
  return self.canFly ? { altitude: target.altitude, distance: "close" as Distance } : null;
}

function stepToward(from: number, to: number, steps: number): number {
  return from < to ? Math.min(to, from + steps) : Math.max(to, from - steps);
}

/** A move of one kind toward the wanted bands, as far as that kind allows, or null when it changes nothing. */
function moveToward(
  view: TacticView,
  kind: MoveKind,
  reference: CompiledCombatant,
  want: { altitude: Altitude; distance: Distance },
): MoveDeclaration | null {
  const self = stateOf(view, view.self);
  const steps = kind === "full" ? 2 : 1;
  const altitude = ALTITUDES[stepToward(altitudeAt(self.altitude), altitudeAt(want.altitude), self.canFly ? steps : 0)];
  const now = distanceAt(distanceTo(view, reference));
  // A move never brings anyone to zero range (only a grapple does).
  const distance = DISTANCES[Math.max(1, stepToward(now, distanceAt(want.distance), steps))];
  if (!altitude || !distance) return null;
  const move: MoveDeclaration = { id: self.id, kind };
  if (altitude !== self.altitude) move.altitude = altitude;
  if (distanceAt(distance) !== now) {
    move.reference = reference.id;
    move.distance = distance;
  }
  return move.altitude === undefined && move.distance === undefined ? null : move;
}

/** Whether a move brings the target into the attack's reach. */
function lands(
  self: CombatantState,
  target: CombatantState,
  option: AttackOption,
  now: Distance,
  m: MoveDeclaration | null,
): m is MoveDeclaration {
  return m !== null && reaches(option, m.distance ?? now, m.altitude ?? self.altitude, target.altitude);
}

/** Moves in the order tried: a standard move that brings the target into reach, a full one that does, then the longest. */
function approach(
  view: TacticView,
  target: CompiledCombatant,
  want: { altitude: Altitude; distance: Distance },
  option?: AttackOption,
): MoveDeclaration[] {
  const standard = moveToward(view, "standard", target, want);
  const full = moveToward(view, "full", target, want);
  const order: MoveDeclaration[] = [];
  if (option) {
    const t = stateOf(view, target);
    const self = stateOf(view, view.self);
    const now = distanceTo(view, target);
    if (lands(self, t, option, now, standard)) order.push(standard);
    if (lands(self, t, option, now, full)) order.push(full);
  }
  if (full && !order.includes(full)) order.push(full);
  if (standard && !order.includes(standard)) order.push(standard);
  return order;
}

const NOTHING: readonly never[] = Object.freeze([]);
const some = (...moves: (MoveDeclaration | null)[]): MoveDeclaration[] => moves.filter((m): m is MoveDeclaration => m !== null);

const hurt = (view: TacticView): boolean => {
  const self = stateOf(view, view.self);
  return self.canFly && self.life.wounds > 0 && self.life.wounds >= view.self.severeAt - 1;
};

function nearestEnemy(view: TacticView): CompiledCombatant | null {
  let best: CompiledCombatant | null = null;
  let bestReach = Number.POSITIVE_INFINITY;
  for (const other of view.encounter.combatants) {
    if (other.side === view.self.side || !inTheFight(stateOf(view, other))) continue;
    const reach = distanceAt(distanceTo(view, other));
    if (reach < bestReach) {
      best = other;
      bestReach = reach;
    }
  }
  return best;
}

function fallingAlly(view: TacticView): CompiledCombatant | null {
  for (const other of view.encounter.combatants) {
    if (other.side !== view.self.side || other.index === view.self.index) continue;
    const s = stateOf(view, other);
    if (s.falling && !isPinned(view.state, s.id) && carrierOf(view.state, s.id) === undefined) return other;
  }
  return null;
}

function movesFor(style: Style) {
  return (view: TacticView): readonly MoveDeclaration[] => {
    const self = stateOf(view, view.self);
    if (!inTheFight(self) || isPinned(view.state, self.id)) return NOTHING;
    if (hurt(view)) {
      const enemy = nearestEnemy(view);
      if (!enemy) return NOTHING;
      const far = Math.min(DISTANCES.length - 1, distanceAt(distanceTo(view, enemy)) + 2);
      const high = Math.min(ALTITUDES.length - 1, altitudeAt(self.altitude) + 1);
      const away = { altitude: ALTITUDES[high] ?? self.altitude, distance: DISTANCES[far] ?? "disengaged" };
      return some(moveToward(view, "full", enemy, away), moveToward(view, "standard", enemy, away));
    }
    const ally = self.canFly && view.state.carrying[self.id] === undefined ? fallingAlly(view) : null;
    if (ally) return approach(view, ally, { altitude: stateOf(view, ally).altitude, distance: "close" });
    if (view.state.carrying[self.id] !== undefined) {
      const enemy = nearestEnemy(view);
      const reference = enemy ?? ally;
      // Land: straight down, keeping the distance to the nearest enemy.
      if (!reference) return NOTHING;
      const distance = distanceTo(view, reference);
      return some(moveToward(view, "standard", reference, { altitude: "grounded", distance }));
    }
    const chosen = chooseTarget(view, style);
    if (!chosen) return NOTHING;
    const target = stateOf(view, chosen.target);
    const now = distanceTo(view, chosen.target);
    if (reaches(chosen.option, now, self.altitude, target.altitude)) {
      // Keep range: a ranged fighter at close quarters with a foe that bites steps back to middle distance.
      const bites = (chosen.target.attacks[view.self.index] ?? []).some((o) => !o.ranged && o.expected > 0);
      if (chosen.option.ranged && now === "close" && bites && reaches(chosen.option, "middle", self.altitude, target.altitude)) {
        return some(moveToward(view, "standard", chosen.target, { altitude: self.altitude, distance: "middle" }));
      }
      return NOTHING;
    }
    const want = wantedBands(self, target, chosen.option, now);
    return want ? approach(view, chosen.target, want, chosen.option) : NOTHING;
  };
}

/** One attack a combatant could make, with the enemy it is on, in the order `attacks` proposes them. */
interface Ranked {
  target: CompiledCombatant;
  option: AttackOption;
  choice: BattleChoice;
}

/**
 * Every attack a combatant could make on any enemy with a positive expected damage, best first for a style: by
 * expected damage, plus 1000 for a skirmisher's ranged or a brawler's melee attacks; ties keep the order of the
 * encounter's combatants and then of the options (a stable sort). Made once per combatant and style; a turn then
 * only filters it (who is still in the fight, what Magic allows), which keeps the same order as sorting the
 * filtered list would, since a stable sort keeps the relative order of any part of what it sorted.
 */
const rankings = new WeakMap<CompiledCombatant, Partial<Record<Style, readonly Ranked[]>>>();

function ranked(view: TacticView, style: Style): readonly Ranked[] {
  const self = view.self;
  let byStyle = rankings.get(self);
  if (!byStyle) {
    byStyle = {};
    rankings.set(self, byStyle);
  }
  const known = byStyle[style];
  if (known) return known;
  const list: (Ranked & { score: number })[] = [];
  for (const other of view.encounter.combatants) {
    if (other.side === self.side) continue;
    for (const option of self.attacks[other.index] ?? []) {
      if (option.expected <= 0) continue;
      const bonus = (style === "skirmisher" && option.ranged) || (style === "brawler" && !option.ranged) ? 1000 : 0;
      list.push({ target: other, option, choice: { kind: "attack", option }, score: option.expected + bonus });
    }
  }
  list.sort((a, b) => b.score - a.score);
  // Pushed, not made by `map`, so the list is of one kind whether `ranked` runs optimised or not (play.ts `play`).
  const made: Ranked[] = [];
  for (const { target, option, choice } of list) made.push({ target, option, choice });
  byStyle[style] = made;
  return made;
}

/** The attacks it would make, best first: by expected damage, a skirmisher's breath or a brawler's claws first. */
function attacks(view: TacticView, style: Style, out: BattleChoice[], only?: string): void {
  for (const r of ranked(view, style)) {
    if (only !== undefined ? r.target.id !== only : !inTheFight(stateOf(view, r.target))) continue;
    if (!affordable(view, r.option)) continue;
    out.push(r.choice);
  }
}

function actionsFor(style: Style) {
  return (view: TacticView): readonly BattleChoice[] => {
    const self = stateOf(view, view.self);
    if (!inTheFight(self)) return NOTHING;
    const { state, self: me } = view;
    const out: BattleChoice[] = [];
    if (isPinned(state, self.id)) {
      const partners = grapplePartners(state, self.id);
      const started = view.memory.grappler[me.index] === 1;
      const nearGround = self.altitude === "low" || self.altitude === "grounded";
      const crashHurtsMeMore = view.encounter.combatants.some((c) => partners.includes(c.id) && c.crashDamage < me.crashDamage);
      if (started && !(nearGround && crashHurtsMeMore)) {
        for (const partner of partners) attacks(view, style === "skirmisher" ? "standard" : style, out, partner);
      }
      out.push({ kind: "breakOut" });
      return out;
    }
    const ally = fallingAlly(view);
    if (ally) out.push({ kind: "rescue", targetId: ally.id });
    if (style !== "skirmisher" && altitudeAt(self.altitude) >= altitudeAt("mid")) {
      for (const other of view.encounter.combatants) {
        const grapple = me.grapples[other.index];
        if (!grapple || grapple.hit < 0.5 || other.crashDamage <= me.crashDamage) continue;
        if (inTheFight(stateOf(view, other))) out.push({ kind: "grapple", option: grapple });
      }
    }
    attacks(view, style, out);
    return out;
  };
}

const letGo = (view: TacticView): boolean =>
  view.state.carrying[view.self.id] !== undefined && stateOf(view, view.self).altitude === "grounded";

const styled = (style: Style): Tactics => Object.freeze({ letGo, moves: movesFor(style), actions: actionsFor(style) });

/** The tactics every simulation knows; combatants name one (default "standard"). */
export const STANDARD_TACTICS: Readonly<Record<string, Tactics>> = Object.freeze({
  standard: styled("standard"),
  skirmisher: styled("skirmisher"),
  brawler: styled("brawler"),
  passive: Object.freeze({ letGo: () => false, moves: () => NOTHING, actions: () => NOTHING }),
});

/** The names of the standard tactics, for menus and `--help`. */
export const TACTIC_NAMES: readonly string[] = Object.freeze(Object.keys(STANDARD_TACTICS));
