/**
 * The one function the sheets' roll buttons go through to roll a check: the checks feature's `rollCheck` (also
 * `game.system.api.rollCheck`, reached through core/actions.ts), which opens the roll dialog with the odds unless the click held Shift.
 */
import { featureAction } from "../../core/actions";

/** The check a button asks for: an attribute, a skill by identifier, or a weapon by item id. */
export interface CheckOptions {
  attribute?: "soma" | "pneuma";
  skill?: string;
  weapon?: string;
}

/** Rolls a check for an actor; a plain click opens the roll dialog, a Shift-click rolls at once with the defaults. */
export async function rollCheck(actor: Actor.Implementation, options: CheckOptions, event?: MouseEvent): Promise<unknown> {
  return featureAction("rollCheck")(actor, { ...options, configure: event?.shiftKey !== true });
}

/** The check a roll button's dataset names (`data-weapon`, `data-skill` or `data-attribute`). */
export function checkFromDataset(dataset: DOMStringMap): CheckOptions | null {
  const { attribute, skill, weapon } = dataset;
  if (weapon) return { weapon };
  if (skill) return { skill };
  if (attribute === "soma" || attribute === "pneuma") return { attribute };
  return null;
}
