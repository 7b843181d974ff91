/** Falling out of the sky and crashing (000 "Falling out of the Sky"). */
import { ALTITUDES, altitudeIndex } from "./bands";
import type { Altitude, Surface } from "./types";
import { assertOneOf } from "./validate";

/** Every kind of ground a crash can land on, softest first. */
export const SURFACES: readonly Surface[] = Object.freeze(["water", "normal", "rock", "dangerous", "deadly"]);

// 000 Falling out of the Sky: 5+ most ground, 4+ hard rock, 6+ water, 2+ or 3+ especially dangerous terrain.
const CRASH_TNS: Readonly<Record<Surface, number>> = Object.freeze({
  water: 6,
  normal: 5,
  rock: 4,
  dangerous: 3,
  deadly: 2,
});

/** The result of falling one band: where the faller ends up and whether that is a crash. */
export interface FallStep {
  altitude: Altitude;
  crashed: boolean;
}

/**
 * One band down (000 "Falling out of the Sky"); landing on the ground this way is a crash.
 * Something already on the ground does not fall, so it does not crash again.
 */
export function fallStep(a: Altitude): FallStep {
  const index = altitudeIndex(a);
  if (index === 0) return { altitude: "grounded", crashed: false };
  const altitude = ALTITUDES[index - 1] ?? "grounded";
  return { altitude, crashed: altitude === "grounded" };
}

/** The TN of the crash roll for a ground surface (000 "Falling out of the Sky"). */
export function crashTN(surface: Surface): number {
  return CRASH_TNS[assertOneOf("surface", surface, SURFACES)];
}
