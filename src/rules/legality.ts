/** Whether distance and altitude allow an attack (000 "Distance", "Melee Attacks", "Ranged Attacks"). */
import { altitudeIndex, altitudeValue, distanceIndex } from "./bands";
import { ALLOWED, RULE_REASONS, refuse } from "./reasons";
import type { Altitude, Distance, Legality } from "./types";
import { assertRecord, optionalBoolean } from "./validate";

const CLOSE = distanceIndex("close");
const MIDDLE = distanceIndex("middle");
const LONG = distanceIndex("long");

/** Whether two bands count as the same altitude for melee: equal, or Flying Low against the ground. */
function meleeLevel(a: Altitude, b: Altitude): boolean {
  // 000 "Altitude": a dragon Flying Low sweeps "low enough to swipe and bite at enemies on the ground".
  return a === b || (a === "grounded" && b === "low") || (a === "low" && b === "grounded");
}

/**
 * Melee (and grapple) reach: close quarters or zero range, at the same altitude (000 "Melee Attacks"), where
 * Flying Low counts as level with the ground (000 "Altitude"). Who may be struck at zero range (only grapple
 * partners) is a pair check left to the attack procedure.
 */
export function canMelee(distance: Distance, a: Altitude, b: Altitude): Legality {
  const reach = distanceIndex(distance);
  altitudeIndex(a, "a");
  altitudeIndex(b, "b");
  if (distance === "disengaged") return refuse(RULE_REASONS.Disengaged);
  if (reach > CLOSE) return refuse(RULE_REASONS.TooFarForMelee);
  if (!meleeLevel(a, b)) return refuse(RULE_REASONS.NotSameAltitude);
  return ALLOWED;
}

/**
 * Ranged reach: middle distance or closer, long distance too for long-range weapons (war engines, missile
 * spells), and at most 1 apart in altitude value, so mid and ground reach each other (000 "Ranged Attacks").
 * Zero range is within reach: a grappled dragon may still breathe on the one grappling it.
 */
export function canRanged(distance: Distance, a: Altitude, b: Altitude, opts: { longRange?: boolean } = {}): Legality {
  const reach = distanceIndex(distance);
  const gap = Math.abs(altitudeValue(a) - altitudeValue(b));
  const longRange = optionalBoolean("opts.longRange", assertRecord("opts", opts).longRange);
  if (distance === "disengaged") return refuse(RULE_REASONS.Disengaged);
  const limit = longRange ? LONG : MIDDLE;
  if (reach > limit) return refuse(RULE_REASONS.TooFarForRanged);
  if (gap > 1) return refuse(RULE_REASONS.AltitudeTooFarForRanged);
  return ALLOWED;
}
