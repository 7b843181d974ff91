import { describe, expect, it } from "vitest";
import { lifeBarUpdate, lifeValueToWounds, limitUpdate } from "../../src/data/update-limits";

const current = { life: { max: 12, wounds: 2 }, magic: { value: 2, max: 3 } };

describe("DATA.md limits on partial updates", () => {
  it("clamps Magic Points set above the stored maximum", () => {
    expect(limitUpdate(current, { magicValue: 7 })).toEqual({ magicValue: 3 });
  });
  it("clamps the stored Magic Points when the maximum is lowered below them", () => {
    expect(limitUpdate(current, { magicMax: 1 })).toEqual({ magicValue: 1 });
  });
  it("clamps wounds to twice the life points plus one", () => {
    expect(limitUpdate(current, { wounds: 90 })).toEqual({ wounds: 25 });
  });
  it("changes nothing for values within their limits", () => {
    expect(limitUpdate(current, { magicValue: 3, wounds: 13 })).toEqual({});
  });
  it("changes nothing when the update touches neither group", () => {
    expect(limitUpdate({ life: { max: 1, wounds: 9 }, magic: { value: 9, max: 1 } }, {})).toEqual({});
  });
});

describe("DATA.md: setting system.life.value records the matching wounds (a macro, a module, the primary bar)", () => {
  const convert = (system: Record<string, unknown>, storedMax: number): Record<string, unknown> => {
    const changes = structuredClone(system);
    lifeValueToWounds(changes, storedMax);
    return changes;
  };
  it("turns actor.update({'system.life.value': 5}) into wounds against the stored maximum", () => {
    expect(convert({ life: { value: 5 } }, 12)).toEqual({ life: { wounds: 7 } });
    expect(convert({ life: { value: 5 } }, 9)).toEqual({ life: { wounds: 4 } });
  });
  it("uses the update's own maximum when it sets one", () => {
    expect(convert({ life: { value: 5, max: 8 } }, 12)).toEqual({ life: { max: 8, wounds: 3 } });
  });
  it("records death: a negative remainder is more wounds than Life Points, at most 2 x max + 1", () => {
    expect(convert({ life: { value: -2 } }, 10)).toEqual({ life: { wounds: 12 } });
    expect(convert({ life: { value: -50 } }, 10)).toEqual({ life: { wounds: 21 } });
    expect(convert({ life: { value: 30 } }, 10)).toEqual({ life: { wounds: 0 } });
  });
  it("reads a numeric string and rounds a fraction", () => {
    expect(convert({ life: { value: "6" } }, 10)).toEqual({ life: { wounds: 4 } });
    expect(convert({ life: { value: 6.4 } }, 10)).toEqual({ life: { wounds: 4 } });
  });
  it("lets wounds set in the same update win", () => {
    expect(convert({ life: { value: 5, wounds: 1 } }, 12)).toEqual({ life: { wounds: 1 } });
  });
  it("hands a value that is not a number to wounds, for validation to refuse", () => {
    expect(convert({ life: { value: "half" } }, 12)).toEqual({ life: { wounds: "half" } });
  });
  it("leaves updates without life.value alone", () => {
    expect(convert({ soma: 4, life: { max: 3 } }, 12)).toEqual({ soma: 4, life: { max: 3 } });
    expect(() => {
      lifeValueToWounds(undefined, 12);
    }).not.toThrow();
  });
});

describe("DATA.md: editing the life bar (modifyTokenAttribute)", () => {
  const life = { max: 12, wounds: 4, value: 8 };
  it("sets wounds so the bar shows the typed Life, and adds a delta to the Life shown", () => {
    expect(lifeBarUpdate(life, 3, false)).toEqual({ system: { life: { wounds: 9 } } });
    expect(lifeBarUpdate(life, -3, true)).toEqual({ system: { life: { wounds: 7 } } });
    expect(lifeBarUpdate(life, 2, true)).toEqual({ system: { life: { wounds: 2 } } });
  });
  it("goes below 0 Life, so the bar can record death, but not past 2 x max + 1 wounds", () => {
    expect(lifeBarUpdate(life, -1, false)).toEqual({ system: { life: { wounds: 13 } } });
    expect(lifeBarUpdate(life, -40, true)).toEqual({ system: { life: { wounds: 25 } } });
  });
  it("does nothing for an unchanged value, a zero delta or a value that is not a number", () => {
    expect(lifeBarUpdate(life, 8, false)).toBeNull();
    expect(lifeBarUpdate(life, 0, true)).toBeNull();
    expect(lifeBarUpdate(life, Number.NaN, false)).toBeNull();
    expect(lifeBarUpdate({ max: 12, wounds: 0, value: 12 }, 20, false)).toBeNull();
  });
});
