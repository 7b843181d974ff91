/**
 * A combat under way as a simulator encounter that starts where the combat stands (docs/SIMULATOR.md "From a
 * fight under way"): the skirmish through the same translation the round uses (`skirmishState`), each
 * combatant's weapons and checks through the one actor translation (`combatantFromActor`), the round, the step
 * at the tracker's cursor, the Pneuma order and this round's side d10 as the combat stores them. Pure: no Foundry
 * globals, so the Foundry export and the command line's `--from` read the same thing.
 */
import { DEFAULT_ROUND_LIMIT, MAX_ROUND_LIMIT } from "../../rules/simulator";
import type { Encounter, EncounterCombatant, EncounterSide, EncounterStart } from "../../rules/simulator";
import type { Distance } from "../../rules/types";
import { combatantFromActor } from "../simulator-encounter";
import type { ActorData } from "../actor/actor-data";
import { skirmishState } from "./combat-snapshot";
import type { CombatantEntry } from "./combat-snapshot";
import type { CombatSystemSource } from "./stored";

/** What an exported combat file holds: this tag and version, and the encounter. */
export const FORECAST_FORMAT = "age-of-dragons.encounter";
export const FORECAST_VERSION = 1;

/** An exported encounter as a file holds it. */
export interface EncounterFile {
  format: typeof FORECAST_FORMAT;
  version: number;
  encounter: Encounter;
}

/** Every id of `known` once: `order`'s first (those still known), then the rest in their own order. */
function completeOrder(order: readonly string[], known: readonly string[]): string[] {
  const kept = order.filter((id, i) => known.includes(id) && order.indexOf(id) === i);
  return [...kept, ...known.filter((id) => !kept.includes(id))];
}

/**
 * The encounter of a combat under way. `actors` holds each combatant's actor data by combatant id (a combatant
 * whose actor is gone is left out, as the skirmish leaves it out); `roundsAhead` is how many more rounds a run
 * may last before it is a draw. A combat not yet begun starts at round 1 from its stored places.
 */
export function forecastEncounter(
  system: CombatSystemSource,
  entries: readonly CombatantEntry[],
  actors: Readonly<Record<string, ActorData>>,
  roundsAhead: number = DEFAULT_ROUND_LIMIT,
): Encounter {
  const state = skirmishState(system.skirmish, entries);
  const sides = new Map<string, EncounterCombatant[]>();
  for (const entry of entries) {
    const live = state.combatants[entry.id];
    const actor = actors[entry.id];
    if (live === undefined || actor === undefined) continue;
    const built = combatantFromActor(actor, entry.id, live.altitude, entry.name);
    const combatant: EncounterCombatant = { ...built, state: { ...live, life: { ...live.life }, magic: { ...live.magic }, roundEffects: [...live.roundEffects] }, speed: entry.speed };
    // The GM's choice on the combatant config, passed through as named: a name the worker does not know fails the
    // encounter with the simulator's "unknown tactics" error; blank plays the standard ones.
    if (entry.tactics !== undefined && entry.tactics.trim() !== "") combatant.tactics = entry.tactics.trim();
    sides.set(live.side, [...(sides.get(live.side) ?? []), combatant]);
  }
  const ids = [...sides.values()].flat().map((c) => c.state.id);
  const inFight = (key: string): boolean => key.split("|").every((id) => ids.includes(id));
  const distances: Record<string, Distance> = Object.fromEntries(Object.entries(state.distances).filter(([key]) => inFight(key)));
  const { cursor, plan, mode, initiative } = system;
  const begun = cursor.round > 0;
  const walked = begun && cursor.index >= plan.length;
  const round = !begun ? 1 : walked ? cursor.round + 1 : cursor.round;
  const start: EncounterStart = {
    round,
    distances,
    grapples: state.grapples.filter(inFight),
    carrying: Object.fromEntries(Object.entries(state.carrying).filter(([a, b]) => ids.includes(a) && ids.includes(b))),
  };
  const step = begun && !walked ? plan[cursor.index] : undefined;
  if (step !== undefined) start.at = { phase: step.phase, kind: step.kind, combatants: step.combatants.filter((id) => ids.includes(id)) };
  if ((mode === "descending" || mode === "reverseDeclaration") && initiative.order.length > 0) start.order = completeOrder(initiative.order, ids);
  const rolled = initiative.sides;
  const names = [...sides.keys()];
  if (mode === "sideD10" && step !== undefined && rolled !== null && names.every((n) => rolled.order.includes(n))) {
    const phaseShift = Object.fromEntries(
      Object.entries(rolled.phaseShift).filter(([side, shift]) => names.includes(side) && (shift === -1 || shift === 0 || shift === 1)),
    ) as Record<string, -1 | 0 | 1>;
    start.sides = { order: rolled.order.filter((n) => names.includes(n)), phaseShift };
  }
  const built: EncounterSide[] = [...sides].map(([name, combatants]) => ({ name, combatants }));
  return {
    sides: built,
    surface: state.surface,
    mode,
    roundLimit: Math.min(MAX_ROUND_LIMIT, round - 1 + Math.max(1, roundsAhead)),
    start,
  };
}

/** The file an encounter is exported as. */
export function encounterFile(encounter: Encounter): EncounterFile {
  return { format: FORECAST_FORMAT, version: FORECAST_VERSION, encounter };
}

/** The encounter of a file's parsed JSON (an exported file, or a bare encounter); null when it is neither. */
export function encounterOfFile(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (record.format === undefined) return "sides" in record ? record : null;
  return record.format === FORECAST_FORMAT && record.version === FORECAST_VERSION ? (record.encounter ?? null) : null;
}

/** The file name an exported combat is saved as: its name made safe for a file, and the round it starts at. */
export function exportFileName(combatName: string | null | undefined, round: number): string {
  const safe = (combatName ?? "").normalize("NFKD").replace(/\p{M}/gu, "").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-+|-+$/g, "").toLowerCase().slice(0, 40);
  return `${safe === "" ? "combat" : safe}-round-${round}.json`;
}
