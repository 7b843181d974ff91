/**
 * Readers for the combat world settings (settings-table.ts declares them, settings.ts registers them): each
 * returns a checked value, falling back to the default when the stored one is unusable. Read from `setup` on.
 */
import { DISTANCES } from "../../rules/bands";
import { SURFACES } from "../../rules/falling";
import { ROUND_MODES } from "../../rules/round-plan";
import type { RoundMode } from "../../rules/round-plan";
import type { Distance, Surface } from "../../rules/types";
import { SYSTEM_ID } from "../../constants/system-id";
import { COMBAT_EVENTS_TABLE_UUID, SETTINGS, eventsTableStatus, integerSetting, pickEventsTable, storedEventsTable } from "./settings-table";
import { i18nFormat } from "../i18n";
import type { EventsTablePick } from "./settings-table";

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
  return integerSetting("stealthyModifier", game.settings.get(SYSTEM_ID, "stealthyModifier"));
}

/** The GM's combat events table as a document, or null for the system's own (the engine resolves those). */
export interface EventsTable {
  pick: EventsTablePick;
  table: RollTable.Implementation | null;
}

/**
 * The Combat Events table the d10 mode draws from (RULES.md "Side initiative"): the one the GM picked in settings,
 * or the system's own when none is picked; a picked table that is gone (or a stored value that is no table) falls
 * back to the system's with a localised warning to the GM.
 */
export async function combatEventsTable(): Promise<EventsTable> {
  const { stored, pick, table } = await lookUpEventsTable();
  if (pick.warning !== "") ui.notifications.warn(game.i18n.format(pick.warning, { uuid: typeof stored === "string" ? stored : "" }));
  return { pick, table: pick.system ? null : table };
}

/** The stored setting, what it picks and the table it names (null when none, gone or not a table). */
async function lookUpEventsTable(): Promise<{ stored: unknown; pick: EventsTablePick; table: RollTable.Implementation | null }> {
  const stored: unknown = game.settings.get(SYSTEM_ID, "combatEventsTable");
  const { uuid } = storedEventsTable(stored);
  const found = uuid === null ? null : await fromUuid(uuid as `RollTable.${string}`);
  const table = found instanceof RollTable ? found : null;
  return { stored, pick: pickEventsTable(stored, table ? "table" : found ? "other" : "missing"), table };
}

/**
 * The settings dialog's line under the table picker (eventsTableStatus): the table in use by its name, the
 * system's own named as its compendium names it.
 */
export async function eventsTableStatusLine(): Promise<string> {
  const { pick, table } = await lookUpEventsTable();
  const own = pick.system ? await fromUuid(COMBAT_EVENTS_TABLE_UUID as `RollTable.${string}`) : null;
  const name = !pick.system && table ? table.name : own instanceof RollTable ? own.name : game.i18n.localize("AOD.Settings.combatEventsTable.systemName");
  return eventsTableStatus(pick, name, i18nFormat);
}

/** How many combat events one round may draw (RULES.md "Side initiative"; 0: no cap). */
export function combatEventsCap(): number {
  return integerSetting("combatEventsCap", game.settings.get(SYSTEM_ID, "combatEventsCap"));
}

/** The largest help a player may ask for in an attack's roll dialog: extra dice and TN lowered (RULES.md "Attack card"). */
export function attackModifierCap(): { dice: number; tn: number } {
  return {
    dice: integerSetting("attackModifierDice", game.settings.get(SYSTEM_ID, "attackModifierDice")),
    tn: integerSetting("attackModifierTN", game.settings.get(SYSTEM_ID, "attackModifierTN")),
  };
}
