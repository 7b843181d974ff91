/**
 * An actor's plain data (a pack entry or a document's source: name, type, `system` and embedded items) as an
 * encounter combatant: the engine snapshot, its weapons and its derived checks (`deriveCharacter`). The CLI reads
 * the bestiary pack sources through it and the Foundry app the actors of a combat, so both simulate the same
 * numbers. It reads the fields docs/DATA.md lists and refuses an entry that lacks one.
 */
import { deriveCharacter } from "../character";
import type { CharacterItem } from "../character";
import { WEAPON_RANGES } from "../procedures/battle-common";
import { SPEED_CATEGORIES } from "../speed";
import type { SpeedCategory } from "../speed";
import type { CombatantState } from "../state";
import type { Altitude } from "../types";
import { fail } from "../validate";
import type { Encounter, EncounterCombatant, EncounterSide, EncounterWeapon } from "./encounter";

/** An actor as plain data. */
export interface ActorEntry {
  name: string;
  type: string;
  system: unknown;
  items?: readonly { name?: string; type: string; system: unknown }[];
}

type Fields = Record<string, unknown>;

function record(value: unknown, at: string): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(at, "an object", value);
  return value as Fields;
}

function integer(fields: Fields, key: string, at: string, fallback?: number): number {
  const value = fields[key] ?? fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) fail(`${at}.${key}`, "a whole number of 0 or more", value);
  return value;
}

function flag(fields: Fields, key: string, at: string, fallback: boolean): boolean {
  const value = fields[key] ?? fallback;
  if (typeof value !== "boolean") fail(`${at}.${key}`, "true or false", value);
  return value;
}

function weaponOf(item: { name?: string; system: unknown }, at: string): EncounterWeapon {
  const s = record(item.system, `${at}.system`);
  const range = s.range;
  if (!(WEAPON_RANGES as readonly unknown[]).includes(range)) fail(`${at}.system.range`, "melee or ranged", range);
  const defenceSkills: unknown = s.defenceSkills ?? [];
  if (!Array.isArray(defenceSkills) || !defenceSkills.every((d) => typeof d === "string")) {
    fail(`${at}.system.defenceSkills`, "a list of skill identifiers", defenceSkills);
  }
  const attackSkill = typeof s.attackSkill === "string" ? s.attackSkill : "";
  return {
    weapon: {
      name: item.name ?? "",
      range: range as EncounterWeapon["weapon"]["range"],
      longRange: flag(s, "longRange", at, false),
      damageTN: integer(s, "damageTN", at),
      killerBlow: flag(s, "killerBlow", at, false),
      grapple: flag(s, "grapple", at, false),
      magicCost: integer(s, "magicCost", at, 0),
    },
    attackSkill,
    defenceSkills: defenceSkills as string[],
  };
}

/**
 * Builds an encounter combatant from an actor's plain data, fit and fresh (no wounds), at the given altitude
 * (non-flyers on the ground). Malformed data throws a RangeError naming the field.
 */
export function combatantFromActor(entry: ActorEntry, id: string, altitude: Altitude, name = entry.name): EncounterCombatant {
  const system = record(entry.system, "system");
  const life = record(system.life, "system.life");
  const magic = record(system.magic ?? { value: 0, max: 0 }, "system.magic");
  const items = entry.items ?? [];
  const characterItems: CharacterItem[] = items.map((item) => ({ type: item.type, name: item.name ?? "", system: item.system }));
  const soma = integer(system, "soma", "system");
  const pneuma = integer(system, "pneuma", "system");
  const max = integer(life, "max", "system.life");
  const derived = deriveCharacter({ soma, pneuma, life: { max, wounds: 0 }, items: characterItems });
  const canFly = flag(system, "canFly", "system", entry.type === "dragon");
  const weight = system.weight;
  if (typeof weight !== "number" || !(weight > 0)) fail("system.weight", "a number above 0", weight);
  const state: CombatantState = {
    id,
    name,
    side: "",
    soma,
    pneuma,
    agility: integer(system, "agility", "system", 0),
    life: { max, wounds: 0 },
    magic: { value: integer(magic, "value", "system.magic", 0), max: integer(magic, "max", "system.magic", 0) },
    weight,
    canFly,
    fastGround: flag(system, "fastGround", "system", false),
    armour: derived.armour,
    altitude: canFly ? altitude : "grounded",
    moved: false,
    fullMove: false,
    acted: false,
    choseToFall: false,
    falling: false,
    roundEffects: [],
  };
  const weapons = items.flatMap((item, i) => (item.type === "weapon" ? [weaponOf(item, `items[${i}]`)] : []));
  const speed = (SPEED_CATEGORIES as readonly unknown[]).includes(system.speed) ? (system.speed as SpeedCategory) : undefined;
  const combatant: EncounterCombatant = { state, weapons, checks: derived.pools, skills: derived.skills };
  if (speed) combatant.speed = speed;
  return combatant;
}

/** One side to build: its actors (repeat an actor to field two) and where its flyers start. */
export interface ActorSide {
  name?: string;
  actors: readonly ActorEntry[];
  altitude: Altitude;
}

/** The encounter settings besides the sides. */
export type EncounterSettings = Omit<Encounter, "sides">;

/** "Longbowman, Longbowman" as a side's name when none is given. */
function sideName(side: ActorSide): string {
  return side.name ?? side.actors.map((a) => a.name).join(", ");
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
    const base = sideName(side);
    const repeat = (names.get(base) ?? 0) + 1;
    names.set(base, repeat);
    const combatants = side.actors.map((actor) => {
      next += 1;
      const nth = (seen.get(actor.name) ?? 0) + 1;
      seen.set(actor.name, nth);
      const name = (counts.get(actor.name) ?? 0) > 1 ? `${actor.name} ${nth}` : actor.name;
      return combatantFromActor(actor, `c${next}`, side.altitude, name);
    });
    return { name: repeat > 1 ? `${base} (${repeat})` : base, combatants };
  });
  return { ...settings, sides: built };
}
