/**
 * Limits between fields that a partial update cannot see on its own: an update that sets only magic.value (a token
 * bar edit, a macro) must still stay at or below the stored magic.max, and wounds at or below 2 x life.max + 1
 * (docs/DATA.md). The normaliser applies the same limits when both fields arrive together. Pure: no Foundry globals.
 */
import { maxStoredWounds } from "../rules/health";

/** The stored values the limits depend on. */
export interface LimitSource {
  life: { max: number; wounds: number };
  magic: { value: number; max: number };
}

/** The values an update sets, where present (numbers already normalised). */
export interface LimitChanges {
  lifeMax?: unknown;
  wounds?: unknown;
  magicValue?: unknown;
  magicMax?: unknown;
}

const num = (value: unknown, fallback: number): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;

/** The corrected values to write into the update, only for those that break a limit. */
export function limitUpdate(current: LimitSource, changes: LimitChanges): { wounds?: number; magicValue?: number } {
  const out: { wounds?: number; magicValue?: number } = {};
  const magicMax = num(changes.magicMax, current.magic.max);
  const magicValue = num(changes.magicValue, current.magic.value);
  if ((changes.magicValue !== undefined || changes.magicMax !== undefined) && magicValue > magicMax) {
    out.magicValue = Math.max(0, magicMax);
  }
  const lifeMax = num(changes.lifeMax, current.life.max);
  const wounds = num(changes.wounds, current.life.wounds);
  if ((changes.wounds !== undefined || changes.lifeMax !== undefined) && wounds > maxStoredWounds(lifeMax)) {
    out.wounds = maxStoredWounds(lifeMax);
  }
  return out;
}
