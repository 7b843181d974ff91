// A combat under way as a simulator encounter (src/data/combat/forecast-encounter.ts): what the combat stores,
// read through the round's own translation, becomes a start the simulator plays from.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBestiary } from "../../../src/cli/bestiary";
import { bodyFromActor } from "../../../src/data/combat/actor-body";
import type { ItemData } from "../../../src/data/actor/actor-data";
import type { CombatantEntry } from "../../../src/data/combat/combat-snapshot";
import { encounterFile, encounterOfFile, exportFileName, forecastEncounter } from "../../../src/data/combat/forecast-encounter";
import { defaultCombatSystem } from "../../../src/data/combat/stored";
import type { CombatSystemSource } from "../../../src/data/combat/stored";
import type { ActorData } from "../../../src/data/actor/actor-data";
import { planRound } from "../../../src/rules/round-plan";
import { checkEncounter, simulate, SIMULATOR_ERRORS, TACTIC_NAMES } from "../../../src/rules/simulator";
import { pairKey } from "../../../src/rules/state";
import { storedOf } from "./fixtures";

const bestiary = loadBestiary(resolve(import.meta.dirname, "../../../packs/_source/bestiary"));
const actor = (name: string): ActorData => {
  const found = bestiary.find((e) => e.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
};

/** A combatant entry for a bestiary actor on a side, its body read as the combat reads it. */
function entryOf(id: string, name: string, side: string): CombatantEntry {
  const a = actor(name);
  const items = (a as { items?: readonly ItemData[] }).items ?? [];
  return { id, name, side, speed: "average", body: bodyFromActor((a as { type: string }).type, a.system, items) };
}

const entries = [entryOf("sable", "Sable Dragon", "Dragons"), entryOf("bow", "Longbowman", "Margrave"), entryOf("knight", "Knight", "Margrave")];
const actors = { sable: actor("Sable Dragon"), bow: actor("Longbowman"), knight: actor("Knight") };

/** The combat at round 3, at the battle step of the bowman, the Sable wounded and out of one Magic Point. */
function underWay(): CombatSystemSource {
  const base = defaultCombatSystem();
  const order = ["sable", "bow", "knight"];
  const plan = planRound({ mode: "descending", round: 3, order, combatants: order.map((id) => ({ id })) }).steps;
  const index = plan.findIndex((s) => s.phase === "battle" && s.combatants.includes("bow"));
  return {
    ...base,
    mode: "descending",
    plan,
    cursor: { round: 3, index },
    initiative: { ...base.initiative, order },
    skirmish: storedOf({
      distances: { [pairKey("sable", "bow")]: "middle", [pairKey("sable", "knight")]: "close", [pairKey("bow", "knight")]: "close" },
      combatants: {
        sable: { altitude: "low", moved: true, fullMove: false, acted: true, choseToFall: false, falling: false, roundEffects: [] },
      },
    }),
  };
}

describe("forecastEncounter: a combat under way as the simulator's start", () => {
  const wounded = entries.map((e) => (e.id === "sable" && e.body ? { ...e, body: { ...e.body, life: { ...e.body.life, wounds: 4 } } } : e));

  it("keeps the sides, the wounds, the bands and this round's flags as the round reads them", () => {
    const encounter = forecastEncounter(underWay(), wounded, actors);
    expect(encounter.sides.map((s) => [s.name, s.combatants.map((c) => c.state.id)])).toEqual([["Dragons", ["sable"]], ["Margrave", ["bow", "knight"]]]);
    const sable = encounter.sides[0]?.combatants[0];
    expect(sable?.state).toMatchObject({ altitude: "low", acted: true, moved: true, life: { wounds: 4 } });
    expect(sable?.weapons.map((w) => w.weapon.name)).toContain("Dragonsbreath");
    expect(encounter.start?.distances?.[pairKey("sable", "knight")]).toBe("close");
  });

  it("starts at the tracker's step, in the combat's order, with its rounds still ahead", () => {
    const encounter = forecastEncounter(underWay(), wounded, actors, 10);
    expect(encounter.start).toMatchObject({ round: 3, order: ["sable", "bow", "knight"], at: { phase: "battle", kind: "act", combatants: ["bow"] } });
    expect(encounter.roundLimit).toBe(12);
    expect(encounter.mode).toBe("descending");
  });

  it("a round walked to its end starts the next round; a combat not begun starts round 1", () => {
    const system = underWay();
    expect(forecastEncounter({ ...system, cursor: { round: 3, index: system.plan.length } }, entries, actors).start).toMatchObject({ round: 4 });
    const fresh = forecastEncounter(defaultCombatSystem(), entries, actors).start;
    expect(fresh?.round).toBe(1);
    expect(fresh?.at).toBeUndefined();
  });

  it("leaves out a combatant whose actor is gone, and every pair that names it", () => {
    const encounter = forecastEncounter(underWay(), entries, { sable: actors.sable, knight: actors.knight });
    expect(encounter.sides.flatMap((s) => s.combatants.map((c) => c.state.id))).toEqual(["sable", "knight"]);
    expect(Object.keys(encounter.start?.distances ?? {})).toEqual([pairKey("sable", "knight")]);
    expect(encounter.start?.order).toEqual(["sable", "knight"]);
  });

  it("is an encounter the simulator accepts and plays, through the file it is exported as", async () => {
    const file = JSON.parse(JSON.stringify(encounterFile(forecastEncounter(underWay(), wounded, actors)))) as unknown;
    const encounter = encounterOfFile(file);
    expect(checkEncounter(encounter, new Set(TACTIC_NAMES))).toBeNull();
    const result = await simulate(encounter as Parameters<typeof simulate>[0], { runs: 200, seed: 1 });
    expect(result.rounds.histogram.slice(0, 3).every((n) => n === 0)).toBe(true);
    expect(result.runs).toBe(200);
  });

  it("passes each combatant's forecast tactics through as named; blank or absent plays the default", () => {
    const chosen = wounded.map((e) => (e.id === "sable" ? { ...e, tactics: "skirmisher" } : e.id === "bow" ? { ...e, tactics: "  " } : e));
    const encounter = forecastEncounter(underWay(), chosen, actors);
    const tactics = Object.fromEntries(encounter.sides.flatMap((s) => s.combatants.map((c) => [c.state.id, c.tactics])));
    expect(tactics).toEqual({ sable: "skirmisher", bow: undefined, knight: undefined });
    expect(encounter.sides.flatMap((s) => s.combatants).filter((c) => "tactics" in c).map((c) => c.state.id)).toEqual(["sable"]);
    expect(checkEncounter(encounter, new Set(TACTIC_NAMES))).toBeNull();
  });

  it("a name the workers do not know fails the encounter with the unknown tactics error", () => {
    const chosen = wounded.map((e) => (e.id === "knight" ? { ...e, tactics: "ambushers" } : e));
    const encounter = forecastEncounter(underWay(), chosen, actors);
    expect(checkEncounter(encounter, new Set(TACTIC_NAMES))?.key).toBe(SIMULATOR_ERRORS.UnknownTactics);
    expect(checkEncounter(encounter, new Set([...TACTIC_NAMES, "ambushers"]))).toBeNull();
  });

  it("reads a bare encounter too, and nothing else", () => {
    expect(encounterOfFile({ sides: [] })).toEqual({ sides: [] });
    expect(encounterOfFile({ format: "age-of-dragons.encounter", version: 99, encounter: {} })).toBeNull();
    expect(encounterOfFile({ format: "other" })).toBeNull();
    expect(encounterOfFile([1, 2])).toBeNull();
    expect(encounterOfFile("text")).toBeNull();
  });
});

describe("exportFileName", () => {
  it("names the file after the combat and its round, safe on every system", () => {
    expect(exportFileName("Fire over Hollin Vale: the ford!", 3)).toBe("fire-over-hollin-vale-the-ford-round-3.json");
    expect(exportFileName("Ærø Brücke", 1)).toBe("r-brucke-round-1.json");
    expect(exportFileName("", 2)).toBe("combat-round-2.json");
    expect(exportFileName(null, 1)).toBe("combat-round-1.json");
    expect(exportFileName("x".repeat(90), 1)).toBe(`${"x".repeat(40)}-round-1.json`);
  });
});
