/**
 * Combat events (001 "Combat Events"): the d20 table drawn once for every forced initiative re-roll.
 * Only 1-2 Armour Trouble comes from the seed; 3-20 are this system's own additions (the seed leaves them
 * blank). Effects marked "this round" last until the End Phase / End of Round of the current round.
 *
 * Dice order: `roll(1, 20)` picks the entry. A random combatant is chosen among the eligible ones, numbered
 * in snapshot order, with one die split into equal bands (`pickIndex`); faces past the last whole band are
 * re-rolled. Armour Trouble then rolls `roll(1, 6)` for the piece. An event that cannot happen (nobody
 * eligible, or the piece is not worn) draws a new d20; after MAX_EVENT_DRAWS draws nothing happens.
 */
import { ALTITUDES } from "./bands";
import { rollFrom } from "./roll-sources";
import type { DieSize } from "./roll-sources";
import type { RoundEffect, StateChange } from "./state";
import type { Altitude, ArmourSlot, DiceSource } from "./types";
import {
  assertBoolean,
  assertFace,
  assertList,
  assertOneOf,
  assertRecord,
  assertString,
  assertUniqueIds,
  fail,
  optionalBoolean,
} from "./validate";

export type { ArmourSlot } from "./types";

/** One combatant as a combat event sees it; the caller leaves out the dead. */
export interface EventCombatant {
  id: string;
  altitude: Altitude;
  canFly: boolean;
  /** Slots of the armour pieces it has equipped. */
  armour: readonly string[];
  /** Locked in a grapple (absent: false). */
  pinned?: boolean;
  /** Carrying someone (absent: false). */
  carrying?: boolean;
  /** Being carried (absent: false). */
  carried?: boolean;
}

/** What a combat event needs to know about the skirmish. */
export interface EventSnapshot {
  combatants: readonly EventCombatant[];
}

/**
 * A change a combat event asks for: damage to an armour piece (the Foundry layer writes it to the item), or a
 * skirmish state change (`applyChanges`), among them the one-round effects that end in the End Phase.
 */
export type CombatEventChange =
  | { type: "armourDamage"; id: string; slot: ArmourSlot }
  | Extract<StateChange, { type: "altitude" | "flag" | "roundEffect" }>;

/** The identifiers of the table's entries. */
export type CombatEventId =
  | "armourTrouble"
  | "gustingWind"
  | "thermal"
  | "downdraught"
  | "lowCloud"
  | "dustAndSmoke"
  | "blindingSun"
  | "stampede"
  | "looseMount"
  | "wingCramp";

/** One row of the table: its d20 band and the en.json group holding its `Name` and `Effect`. */
export interface CombatEventEntry {
  id: CombatEventId;
  range: readonly [number, number];
  key: string;
}

/** The result of drawing a combat event; `event` "nothing" when every draw was impossible. */
export interface CombatEventResult {
  event: CombatEventId | "nothing";
  /** The en.json key of the event's effect text. */
  key: string;
  /** The last d20 face drawn (0 when nothing was drawn because nobody is in the skirmish). */
  roll: number;
  /** How many d20 draws were made. */
  draws: number;
  /** The randomly chosen combatant, or null for events that strike everyone who qualifies. */
  combatant: string | null;
  /** Every combatant the changes touch. */
  affected: string[];
  changes: CombatEventChange[];
}

/** Draws made before giving up and reporting that nothing happens. */
export const MAX_EVENT_DRAWS = 10;

/** Re-rolls allowed while picking a random combatant before the dice source is reported as broken. */
export const MAX_PICK_ROLLS = 100;

const entry = (id: CombatEventId, low: number, name: string): CombatEventEntry =>
  Object.freeze({ id, range: Object.freeze([low, low + 1] as const), key: `AOD.CombatEvents.${name}` });

/** The d20 table in band order (001 "Combat Events"; 3-20 are this system's additions). */
export const COMBAT_EVENTS: readonly CombatEventEntry[] = Object.freeze([
  entry("armourTrouble", 1, "ArmourTrouble"),
  entry("gustingWind", 3, "GustingWind"),
  entry("thermal", 5, "Thermal"),
  entry("downdraught", 7, "Downdraught"),
  entry("lowCloud", 9, "LowCloud"),
  entry("dustAndSmoke", 11, "DustAndSmoke"),
  entry("blindingSun", 13, "BlindingSun"),
  entry("stampede", 15, "Stampede"),
  entry("looseMount", 17, "LooseMount"),
  entry("wingCramp", 19, "WingCramp"),
]);

/** The en.json key shown when no event could happen. */
export const NOTHING_HAPPENS_KEY = "AOD.CombatEvents.Nothing.Effect";

/** The table row a d20 face falls in. */
export function combatEventFor(face: number): CombatEventEntry {
  const row = COMBAT_EVENTS.find((e) => face >= e.range[0] && face <= e.range[1]);
  if (!row) fail("face", "a d20 face from 1 to 20", face);
  return row;
}

/** 001 "Armour Trouble": d6 1-2 helmet, 3-5 shield, 6 body armour (see `wornPiece` for barding). */
export function armourSlotFor(face: number): Exclude<ArmourSlot, "barding"> {
  assertFace("face", face, 6);
  if (face <= 2) return "helmet";
  return face <= 5 ? "shield" : "body";
}

/** The die used to pick one of `n` (2..20): the one that wastes fewest faces, the smallest on a tie. */
export function pickDie(n: number): DieSize {
  if (!Number.isInteger(n) || n < 2 || n > 20) fail("n", "an integer from 2 to 20", n);
  const fits = ([6, 10, 20] as const).filter((size) => size >= n);
  return fits.reduce((best, size) => (size % n < best % n ? size : best));
}

/**
 * Picks an index in 0..n-1 with dice: one die (`pickDie`) for up to 20, base-20 digits of d20s beyond.
 * The faces are cut into n equal bands; a result past the last whole band is re-rolled.
 */
export async function pickIndex(n: number, dice: DiceSource): Promise<number> {
  if (!Number.isInteger(n) || n < 1) fail("n", "an integer of 1 or more", n);
  if (n === 1) return 0;
  const size: DieSize = n <= 20 ? pickDie(n) : 20;
  let digits = 1;
  while (size ** digits < n) digits += 1;
  const span = size ** digits;
  const band = Math.floor(span / n);
  for (let attempt = 0; attempt < MAX_PICK_ROLLS; attempt += 1) {
    const faces = await rollFrom(dice, digits, size);
    const value = faces.reduce((acc, face) => acc * size + (face - 1), 0);
    if (value < band * n) return Math.floor(value / band);
  }
  throw new Error(`could not pick one of ${n} after ${MAX_PICK_ROLLS} rolls`);
}

/**
 * The worn piece Armour Trouble damages, or null when none: the seed's "Armour" is the body armour, or for a
 * dragon (which wears no body armour) its barding.
 */
function wornPiece(c: EventCombatant, named: Exclude<ArmourSlot, "barding">): ArmourSlot | null {
  if (c.armour.includes(named)) return named;
  return named === "body" && c.armour.includes("barding") ? "barding" : null;
}

const effect = (c: EventCombatant, name: RoundEffect): CombatEventChange => ({
  type: "roundEffect",
  id: c.id,
  effect: name,
  active: true,
});

const airborne = (c: EventCombatant): boolean => c.altitude !== "grounded";
/** Free to be blown about alone: not grappling, carrying or carried (those bands move together or not at all). */
const free = (c: EventCombatant): boolean => !c.pinned && !c.carrying && !c.carried;
const band = (c: EventCombatant): number => ALTITUDES.indexOf(c.altitude);
const shifted = (c: EventCombatant, by: number): Altitude => ALTITUDES[band(c) + by] ?? c.altitude;

type Effect = Pick<CombatEventResult, "combatant" | "affected" | "changes">;
type Resolver = (snapshot: EventSnapshot, dice: DiceSource) => Promise<Effect | null>;

/** An event that strikes everyone who qualifies; impossible when nobody does. */
const everyone =
  (qualifies: (c: EventCombatant) => boolean, change: (c: EventCombatant) => CombatEventChange): Resolver =>
  (snapshot) => {
    const hit = snapshot.combatants.filter(qualifies);
    if (hit.length === 0) return Promise.resolve(null);
    return Promise.resolve({ combatant: null, affected: hit.map((c) => c.id), changes: hit.map(change) });
  };

/** An event that strikes one random combatant among those who qualify; impossible when nobody does. */
const oneOf =
  (qualifies: (c: EventCombatant) => boolean, change: (c: EventCombatant) => CombatEventChange): Resolver =>
  async (snapshot, dice) => {
    const pool = snapshot.combatants.filter(qualifies);
    if (pool.length === 0) return null;
    const chosen = pool[await pickIndex(pool.length, dice)];
    if (!chosen) return null;
    return { combatant: chosen.id, affected: [chosen.id], changes: [change(chosen)] };
  };

const RESOLVERS: Readonly<Record<CombatEventId, Resolver>> = {
  // 001 "Combat Events" 1-2: a random combatant; the piece the d6 names must be worn, or the event is re-drawn.
  armourTrouble: async (snapshot, dice) => {
    const all = snapshot.combatants;
    if (all.length === 0) return null;
    const chosen = all[await pickIndex(all.length, dice)];
    if (!chosen) return null;
    const [face] = await rollFrom(dice, 1, 6);
    const slot = wornPiece(chosen, armourSlotFor(face ?? 0));
    if (slot === null) return null;
    return { combatant: chosen.id, affected: [chosen.id], changes: [{ type: "armourDamage", id: chosen.id, slot }] };
  },
  gustingWind: everyone(
    (c) => c.canFly && free(c) && c.altitude === "ceiling",
    (c) => ({ type: "altitude", id: c.id, altitude: "high" }),
  ),
  thermal: oneOf(
    (c) => c.canFly && free(c) && airborne(c) && c.altitude !== "ceiling",
    (c) => ({ type: "altitude", id: c.id, altitude: shifted(c, 1) }),
  ),
  downdraught: oneOf(
    (c) => c.canFly && free(c) && band(c) >= ALTITUDES.indexOf("mid"),
    (c) => ({ type: "altitude", id: c.id, altitude: shifted(c, -1) }),
  ),
  lowCloud: everyone(
    (c) => c.altitude === "high" || c.altitude === "ceiling",
    (c) => effect(c, "noRangedAttack"),
  ),
  dustAndSmoke: everyone(
    (c) => c.altitude === "grounded" || c.altitude === "low",
    (c) => effect(c, "noRangedAttack"),
  ),
  blindingSun: oneOf(airborne, (c) => effect(c, "noBattleAction")),
  stampede: oneOf(
    (c) => c.altitude === "grounded",
    (c) => effect(c, "forcedFullMove"),
  ),
  looseMount: oneOf(
    (c) => c.altitude === "grounded" && !c.canFly,
    (c) => effect(c, "noBattleAction"),
  ),
  // A carrier may cramp (its passenger then falls with it); the carried and the pinned cannot choose to fall.
  wingCramp: oneOf(
    (c) => c.canFly && airborne(c) && !c.carried && !c.pinned,
    (c) => ({ type: "flag", id: c.id, flag: "choseToFall", value: true }),
  ),
};

/** Parses the public input of `resolveCombatEvent` once; the resolvers then trust its types. */
function parseSnapshot(value: unknown): EventSnapshot {
  const snapshot = assertRecord("snapshot", value, "an object with a combatants array");
  const entries = assertList("snapshot.combatants", snapshot.combatants);
  const ids = assertUniqueIds(
    entries.map((c, i) => assertRecord(`snapshot.combatants[${i}]`, c).id),
    (i) => `snapshot.combatants[${i}].id`,
  );
  const combatants = entries.map((entry, i): EventCombatant => {
    const at = `snapshot.combatants[${i}]`;
    const c = assertRecord(at, entry);
    const armour = assertList(`${at}.armour`, c.armour, "an array of slot names");
    return {
      id: ids[i] ?? fail(`${at}.id`, "an id", c.id),
      altitude: assertOneOf(`${at}.altitude`, c.altitude, ALTITUDES),
      canFly: assertBoolean(`${at}.canFly`, c.canFly),
      armour: armour.map((slot, j) => assertString(`${at}.armour[${j}]`, slot)),
      pinned: optionalBoolean(`${at}.pinned`, c.pinned),
      carrying: optionalBoolean(`${at}.carrying`, c.carrying),
      carried: optionalBoolean(`${at}.carried`, c.carried),
    };
  });
  return { combatants };
}

/**
 * 001 "Combat Events": draws a d20 event and works out its effect on the snapshot; impossible events are
 * re-drawn, up to MAX_EVENT_DRAWS, after which nothing happens. The snapshot is never modified.
 */
export async function resolveCombatEvent(input: EventSnapshot, dice: DiceSource): Promise<CombatEventResult> {
  const snapshot = parseSnapshot(input);
  let roll = 0;
  let draws = 0;
  // With nobody in the skirmish no event can happen, so no die is rolled at all.
  while (snapshot.combatants.length > 0 && draws < MAX_EVENT_DRAWS) {
    [roll = 0] = await rollFrom(dice, 1, 20);
    draws += 1;
    const row = combatEventFor(roll);
    const effect = await RESOLVERS[row.id](snapshot, dice);
    if (effect) return { event: row.id, key: `${row.key}.Effect`, roll, draws, ...effect };
  }
  return { event: "nothing", key: NOTHING_HAPPENS_KEY, roll, draws, combatant: null, affected: [], changes: [] };
}
