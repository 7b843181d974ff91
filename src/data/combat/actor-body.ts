/**
 * What the skirmish needs from a combatant's actor: the "body" the engine's CombatantState is built from
 * (combat-snapshot.ts), plus the speed category, tags and worn armour slots that the d10 mode, surprise and
 * combat events read. Every value comes from the project-wide actor translation (data/actor/actor-snapshot.ts
 * `actorSnapshot`), which reads each field once. Actors of other systems' or modules' subtypes (no Soma) have no
 * body. Pure: no Foundry globals.
 */
import type { SpeedCategory } from "../../rules/speed";
import type { ItemData } from "../actor/actor-data";
import { actorPart, actorSnapshot } from "../actor/actor-snapshot";
import type { ActorPart, ActorSnapshot } from "../actor/actor-snapshot";

/** The actor's part of a CombatantState (data/actor/actor-snapshot.ts `ActorPart`), plus what the d10 mode, surprise and combat events read. */
export interface CombatantBody extends ActorPart {
  speed: SpeedCategory;
  tags: string[];
  /** Slots of the equipped armour pieces (Armour Trouble picks among them). */
  armourSlots: string[];
}

/** The body of an actor from its snapshot. */
export function bodyOf(snapshot: ActorSnapshot): CombatantBody {
  return {
    ...actorPart(snapshot),
    speed: snapshot.speed,
    tags: [...snapshot.tags],
    armourSlots: snapshot.armourPieces.map((p) => p.slot),
  };
}

/**
 * The body of an actor from its (prepared or stored) `system` data and items, through the project's one actor
 * translation (values clamped and repaired, armour derived). null when the actor is not of this system's subtypes.
 */
export function bodyFromActor(type: string, system: unknown, items: Iterable<ItemData>): CombatantBody | null {
  let snapshot: ActorSnapshot;
  try {
    snapshot = actorSnapshot({ type, system, items });
  } catch {
    return null; // another system's or module's actor subtype
  }
  return bodyOf(snapshot);
}
