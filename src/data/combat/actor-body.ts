/**
 * What the skirmish needs from a combatant's actor, read from its data and its items: the "body" the engine's CombatantState is built from (combat-snapshot.ts), plus the speed
 * category, tags and worn armour slots that the d10 mode, surprise and combat events read. Actors of other systems'
 * or modules' subtypes (no Soma) have no body. Pure: no Foundry globals.
 *
 * The numbers come from the project-wide actor translation (data/actor/actor-snapshot.ts); this file adds what only the combat
 * reads.
 */
import type { SpeedCategory } from "../../rules/speed";
import { actorPart, actorSnapshot } from "../actor/actor-snapshot";
import type { ActorPart, ActorSnapshot } from "../actor/actor-snapshot";
import { isSpeedCategory } from "./stored";

/** The actor's part of a CombatantState (data/actor/actor-snapshot.ts `ActorPart`), plus what the d10 mode, surprise and combat events read. */
export interface CombatantBody extends ActorPart {
  speed: SpeedCategory;
  tags: string[];
  /** Slots of the equipped armour pieces (Armour Trouble picks among them). */
  armourSlots: string[];
}

/** One item as the body reads it. */
export interface BodyItem {
  id: string;
  name?: string;
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
 * The body of an actor from its (prepared or stored) `system` data and items, through the project's one actor
 * translation (data/actor/actor-snapshot.ts `actorSnapshot`: values clamped and repaired, armour derived), plus the speed
 * category, tags and worn armour slots it does not carry. null when the actor is not of this system's subtypes.
 */
export function bodyFromActor(type: string, system: unknown, items: readonly BodyItem[]): CombatantBody | null {
  let snapshot: ActorSnapshot;
  try {
    snapshot = actorSnapshot({ type, system, items: items.map((item) => ({ _id: item.id, name: item.name ?? "", type: item.type, system: item.system })) });
  } catch {
    return null; // another system's or module's actor subtype
  }
  const raw = isPlain(system) ? system : {};
  const rawTags: unknown = raw.tags;
  const tags = rawTags instanceof Set || Array.isArray(rawTags) ? [...(rawTags as Iterable<unknown>)] : [];
  return {
    ...actorPart(snapshot),
    speed: isSpeedCategory(raw.speed) ? raw.speed : "average",
    tags: tags.filter((t): t is string => typeof t === "string"),
    armourSlots: armourPieces(items).map((p) => p.slot),
  };
}
