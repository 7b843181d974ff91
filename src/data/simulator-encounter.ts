/**
 * Actors as plain data (a pack entry, a document's `toObject()`) made into a simulator encounter, through the
 * one translation from actor data to the engine's snapshots (src/data/actor/actor-snapshot.ts). Pure: no Foundry globals, so
 * the command line (src/cli) and the Foundry app build the same encounter from the same actors, and the same
 * seed gives them the same numbers.
 */
import { actorSnapshot, combatantState } from "./actor/actor-snapshot";
import type { ActorData } from "./actor/actor-data";
import type { Encounter, EncounterCombatant, EncounterSide } from "../rules/simulator";
import type { Altitude } from "../rules/types";

/** One side to build: its actors (repeat an actor to field two) and where its flyers start. */
export interface ActorSide {
  name?: string;
  actors: readonly ActorData[];
  altitude: Altitude;
  /** The tactics its combatants play (encounter.ts `EncounterCombatant.tactics`); blank or absent: the standard ones. */
  tactics?: string;
}

/** The encounter settings besides the sides. */
export type EncounterSettings = Omit<Encounter, "sides">;

/** An actor as an encounter combatant, fit and fresh, at an altitude (non-flyers start on the ground). */
export function combatantFromActor(entry: ActorData, id: string, altitude: Altitude, name = entry.name): EncounterCombatant {
  const snapshot = actorSnapshot(entry);
  const fresh = { ...snapshot, character: { ...snapshot.character, life: { ...snapshot.character.life, wounds: 0 } } };
  const state = combatantState(fresh, { id, side: "", name, altitude: snapshot.canFly ? altitude : "grounded" });
  const combatant: EncounterCombatant = {
    state,
    weapons: snapshot.weapons.map((w) => ({ weapon: w.weapon, attackSkill: w.attackSkill, defenceSkills: w.defenceSkills, itemId: w.itemId })),
    checks: snapshot.derived.pools,
    skills: snapshot.derived.skills,
    encumbrance: snapshot.derived.encumbrance,
  };
  // The speed as stored, when it is one (a repaired or missing speed leaves the engine's default).
  if (!snapshot.problems.some((p) => p.path === "system.speed")) combatant.speed = snapshot.speed;
  return combatant;
}

/**
 * Builds an encounter from sides of actors: ids c1, c2, ... in order, a number after a name that appears more
 * than once ("Longbowman 1", "Longbowman 2"), and side names made unique ("Sable Dragon (2)").
 */
export function encounterFromActors(sides: readonly ActorSide[], settings: EncounterSettings = {}): Encounter {
  const counts = new Map<string, number>();
  for (const side of sides) for (const a of side.actors) counts.set(a.name, (counts.get(a.name) ?? 0) + 1);
  const seen = new Map<string, number>();
  const names = new Map<string, number>();
  let next = 0;
  const built: EncounterSide[] = sides.map((side) => {
    const base = side.name ?? side.actors.map((a) => a.name).join(", ");
    const repeat = (names.get(base) ?? 0) + 1;
    names.set(base, repeat);
    const combatants = side.actors.map((actor) => {
      next += 1;
      const nth = (seen.get(actor.name) ?? 0) + 1;
      seen.set(actor.name, nth);
      const name = (counts.get(actor.name) ?? 0) > 1 ? `${actor.name} ${nth}` : actor.name;
      const combatant = combatantFromActor(actor, `c${next}`, side.altitude, name);
      const tactics = side.tactics?.trim() ?? "";
      if (tactics !== "") combatant.tactics = tactics;
      return combatant;
    });
    return { name: repeat > 1 ? `${base} (${repeat})` : base, combatants };
  });
  return { ...settings, sides: built };
}
