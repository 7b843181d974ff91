// Actors into simulator encounters (src/data/simulator-encounter.ts), over the shipped
// bestiary: the same snapshots and pools as the data layer's one translation (src/data/actor/actor-snapshot.ts).
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBestiary } from "../../src/cli/bestiary";
import { encounterFromActors } from "../../src/data/simulator-encounter";
import { actorSnapshot, attackPools, combatantState, grapplePools } from "../../src/data/actor/actor-snapshot";
import { compileEncounter } from "../../src/rules/simulator/compile";

const entries = loadBestiary(resolve(import.meta.dirname, "../../packs/_source/bestiary"));

describe("encounterFromActors", () => {
  it("reads the whole bestiary", () => {
    expect(entries.length).toBeGreaterThanOrEqual(14);
  });

  it("makes each actor the data layer's combatant state, fresh, with flyers at the side's altitude", () => {
    for (const entry of entries) {
      const encounter = encounterFromActors([{ actors: [entry], altitude: "high" }, { actors: [entry], altitude: "low" }]);
      const snapshot = actorSnapshot(entry);
      const first = encounter.sides[0]?.combatants[0];
      const expected = combatantState(snapshot, { id: "c1", side: "", name: `${entry.name} 1`, altitude: snapshot.canFly ? "high" : "grounded" });
      expect(first?.state).toEqual({ ...expected, life: { ...expected.life, wounds: 0 } });
      expect(first?.weapons.map((w) => w.weapon)).toEqual(snapshot.weapons.map((w) => w.weapon));
      expect(encounter.sides.map((s) => s.name)).toEqual([entry.name, `${entry.name} (2)`]);
    }
  });

  it("numbers repeated names and keeps single ones", () => {
    const [sable, knight] = [entries.find((e) => e.name === "Sable Dragon"), entries.find((e) => e.name === "Knight")];
    if (!sable || !knight) throw new Error("bestiary entries missing");
    const encounter = encounterFromActors([{ actors: [sable], altitude: "mid" }, { actors: [knight, knight], altitude: "mid" }]);
    expect(encounter.sides[1]?.combatants.map((c) => [c.state.id, c.state.name])).toEqual([["c2", "Knight 1"], ["c3", "Knight 2"]]);
    expect(encounter.sides[0]?.combatants[0]?.state.name).toBe("Sable Dragon");
  });

  it("gives each side's combatants the side's tactics, a blank or absent one the engine's default", () => {
    const [sable, knight] = [entries.find((e) => e.name === "Sable Dragon"), entries.find((e) => e.name === "Knight")];
    if (!sable || !knight) throw new Error("bestiary entries missing");
    const encounter = encounterFromActors([
      { actors: [sable], altitude: "mid", tactics: " skirmisher " },
      { actors: [knight, knight], altitude: "mid", tactics: "" },
      { actors: [knight], altitude: "mid" },
    ]);
    expect(encounter.sides.map((s) => s.combatants.map((c) => c.tactics ?? null))).toEqual([["skirmisher"], [null, null], [null]]);
    expect(compileEncounter(encounter).combatants.map((c) => c.tactics)).toEqual(["skirmisher", "standard", "standard", "standard"]);
  });

  it("attacks and grapples with the data layer's pools against every bestiary foe", () => {
    const snapshots = entries.map((e) => actorSnapshot(e));
    const compiled = compileEncounter(
      encounterFromActors([
        { name: "A", actors: entries, altitude: "mid" },
        { name: "B", actors: entries, altitude: "mid" },
      ]),
    );
    const n = entries.length;
    let checked = 0;
    for (let a = 0; a < n; a += 1) {
      for (let b = 0; b < n; b += 1) {
        const attacker = compiled.combatants[a];
        const options = attacker?.attacks[n + b] ?? [];
        const snapA = snapshots[a];
        const snapB = snapshots[b];
        if (!attacker || !snapA || !snapB) throw new Error("missing");
        for (const option of options) {
          const weapon = snapA.weapons.find((w) => w.weapon.name === option.decl.weapon.name);
          if (!weapon) throw new Error(`no ${option.decl.weapon.name}`);
          expect(option.pools).toEqual(attackPools(weapon, snapB));
          checked += 1;
        }
        const grapple = attacker.grapples[n + b];
        if (snapA.weapons.some((w) => w.weapon.grapple)) expect(grapple?.pools).toEqual(grapplePools(snapA, snapB));
        else expect(grapple).toBeNull();
      }
    }
    expect(checked).toBeGreaterThan(n * n);
  });
});
