/**
 * Limits between fields that a partial update cannot see on its own: an update that sets only magic.value (a token
 * bar edit, a macro) must still stay at or below the stored magic.max, and wounds at or below 2 x life.max + 1
 * (docs/DATA.md). The normaliser applies the same limits when both fields arrive together. Pure: no Foundry globals.
 */
import { woundsForLife } from "../rules/character";

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
  if ((changes.wounds !== undefined || changes.lifeMax !== undefined) && wounds > lifeMax * 2 + 1) {
    out.wounds = lifeMax * 2 + 1;
  }
  return out;
}

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Turns an update's `life.value` (Life Points remaining: how macros, modules and the token bar set the primary
 * bar) into the wounds it means, against the update's own life.max or else the stored one (docs/DATA.md). Works
 * in place on the update's `system` changes: life.value goes, life.wounds is set unless the update sets wounds
 * itself. A value that is not a number is handed to life.wounds so validation refuses it with Foundry's message.
 */
export function lifeValueToWounds(system: unknown, storedMax: number): void {
  if (!isPlain(system) || !isPlain(system.life) || !("value" in system.life)) return;
  const life = system.life;
  const value = life.value;
  Reflect.deleteProperty(life, "value");
  if (life.wounds !== undefined) return;
  const max = num(readNumeric(life.max), storedMax);
  const remaining = readNumeric(value);
  life.wounds = Number.isFinite(remaining) && Number.isInteger(max) && max >= 0 ? woundsForLife(max, remaining) : value;
}

function readNumeric(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return Number.NaN;
}

/**
 * What a token bar edit of Life asks for (the token HUD, `modifyTokenAttribute`): the wounds that leave the new
 * Life remaining, since remaining life is derived. Unlike core's bars it is not held at 0 Life, so the bar can
 * record death (wounds above max). Null when the wounds would not change: nothing to update.
 */
export function lifeBarUpdate(
  life: { max: number; wounds: number; value: number },
  value: number,
  isDelta: boolean,
): { system: { life: { wounds: number } } } | null {
  const target = isDelta ? life.value + value : value;
  if (!Number.isFinite(target)) return null;
  const wounds = woundsForLife(life.max, target);
  if (wounds === life.wounds) return null;
  return { system: { life: { wounds } } };
}
