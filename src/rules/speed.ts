/** Speed categories and the phases of a d10-mode round (001 "Combat Phases"). */

/** The speed a combatant acts at in the d10 mode, fastest first (001; the seed's "Extremely Fat" is read as Extremely Fast). */
export type SpeedCategory =
  | "lightningFast"
  | "extremelyFast"
  | "veryFast"
  | "fast"
  | "average"
  | "slow"
  | "verySlow"
  | "extremelySlow"
  | "glaciallySlow";

/** Speed categories, fastest first. */
export const SPEED_CATEGORIES: readonly SpeedCategory[] = Object.freeze([
  "lightningFast",
  "extremelyFast",
  "veryFast",
  "fast",
  "average",
  "slow",
  "verySlow",
  "extremelySlow",
  "glaciallySlow",
]);

/** A phase of a d10-mode round. */
export type SpeedPhase = "starting" | SpeedCategory | "endOfRound";

/** Every phase of a d10-mode round in order: Starting, the nine speeds, End of Round (001 "Combat Phases"). */
export const SPEED_PHASES: readonly SpeedPhase[] = Object.freeze(["starting", ...SPEED_CATEGORIES, "endOfRound"]);
