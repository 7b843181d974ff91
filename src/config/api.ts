/** The public API for macros and modules: `game.system.api`, also `globalThis.ageOfDragons` (README.md "The public API"). */
import * as rules from "../rules";

/** What macros reach: every pure rule, and the system version. */
export interface AgeOfDragonsApi {
  readonly rules: typeof rules;
  readonly version: string;
}

/** Publishes the API on `game.system.api` and `globalThis.ageOfDragons`. */
export function exposeApi(version: string): AgeOfDragonsApi {
  const api: AgeOfDragonsApi = Object.freeze({ rules, version });
  Object.defineProperty(game.system, "api", { value: api, configurable: true, enumerable: false });
  globalThis.ageOfDragons = api;
  return api;
}
