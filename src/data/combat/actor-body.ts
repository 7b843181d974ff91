/**
 * What the skirmish needs from a combatant's actor, read from its prepared data (stored fields plus the derived
 * armour total) and its items: the "body" the engine's CombatantState is built from (snapshot.ts), plus the speed
 * category, tags and worn armour slots that the d10 mode, surprise and combat events read. Actors of other systems'
 * or modules' subtypes (no Soma) have no body. Pure: no Foundry globals.
 *
 * The data-hardening branch adds the project-wide actor -> CombatantState translation; once it lands this file
 * becomes a thin adapter over it (docs/COMBAT.md).
 */
import type { SpeedCategory } from "../../rules/speed";
import { isSpeedCategory } from "./stored";

/** The actor's part of a CombatantState, plus what the d10 mode, surprise and combat events read. */
export interface CombatantBody {
  soma: number;
  pneuma: number;
  agility: number;
  life: { max: number; wounds: number };
  magic: { value: number; max: number };
  weight: number;
  canFly: boolean;
  fastGround: boolean;
  /** Total rating of equipped armour, damaged pieces counted less. */
  armour: number;
  speed: SpeedCategory;
  tags: string[];
  /** Slots of the equipped armour pieces (Armour Trouble picks among them). */
  armourSlots: string[];
}

/** One item as the body reads it. */
export interface BodyItem {
  id: string;
  type: string;
  system: unknown;
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);
const count = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value) ? Math.max(0, Math.round(value)) : fallback;

/** An equipped armour piece: its item id, slot and damage (Armour Trouble adds damage to it). */
export interface ArmourPiece {
  itemId: string;
  slot: string;
  rating: number;
  damage: number;
}

/** The equipped armour pieces among an actor's items, in item order. */
export function armourPieces(items: readonly BodyItem[]): ArmourPiece[] {
  const pieces: ArmourPiece[] = [];
  for (const item of items) {
    if (item.type !== "armour" || !isPlain(item.system) || item.system.equipped !== true) continue;
    const slot = typeof item.system.slot === "string" ? item.system.slot : "body";
    pieces.push({ itemId: item.id, slot, rating: count(item.system.rating, 0), damage: count(item.system.damage, 0) });
  }
  return pieces;
}

/**
 * The body of an actor from its prepared `system` data and items, or null when it is not a combatant of this
 * system. Values are clamped to whole numbers of 0 or more; a weight of 0 or less falls back to 10 (RULES.md).
 */
export function bodyFromActor(system: unknown, items: readonly BodyItem[]): CombatantBody | null {
  if (!isPlain(system) || typeof system.soma !== "number" || typeof system.pneuma !== "number") return null;
  const life = isPlain(system.life) ? system.life : {};
  const magic = isPlain(system.magic) ? system.magic : {};
  const pieces = armourPieces(items);
  const armour =
    typeof system.armour === "number" && Number.isFinite(system.armour)
      ? count(system.armour, 0)
      : pieces.reduce((sum, p) => sum + Math.max(0, p.rating - p.damage), 0);
  const rawTags: unknown = system.tags;
  const tags = rawTags instanceof Set || Array.isArray(rawTags) ? [...(rawTags as Iterable<unknown>)] : [];
  const weight = typeof system.weight === "number" && system.weight > 0 ? system.weight : 10;
  return {
    soma: count(system.soma, 0),
    pneuma: count(system.pneuma, 0),
    agility: count(system.agility, 0),
    life: { max: count(life.max, 1), wounds: count(life.wounds, 0) },
    magic: { value: count(magic.value, 0), max: count(magic.max, 0) },
    weight,
    canFly: system.canFly === true,
    fastGround: system.fastGround === true,
    armour,
    speed: isSpeedCategory(system.speed) ? system.speed : "average",
    tags: tags.filter((t): t is string => typeof t === "string"),
    armourSlots: pieces.map((p) => p.slot),
  };
}
