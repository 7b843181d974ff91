import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES, altitudeIndex } from "../../src/rules/bands";
import { SURFACES, crashTN, fallStep } from "../../src/rules/falling";
import type { Altitude, Surface } from "../../src/rules/types";

describe("000 Falling out of the Sky: one band down", () => {
  it("drops a faller from ceiling altitude to flying high", () => {
    expect(fallStep("ceiling")).toEqual({ altitude: "high", crashed: false });
  });
  it("drops a faller from mid altitude to flying low without a crash", () => {
    expect(fallStep("mid")).toEqual({ altitude: "low", crashed: false });
  });
  it("makes a faller that reaches the ground crash", () => {
    expect(fallStep("low")).toEqual({ altitude: "grounded", crashed: true });
  });
  it("leaves a grounded combatant where it is, with no crash (project decision)", () => {
    expect(fallStep("grounded")).toEqual({ altitude: "grounded", crashed: false });
  });
  it("always lands exactly one band lower from the air", () => {
    fc.assert(
      fc.property(fc.constantFrom<Altitude>(...ALTITUDES.slice(1)), (altitude) => {
        return altitudeIndex(fallStep(altitude).altitude) === altitudeIndex(altitude) - 1;
      }),
    );
  });
  it("refuses an unknown altitude with a RangeError naming it", () => {
    expect(() => fallStep("basement" as Altitude)).toThrow(/altitude.*basement/);
  });
});

describe("000 Falling out of the Sky: crash TN by surface", () => {
  it.each([
    ["normal", 5],
    ["rock", 4],
    ["water", 6],
    ["dangerous", 3],
    ["deadly", 2],
  ] as const)("sets the crash TN for %s ground to %i", (surface, tn) => {
    expect(crashTN(surface)).toBe(tn);
  });
  it("lists every surface once", () => {
    expect(new Set(SURFACES).size).toBe(5);
  });
  it("refuses an unknown surface with a RangeError naming it", () => {
    expect(() => crashTN("lava" as Surface)).toThrow(/surface.*lava/);
  });
});
