import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { load } from "js-yaml";
import { combatantChecks } from "../../src/data/message/attack-actors";
import { rescuePool } from "../../src/rules/procedures/rescue";
import { compileEncounter } from "../../src/rules/simulator/compile";
import { combatantFromActor } from "../../src/data/simulator-encounter";
import type { ActorData } from "../../src/data/actor/actor-data";
import { actorSnapshot } from "../../src/data/actor/actor-snapshot";
import { armour, combatant, skill } from "./simulator/fixtures";

describe("000 Catching / Mid air rescues: one rescue pool for the card and the simulator", () => {
  it("is Soma less encumbrance (the hampered Aerobatics check), never below 0", () => {
    expect(rescuePool(6, 0)).toBe(6);
    expect(rescuePool(6, 2)).toBe(4);
    expect(rescuePool(3, 5)).toBe(0);
  });
  it("the simulator's rescuer loses its encumbrance, with or without Aerobatics", () => {
    const aerobatics = skill("aerobatics", "expert", ["meleeDefence", "rangedDefence"], true);
    const withSkill = combatant({ id: "a", soma: 6 }, [aerobatics, armour(2, 3)], []);
    const without = combatant({ id: "b", soma: 6 }, [armour(2, 3)], []);
    const compiled = compileEncounter({ sides: [{ name: "A", combatants: [withSkill] }, { name: "B", combatants: [without] }] });
    expect(compiled.combatants.map((c) => c.rescuePool)).toEqual([3, 3]);
  });
  it("the card and the simulator give the Sable Dragon (Soma 6, dragonplate encumbrance 2) the same pool, 4", () => {
    const entry = load(readFileSync("packs/_source/bestiary/sable-dragon.yml", "utf8")) as ActorData;
    const fromCard = combatantChecks(actorSnapshot(entry)).rescuePool;
    const sim = combatantFromActor(entry, "sable", "mid");
    const other = combatantFromActor(entry, "other", "mid");
    const fromSimulator = compileEncounter({ sides: [{ name: "A", combatants: [sim] }, { name: "B", combatants: [other] }] }).combatants[0]?.rescuePool;
    expect([fromCard, fromSimulator]).toEqual([4, 4]);
  });
});
