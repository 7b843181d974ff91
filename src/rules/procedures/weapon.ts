/** The weapon words of the battle rules: a weapon as the rules see it, and its parse (docs/DATA.md). */
import {
  assertBoolean,
  assertInteger,
  assertNonNegativeInteger,
  assertOneOf,
  assertRecord,
  assertString,
} from "../validate";

/** A weapon as the rules see it: the fields of an Item `weapon` that decide an attack (docs/DATA.md). */
export interface WeaponSnapshot {
  name: string;
  range: "melee" | "ranged";
  longRange: boolean;
  damageTN: number;
  killerBlow: boolean;
  grapple: boolean;
  magicCost: number;
}

/** Weapon ranges (docs/DATA.md). */
export const WEAPON_RANGES: readonly WeaponSnapshot["range"][] = Object.freeze(["melee", "ranged"]);

/** Parses a weapon snapshot field by field and returns it, or throws a RangeError naming the bad field. */
export function checkWeapon(value: unknown, name = "weapon"): WeaponSnapshot {
  const weapon = assertRecord(name, value, "a weapon snapshot");
  return {
    name: assertString(`${name}.name`, weapon.name),
    range: assertOneOf(`${name}.range`, weapon.range, WEAPON_RANGES),
    longRange: assertBoolean(`${name}.longRange`, weapon.longRange),
    damageTN: assertInteger(`${name}.damageTN`, weapon.damageTN),
    killerBlow: assertBoolean(`${name}.killerBlow`, weapon.killerBlow),
    grapple: assertBoolean(`${name}.grapple`, weapon.grapple),
    magicCost: assertNonNegativeInteger(`${name}.magicCost`, weapon.magicCost),
  };
}
