/**
 * Actors and combatants -> the engine's snapshot: one pure translation from what the Combat and its Combatants
 * store (stored.ts) plus each combatant's actor data to the rules' SkirmishState, the round planner's input and
 * the combat events' snapshot. The Foundry side (documents/combat.ts) only gathers the plain inputs.
 * Pure: no Foundry globals.
 */
import { woundState } from "../../rules/health";
import type { PlanCombatant } from "../../rules/round-plan";
import type { SpeedCategory } from "../../rules/speed";
import type { CombatantState, LandmarkState, SkirmishState } from "../../rules/state";
import type { EventSnapshot } from "../../rules/combat-events";
import { carrierOf, isPinned } from "../../rules/state";
import type { CombatantBody } from "./actor-body";
import type { StoredPlace, StoredSkirmish } from "./stored";
import { defaultPlace } from "./stored";

/** One combatant as the translation takes it: its ids, name, resolved side, and its actor's body (null: gone). */
export interface CombatantEntry {
  /** The Combatant document id: the key of everything the combat stores about it. */
  id: string;
  name: string;
  side: string;
  /** The speed it acts at in the d10 mode (the combatant's override, else its actor's). */
  speed: SpeedCategory;
  /** null when its actor was deleted: it drops out of the skirmish until it has one again. */
  body: CombatantBody | null;
  /** Its own Pneuma tie TN when a power changes it (`pneumaTieTN`); absent: the text's TN 6. */
  tieTN?: number;
  /** The tactics it plays in the simulator's forecast and advice (the combatant's `tactics`); absent: the standard ones. */
  tactics?: string;
}

/** The flag an Active Effect sets to change an actor's Pneuma tie TN: `flags.age-of-dragons.pneumaTieTN`. */
export const PNEUMA_TIE_TN_FLAG = "pneumaTieTN";

/**
 * An actor's own Pneuma tie TN (000 "Initiative": "usually TN6+, though certain specific special powers can change
 * this"), as an Active Effect leaves it on the actor's flag (a number, or the text an effect's value is typed as): a
 * whole number from 2 to 7 (7: its tie checks cannot succeed); anything else is no power at all (undefined).
 */
export function pneumaTieTN(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 2 && n <= 7 ? n : undefined;
}

/** Token dispositions as core numbers them (CONST.TOKEN_DISPOSITIONS), named as sides. */
export const DISPOSITION_SIDES: Readonly<Record<number, string>> = Object.freeze({
  1: "friendly",
  0: "neutral",
  [-1]: "hostile",
  [-2]: "secret",
});

/**
 * The side a combatant fights for (RULES.md "Side initiative"): its own side field when the GM set one, else the
 * name of its v13 combatant group, else its token's disposition.
 */
export function sideOf(field: string, group: string | null, disposition: number | null): string {
  const own = field.trim();
  if (own !== "") return own;
  if (group !== null && group.trim() !== "") return group.trim();
  return (disposition !== null ? DISPOSITION_SIDES[disposition] : undefined) ?? "neutral";
}

function stateOf(entry: CombatantEntry, body: CombatantBody, place: StoredPlace): CombatantState {
  // The body's own extras (speed, tags, armour slots) are not the engine's.
  const { speed: _speed, tags: _tags, armourSlots: _slots, ...part } = body;
  return {
    id: entry.id,
    name: entry.name,
    side: entry.side,
    ...part,
    life: { ...part.life },
    magic: { ...part.magic },
    ...place,
    roundEffects: [...place.roundEffects],
  };
}

/**
 * The engine's SkirmishState for a combat. Combatants whose actor is gone are left out, and so is every
 * distance, grapple or carry that names someone who is not in the skirmish, so a deletion mid-round never leaves
 * the engine a dangling id. A combatant with no stored place takes the default one (flyers mid, others grounded).
 */
export function skirmishState(stored: StoredSkirmish, entries: readonly CombatantEntry[]): SkirmishState {
  const combatants: Record<string, CombatantState> = {};
  for (const entry of entries) {
    if (!entry.body) continue;
    combatants[entry.id] = stateOf(entry, entry.body, stored.combatants[entry.id] ?? defaultPlace(entry.body.canFly));
  }
  const landmarks: Record<string, LandmarkState> = {};
  for (const [id, landmark] of Object.entries(stored.landmarks)) {
    if (combatants[id]) continue; // an id cannot be both
    landmarks[id] = { id, name: landmark.name, altitude: landmark.altitude };
  }
  const known = (id: string): boolean => id in combatants || id in landmarks;
  const fighting = (id: string): boolean => id in combatants;
  const pair = (key: string, test: (id: string) => boolean): boolean => {
    const [a = "", b = ""] = key.split("|");
    return test(a) && test(b);
  };
  const distances = Object.fromEntries(Object.entries(stored.distances).filter(([key]) => pair(key, known)));
  const grapples = stored.grapples.filter((key) => pair(key, fighting));
  const carrying = Object.fromEntries(
    Object.entries(stored.carrying).filter(([carrier, carried]) => fighting(carrier) && fighting(carried)),
  );
  return { combatants, landmarks, distances, grapples, carrying, surface: stored.surface };
}

/** The stored form of a SkirmishState: everything but the actor data (the inverse of skirmishState). */
export function storedSkirmish(state: SkirmishState): StoredSkirmish {
  const combatants: Record<string, StoredPlace> = {};
  for (const [id, c] of Object.entries(state.combatants)) {
    combatants[id] = {
      altitude: c.altitude,
      moved: c.moved,
      fullMove: c.fullMove,
      acted: c.acted,
      choseToFall: c.choseToFall,
      falling: c.falling,
      roundEffects: [...c.roundEffects],
    };
  }
  const landmarks = Object.fromEntries(
    Object.entries(state.landmarks).map(([id, l]) => [id, { name: l.name, altitude: l.altitude }]),
  );
  return {
    combatants,
    landmarks,
    distances: { ...state.distances },
    grapples: [...state.grapples],
    carrying: { ...state.carrying },
    surface: state.surface,
  };
}

/**
 * The round planner's view of the combatants (RULES.md "Initiative"): Pneuma, side, speed, health, and whether it
 * was surprised or ambushed at the start (no actions in round 1 when the setting is on, which the round effects
 * already carry). Combatants whose actor is gone are left out.
 */
export function planCombatants(state: SkirmishState, entries: readonly CombatantEntry[]): PlanCombatant[] {
  const planned: PlanCombatant[] = [];
  for (const entry of entries) {
    const c = state.combatants[entry.id];
    if (!c) continue;
    const health = woundState(c.life.wounds, c.life.max);
    planned.push({
      id: c.id,
      pneuma: c.pneuma,
      side: c.side,
      speed: entry.speed,
      dead: health === "dead",
      severelyInjured: health === "severelyInjured",
      surprised: c.roundEffects.includes("surprised") || c.roundEffects.includes("ambushed"),
    });
  }
  return planned;
}

/** The combat events' snapshot (001 "Combat Events"): the living, with their worn armour slots. */
export function eventSnapshot(state: SkirmishState, entries: readonly CombatantEntry[]): EventSnapshot {
  const combatants = [];
  for (const entry of entries) {
    const c = state.combatants[entry.id];
    if (!c || !entry.body || woundState(c.life.wounds, c.life.max) === "dead") continue;
    combatants.push({
      id: c.id,
      altitude: c.altitude,
      canFly: c.canFly,
      armour: [...entry.body.armourSlots],
      pinned: isPinned(state, c.id),
      carrying: state.carrying[c.id] !== undefined,
      carried: carrierOf(state, c.id) !== undefined,
    });
  }
  return { combatants };
}
