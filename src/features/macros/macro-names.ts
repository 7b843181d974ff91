/**
 * The functions of `game.system.api.macros`, by name: what the macro compendium's commands may call (the pack
 * check refuses any other). Plain values, so the tools can read them without Foundry.
 */
export const MACRO_FUNCTIONS = ["rollCheck", "openBoard", "openSimulator", "attackWithBestWeapon", "setAltitude"] as const;

/** One function of `game.system.api.macros`. */
export type MacroFunction = (typeof MACRO_FUNCTIONS)[number];
