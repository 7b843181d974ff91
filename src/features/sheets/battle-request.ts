/**
 * What a fight-tab battle-action button asks for, read from its data attributes (templates/sheets/actor/combat.hbs):
 * the attack card's action, the weapon (attacks and grapples) and whether it is a killer blow. Pure.
 */
import { CARD_ACTIONS } from "../../rules/attack-card-checks";
import type { CardAction } from "../../rules/attack-card-checks";

/** A button's request; null when its data names no known action. */
export interface BattleRequest {
  action: CardAction;
  weaponId: string | null;
  killerBlow: boolean;
}

/** Reads a button's `data-battle`, `data-weapon` and `data-killer-blow`; an attack button without `data-battle` is an attack. */
export function battleRequest(dataset: Readonly<Record<string, string | undefined>>): BattleRequest | null {
  const action = CARD_ACTIONS.find((a) => a === (dataset.battle ?? "attack"));
  if (action === undefined) return null;
  const weaponId = dataset.weapon === undefined || dataset.weapon === "" ? null : dataset.weapon;
  if ((action === "attack" || action === "grapple") && weaponId === null) return null;
  // A killer blow is an attack with a weapon that has the trait; any other action ignores the flag.
  return { action, weaponId, killerBlow: action === "attack" && dataset.killerBlow === "true" };
}
