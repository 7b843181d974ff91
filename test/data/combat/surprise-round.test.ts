// Surprise and ambush at the start (src/data/combat/surprise-round.ts), with scripted d10s.
import { describe, expect, it } from "vitest";
import { rollSurprise, surpriseSides } from "../../../src/data/combat/surprise-round";
import type { SurpriseSetup } from "../../../src/data/combat/surprise-round";
import { scriptedDice } from "../../../src/rules/roll-sources";

const dragons = { side: "Dragons", members: [{ id: "a", agility: 3, tags: [] }, { id: "b", agility: 1, tags: [] }] };
const host = { side: "Host", members: [{ id: "x", agility: 2, tags: ["stealthy"] }, { id: "y", agility: 4, tags: ["stealthy"] }] };
const base: SurpriseSetup = { kind: "surprise", unaware: [dragons], others: [host], costsRoundOne: true, modifiers: { stealthy: 2 } };

describe("rollSurprise", () => {
  it("surprises a side whose d10 + average Agility is below 3 + Stealthy", async () => {
    // Chance 3 + 2 (every Host member is stealthy) = 5; the Dragons' average Agility is 2: 2 + 2 = 4 < 5.
    const { card, changes } = await rollSurprise(base, scriptedDice([2]));
    expect(card.rolls).toEqual([{ side: "Dragons", roll: 2, agility: 2, chance: 5, result: "surprised" }]);
    expect(changes).toEqual([
      { type: "roundEffect", id: "a", effect: "surprised", active: true },
      { type: "roundEffect", id: "b", effect: "surprised", active: true },
    ]);
  });

  it("uses the scout's Agility when the side names one", async () => {
    const { card } = await rollSurprise({ ...base, unaware: [{ ...dragons, scout: 3 }] }, scriptedDice([2]));
    expect(card.rolls[0]).toMatchObject({ agility: 3, result: "normal" });
  });

  it("costs nothing when the world setting is off", async () => {
    const { card, changes } = await rollSurprise({ ...base, costsRoundOne: false }, scriptedDice([2]));
    expect(card.rolls[0]?.result).toBe("surprised");
    expect(changes).toEqual([]);
  });

  it("sets the chance from the ambushers' roll and ambushes below half of it", async () => {
    // Ambush: 6 + Agility 3 (Host average) + 2 Stealthy = 11. Dragons 2 + 2 = 4 < 5.5: ambushed.
    const { card, changes } = await rollSurprise({ ...base, kind: "ambush" }, scriptedDice([6, 2]));
    expect(card.ambusher).toEqual({ side: "Host", roll: 6, agility: 3, modifier: 2, chance: 11, failed: false });
    expect(card.rolls[0]).toMatchObject({ chance: 11, result: "ambushed" });
    expect(changes[0]).toEqual({ type: "roundEffect", id: "a", effect: "ambushed", active: true });
  });

  it("lets everyone act normally when the ambushers roll a 1", async () => {
    const { card, changes } = await rollSurprise({ ...base, kind: "ambush" }, scriptedDice([1]));
    expect(card.ambusher?.failed).toBe(true);
    expect(card.rolls).toEqual([]);
    expect(changes).toEqual([]);
  });
});

describe("personal ambushes from hiding", () => {
  const hiding = [{ id: "x", name: "Xan", target: "a", targetName: "Aster" }];

  it("ambush their target with no roll when no side is unaware", async () => {
    const { card, changes } = await rollSurprise({ ...base, unaware: [], personal: hiding }, scriptedDice([]));
    expect(card.rolls).toEqual([]);
    expect(card.personal).toEqual([{ attacker: "Xan", target: "Aster" }]);
    expect(changes).toEqual([{ type: "roundEffect", id: "a", effect: "ambushed", active: true }]);
  });

  it("add to the sides' rolls, and still ambush when the ambush roll fails", async () => {
    const { card, changes } = await rollSurprise({ ...base, kind: "ambush", personal: hiding }, scriptedDice([1]));
    expect(card.ambusher?.failed).toBe(true);
    expect(changes).toEqual([{ type: "roundEffect", id: "a", effect: "ambushed", active: true }]);
  });

  it("ambush a target once however many strike at it, and cost nothing when the setting is off", async () => {
    const two = [...hiding, { id: "y", name: "Yew", target: "a", targetName: "Aster" }];
    const { changes } = await rollSurprise({ ...base, unaware: [], personal: two }, scriptedDice([]));
    expect(changes).toHaveLength(1);
    const off = await rollSurprise({ ...base, unaware: [], personal: two, costsRoundOne: false }, scriptedDice([]));
    expect(off.changes).toEqual([]);
    expect(off.card.personal).toHaveLength(2);
  });
});

describe("surpriseSides", () => {
  const entries = [
    { id: "a", name: "Aster", side: "Dragons", body: { agility: 3, tags: [] } },
    { id: "b", name: "Bram", side: "Dragons", body: { agility: 1, tags: [] } },
    { id: "x", name: "Xan", side: "Host", body: { agility: 2, tags: ["stealthy"] } },
    { id: "g", name: "Gone", side: "Host", body: null },
  ];

  it("splits the sides into the unaware and the others, with a scout of its own side", () => {
    const sides = surpriseSides(entries, { kind: "surprise", unaware: ["Dragons"], scouts: { Dragons: "a" } });
    expect(sides?.unaware).toEqual([{ side: "Dragons", members: [{ id: "a", agility: 3, tags: [] }, { id: "b", agility: 1, tags: [] }], scout: 3 }]);
    expect(sides?.others).toEqual([{ side: "Host", members: [{ id: "x", agility: 2, tags: ["stealthy"] }] }]);
    expect(sides?.personal).toEqual([]);
  });

  it("ignores a scout from another side or without an actor", () => {
    for (const scout of ["x", "g", "nobody"]) {
      expect(surpriseSides(entries, { kind: "surprise", unaware: ["Dragons"], scouts: { Dragons: scout } })?.unaware[0]?.scout).toBeUndefined();
    }
  });

  it("keeps a personal ambush only between two present combatants of different sides", () => {
    const sides = surpriseSides(entries, {
      kind: "surprise",
      unaware: [],
      personal: [{ id: "x", target: "a" }, { id: "a", target: "b" }, { id: "g", target: "a" }, { id: "x", target: "nobody" }],
    });
    expect(sides?.personal).toEqual([{ id: "x", name: "Xan", target: "a", targetName: "Aster" }]);
  });

  it("leaves nothing to settle without an unaware side or a valid hider, or in an ambush of every side", () => {
    expect(surpriseSides(entries, { kind: "surprise", unaware: [] })).toBeNull();
    expect(surpriseSides(entries, { kind: "surprise", unaware: [], personal: [{ id: "a", target: "b" }] })).toBeNull();
    expect(surpriseSides(entries, { kind: "ambush", unaware: ["Dragons", "Host"] })).toBeNull();
    expect(surpriseSides(entries, { kind: "surprise", unaware: ["Dragons", "Host"] })?.others).toEqual([]);
    expect(surpriseSides(entries, { kind: "surprise", unaware: ["Shades"] })).toBeNull();
  });
});
