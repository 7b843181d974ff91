/**
 * What the GM may change on the board directly, outside the rules of movement: any altitude, any distance,
 * landmarks, the surface, combatants entering and leaving. The edits keep the state consistent: a grapple or a
 * carry moves as one (groups.ts), a grapple pulled apart ends, and nothing refers to a combatant or landmark
 * that is gone.
 */
import { ALTITUDES, DISTANCES } from "../bands";
import { SURFACES } from "../falling";
import { setDown } from "../procedures/rescue";
import { DEFAULT_DISTANCE, applyChanges, pairKey } from "../state";
import type { CombatantState, LandmarkState, SkirmishState, StateChange } from "../state";
import type { Altitude, Distance, Surface } from "../types";
import { directLink, positionGroup } from "./groups";
import { BOARD_REASONS } from "./reasons";

/** The longest landmark name the board accepts. */
export const MAX_LANDMARK_NAME = 80;

/** One GM edit of the board. */
export type BoardEdit =
  | { type: "altitude"; id: string; altitude: Altitude }
  | { type: "distance"; a: string; b: string; distance: Distance }
  | { type: "addLandmark"; landmark: LandmarkState }
  | { type: "renameLandmark"; id: string; name: string }
  | { type: "removeLandmark"; id: string }
  | { type: "surface"; surface: Surface }
  | { type: "addCombatant"; combatant: CombatantState; distance: Distance }
  | { type: "removeCombatant"; id: string };

/** The answer to an edit: the new state, or a refusal with an en.json reason and no change. */
export type EditRuling = { allowed: true; state: SkirmishState } | { allowed: false; reason: string };

function no(reason: string): EditRuling {
  return { allowed: false, reason };
}

function isOneOf<T extends string>(value: unknown, list: readonly T[]): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}

function isOnBoard(state: SkirmishState, id: unknown): id is string {
  return typeof id === "string" && (Object.hasOwn(state.combatants, id) || Object.hasOwn(state.landmarks, id));
}

/** A copy of a record without the given keys. */
function without<T>(record: Readonly<Record<string, T>>, keys: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.has(key)));
}

/** A distance written sparsely: the default distance is the absence of an entry (state.ts DEFAULT_DISTANCE). */
function writeDistances(state: SkirmishState, pairs: readonly (readonly [string, string])[], distance: Distance): SkirmishState {
  const keys = new Set(pairs.map(([a, b]) => pairKey(a, b)));
  const distances = without(state.distances, keys);
  if (distance !== DEFAULT_DISTANCE) for (const key of keys) distances[key] = distance;
  return { ...state, distances };
}

function setAltitude(state: SkirmishState, id: unknown, altitude: unknown): EditRuling {
  if (!isOneOf(altitude, ALTITUDES)) return no(BOARD_REASONS.UnknownBand);
  if (typeof id === "string" && Object.hasOwn(state.landmarks, id)) {
    const landmark = state.landmarks[id] as LandmarkState;
    return { allowed: true, state: { ...state, landmarks: { ...state.landmarks, [id]: { ...landmark, altitude } } } };
  }
  if (typeof id !== "string" || !Object.hasOwn(state.combatants, id)) return no(BOARD_REASONS.UnknownCombatant);
  // A grapple and whoever is carried in it share one place: they go up or down together.
  const changes: StateChange[] = positionGroup(state, id)
    .filter((member) => state.combatants[member]?.altitude !== altitude)
    .map((member) => ({ type: "altitude", id: member, altitude }));
  return { allowed: true, state: applyChanges(state, changes) };
}

function setDistance(state: SkirmishState, a: unknown, b: unknown, distance: unknown): EditRuling {
  if (!isOnBoard(state, a) || !isOnBoard(state, b)) return no(BOARD_REASONS.UnknownCombatant);
  if (a === b) return no(BOARD_REASONS.SamePair);
  if (!isOneOf(distance, DISTANCES)) return no(BOARD_REASONS.UnknownBand);
  const link = directLink(state, a, b);
  if (link === "carry") return no(BOARD_REASONS.CarrierAndPassenger);
  if (link === "grapple") {
    if (distance === "zero") return { allowed: true, state };
    // Pulling a grapple apart ends it (000 "Breaking out of a Grapple": out of zero range, no longer pinned).
    const released = applyChanges(state, [{ type: "release", a, b }]);
    return { allowed: true, state: writeDistances(released, [[a, b]], distance) };
  }
  const groupA = Object.hasOwn(state.combatants, a) ? positionGroup(state, a) : [a];
  const groupB = Object.hasOwn(state.combatants, b) ? positionGroup(state, b) : [b];
  if (groupA.includes(b)) return no(BOARD_REASONS.LinkedThroughOthers);
  // 000 Distance: zero range between combatants is a grapple; only a landmark can be touched without one.
  const landmarkPair = Object.hasOwn(state.landmarks, a) || Object.hasOwn(state.landmarks, b);
  if (distance === "zero" && !landmarkPair) return no(BOARD_REASONS.ZeroNeedsGrapple);
  const pairs = groupA.flatMap((x) => groupB.map((y) => [x, y] as const));
  return { allowed: true, state: writeDistances(state, pairs, distance) };
}

function landmarkName(name: unknown): string | undefined {
  if (typeof name !== "string") return undefined;
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_LANDMARK_NAME ? trimmed : undefined;
}

function addLandmark(state: SkirmishState, landmark: unknown): EditRuling {
  if (typeof landmark !== "object" || landmark === null) return no(BOARD_REASONS.Malformed);
  const { id, name, altitude } = landmark as Record<string, unknown>;
  if (typeof id !== "string" || id.length === 0 || id.includes("|")) return no(BOARD_REASONS.Malformed);
  if (isOnBoard(state, id)) return no(BOARD_REASONS.LandmarkExists);
  const clean = landmarkName(name);
  if (clean === undefined) return no(BOARD_REASONS.LandmarkName);
  if (!isOneOf(altitude, ALTITUDES)) return no(BOARD_REASONS.UnknownBand);
  return { allowed: true, state: { ...state, landmarks: { ...state.landmarks, [id]: { id, name: clean, altitude } } } };
}

function renameLandmark(state: SkirmishState, id: unknown, name: unknown): EditRuling {
  if (typeof id !== "string" || !Object.hasOwn(state.landmarks, id)) return no(BOARD_REASONS.UnknownLandmark);
  const clean = landmarkName(name);
  if (clean === undefined) return no(BOARD_REASONS.LandmarkName);
  const landmark = state.landmarks[id] as LandmarkState;
  return { allowed: true, state: { ...state, landmarks: { ...state.landmarks, [id]: { ...landmark, name: clean } } } };
}

/** The state without any distance entry that names this id. */
function withoutPairsOf(state: SkirmishState, id: string): SkirmishState {
  const distances: Record<string, Distance> = {};
  for (const [key, distance] of Object.entries(state.distances)) {
    const [x, y] = key.split("|");
    if (x !== id && y !== id) distances[key] = distance;
  }
  return { ...state, distances };
}

function removeLandmark(state: SkirmishState, id: unknown): EditRuling {
  if (typeof id !== "string" || !Object.hasOwn(state.landmarks, id)) return no(BOARD_REASONS.UnknownLandmark);
  const landmarks = without(state.landmarks, new Set([id]));
  return { allowed: true, state: withoutPairsOf({ ...state, landmarks }, id) };
}

/**
 * A combatant leaves the board: whoever it carried is let go as the engine's setDown would (000 "Catching"),
 * its grapples end, and no distance, grapple or carry entry names it any more.
 */
function removeCombatant(state: SkirmishState, id: unknown): EditRuling {
  if (typeof id !== "string" || !Object.hasOwn(state.combatants, id)) return no(BOARD_REASONS.UnknownCombatant);
  let next = state;
  const letGo = setDown(next, id);
  if (letGo.allowed) next = applyChanges(next, letGo.changes);
  const combatants = without(next.combatants, new Set([id]));
  const carrying = Object.fromEntries(Object.entries(next.carrying).filter(([c, p]) => c !== id && p !== id));
  const grapples = next.grapples.filter((key) => !key.split("|").includes(id));
  return { allowed: true, state: withoutPairsOf({ ...next, combatants, carrying, grapples }, id) };
}

/** A combatant enters at the entry distance from everyone and everything (RULES.md "Movement", a setting). */
function addCombatant(state: SkirmishState, entering: unknown, distance: unknown): EditRuling {
  if (typeof entering !== "object" || entering === null) return no(BOARD_REASONS.Malformed);
  const c = entering as CombatantState;
  if (typeof c.id !== "string" || c.id.length === 0 || c.id.includes("|")) return no(BOARD_REASONS.Malformed);
  if (isOnBoard(state, c.id)) return no(BOARD_REASONS.CombatantExists);
  if (!isOneOf(c.altitude, ALTITUDES) || !isOneOf(distance, DISTANCES)) return no(BOARD_REASONS.UnknownBand);
  if (distance === "zero") return no(BOARD_REASONS.EntryAtZero);
  const others = [...Object.keys(state.combatants), ...Object.keys(state.landmarks)];
  const added = { ...state, combatants: { ...state.combatants, [c.id]: c } };
  return { allowed: true, state: writeDistances(added, others.map((o) => [c.id, o] as const), distance) };
}

/** Applies one GM edit; a refusal (unknown id, band or surface, malformed data) changes nothing. */
export function applyBoardEdit(state: SkirmishState, edit: BoardEdit): EditRuling {
  // The edit may come from a payload: read it as unknown data, whatever its declared type says.
  const given: unknown = edit;
  if (typeof given !== "object" || given === null) return no(BOARD_REASONS.Malformed);
  const raw = given as Record<string, unknown>;
  switch (raw.type) {
    case "altitude":
      return setAltitude(state, raw.id, raw.altitude);
    case "distance":
      return setDistance(state, raw.a, raw.b, raw.distance);
    case "addLandmark":
      return addLandmark(state, raw.landmark);
    case "renameLandmark":
      return renameLandmark(state, raw.id, raw.name);
    case "removeLandmark":
      return removeLandmark(state, raw.id);
    case "surface":
      return isOneOf(raw.surface, SURFACES)
        ? { allowed: true, state: { ...state, surface: raw.surface } }
        : no(BOARD_REASONS.UnknownSurface);
    case "addCombatant":
      return addCombatant(state, raw.combatant, raw.distance);
    case "removeCombatant":
      return removeCombatant(state, raw.id);
    default:
      return no(BOARD_REASONS.Malformed);
  }
}

/**
 * The state without entries that name a combatant or landmark no longer on the board (a combatant deleted
 * while no GM was there to tidy up): distances, grapples and carries.
 */
export function withoutStale(state: SkirmishState): SkirmishState {
  const here = (id: string | undefined): boolean => id !== undefined && isOnBoard(state, id);
  const pairOk = (key: string): boolean => key.split("|").every(here);
  const distances = Object.fromEntries(Object.entries(state.distances).filter(([key]) => pairOk(key)));
  const grapples = state.grapples.filter(
    (key) => pairOk(key) && key.split("|").every((id) => Object.hasOwn(state.combatants, id)),
  );
  const carrying = Object.fromEntries(
    Object.entries(state.carrying).filter(([c, p]) => Object.hasOwn(state.combatants, c) && Object.hasOwn(state.combatants, p)),
  );
  return { ...state, distances, grapples, carrying };
}
