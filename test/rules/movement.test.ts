import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES } from "../../src/rules/bands";
import { freeMoverAllowance, movementAllowance } from "../../src/rules/movement";
import type { Altitude } from "../../src/rules/types";

const none = { distance: 0, altitude: 0 };

describe("000 Manoeuvres: flying combatants", () => {
  it("lets a flyer in the air make a standard move of one distance and one altitude step", () => {
    expect(movementAllowance({ canFly: true, altitude: "mid" }).standard).toEqual({ distance: 1, altitude: 1 });
  });
  it("lets a flyer in the air make a full move of two distance and two altitude steps", () => {
    expect(movementAllowance({ canFly: true, altitude: "ceiling" }).full).toEqual({ distance: 2, altitude: 2 });
  });
  it("gives a grounded flyer no standard move (RULES.md Movement)", () => {
    expect(movementAllowance({ canFly: true, altitude: "grounded" }).standard).toEqual(none);
  });
  it("lets a grounded flyer take off with a full aerial move of two and two (RULES.md Movement)", () => {
    expect(movementAllowance({ canFly: true, altitude: "grounded" }).full).toEqual({ distance: 2, altitude: 2 });
  });
});

describe("000 Manoeuvres: ground troops", () => {
  it("gives a non-flyer no standard move", () => {
    expect(movementAllowance({ canFly: false, altitude: "grounded" }).standard).toEqual(none);
  });
  it("gives a non-flyer a full ground move of one distance step", () => {
    expect(movementAllowance({ canFly: false, altitude: "grounded" }).full).toEqual({ distance: 1, altitude: 0 });
  });
  it("gives fast ground troops a standard move of one distance step", () => {
    expect(movementAllowance({ canFly: false, altitude: "grounded", fastGround: true }).standard).toEqual({
      distance: 1,
      altitude: 0,
    });
  });
  it("gives fast ground troops a full move of two distance steps (project decision)", () => {
    expect(movementAllowance({ canFly: false, altitude: "grounded", fastGround: true }).full).toEqual({
      distance: 2,
      altitude: 0,
    });
  });
  it("never lets a non-flyer change altitude, at any height", () => {
    fc.assert(
      fc.property(fc.constantFrom<Altitude>(...ALTITUDES), fc.boolean(), (altitude, fastGround) => {
        const allowance = movementAllowance({ canFly: false, altitude, fastGround });
        return allowance.standard.altitude === 0 && allowance.full.altitude === 0;
      }),
    );
  });
});

describe("000 Manoeuvres and Severe injury: no movement", () => {
  it("stops a pinned combatant from moving at all", () => {
    expect(movementAllowance({ canFly: true, altitude: "mid", pinned: true })).toEqual({ standard: none, full: none });
  });
  it("stops a severely injured combatant from moving at all", () => {
    expect(movementAllowance({ canFly: false, altitude: "grounded", fastGround: true, severelyInjured: true })).toEqual(
      { standard: none, full: none },
    );
  });
  it("never allows a full move smaller than the standard move", () => {
    fc.assert(
      fc.property(
        fc.record({
          canFly: fc.boolean(),
          altitude: fc.constantFrom<Altitude>(...ALTITUDES),
          fastGround: fc.boolean(),
          pinned: fc.boolean(),
          severelyInjured: fc.boolean(),
        }),
        (mover) => {
          const { standard, full } = movementAllowance(mover);
          return full.distance >= standard.distance && full.altitude >= standard.altitude;
        },
      ),
    );
  });
});

describe("000 Manoeuvres: input checks", () => {
  it("refuses an unknown altitude with a RangeError naming it", () => {
    expect(() => movementAllowance({ canFly: true, altitude: "orbit" as Altitude })).toThrow(/altitude.*orbit/);
  });
  it("refuses a canFly that is not a boolean", () => {
    expect(() => movementAllowance({ canFly: "yes" as unknown as boolean, altitude: "mid" })).toThrow(RangeError);
  });
  it("refuses a pinned flag that is not a boolean", () => {
    expect(() => movementAllowance({ canFly: true, altitude: "mid", pinned: 1 as unknown as boolean })).toThrow(
      /pinned/,
    );
  });
});

describe("000 Falling out of the Sky: a non-flyer in the air has no ground move", () => {
  it.each(["low", "mid", "high", "ceiling"] as const)("gives a non-flyer at %s no standard and no full move", (altitude) => {
    for (const fastGround of [false, true]) {
      const allowance = movementAllowance({ canFly: false, altitude, fastGround });
      expect(allowance).toEqual({ standard: { distance: 0, altitude: 0 }, full: { distance: 0, altitude: 0 } });
    }
  });
  it("still gives the same non-flyer its ground moves on the ground", () => {
    expect(movementAllowance({ canFly: false, altitude: "grounded", fastGround: true }).standard.distance).toBe(1);
    expect(movementAllowance({ canFly: false, altitude: "grounded" }).full.distance).toBe(1);
  });
});

describe("freeMoverAllowance", () => {
  it("answers as movementAllowance for every free mover, one shared frozen answer per combination", () => {
    for (const canFly of [false, true]) {
      for (const fastGround of [false, true]) {
        for (const altitude of ALTITUDES) {
          const shared = freeMoverAllowance(canFly, altitude, fastGround);
          expect(shared).toEqual(movementAllowance({ canFly, altitude, fastGround }));
          expect(freeMoverAllowance(canFly, altitude, fastGround)).toBe(shared);
          expect(Object.isFrozen(shared.standard) && Object.isFrozen(shared.full)).toBe(true);
        }
      }
    }
    expect(() => freeMoverAllowance(true, "orbit" as Altitude, false)).toThrow(RangeError);
  });
});
