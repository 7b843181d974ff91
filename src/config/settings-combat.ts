/**
 * Readers for the combat world settings (settings-table.ts declares them, settings.ts registers them): each
 * returns a checked value, falling back to the default when the stored one is unusable. Read from `setup` on.
 */
import { DISTANCES } from "../rules/bands";
import { SURFACES } from "../rules/falling";
import { ROUND_MODES } from "../rules/round-plan";
import type { RoundMode } from "../rules/round-plan";
import type { Distance, Surface } from "../rules/types";
import { SYSTEM_ID } from "./system-id";
import { SETTINGS } from "./settings-table";

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** The round mode a new combat starts in (RULES.md "Initiative"). */
export function defaultRoundMode(): RoundMode {
  return oneOf(game.settings.get(SYSTEM_ID, "initiativeMode"), ROUND_MODES, SETTINGS.initiativeMode.default);
}

/** The ground a new combat's crashes land on (RULES.md "End phase"). */
export function defaultSurface(): Surface {
  return oneOf(game.settings.get(SYSTEM_ID, "crashSurface"), SURFACES, SETTINGS.crashSurface.default);
}

/** The distance a combatant that joins a running skirmish enters at (RULES.md "Movement"). */
export function entryDistance(): Distance {
  const value = oneOf(game.settings.get(SYSTEM_ID, "newCombatantDistance"), DISTANCES, SETTINGS.newCombatantDistance.default);
  return value === "zero" ? SETTINGS.newCombatantDistance.default : value;
}

/** Whether surprise and ambush cost the first round (RULES.md "Surprise and ambush"). */
export function surpriseCostsRoundOne(): boolean {
  return game.settings.get(SYSTEM_ID, "surpriseEffects");
}

/** What the Stealthy tag adds to the Surprise Chance and the ambush roll (RULES.md "Surprise and ambush"). */
export function stealthyModifier(): number {
  const value: unknown = game.settings.get(SYSTEM_ID, "stealthyModifier");
  const { min, max } = SETTINGS.stealthyModifier;
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : SETTINGS.stealthyModifier.default;
}

/** The UUID of the Combat Events table the d10 mode draws from (RULES.md "Side initiative"). */
export function combatEventsTableUuid(): string {
  const value: unknown = game.settings.get(SYSTEM_ID, "combatEventsTable");
  return typeof value === "string" && value !== "" ? value : SETTINGS.combatEventsTable.default;
}
