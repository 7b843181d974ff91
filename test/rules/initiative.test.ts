import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scriptedDice, seededDice } from "../../src/rules/roll-sources";
import { MAX_SIDES, phaseShiftFor, pneumaOrder, pneumaOrderHolds, sideInitiative } from "../../src/rules/initiative";

const pneumaLists = fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 8 });

describe("000 Default Option: Descending Initiative", () => {
  it("settles the seed's example: Sable, then Hunter, then Argent", async () => {
    const dice = scriptedDice([
      ...[6, 6, 1, 2], // Sable: 2 successes
      ...[6, 1, 2, 3], // Argent: 1 success
      ...[1, 6, 2, 3], // Hunter: 1 success, tied with Argent
      ...[1, 2, 3, 4], // Argent re-rolls: 0
      ...[6, 6, 6, 1], // Hunter re-rolls: 3
    ]);
    const combatants = [
      { id: "sable", pneuma: 4 },
      { id: "argent", pneuma: 4 },
      { id: "hunter", pneuma: 4 },
    ];
    const result = await pneumaOrder(combatants, dice);
    expect(result.order).toEqual(["sable", "hunter", "argent"]);
    expect(dice.requests.map((r) => r.count)).toEqual([4, 4, 4, 4, 4]);
    expect(dice.remaining()).toBe(0);
  });

  it("puts higher Pneuma first without rolling any dice", async () => {
    const dice = scriptedDice([]);
    const result = await pneumaOrder(
      [
        { id: "a", pneuma: 2 },
        { id: "b", pneuma: 5 },
        { id: "c", pneuma: 3 },
      ],
      dice,
    );
    expect(result.order).toEqual(["b", "c", "a"]);
    expect(dice.requests).toEqual([]);
  });

  it("rolls a tie check of Pneuma dice at TN 6 and records it", async () => {
    const result = await pneumaOrder(
      [
        { id: "a", pneuma: 2 },
        { id: "b", pneuma: 2 },
      ],
      scriptedDice([5, 5, 6, 1]),
    );
    expect(result.order).toEqual(["b", "a"]);
    expect(result.checks).toEqual([
      { id: "a", dice: [5, 5], successes: 0 },
      { id: "b", dice: [6, 1], successes: 1 },
    ]);
  });

  it("settles tie groups from the highest Pneuma down", async () => {
    const dice = scriptedDice([6, 1, 1, 1, 6, 6, 1, 6]);
    const result = await pneumaOrder(
      [
        { id: "low1", pneuma: 1 },
        { id: "high1", pneuma: 2 },
        { id: "low2", pneuma: 1 },
        { id: "high2", pneuma: 2 },
      ],
      dice,
    );
    // high1 [6,1] = 1, high2 [1,1] = 0; then low1 [6] = 1, low2 [6] = 1; re-roll: low1 [1] = 0, low2 [6] = 1
    expect(dice.requests.map((r) => r.count)).toEqual([2, 2, 1, 1, 1, 1]);
    expect(result.order).toEqual(["high1", "high2", "low2", "low1"]);
  });

  it("re-rolls the top tied sub-group fully before a lower tied sub-group rolls", async () => {
    const dice = scriptedDice([
      ...[6, 1, 6, 1, 1, 1, 1, 1], // a 1, b 1, c 0, d 0 (Pneuma 2 each)
      ...[1, 1, 6, 1], // a 0, b 1: b before a
      ...[6, 6, 1, 1], // c 2, d 0: c before d
    ]);
    const ids = ["a", "b", "c", "d"];
    const result = await pneumaOrder(
      ids.map((id) => ({ id, pneuma: 2 })),
      dice,
    );
    expect(result.order).toEqual(["b", "a", "c", "d"]);
    expect(result.checks.map((c) => c.id)).toEqual(["a", "b", "c", "d", "a", "b", "c", "d"]);
  });

  it("keeps input order for a tie of Pneuma 0, which has no dice to roll", async () => {
    const dice = scriptedDice([]);
    const result = await pneumaOrder(
      [
        { id: "x", pneuma: 0 },
        { id: "y", pneuma: 0 },
      ],
      dice,
    );
    expect(result.order).toEqual(["x", "y"]);
    expect(dice.requests).toEqual([]);
  });

  it("refuses duplicate ids and a Pneuma that is not a whole number of 0 or more", async () => {
    const dice = scriptedDice([]);
    await expect(pneumaOrder([{ id: "a", pneuma: 1 }, { id: "a", pneuma: 2 }], dice)).rejects.toThrow(
      /combatants\.id\[1\].*"a"/,
    );
    await expect(pneumaOrder([{ id: "a", pneuma: -1 }], dice)).rejects.toThrow(/pneuma.*-1/);
    await expect(pneumaOrder([{ id: "", pneuma: 1 }], dice)).rejects.toThrow(RangeError);
  });

  it("orders every combatant exactly once (property)", async () => {
    await fc.assert(
      fc.asyncProperty(pneumaLists, fc.integer(), async (pneumas, seed) => {
        const combatants = pneumas.map((pneuma, i) => ({ id: `c${i}`, pneuma }));
        const { order } = await pneumaOrder(combatants, seededDice(seed));
        expect([...order].sort()).toEqual(combatants.map((c) => c.id).sort());
      }),
    );
  });

  it("always puts a higher Pneuma before a lower one (property)", async () => {
    await fc.assert(
      fc.asyncProperty(pneumaLists, fc.integer(), async (pneumas, seed) => {
        const combatants = pneumas.map((pneuma, i) => ({ id: `c${i}`, pneuma }));
        const { order } = await pneumaOrder(combatants, seededDice(seed));
        const ranked = order.map((id) => combatants.find((c) => c.id === id)?.pneuma ?? -1);
        expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
      }),
    );
  });
});

describe("000 Default Option: the tie TN can change", () => {
  const pair = [
    { id: "a", pneuma: 2 },
    { id: "b", pneuma: 2 },
  ];
  it("uses options.tieTN for everyone: at TN 5, a 5 is a success", async () => {
    const result = await pneumaOrder(pair, scriptedDice([1, 1, 5, 1]), { tieTN: 5 });
    expect(result.order).toEqual(["b", "a"]);
    expect(result.checks.map((c) => c.successes)).toEqual([0, 1]);
  });
  it("keeps TN 6 by default: the same 5 is no success, so the tie rolls again", async () => {
    const result = await pneumaOrder(pair, scriptedDice([1, 1, 5, 1, 6, 1, 1, 1]));
    expect(result.order).toEqual(["a", "b"]);
    expect(result.checks.map((c) => c.successes)).toEqual([0, 0, 1, 0]);
  });
  it("lets one combatant's own tie TN override the shared one", async () => {
    const dice = scriptedDice([4, 1, 5, 5]);
    const result = await pneumaOrder([{ id: "a", pneuma: 2, tieTN: 4 }, { id: "b", pneuma: 2 }], dice, { tieTN: 5 });
    // a: the 4 meets its own TN 4 (1 success); b: both 5s meet the shared TN 5 (2 successes).
    expect(result.checks.map((c) => c.successes)).toEqual([1, 2]);
    expect(result.order).toEqual(["b", "a"]);
  });
  it("keeps input order when no tied combatant can meet its TN, without rolling", async () => {
    const dice = scriptedDice([]);
    expect((await pneumaOrder(pair, dice, { tieTN: 7 })).order).toEqual(["a", "b"]);
    expect(dice.requests).toEqual([]);
  });
  it("refuses a tie TN that is not a whole number", async () => {
    await expect(pneumaOrder(pair, scriptedDice([]), { tieTN: 5.5 })).rejects.toThrow(/options\.tieTN/);
    await expect(pneumaOrder([{ id: "a", pneuma: 1, tieTN: Number.NaN }], scriptedDice([]))).rejects.toThrow(/combatants\[0\]\.tieTN/);
  });
});

describe("000 Initiative: Action Order: the order stays put", () => {
  const roster = [
    { id: "a", pneuma: 4 },
    { id: "b", pneuma: 3 },
  ];
  it("records the Pneuma each had, and holds for the same members with the same Pneuma, in any order", async () => {
    const stored = await pneumaOrder(roster, scriptedDice([]));
    expect(stored.pneuma).toEqual({ a: 4, b: 3 });
    expect(pneumaOrderHolds(stored, [...roster].reverse())).toBe(true);
  });
  it("does not hold when a Pneuma score changed", async () => {
    const stored = await pneumaOrder(roster, scriptedDice([]));
    expect(pneumaOrderHolds(stored, [{ id: "a", pneuma: 4 }, { id: "b", pneuma: 2 }])).toBe(false);
    expect(pneumaOrderHolds(stored, [{ id: "a", pneuma: 5 }, { id: "b", pneuma: 3 }])).toBe(false);
  });
  it("does not hold when someone joined, left or was swapped", async () => {
    const stored = await pneumaOrder(roster, scriptedDice([]));
    expect(pneumaOrderHolds(stored, [...roster, { id: "c", pneuma: 1 }])).toBe(false);
    expect(pneumaOrderHolds(stored, [{ id: "a", pneuma: 4 }])).toBe(false);
    expect(pneumaOrderHolds(stored, [{ id: "a", pneuma: 4 }, { id: "c", pneuma: 3 }])).toBe(false);
  });
  it("refuses a malformed stored order or roster", () => {
    expect(() => pneumaOrderHolds({ order: ["a", "a"], pneuma: {} }, [])).toThrow(RangeError);
    expect(() => pneumaOrderHolds({ order: ["a"], pneuma: { a: 1 } }, [{ id: "a", pneuma: -1 }])).toThrow(RangeError);
  });
});

describe("001 Initiative: side d10", () => {
  it("orders sides by their d10, highest first, rolling in input order", async () => {
    const dice = scriptedDice([3, 6, 4]);
    const result = await sideInitiative(["companyA", "companyB", "players"], dice);
    expect(result.order).toEqual(["companyB", "players", "companyA"]);
    expect(result.rolls).toEqual({ companyA: 3, companyB: 6, players: 4 });
    expect(result.events).toBe(0);
    expect(dice.requests.every((r) => r.count === 1 && r.faces === 10)).toBe(true);
  });

  it("re-rolls only the tied sides, at once and in input order, with one event", async () => {
    const dice = scriptedDice([5, 8, 5, 2, 9]);
    const result = await sideInitiative(["a", "b", "c"], dice);
    expect(result.history).toEqual({ a: [5, 2], b: [8], c: [5, 9] });
    expect(result.order).toEqual(["c", "b", "a"]);
    expect(result.events).toBe(1);
  });

  it("counts one event per tied group: two groups tied in one pass make two", async () => {
    const dice = scriptedDice([4, 4, 7, 7, 2, 3, 8, 9]);
    const result = await sideInitiative(["a", "b", "c", "d"], dice);
    expect(result.events).toBe(2);
    expect(result.order).toEqual(["d", "c", "b", "a"]);
  });

  it("counts another event when a re-rolled group ties again", async () => {
    const dice = scriptedDice([6, 6, 3, 3, 9, 2]);
    const result = await sideInitiative(["a", "b"], dice);
    expect(result.events).toBe(2);
    expect(result.order).toEqual(["a", "b"]);
  });

  it("makes a side that re-rolls onto another side's roll re-roll with it", async () => {
    const dice = scriptedDice([5, 5, 3, 3, 9, 7, 1]);
    const result = await sideInitiative(["a", "b", "c"], dice);
    // pass 1: a and b tie on 5, a re-rolls 3 (ties c), b 9; pass 2: a and c re-roll 7 and 1
    expect(result.rolls).toEqual({ a: 7, b: 9, c: 1 });
    expect(result.events).toBe(2);
  });

  it("moves a final 10 one phase earlier and first, a final 1 one phase later and last", async () => {
    const result = await sideInitiative(["slow", "mid", "fast"], scriptedDice([1, 5, 10]));
    expect(result.order[0]).toBe("fast");
    expect(result.order[result.order.length - 1]).toBe("slow");
    expect(result.phaseShift).toEqual({ slow: 1, mid: 0, fast: -1 });
  });

  it("shifts phases only for 1 and 10", () => {
    expect([1, 2, 5, 9, 10].map(phaseShiftFor)).toEqual([1, 0, 0, 0, -1]);
  });

  it("refuses more than ten sides, duplicate sides and empty names", async () => {
    const many = Array.from({ length: MAX_SIDES + 1 }, (_, i) => `s${i}`);
    await expect(sideInitiative(many, scriptedDice([]))).rejects.toThrow(/sides.*11/);
    await expect(sideInitiative(["a", "a"], scriptedDice([]))).rejects.toThrow(/sides\[1\].*"a"/);
    await expect(sideInitiative([""], scriptedDice([]))).rejects.toThrow(RangeError);
  });

  it("always ends with distinct rolls and every side ordered once (property)", async () => {
    await fc.assert(
      // Up to six sides: with more, the forced re-rolls (and events) grow very fast.
      fc.asyncProperty(fc.integer({ min: 0, max: 6 }), fc.integer(), async (n, seed) => {
        const sides = Array.from({ length: n }, (_, i) => `side${i}`);
        const result = await sideInitiative(sides, seededDice(seed));
        expect([...result.order].sort()).toEqual([...sides].sort());
        const finals = result.order.map((s) => result.rolls[s] ?? 0);
        expect(new Set(finals).size).toBe(n);
        expect(finals).toEqual([...finals].sort((a, b) => b - a));
      }),
    );
  });
});
