import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ambushChance,
  ambushCheck,
  ambushKind,
  sideAgility,
  sideTagModifier,
  surpriseChance,
  surpriseCheck,
  surpriseEffects,
} from "../../src/rules/surprise";
import type { AmbushAttempt } from "../../src/rules/surprise";

describe("001 Surprise Roll: surprise", () => {
  it("surprises a total below the chance", () => {
    expect(surpriseCheck({ roll: 2, agility: 0, chance: 3 })).toBe("surprised");
  });
  it("does not surprise a total equal to the chance", () => {
    expect(surpriseCheck({ roll: 2, agility: 1, chance: 3 })).toBe("normal");
  });
  it("does not surprise a total above the chance", () => {
    expect(surpriseCheck({ roll: 5, agility: 2, chance: 3 })).toBe("normal");
  });
  it("always surprises a natural 1, whatever the Agility", () => {
    expect(surpriseCheck({ roll: 1, agility: 10, chance: 3 })).toBe("surprised");
  });
  it("never surprises a natural 10, whatever the chance", () => {
    expect(surpriseCheck({ roll: 10, agility: 0, chance: 30 })).toBe("normal");
  });
  it("refuses a face outside 1..10 and a fractional Agility, naming them", () => {
    expect(() => surpriseCheck({ roll: 11, agility: 0, chance: 3 })).toThrow(/roll.*11/);
    expect(() => surpriseCheck({ roll: 0, agility: 0, chance: 3 })).toThrow(RangeError);
    expect(() => surpriseCheck({ roll: 5, agility: 1.5, chance: 3 })).toThrow(/agility.*1\.5/);
    expect(() => surpriseCheck({ roll: 5, agility: 1, chance: Number.NaN })).toThrow(/chance.*NaN/);
  });
});

describe("001 Surprise Roll: the ambusher sets the chance", () => {
  it("adds roll, Agility and modifier", () => {
    expect(ambushChance({ roll: 6, agility: 3, modifier: 2 })).toEqual({ chance: 11, failed: false });
  });
  it("adds 5 more on a natural 10", () => {
    expect(ambushChance({ roll: 10, agility: 2, modifier: 0 })).toEqual({ chance: 17, failed: false });
  });
  it("fails the ambush on a natural 1", () => {
    expect(ambushChance({ roll: 1, agility: 4, modifier: 2 }).failed).toBe(true);
  });
  it("refuses a modifier that is not a whole number", () => {
    expect(() => ambushChance({ roll: 5, agility: 1, modifier: 0.5 })).toThrow(/modifier.*0\.5/);
  });
});

describe("001 Surprise Roll: sides caught in an ambush", () => {
  it("ambushes a total below half the chance", () => {
    expect(ambushCheck({ roll: 3, agility: 1, chance: 10 })).toBe("ambushed");
  });
  it("only surprises a total equal to half the chance", () => {
    expect(ambushCheck({ roll: 4, agility: 1, chance: 10 })).toBe("surprised");
  });
  it("compares with half an odd chance as a real number (chance 7: 3 ambushed, 4 surprised)", () => {
    expect(ambushCheck({ roll: 3, agility: 0, chance: 7 })).toBe("ambushed");
    expect(ambushCheck({ roll: 4, agility: 0, chance: 7 })).toBe("surprised");
  });
  it("surprises a total from half the chance up to just below it", () => {
    expect(ambushCheck({ roll: 8, agility: 1, chance: 10 })).toBe("surprised");
  });
  it("lets a total at or above the chance act normally", () => {
    expect(ambushCheck({ roll: 8, agility: 2, chance: 10 })).toBe("normal");
  });
  it("ambushes a natural 1 and lets a natural 10 act normally", () => {
    expect(ambushCheck({ roll: 1, agility: 9, chance: 2 })).toBe("ambushed");
    expect(ambushCheck({ roll: 10, agility: 0, chance: 40 })).toBe("normal");
  });
  it("never treats a side better with a lower total (property)", () => {
    const rank = { ambushed: 0, surprised: 1, normal: 2 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 30 }),
        (roll, agility, chance) => {
          const lower = ambushCheck({ roll, agility, chance });
          const higher = ambushCheck({ roll: roll + 1, agility, chance });
          expect(rank[lower]).toBeLessThanOrEqual(rank[higher]);
        },
      ),
    );
  });
});

describe("001 Surprise Roll: the Surprise Chance and Tags such as Stealthy", () => {
  it("defaults to 3", () => {
    expect(surpriseChance([["brave"], []])).toBe(3);
  });
  it("rises by the Stealthy modifier when the unseen side is stealthy throughout", () => {
    expect(surpriseChance([["stealthy"], ["stealthy", "brave"]])).toBe(5);
    expect(surpriseChance([["stealthy"]], { stealthy: 3 })).toBe(6);
  });
  it("ignores a tag that only part of the side carries", () => {
    expect(surpriseChance([["stealthy"], []])).toBe(3);
  });
  it("adds the same modifiers to an ambusher's roll", () => {
    const modifier = sideTagModifier([["stealthy"], ["stealthy"]]);
    expect(ambushChance({ roll: 4, agility: 2, modifier })).toEqual({ chance: 8, failed: false });
  });
  it("adds nothing for an empty side and refuses a fractional modifier", () => {
    expect(sideTagModifier([])).toBe(0);
    expect(() => sideTagModifier([["stealthy"]], { stealthy: 1.5 })).toThrow(/modifiers\.stealthy.*1\.5/);
  });
});

describe("001 Surprise Roll: the Agility a side adds", () => {
  it("uses the nominated scout's Agility", () => {
    expect(sideAgility([1, 1, 1], 4)).toBe(4);
  });
  it("otherwise uses the side's average, rounded down", () => {
    expect(sideAgility([2, 3, 3])).toBe(2);
    expect(sideAgility([4, 5])).toBe(4);
  });
  it("adds 0 for an empty side and refuses a fractional score", () => {
    expect(sideAgility([])).toBe(0);
    expect(() => sideAgility([2, 2.5])).toThrow(/agilities\[1\].*2\.5/);
  });
});

describe("001 Surprise and Ambush: the first round (RULES.md effects)", () => {
  it("marks the surprised and the ambushed for the round, and nobody else", () => {
    expect(surpriseEffects("k", "surprised")).toEqual([{ type: "roundEffect", id: "k", effect: "surprised", active: true }]);
    expect(surpriseEffects("k", "ambushed")).toEqual([{ type: "roundEffect", id: "k", effect: "ambushed", active: true }]);
    expect(surpriseEffects("k", "normal")).toEqual([]);
  });
  it("does nothing when the world setting turns surprise effects off", () => {
    expect(surpriseEffects("k", "ambushed", false)).toEqual([]);
  });
  it("refuses an unknown result", () => {
    expect(() => surpriseEffects("k", "startled" as never)).toThrow(/result.*startled/);
  });
});

describe("001 Surprise vs. Ambush: who can ambush, and who needs no ambush test", () => {
  it("is an ordinary, rolled ambush for a side that perceives its opponents", () => {
    expect(ambushKind({ perceivesOpponents: true })).toBe("rolled");
    expect(ambushKind({ perceivesOpponents: true, hidingInShadows: false, movingSilently: false })).toBe("rolled");
  });
  it.each([
    { hidingInShadows: true },
    { movingSilently: true },
    { hidingInShadows: true, movingSilently: true },
  ])("needs no ambush test for a character personally %o: its attack is an ambush", (how) => {
    expect(ambushKind({ perceivesOpponents: true, ...how })).toBe("personal");
  });
  it.each([{}, { hidingInShadows: true }, { movingSilently: true }])(
    "is no ambush at all, only surprise, for one who cannot perceive its opponents (%o)",
    (how) => {
      expect(ambushKind({ perceivesOpponents: false, ...how })).toBe("surprise");
    },
  );
  it("marks the target of a personal ambush as ambushed for the first round", () => {
    expect(surpriseEffects("target", "ambushed")).toEqual([{ type: "roundEffect", id: "target", effect: "ambushed", active: true }]);
  });
  it("refuses an attempt that does not say whether it perceives its opponents", () => {
    expect(() => ambushKind({} as AmbushAttempt)).toThrow(/perceivesOpponents/);
    expect(() => ambushKind({ perceivesOpponents: true, movingSilently: "yes" } as unknown as AmbushAttempt)).toThrow(
      /movingSilently/,
    );
  });
});
