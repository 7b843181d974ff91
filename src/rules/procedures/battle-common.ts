/**
 * Compatibility only: the pieces that lived here now have a home each (weapon.ts, readiness.ts, opposed.ts,
 * battle-action.ts, roll-sources.ts `rollPool`). Branches written before the split import from this path; import
 * from those files or from the index instead. Delete this file once nothing imports it.
 */
export type { Refusal } from "../types";
export { rollPool } from "../roll-sources";
export { isDead } from "../health";
export { WEAPON_RANGES, checkWeapon } from "./weapon";
export type { WeaponSnapshot } from "./weapon";
export { carriesTooMuch, mayDefend, readyToAct, spendAction } from "./readiness";
export { takeBattleAction } from "./battle-action";
export { rollOpposed } from "./opposed";
