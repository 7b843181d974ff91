// The pool roll's formula `Nd6cs>=T` (README "Rolling checks"), written and read as pure functions.
import { describe, expect, it } from "vitest";
import { parsePoolFormula, poolFormula } from "../../../src/core/dice/pool-formula";

describe("the pool formula", () => {
  it("writes a pool and TN as Nd6cs>=T", () => {
    expect(poolFormula({ pool: 5, tn: 4 })).toBe("5d6cs>=4");
    expect(poolFormula({ pool: 30, tn: 2 })).toBe("30d6cs>=2");
  });
  it("reads back what it writes, for every pool and TN", () => {
    for (let pool = 1; pool <= 30; pool += 1) {
      for (let tn = 2; tn <= 6; tn += 1) expect(parsePoolFormula(poolFormula({ pool, tn }))).toEqual({ pool, tn });
    }
  });
  it("reads the chat command's form with spaces and capitals", () => {
    expect(parsePoolFormula(" 7D6CS >= 5 ")).toEqual({ pool: 7, tn: 5 });
  });
  it("does not read other formulas as pools", () => {
    for (const formula of ["5d10cs>=4", "5d6", "5d6cs>4", "d6cs>=4", "5d6cs>=4 + 2", "0d6cs>=4", "-3d6cs>=4"]) {
      expect(parsePoolFormula(formula), formula).toBeNull();
    }
  });
  it("refuses to write a pool with no dice or a fractional TN", () => {
    expect(() => poolFormula({ pool: 0, tn: 4 })).toThrow(RangeError);
    expect(() => poolFormula({ pool: -2, tn: 4 })).toThrow(RangeError);
    expect(() => poolFormula({ pool: 3, tn: 4.5 })).toThrow(RangeError);
  });
});
