// Planning a check before rolling (RULES.md "Dice and checks"): refusals for impossible and absurd checks,
// notices for capped pools and floored TNs, and the modifiers applied.
import { describe, expect, it } from "vitest";
import { EXTRA_DICE_LIMIT, TN_SHIFT_LIMIT, planCheck } from "../../../src/data/check/check-plan";

describe("planning a check", () => {
  it("adds extra dice to the pool and the shift to the TN", () => {
    const plan = planCheck({ basePool: 6, baseTN: 4, extraDice: 2, tnShift: 1 });
    expect(plan).toEqual({ ok: true, notices: [], check: { basePool: 6, baseTN: 4, extraDice: 2, tnShift: 1, pool: 8, tn: 5 } });
  });
  it("takes dice away and lowers the TN with negative modifiers", () => {
    const plan = planCheck({ basePool: 6, baseTN: 4, extraDice: -2, tnShift: -1 });
    expect(plan.ok && plan.check).toMatchObject({ pool: 4, tn: 3 });
  });
  it("names a TN above 6 impossible before rolling", () => {
    const plan = planCheck({ basePool: 6, baseTN: 6, tnShift: 1 });
    expect(plan).toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.TNImpossible", data: { tn: 7, max: 6 } } });
  });
  it("allows TN 6 exactly", () => {
    expect(planCheck({ basePool: 1, baseTN: 6 }).ok).toBe(true);
  });
  it("refuses a check left with no dice", () => {
    expect(planCheck({ basePool: 2, baseTN: 4, extraDice: -2 }))
      .toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.NoDice", data: { pool: 0 } } });
    expect(planCheck({ basePool: 0, baseTN: 4 })).toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.NoDice" } });
    expect(planCheck({ basePool: 1, baseTN: 4 }).ok).toBe(true);
  });
  it("refuses a negative base pool as bad input", () => {
    expect(planCheck({ basePool: -1, baseTN: 4 })).toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.BadPool" } });
  });
  it("refuses absurd extra dice and TN shifts, and accepts the limits themselves", () => {
    expect(planCheck({ basePool: 3, baseTN: 4, extraDice: EXTRA_DICE_LIMIT + 1 }))
      .toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.ExtraDiceOutOfRange", data: { value: 31, limit: 30 } } });
    expect(planCheck({ basePool: 3, baseTN: 4, extraDice: -EXTRA_DICE_LIMIT - 1 }).ok).toBe(false);
    expect(planCheck({ basePool: 3, baseTN: 4, extraDice: EXTRA_DICE_LIMIT }).ok).toBe(true);
    expect(planCheck({ basePool: 3, baseTN: 5, tnShift: -TN_SHIFT_LIMIT - 1 }))
      .toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.TNShiftOutOfRange" } });
    expect(planCheck({ basePool: 3, baseTN: 5, tnShift: -TN_SHIFT_LIMIT }).ok).toBe(true);
  });
  it("refuses modifiers that are not whole numbers", () => {
    expect(planCheck({ basePool: 3, baseTN: 4, extraDice: 1.5 }))
      .toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.ExtraDiceNotWhole", data: { value: "1.5" } } });
    expect(planCheck({ basePool: 3, baseTN: 4, tnShift: Number.NaN }))
      .toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.TNShiftNotWhole" } });
    expect(planCheck({ basePool: 2.5, baseTN: 4 })).toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.BadPool" } });
    expect(planCheck({ basePool: 3, baseTN: Number.POSITIVE_INFINITY }))
      .toMatchObject({ ok: false, refusal: { key: "AOD.Roll.Refusal.BadTN" } });
  });
  it("caps a pool above 30 at 30 and says so", () => {
    const plan = planCheck({ basePool: 25, baseTN: 4, extraDice: 10 });
    expect(plan.ok && plan.check.pool).toBe(30);
    expect(plan.notices).toEqual([{ key: "AOD.Roll.Notice.PoolCapped", data: { pool: 35, max: 30 } }]);
    expect(planCheck({ basePool: 30, baseTN: 4 }).notices).toEqual([]);
  });
  it("counts a TN below 2 as 2 and says so", () => {
    const plan = planCheck({ basePool: 3, baseTN: 3, tnShift: -2 });
    expect(plan.ok && plan.check.tn).toBe(2);
    expect(plan.notices).toEqual([{ key: "AOD.Roll.Notice.TNFloor", data: { tn: 1, min: 2 } }]);
    expect(planCheck({ basePool: 3, baseTN: 3, tnShift: -1 }).notices).toEqual([]);
  });
});
