// The roll pipeline's terms (src/core/rolls/roll-config.ts): what a roll may be asked to roll, checked before any
// Roll is made; a refusal is an en.json key with its values.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkTerms, diceOf, faceFormula } from "../../../src/core/rolls/roll-config";

const en = JSON.parse(readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;
const lookup = (key: string): unknown => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe("the terms of a roll", () => {
  it("keeps a pool and its TN as asked", () => {
    expect(checkTerms({ type: "pool", pool: 5, tn: 4 })).toEqual({ ok: true, terms: { type: "pool", pool: 5, tn: 4 } });
  });
  it("counts a pool below 0 as 0, which rolls nothing", () => {
    const checked = checkTerms({ type: "pool", pool: -3, tn: 4 });
    expect(checked).toEqual({ ok: true, terms: { type: "pool", pool: 0, tn: 4 } });
    if (checked.ok) expect(diceOf(checked.terms)).toBe(0);
  });
  it("keeps a TN the rules count (below 2 counts as 2, above 6 no die meets): the formula shows what was asked", () => {
    expect(checkTerms({ type: "pool", pool: 3, tn: 1 })).toEqual({ ok: true, terms: { type: "pool", pool: 3, tn: 1 } });
    expect(checkTerms({ type: "pool", pool: 3, tn: 7 })).toEqual({ ok: true, terms: { type: "pool", pool: 3, tn: 7 } });
  });
  it("refuses a pool or TN that is not a whole number, naming it", () => {
    expect(checkTerms({ type: "pool", pool: 2.5, tn: 4 })).toEqual({ ok: false, refusal: { key: "AOD.Roll.Refusal.BadPool", data: { pool: "2.5" } } });
    expect(checkTerms({ type: "pool", pool: Number.NaN, tn: 4 })).toEqual({ ok: false, refusal: { key: "AOD.Roll.Refusal.BadPool", data: { pool: "NaN" } } });
    expect(checkTerms({ type: "pool", pool: 3, tn: "4" })).toEqual({ ok: false, refusal: { key: "AOD.Roll.Refusal.BadTN", data: { tn: "4" } } });
  });
  it("reads dice for their faces only as d6, d10 or d20, a count below 0 as 0", () => {
    expect(checkTerms({ type: "faces", count: 2, faces: 10 })).toEqual({ ok: true, terms: { type: "faces", count: 2, faces: 10 } });
    expect(checkTerms({ type: "faces", count: -1, faces: 20 })).toEqual({ ok: true, terms: { type: "faces", count: 0, faces: 20 } });
    expect(checkTerms({ type: "faces", count: 1, faces: 8 })).toEqual({ ok: false, refusal: { key: "AOD.Roll.Refusal.BadDice", data: { count: "1", faces: "8" } } });
    expect(checkTerms({ type: "faces", count: 1.5, faces: 6 })).toEqual({ ok: false, refusal: { key: "AOD.Roll.Refusal.BadDice", data: { count: "1.5", faces: "6" } } });
  });
  it("refuses anything that is not terms", () => {
    for (const bad of [null, undefined, 5, "5d6", { type: "other", pool: 3 }]) expect(checkTerms(bad).ok, typeof bad).toBe(false);
  });
  it("says every refusal in en.json, with the values it names", () => {
    const refusals = [
      checkTerms({ type: "pool", pool: 0.5, tn: 4 }),
      checkTerms({ type: "pool", pool: 3, tn: 0.5 }),
      checkTerms({ type: "faces", count: 1, faces: 12 }),
      checkTerms(null),
    ];
    for (const checked of refusals) {
      if (checked.ok) throw new Error("expected a refusal");
      const text = lookup(checked.refusal.key);
      expect(typeof text, checked.refusal.key).toBe("string");
      for (const name of Object.keys(checked.refusal.data)) expect(text as string).toContain(`{${name}}`);
    }
    expect(typeof lookup("AOD.Roll.Cancelled")).toBe("string");
  });
  it("writes the formula of dice read for their faces", () => {
    expect(faceFormula(1, 10)).toBe("1d10");
    expect(faceFormula(3, 6)).toBe("3d6");
  });
});
