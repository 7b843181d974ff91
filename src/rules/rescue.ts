/** The TN of a mid-air rescue (000 "Catching / Mid air rescues"). */
import { assertPositive } from "./validate";

/** The rescue TN between equal weights. */
export const BASE_RESCUE_TN = 5;

/** How many whole doublings of `light` fit within `heavy` (doubling is exact in floating point). */
function doublings(light: number, heavy: number): number {
  let count = 0;
  let reach = light * 2;
  while (reach <= heavy) {
    count += 1;
    reach *= 2;
  }
  return count;
}

/**
 * The TN to catch a falling combatant: 5 for equal weights, one higher per whole factor of two the target is
 * heavier than the rescuer, one lower per whole factor of two it is lighter (000 "Catching / Mid air rescues").
 * A result above 6 cannot succeed; the caller refuses the attempt.
 */
export function rescueTN(rescuerWeight: number, targetWeight: number): number {
  assertPositive("rescuerWeight", rescuerWeight);
  assertPositive("targetWeight", targetWeight);
  if (targetWeight >= rescuerWeight) return BASE_RESCUE_TN + doublings(rescuerWeight, targetWeight);
  return BASE_RESCUE_TN - doublings(targetWeight, rescuerWeight);
}
