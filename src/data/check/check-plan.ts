/**
 * What a check will roll, decided before any die is thrown (RULES.md "Dice and checks"): the base pool and TN
 * from the sheet, the dialog's extra dice and TN shift, and the refusals and notices a player must see first.
 * Pure, so every refusal is tested; the dialog, the API and the card all plan through here.
 */
import { MAX_POOL, MAX_TN, MIN_TN } from "../../rules";

/** The widest extra dice a player may type (either way); beyond it the input is refused as absurd. */
export const EXTRA_DICE_LIMIT = MAX_POOL;
/** The widest TN shift a player may type (either way): enough to move any TN across the whole die. */
export const TN_SHIFT_LIMIT = 6;

/** A message for the player: an en.json key and the values its placeholders take. */
export interface CheckMessage {
  readonly key: string;
  readonly data: Readonly<Record<string, number | string>>;
}

/** The inputs of a check. */
export interface CheckInput {
  /** The pool from the sheet (the attribute, less encumbrance when hampered). */
  readonly basePool: number;
  /** The TN from the skill's rank (6 untrained). */
  readonly baseTN: number;
  readonly extraDice?: number;
  readonly tnShift?: number;
}

/** A check ready to roll. */
export interface PlannedCheck {
  readonly basePool: number;
  readonly baseTN: number;
  readonly extraDice: number;
  readonly tnShift: number;
  /** The dice rolled: base + extra, at most 30. */
  readonly pool: number;
  /** The TN rolled against: base + shift, at least 2. */
  readonly tn: number;
}

/** The plan: a check to roll, or the reason it cannot be rolled; notices either way. */
export type CheckPlan =
  | { readonly ok: true; readonly check: PlannedCheck; readonly notices: readonly CheckMessage[] }
  | { readonly ok: false; readonly refusal: CheckMessage; readonly notices: readonly CheckMessage[] };

function whole(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

function refuse(key: string, data: CheckMessage["data"], notices: CheckMessage[] = []): CheckPlan {
  return { ok: false, refusal: { key, data }, notices };
}

/**
 * Plans a check. Refused: inputs that are not whole numbers, a negative base pool, extra dice beyond ±30 or a TN
 * shift beyond ±6 (bad input), no dice left to roll, a TN above 6 (no die can meet it). Noticed: a pool above 30 rolls 30, a TN
 * below 2 counts as 2.
 */
export function planCheck(input: CheckInput): CheckPlan {
  const basePool = whole(input.basePool);
  const baseTN = whole(input.baseTN);
  const extraDice = whole(input.extraDice ?? 0);
  const tnShift = whole(input.tnShift ?? 0);
  if (basePool === null || basePool < 0) return refuse("AOD.Roll.Refusal.BadPool", { pool: String(input.basePool) });
  if (baseTN === null) return refuse("AOD.Roll.Refusal.BadTN", { tn: String(input.baseTN) });
  if (extraDice === null) return refuse("AOD.Roll.Refusal.ExtraDiceNotWhole", { value: String(input.extraDice) });
  if (tnShift === null) return refuse("AOD.Roll.Refusal.TNShiftNotWhole", { value: String(input.tnShift) });
  if (Math.abs(extraDice) > EXTRA_DICE_LIMIT) {
    return refuse("AOD.Roll.Refusal.ExtraDiceOutOfRange", { value: extraDice, limit: EXTRA_DICE_LIMIT });
  }
  if (Math.abs(tnShift) > TN_SHIFT_LIMIT) {
    return refuse("AOD.Roll.Refusal.TNShiftOutOfRange", { value: tnShift, limit: TN_SHIFT_LIMIT });
  }
  const notices: CheckMessage[] = [];
  const rawPool = basePool + extraDice;
  const rawTN = baseTN + tnShift;
  if (rawPool > MAX_POOL) notices.push({ key: "AOD.Roll.Notice.PoolCapped", data: { pool: rawPool, max: MAX_POOL } });
  if (rawTN < MIN_TN) notices.push({ key: "AOD.Roll.Notice.TNFloor", data: { tn: rawTN, min: MIN_TN } });
  if (rawPool <= 0) return refuse("AOD.Roll.Refusal.NoDice", { pool: rawPool }, notices);
  if (rawTN > MAX_TN) return refuse("AOD.Roll.Refusal.TNImpossible", { tn: rawTN, max: MAX_TN }, notices);
  const check: PlannedCheck = {
    basePool,
    baseTN,
    extraDice,
    tnShift,
    pool: Math.min(MAX_POOL, rawPool),
    tn: Math.max(MIN_TN, rawTN),
  };
  return { ok: true, check, notices };
}
