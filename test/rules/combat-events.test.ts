import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import yaml from "js-yaml";
import { describe, expect, it } from "vitest";
import {
  COMBAT_EVENTS,
  MAX_EVENT_DRAWS,
  NOTHING_HAPPENS_KEY,
  armourSlotFor,
  combatEventFor,
  pickDie,
  pickIndex,
  resolveCombatEvent,
} from "../../src/rules/combat-events";
import type { EventSnapshot } from "../../src/rules/combat-events";
import { scriptedDice } from "../../src/rules/roll-sources";

const root = resolve(import.meta.dirname, "../..");

// Snapshot order matters: random picks number the eligible combatants in this order.
const skirmish: EventSnapshot = {
  combatants: [
    { id: "ember", altitude: "ceiling", canFly: true, armour: ["helmet", "body"] },
    { id: "gale", altitude: "high", canFly: true, armour: [] },
    { id: "rook", altitude: "mid", canFly: true, armour: ["shield"] },
    { id: "knight", altitude: "grounded", canFly: false, armour: ["helmet", "shield", "body"] },
    { id: "wyrmling", altitude: "grounded", canFly: true, armour: [] },
  ],
};

describe("001 Combat Events: the d20 table", () => {
  it("covers 1 to 20 in ten two-point bands without gaps", () => {
    expect(COMBAT_EVENTS.map((e) => e.range)).toEqual(
      Array.from({ length: 10 }, (_, i) => [2 * i + 1, 2 * i + 2]),
    );
  });
  it("puts the seed's Armour Trouble on 1-2", () => {
    expect(combatEventFor(1).id).toBe("armourTrouble");
    expect(combatEventFor(2).id).toBe("armourTrouble");
    expect(combatEventFor(20).id).toBe("wingCramp");
  });
  it("refuses a face that is not on a d20", () => {
    expect(() => combatEventFor(21)).toThrow(/face.*21/);
  });
  it("maps the Armour Trouble d6: 1-2 helmet, 3-5 shield, 6 body", () => {
    expect([1, 2, 3, 4, 5, 6].map(armourSlotFor)).toEqual(["helmet", "helmet", "shield", "shield", "shield", "body"]);
  });
  it("has a name and an effect in en.json for every entry and for nothing happening", () => {
    const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8")) as {
      AOD: { CombatEvents: Record<string, { Name?: string; Effect?: string }> };
    };
    const groups = [...COMBAT_EVENTS.map((e) => e.key.split(".").at(-1) ?? ""), "Nothing"];
    for (const group of groups) {
      expect(lang.AOD.CombatEvents[group]?.Name, group).toBeTruthy();
      expect(lang.AOD.CombatEvents[group]?.Effect, group).toBeTruthy();
    }
    expect(NOTHING_HAPPENS_KEY).toBe("AOD.CombatEvents.Nothing.Effect");
  });
});

describe("001 Combat Events: picking a random combatant", () => {
  it("uses the die that wastes the fewest faces", () => {
    expect([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20].map(pickDie)).toEqual([6, 6, 20, 10, 6, 10, 10, 10, 10, 20, 20]);
  });
  it("splits the die into equal bands: a 4 on a d6 picks the second of two", async () => {
    await expect(pickIndex(2, scriptedDice([4]))).resolves.toBe(1);
  });
  it("re-rolls faces past the last whole band", async () => {
    const dice = scriptedDice([9, 10, 7]);
    await expect(pickIndex(7, dice)).resolves.toBe(6);
    expect(dice.requests).toHaveLength(3);
  });
  it("rolls nothing when there is only one to pick", async () => {
    const dice = scriptedDice([]);
    await expect(pickIndex(1, dice)).resolves.toBe(0);
  });
  it("reads two d20s as base-20 digits beyond twenty", async () => {
    // 25 of 400: bands of 16; faces (2, 1) are value 20, in the second band
    await expect(pickIndex(25, scriptedDice([2, 1]))).resolves.toBe(1);
  });
});

describe("001 Combat Events: resolving an event", () => {
  it("damages the piece Armour Trouble names on a random combatant", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([1, 7, 4]));
    expect(result).toMatchObject({ event: "armourTrouble", combatant: "knight", draws: 1 });
    expect(result.changes).toEqual([{ type: "armourDamage", id: "knight", slot: "shield" }]);
    expect(result.key).toBe("AOD.CombatEvents.ArmourTrouble.Effect");
  });
  it("Armour Trouble's armour roll damages a dragon's barding when it wears no body armour", async () => {
    const dragon: EventSnapshot = { combatants: [{ id: "sable", altitude: "mid", canFly: true, armour: ["barding"] }] };
    const result = await resolveCombatEvent(dragon, scriptedDice([1, 6]));
    expect(result.changes).toEqual([{ type: "armourDamage", id: "sable", slot: "barding" }]);
  });
  it("draws again when Armour Trouble names a piece that is not worn", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([2, 1, 3, 3]));
    expect(result.event).toBe("gustingWind");
    expect(result.draws).toBe(2);
  });
  it("Gusting Wind pushes every flyer at the ceiling down to high", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([4]));
    expect(result.combatant).toBeNull();
    expect(result.changes).toEqual([{ type: "altitude", id: "ember", altitude: "high" }]);
  });
  it("Thermal lifts one random airborne flyer below the ceiling one band", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([5, 5]));
    expect(result.changes).toEqual([{ type: "altitude", id: "rook", altitude: "high" }]);
  });
  it("Downdraught drops one random flyer at mid or higher one band", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([8, 1]));
    expect(result.changes).toEqual([{ type: "altitude", id: "ember", altitude: "high" }]);
  });
  it("Low Cloud stops ranged attacks by everyone flying high or at the ceiling", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([9]));
    expect(result.affected).toEqual(["ember", "gale"]);
    expect(result.changes.every((c) => c.type === "roundEffect" && c.effect === "noRangedAttack")).toBe(true);
  });
  it("Dust and Smoke stops ranged attacks by everyone grounded or flying low", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([12]));
    expect(result.affected).toEqual(["knight", "wyrmling"]);
  });
  it("Blinding Sun takes the battle action of one random airborne combatant", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([13, 6]));
    expect(result.changes).toEqual([{ type: "roundEffect", id: "rook", effect: "noBattleAction", active: true }]);
  });
  it("Stampede forces one random grounded combatant into a full move", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([16, 2]));
    expect(result.changes).toEqual([{ type: "roundEffect", id: "knight", effect: "forcedFullMove", active: true }]);
  });
  it("Loose Mount takes the battle action of a grounded non-flyer, with no roll when only one qualifies", async () => {
    const dice = scriptedDice([17]);
    const result = await resolveCombatEvent(skirmish, dice);
    expect(result.changes).toEqual([{ type: "roundEffect", id: "knight", effect: "noBattleAction", active: true }]);
    expect(dice.requests).toHaveLength(1);
  });
  it("Wing Cramp makes one random airborne flyer fall in the end phase", async () => {
    const result = await resolveCombatEvent(skirmish, scriptedDice([20, 3]));
    expect(result.changes).toEqual([{ type: "flag", id: "gale", flag: "choseToFall", value: true }]);
  });
  it("never moves one of a grappling or carrying pair alone: Gusting Wind, Thermal and Downdraught pass them over", async () => {
    const bound: EventSnapshot = {
      combatants: [
        { id: "carrier", altitude: "ceiling", canFly: true, armour: [], carrying: true },
        { id: "passenger", altitude: "ceiling", canFly: true, armour: [], carried: true },
        { id: "held", altitude: "mid", canFly: true, armour: [], pinned: true },
        { id: "free", altitude: "high", canFly: true, armour: [] },
      ],
    };
    // Gusting Wind finds nobody free at the ceiling and is re-drawn as a Thermal, which can only lift "free".
    const result = await resolveCombatEvent(bound, scriptedDice([3, 5]));
    expect(result).toMatchObject({ event: "thermal", draws: 2, combatant: "free" });
    expect(result.changes).toEqual([{ type: "altitude", id: "free", altitude: "ceiling" }]);
  });
  it("lets Downdraught pass over a pinned flyer and strike the one free flyer without a pick roll", async () => {
    const bound: EventSnapshot = {
      combatants: [
        { id: "held", altitude: "mid", canFly: true, armour: [], pinned: true },
        { id: "free", altitude: "high", canFly: true, armour: [] },
      ],
    };
    const dice = scriptedDice([7]);
    const result = await resolveCombatEvent(bound, dice);
    expect(result).toMatchObject({ event: "downdraught", combatant: "free" });
    expect(result.changes).toEqual([{ type: "altitude", id: "free", altitude: "mid" }]);
    expect(dice.requests).toHaveLength(1);
  });
  it("lets Wing Cramp strike a carrier but never the carried or the pinned", async () => {
    const bound: EventSnapshot = {
      combatants: [
        { id: "passenger", altitude: "mid", canFly: true, armour: [], carried: true },
        { id: "held", altitude: "mid", canFly: true, armour: [], pinned: true },
        { id: "carrier", altitude: "mid", canFly: true, armour: [], carrying: true },
      ],
    };
    const result = await resolveCombatEvent(bound, scriptedDice([19]));
    expect(result.changes).toEqual([{ type: "flag", id: "carrier", flag: "choseToFall", value: true }]);
  });
  it("refuses a snapshot whose pinned mark is not a boolean", async () => {
    const bad = { combatants: [{ id: "x", altitude: "mid", canFly: true, armour: [], pinned: "yes" }] };
    await expect(resolveCombatEvent(bad as never, scriptedDice([]))).rejects.toThrow(/pinned.*"yes"/);
  });
  it("reports that nothing happens after the last allowed draw is impossible too", async () => {
    const lone: EventSnapshot = { combatants: [{ id: "pikeman", altitude: "grounded", canFly: false, armour: [] }] };
    const result = await resolveCombatEvent(lone, scriptedDice(Array.from({ length: MAX_EVENT_DRAWS }, () => 3)));
    expect(result).toMatchObject({ event: "nothing", key: NOTHING_HAPPENS_KEY, draws: MAX_EVENT_DRAWS, changes: [] });
  });
  it("rolls nothing for an empty skirmish", async () => {
    const dice = scriptedDice([]);
    const result = await resolveCombatEvent({ combatants: [] }, dice);
    expect(result.event).toBe("nothing");
    expect(dice.requests).toEqual([]);
  });
  it("leaves the snapshot unchanged", async () => {
    const before = structuredClone(skirmish);
    await resolveCombatEvent(skirmish, scriptedDice([3]));
    expect(skirmish).toEqual(before);
  });
  it("refuses a snapshot with an unknown altitude or a repeated id", async () => {
    const bad = { combatants: [{ id: "x", altitude: "orbit", canFly: true, armour: [] }] } as unknown as EventSnapshot;
    await expect(resolveCombatEvent(bad, scriptedDice([]))).rejects.toThrow(/altitude.*orbit/);
    const twice = { combatants: [skirmish.combatants[0], skirmish.combatants[0]] } as unknown as EventSnapshot;
    await expect(resolveCombatEvent(twice, scriptedDice([]))).rejects.toThrow(/combatants\[1\]\.id/);
  });
});

interface TableSource {
  _id: string;
  _key: string;
  name: string;
  formula: string;
  results: { _id: string; _key: string; name: string; type: string; range: [number, number]; weight: number }[];
}

describe("001 Combat Events: the RollTable pack source agrees with the rules", () => {
  const table = yaml.load(readFileSync(resolve(root, "packs/_source/tables/combat-events.yml"), "utf8")) as TableSource;
  const lang = JSON.parse(readFileSync(resolve(root, "lang/en.json"), "utf8")) as {
    AOD: { CombatEvents: Record<string, { Name: string }> };
  };
  it("is a 1d20 table whose key names its own id", () => {
    expect(table.formula).toBe("1d20");
    expect(table._id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(table._key).toBe(`!tables!${table._id}`);
  });
  it("has the rules' ranges in the rules' order", () => {
    expect(table.results.map((r) => r.range)).toEqual(COMBAT_EVENTS.map((e) => [...e.range]));
  });
  it("names every result as en.json names the rules' event", () => {
    const names = COMBAT_EVENTS.map((e) => lang.AOD.CombatEvents[e.key.split(".").at(-1) ?? ""]?.Name);
    expect(table.results.map((r) => r.name)).toEqual(names);
  });
  it("gives every result a unique 16-character id, its embedded key and a weight equal to its span", () => {
    const ids = table.results.map((r) => r._id);
    expect(new Set([...ids, table._id]).size).toBe(ids.length + 1);
    for (const r of table.results) {
      expect(r._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(r._key).toBe(`!tables.results!${table._id}.${r._id}`);
      expect(r.type).toBe("text");
      expect(r.weight).toBe(r.range[1] - r.range[0] + 1);
    }
  });
});
