/** The public API for macros and modules: `game.system.api`, also `globalThis.ageOfDragons` (README.md "The public API"). */
import * as rules from "../rules";
import { RollDialog } from "../core/rolls/roll-dialog";
import { PoolRoll } from "../core/dice/pool-roll";
import { rollCheck } from "../features/checks/roll-check";
import { attackWith, startAttack } from "../features/attack/start-attack";
import { MACROS } from "../features/macros/macros";

/** What macros reach: every pure rule, the check roller and its dialog and Roll class, and the system version. */
export interface AgeOfDragonsApi {
  readonly rules: typeof rules;
  readonly version: string;
  /** Rolls a check and posts its card (README "Rolling checks"). */
  readonly rollCheck: typeof rollCheck;
  /** The roll dialog: `RollDialog.configure(...)` resolves with the player's choices or null. */
  readonly RollDialog: typeof RollDialog;
  /** The pool Roll class (`Nd6cs>=T`). */
  readonly PoolRoll: typeof PoolRoll;
  /** Starts a battle action on an attack card against the user's targets (docs/ATTACK.md). */
  readonly startAttack: typeof startAttack;
  /** `startAttack` for one actor acting for its own token, as its sheet's weapon button (the hotbar's weapon macros). */
  readonly attackWith: typeof attackWith;
  /** What the macro compendium calls: a check, the board, the simulator, the best weapon, an altitude (README "Macros"). */
  readonly macros: typeof MACROS;
}

/** Publishes the API on `game.system.api` and `globalThis.ageOfDragons`. */
export function exposeApi(version: string): AgeOfDragonsApi {
  const api: AgeOfDragonsApi = Object.freeze({ rules, version, rollCheck, RollDialog, PoolRoll, startAttack, attackWith, macros: MACROS });
  Object.defineProperty(game.system, "api", { value: api, configurable: true, enumerable: false });
  globalThis.ageOfDragons = api;
  return api;
}
