// Weapon snapshots for the board tests, with the compendium's traits (packs/_source/weapons).
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";

/** A weapon with the given range and traits; damage TN 5 unless told. */
export function weapon(name: string, values: Partial<WeaponSnapshot> = {}): WeaponSnapshot {
  return { name, range: "melee", longRange: false, damageTN: 5, killerBlow: false, grapple: false, magicCost: 0, ...values };
}

/** Tooth and Claw: melee, killer blow, grapple. */
export const CLAWS = weapon("Tooth and Claw", { killerBlow: true, grapple: true });
/** Dragonsbreath: ranged, 1 Magic Point a use. */
export const BREATH = weapon("Dragonsbreath", { range: "ranged", magicCost: 1 });
/** Longbow: ranged, no magic. */
export const LONGBOW = weapon("Longbow", { range: "ranged" });
/** Ballista: ranged, long range. */
export const BALLISTA = weapon("Ballista", { range: "ranged", longRange: true, damageTN: 3 });
/** Sword: melee, no traits. */
export const SWORD = weapon("Sword");
