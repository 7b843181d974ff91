/**
 * Every setting of the system, in one table: the RULES.md "(setting)" items and each feature's own (the board's
 * elevations, the defence prompt, the welcome page, the forecast and the autopilot, the request ledger), declared
 * as plain data so tests can check every label and the registration (register.ts) stays one loop. A feature reacts
 * to a change of its setting through `onSettingChange` (register.ts). Pure: no Foundry globals.
 */
import { DISTANCES } from "../../rules/bands";
import { SURFACES } from "../../rules/falling";
import { ROUND_MODES } from "../../rules/round-plan";
import type { RoundMode } from "../../rules/round-plan";
import type { Distance, Surface } from "../../rules/types";
import { MODIFIER_LIMITS } from "../../rules/attack-card-checks";
import type { Format } from "../format";
import { TACTIC_NAMES } from "../../rules/simulator/tactics";
import { EMPTY_LEDGER } from "../requests/ledger";

/** Distances a new combatant may enter at (zero range is a grapple, never a starting distance). */
export const ENTRY_DISTANCES: readonly Distance[] = DISTANCES.filter((d) => d !== "zero");

/**
 * Where a setting lives and shows: a world setting in the configuration dialog unless it says otherwise (`hidden`:
 * stored for the system's own use, never shown).
 */
interface SettingPlace {
  readonly hidden?: true;
}

/** One setting: its kind, default, and for choices the allowed values. */
export type SettingSpec = SettingPlace & (
  | { kind: "choice"; choices: readonly string[]; default: string }
  | { kind: "boolean"; default: boolean }
  | { kind: "integer"; min: number; max: number; default: number }
  | { kind: "text"; default: string }
  | { kind: "document"; documentName: "RollTable"; default: string }
  | { kind: "object"; default: object }
);

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
  autoNpcDefence: boolean;
  defenceTimeout: number;
  boardTokenElevation: boolean;
  boardBandElevations: string;
  forecastForPlayers: boolean;
  npcAutopilot: string;
  npcAutopilotTactics: string;
  simulatorTacticsModule: string;
  welcome: boolean;
  welcomeShownFor: string;
  requestLedger: object;
}

/**
 * The autopilot's tactics choice meaning "the table's module" (docs/SIMULATOR.md "A table's tactics module"): the
 * adversaries play the tactics the module names TABLE_ADVERSARIES_TACTICS.
 */
export const TABLE_TACTICS_CHOICE = "table";

/** The name the table's tactics module gives the tactics its adversaries play under the autopilot's "table" choice. */
export const TABLE_ADVERSARIES_TACTICS = "adversaries";

/** The autopilot's modes (features/simulator), "off" first: the default. */
export const AUTOPILOT_MODES = ["off", "confirm", "automatic"] as const;

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
  /** docs/ATTACK.md: a defender no player owns defends at once with its best defence instead of waiting for the GM. */
  autoNpcDefence: { kind: "boolean", default: false },
  /** docs/ATTACK.md: the seconds a defender's owner has to answer before the GM decides. */
  defenceTimeout: { kind: "integer", min: 5, max: 600, default: 60 },
  /** docs/BOARD.md: the board sets each token's elevation from its altitude band. */
  boardTokenElevation: { kind: "boolean", default: true },
  /** docs/BOARD.md: the elevation of each band, grounded to ceiling (features/board/board-elevation.ts reads it). */
  boardBandElevations: { kind: "text", default: "0, 25, 50, 100, 150" },
  /** docs/SIMULATOR.md: players see the live forecast too (the GM always does). */
  forecastForPlayers: { kind: "boolean", default: false },
  /** docs/SIMULATOR.md: GM-controlled adversaries take the advised option, confirmed by the GM or at once. */
  npcAutopilot: { kind: "choice", choices: AUTOPILOT_MODES, default: "off" },
  /**
   * docs/SIMULATOR.md: the tactics the autopilot's adversaries play in its simulated fights ("": their own;
   * "table": the table's module's `adversaries`).
   */
  npcAutopilotTactics: { kind: "choice", choices: ["", ...TACTIC_NAMES, TABLE_TACTICS_CHOICE], default: "" },
  /**
   * docs/SIMULATOR.md "A table's tactics module": the path of an ES module the world serves whose `tactics` the
   * simulator's workers play beside the standard ones ("": none). A world setting: only a GM changes it.
   */
  simulatorTacticsModule: { kind: "text", default: "" },
  /** README "Getting started": the welcome page opens for the GM once per system version. */
  welcome: { kind: "boolean", default: true },
  /** The system version the welcome page was last shown for. */
  welcomeShownFor: { kind: "text", default: "", hidden: true },
  /** core/requests: the active GM's ledger of handled requests (docs/COMBAT.md "One write path"). */
  requestLedger: { kind: "object", default: EMPTY_LEDGER, hidden: true },
} as const satisfies Record<keyof SettingValues, SettingSpec>;

/** The settings shown in the configuration dialog, in the table's order. */
export const SHOWN_SETTINGS: readonly (keyof SettingValues)[] = (Object.keys(SETTINGS) as (keyof SettingValues)[])
  .filter((key) => !("hidden" in SETTINGS[key]));

/** Settings labelled beside their feature's other words in en.json rather than under AOD.Settings. */
const LABELS: Partial<Record<keyof SettingValues, string>> = {
  autoNpcDefence: "AOD.Attack.Settings.autoNpcDefence",
  defenceTimeout: "AOD.Attack.Settings.defenceTimeout",
  boardTokenElevation: "AOD.Board.Settings.tokenElevation",
  boardBandElevations: "AOD.Board.Settings.bandElevations",
  forecastForPlayers: "AOD.Simulator.Forecast.Setting",
  npcAutopilot: "AOD.Simulator.Autopilot.Setting",
  npcAutopilotTactics: "AOD.Simulator.Autopilot.Tactics",
  simulatorTacticsModule: "AOD.Simulator.TacticsModule.Setting",
  welcome: "AOD.Welcome.Settings",
};

/** The label key of a setting's name, hint or choice. */
export function settingKey(key: keyof SettingValues, part: "name" | "hint" | `choices.${string}`): string {
  return `${LABELS[key] ?? `AOD.Settings.${key}`}.${part}`;
}

/**
 * Settings whose choice labels are not at `<labels>.choices.<value>`: game words are the glossary's
 * (AOD.Choices.<field>), not a copy; the autopilot's sit beside its setting's name ("" is a combatant's own tactics).
 */
const CHOICE_KEYS: Partial<Record<keyof SettingValues, (choice: string) => string>> = {
  crashSurface: (choice) => `AOD.Choices.surface.${choice}`,
  newCombatantDistance: (choice) => `AOD.Choices.distance.${choice}`,
  npcAutopilot: (choice) => `AOD.Simulator.Autopilot.Setting.${choice}`,
  npcAutopilotTactics: (choice) => `AOD.Simulator.Autopilot.Tactics.${choice === "" ? "own" : choice}`,
};

/** The label key of one choice of a setting. */
export function settingChoiceKey(key: keyof SettingValues, choice: string): string {
  return CHOICE_KEYS[key]?.(choice) ?? settingKey(key, `choices.${choice}`);
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
