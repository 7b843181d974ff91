/**
 * The world settings for the RULES.md "(setting)" items, declared as plain data so tests can check every label
 * and the registration in settings.ts stays a loop. Pure: no Foundry globals.
 */
import { DISTANCES } from "../rules/bands";
import { SURFACES } from "../rules/falling";
import { ROUND_MODES } from "../rules/round-plan";
import type { RoundMode } from "../rules/round-plan";
import type { Distance, Surface } from "../rules/types";

/** Distances a new combatant may enter at (zero range is a grapple, never a starting distance). */
export const ENTRY_DISTANCES: readonly Distance[] = DISTANCES.filter((d) => d !== "zero");

/** One setting: its kind, default, and for choices the allowed values. */
export type SettingSpec =
  | { kind: "choice"; choices: readonly string[]; default: string }
  | { kind: "boolean"; default: boolean }
  | { kind: "integer"; min: number; max: number; default: number }
  | { kind: "text"; default: string };

/** The stored type of each setting. */
export interface SettingValues {
  initiativeMode: RoundMode;
  crashSurface: Surface;
  newCombatantDistance: Distance;
  surpriseEffects: boolean;
  stealthyModifier: number;
  combatEventsTable: string;
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
  /** RULES.md "Side initiative": the d20 table of combat events, the system's own unless the GM picks another. */
  combatEventsTable: { kind: "text", default: COMBAT_EVENTS_TABLE_UUID },
} as const satisfies Record<keyof SettingValues, SettingSpec>;

/** The label key of a setting's name, hint or choice. */
export function settingKey(key: keyof SettingValues, part: "name" | "hint" | `choices.${string}`): string {
  return `AOD.Settings.${key}.${part}`;
}
