/**
 * The world settings for the RULES.md "(setting)" items, declared as plain data so tests can check every label
 * and the registration in settings.ts stays a loop. Pure: no Foundry globals.
 */
import { DISTANCES } from "../../rules/bands";
import { SURFACES } from "../../rules/falling";
import { ROUND_MODES } from "../../rules/round-plan";
import type { RoundMode } from "../../rules/round-plan";
import type { Distance, Surface } from "../../rules/types";
import { MODIFIER_LIMITS } from "../../rules/attack-card-checks";
import type { Format } from "../format";

/** Distances a new combatant may enter at (zero range is a grapple, never a starting distance). */
export const ENTRY_DISTANCES: readonly Distance[] = DISTANCES.filter((d) => d !== "zero");

/** One setting: its kind, default, and for choices the allowed values. */
export type SettingSpec =
  | { kind: "choice"; choices: readonly string[]; default: string }
  | { kind: "boolean"; default: boolean }
  | { kind: "integer"; min: number; max: number; default: number }
  | { kind: "text"; default: string }
  | { kind: "document"; documentName: "RollTable"; default: string };

/** The stored type of each setting. */
export interface SettingValues {
  initiativeMode: RoundMode;
  crashSurface: Surface;
  newCombatantDistance: Distance;
  surpriseEffects: boolean;
  stealthyModifier: number;
  combatEventsTable: string;
  combatEventsCap: number;
  attackModifierDice: number;
  attackModifierTN: number;
}

/** The UUID of the Combat Events table this system ships (packs/_source/tables/combat-events.yml). */
export const COMBAT_EVENTS_TABLE_UUID = "Compendium.age-of-dragons.tables.RollTable.bBRsk29cztUX1kmO";

/** The UUID of the Armour Trouble d6 table (packs/_source/tables/armour-trouble.yml), for GMs who roll by hand. */
export const ARMOUR_TROUBLE_TABLE_UUID = "Compendium.age-of-dragons.tables.RollTable.6jnhUEoqKdrj2kd0";

/** Every world setting with its RULES.md default. Labels: AOD.Settings.<key>.name / .hint / .choices.<value>. */
export const SETTINGS = {
  /** RULES.md "Initiative": descending Pneuma (000 default), reverse or secret declaration, or side d10 (001). */
  initiativeMode: { kind: "choice", choices: ROUND_MODES, default: "descending" },
  /** RULES.md "End phase": the ground a crash lands on unless the GM sets another for a combat. */
  crashSurface: { kind: "choice", choices: SURFACES, default: "normal" },
  /** RULES.md "Movement": new combatants enter at long distance from everyone. */
  newCombatantDistance: { kind: "choice", choices: ENTRY_DISTANCES, default: "long" },
  /** RULES.md "Surprise and ambush": surprised combatants lose the first round, ambushed ones their defence too. */
  surpriseEffects: { kind: "boolean", default: true },
  /** RULES.md "Surprise and ambush": what the Stealthy tag adds to the Surprise Chance. */
  stealthyModifier: { kind: "integer", min: 0, max: 10, default: 2 },
  /**
   * RULES.md "Side initiative": the d20 table of combat events, the system's own unless the GM picks another. A
   * document picker (a RollTable UUID); a value stored as plain UUID text by older versions reads the same.
   */
  combatEventsTable: { kind: "document", documentName: "RollTable", default: COMBAT_EVENTS_TABLE_UUID },
  /**
   * RULES.md "Side initiative": 001 draws one combat event per forced re-roll, so the default is no cap (0); a
   * positive cap is a house rule for tables with many sides.
   */
  combatEventsCap: { kind: "integer", min: 0, max: 20, default: 0 },
  /**
   * RULES.md "Attack card": the most extra dice a player may ask for in an attack's roll dialog (a GM is not capped;
   * fewer dice is a penalty and never capped). Up to the dialog's own limit (rules MODIFIER_LIMITS).
   */
  attackModifierDice: { kind: "integer", min: 0, max: MODIFIER_LIMITS.dice, default: 2 },
  /** RULES.md "Attack card": the most a player may lower an attack's TN in the roll dialog (a harder TN is never capped). */
  attackModifierTN: { kind: "integer", min: 0, max: MODIFIER_LIMITS.tn, default: 1 },
} as const satisfies Record<keyof SettingValues, SettingSpec>;

/** The label key of a setting's name, hint or choice. */
export function settingKey(key: keyof SettingValues, part: "name" | "hint" | `choices.${string}`): string {
  return `AOD.Settings.${key}.${part}`;
}

/** Settings whose choices are game words: their labels are the glossary's (AOD.Choices.<field>), not a copy. */
const GLOSSARY_CHOICES: Partial<Record<keyof SettingValues, string>> = { crashSurface: "surface", newCombatantDistance: "distance" };

/** The label key of one choice of a setting. */
export function settingChoiceKey(key: keyof SettingValues, choice: string): string {
  const glossary = GLOSSARY_CHOICES[key];
  return glossary ? `AOD.Choices.${glossary}.${choice}` : settingKey(key, `choices.${choice}`);
}

/** The UUID of a RollTable, a world one or in a compendium, with nothing embedded: what the picker stores. */
const ROLL_TABLE_UUID = /^(?:Compendium\.[^.\s]+\.[^.\s]+\.)?RollTable\.[A-Za-z0-9]{16}$/;

/** The table the d10 mode draws its combat events from, and the warning (an en.json key, or "") to show. */
export interface EventsTablePick {
  uuid: string;
  /** The system's own table: the engine resolves each event and applies it. */
  system: boolean;
  warning: "" | "AOD.Settings.combatEventsTable.missing" | "AOD.Settings.combatEventsTable.invalid";
}

/** What a look-up of the stored UUID found: a RollTable, something else, or nothing (deleted, pack gone). */
export type TableLookup = "table" | "other" | "missing";

/**
 * The UUID to look up for the stored setting: the stored RollTable UUID (the picker's value, or plain text saved
 * by older versions), or null for "the system's own" (nothing stored, a cleared picker, the system's UUID).
 * A stored value that is not a RollTable UUID at all is `invalid`.
 */
export function storedEventsTable(stored: unknown): { uuid: string | null; invalid: boolean } {
  if (stored === null || stored === undefined || stored === "") return { uuid: null, invalid: false };
  if (typeof stored !== "string" || !ROLL_TABLE_UUID.test(stored.trim())) return { uuid: null, invalid: true };
  const uuid = stored.trim();
  return uuid === COMBAT_EVENTS_TABLE_UUID ? { uuid: null, invalid: false } : { uuid, invalid: false };
}

/**
 * Pure reader of the combat events table setting (RULES.md "Side initiative"): the GM's table when its UUID is a
 * RollTable that exists; else the system's own, with a warning when the GM's choice was unusable or is gone.
 * `lookup` is what resolving `storedEventsTable(stored).uuid` found (ignored when that is null).
 */
export function pickEventsTable(stored: unknown, lookup: TableLookup): EventsTablePick {
  const system = (warning: EventsTablePick["warning"]): EventsTablePick => ({ uuid: COMBAT_EVENTS_TABLE_UUID, system: true, warning });
  const { uuid, invalid } = storedEventsTable(stored);
  if (invalid) return system("AOD.Settings.combatEventsTable.invalid");
  if (uuid === null) return system("");
  return lookup === "table" ? { uuid, system: false, warning: "" } : system("AOD.Settings.combatEventsTable.missing");
}

/**
 * The line the settings dialog shows under the table picker: which table the next combat event is drawn from, by
 * name (never its UUID), or that the chosen one is not found and the system's own is used. `name` is the name of
 * the table in use (the GM's, or the system's own when the pick fell back to it).
 */
export function eventsTableStatus(pick: EventsTablePick, name: string, format: Format): string {
  if (pick.warning === "AOD.Settings.combatEventsTable.missing") return format("AOD.Settings.combatEventsTable.statusMissing", { name });
  if (pick.warning === "AOD.Settings.combatEventsTable.invalid") return format("AOD.Settings.combatEventsTable.statusInvalid", { name });
  return format(pick.system ? "AOD.Settings.combatEventsTable.statusSystem" : "AOD.Settings.combatEventsTable.statusOther", { name });
}

/** An integer setting's stored value, or its default when the stored one is not a whole number in its range. */
export function integerSetting(key: "stealthyModifier" | "combatEventsCap" | "attackModifierDice" | "attackModifierTN", value: unknown): number {
  const { min, max, default: fallback } = SETTINGS[key];
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

/**
 * The events one round draws (RULES.md "Side initiative"): those its forced re-rolls call for, at most `cap`
 * (the world setting, checked here; 0: no cap), and how many the cap skipped.
 */
export function eventsToDraw(forced: number, cap: unknown): { draw: number; skipped: number; cap: number } {
  const limit = integerSetting("combatEventsCap", cap);
  const wanted = Number.isInteger(forced) && forced > 0 ? forced : 0;
  const draw = limit === 0 ? wanted : Math.min(wanted, limit);
  return { draw, skipped: wanted - draw, cap: limit };
}
