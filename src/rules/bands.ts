/** Distance and altitude bands, in order (000 "Distance", "Altitude"). */
import type { Altitude, Distance } from "./types";
import { assertOneOf } from "./validate";

/** Distance bands from nearest to farthest (000 "Distance"). */
export const DISTANCES: readonly Distance[] = Object.freeze(["zero", "close", "middle", "long", "disengaged"]);

/** Altitude bands from the ground up (000 "Altitude"). */
export const ALTITUDES: readonly Altitude[] = Object.freeze(["grounded", "low", "mid", "high", "ceiling"]);

const ALTITUDE_VALUES: Readonly<Record<Altitude, number>> = { grounded: 0, low: 0.5, mid: 1, high: 2, ceiling: 3 };

/** The numeric height of a band: 0, 0.5, 1, 2, 3 (000 "Altitude"). */
export function altitudeValue(a: Altitude): number {
  assertOneOf("altitude", a, ALTITUDES);
  return ALTITUDE_VALUES[a];
}

/** The position of a distance band in DISTANCES (one scan of the list: every reach check asks). */
export function distanceIndex(d: Distance, name = "distance"): number {
  const at = DISTANCES.indexOf(d);
  return at >= 0 ? at : DISTANCES.indexOf(assertOneOf(name, d, DISTANCES));
}

/** The position of an altitude band in ALTITUDES. */
export function altitudeIndex(a: Altitude, name = "altitude"): number {
  const at = ALTITUDES.indexOf(a);
  return at >= 0 ? at : ALTITUDES.indexOf(assertOneOf(name, a, ALTITUDES));
}
