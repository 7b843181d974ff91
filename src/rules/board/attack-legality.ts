/**
 * The one answer to "may this attacker make this attack on this target now?" for the board, the roll dialog
 * and the attack card (000 "Melee Attacks", "Ranged Attacks", "Grapple Attacks"). It only routes to the
 * engine's validators and turns malformed or stale input into a refusal instead of an exception, because the
 * callers hold snapshots that may be out of date (a combatant removed from the combat, an edited weapon).
 */
import { checkWeapon } from "../procedures/weapon";
import type { WeaponSnapshot } from "../procedures/weapon";
import { validateAttack } from "../procedures/attack";
import { validateGrapple } from "../procedures/grapple";
import { refuse } from "../reasons";
import type { SkirmishState } from "../state";
import type { Legality } from "../types";
import { BOARD_REASONS } from "./reasons";

/** An attack as the dialog and the card declare it; `grapple` asks for a grapple attempt with the weapon. */
export interface AttackQuestion {
  attackerId: string;
  targetId: string;
  weapon: WeaponSnapshot;
  killerBlow?: boolean;
  grapple?: boolean;
}

function weaponProblem(weapon: WeaponSnapshot): boolean {
  try {
    checkWeapon(weapon);
    return false;
  } catch (error) {
    if (error instanceof RangeError) return true;
    throw error;
  }
}

/**
 * Whether the attack (or grapple) is legal on the board now, with the en.json reason when it is not. Someone
 * missing from the board and a weapon the rules cannot read are refusals too, never exceptions.
 */
export function attackLegality(state: SkirmishState, attack: AttackQuestion): Legality {
  if (!Object.hasOwn(state.combatants, attack.attackerId)) return refuse(BOARD_REASONS.AttackerNotOnBoard);
  if (!Object.hasOwn(state.combatants, attack.targetId)) return refuse(BOARD_REASONS.TargetNotOnBoard);
  if (weaponProblem(attack.weapon)) return refuse(BOARD_REASONS.BadWeapon);
  if (attack.grapple === true) {
    return validateGrapple(state, { attackerId: attack.attackerId, targetId: attack.targetId, weapon: attack.weapon });
  }
  const declaration = { attackerId: attack.attackerId, targetId: attack.targetId, weapon: attack.weapon };
  return validateAttack(state, attack.killerBlow === undefined ? declaration : { ...declaration, killerBlow: attack.killerBlow });
}
