// The standard tactics asked directly (src/rules/simulator/tactics.ts): whom a combatant goes for, and that the
// run loop's shortcuts (states by index, pair keys compiled once) give the same answers as the plain look-ups.
import { describe, expect, it } from "vitest";
import { STANDARD_TACTICS } from "../../../src/rules/simulator";
import type { TacticView } from "../../../src/rules/simulator";
import { compileEncounter } from "../../../src/rules/simulator/compile";
import type { CompiledCombatant, CompiledEncounter } from "../../../src/rules/simulator/compile";
import { pairKey, workingCopy } from "../../../src/rules/state";
import type { CombatantState, SkirmishState } from "../../../src/rules/state";
import type { Altitude, Distance } from "../../../src/rules/types";
import { archer, dragon, knight, versus } from "./fixtures";

const standard = STANDARD_TACTICS.standard;
if (!standard) throw new Error("no standard tactics");

/** A wyrm against two dragons: "near" in heavy armour, "far" in none, so its bite hurts "far" more. */
function wyrmAgainstTwo(): { encounter: CompiledEncounter; state: SkirmishState; wyrm: CompiledCombatant } {
  const near = dragon("near");
  near.state.armour = 4;
  const far = dragon("far");
  far.state.armour = 0;
  const encounter = compileEncounter(versus([dragon("wyrm", { soma: 7 })], [near, far], { distance: "close" }));
  const wyrm = encounter.byId.get("wyrm");
  if (!wyrm) throw new Error("no wyrm");
  return { encounter, state: workingCopy(encounter.initial), wyrm };
}

function place(state: SkirmishState, a: string, b: string, distance: Distance): void {
  state.distances[pairKey(a, b)] = distance;
}

function lift(state: SkirmishState, id: string, altitude: Altitude): void {
  (state.combatants[id] as CombatantState).altitude = altitude;
}

const view = (encounter: CompiledEncounter, state: SkirmishState, self: CompiledCombatant, phase: "movement" | "battle"): TacticView => ({
  state,
  self,
  encounter,
  memory: { grappler: new Uint8Array(encounter.combatants.length) },
  phase,
});

const best = (c: CompiledCombatant, target: string, encounter: CompiledEncounter): number =>
  c.attacks[encounter.byId.get(target)?.index ?? -1]?.[0]?.expected ?? 0;

describe("standard tactics: whom to go for", () => {
  it("attacks an enemy in reach this round before a better one that only a full move reaches", () => {
    const { encounter, state, wyrm } = wyrmAgainstTwo();
    expect(best(wyrm, "far", encounter)).toBeGreaterThan(best(wyrm, "near", encounter));
    // "far" has flown off to the ceiling and out of the fight's range: no standard move brings it back.
    place(state, "wyrm", "far", "disengaged");
    lift(state, "far", "ceiling");
    // "near" is in reach where the wyrm is: it stays and fights rather than spending the round on a full move.
    expect(standard.moves(view(encounter, state, wyrm, "movement"))).toEqual([]);
  });

  it("counts a standard move that brings an enemy into reach as this round", () => {
    const { encounter, state, wyrm } = wyrmAgainstTwo();
    place(state, "wyrm", "far", "disengaged");
    lift(state, "far", "ceiling");
    place(state, "wyrm", "near", "middle");
    const [move, ...rest] = standard.moves(view(encounter, state, wyrm, "movement"));
    expect(move).toMatchObject({ id: "wyrm", kind: "standard", reference: "near", distance: "close" });
    expect(rest.every((m) => m.reference === "near")).toBe(true);
  });

  it("goes for the one it hurts most when nobody can be attacked this round", () => {
    const { encounter, state, wyrm } = wyrmAgainstTwo();
    place(state, "wyrm", "far", "disengaged");
    place(state, "wyrm", "near", "disengaged");
    const [move] = standard.moves(view(encounter, state, wyrm, "movement"));
    expect(move).toMatchObject({ id: "wyrm", kind: "full", reference: "far" });
  });

  it("ignores an enemy out of the fight even in reach", () => {
    const { encounter, state, wyrm } = wyrmAgainstTwo();
    (state.combatants.near as CombatantState).life = { max: 12, wounds: 7 };
    place(state, "wyrm", "far", "middle");
    const [move] = standard.moves(view(encounter, state, wyrm, "movement"));
    expect(move).toMatchObject({ reference: "far", distance: "close" });
  });
});

describe("standard tactics: the run loop's shortcuts change no answer", () => {
  const encounter = compileEncounter(
    versus([dragon("a"), dragon("b", { altitude: "high" }), archer("l")], [dragon("c", { soma: 6 }), knight("k")], { distance: "middle" }),
  );

  it("compiles each pair's key as pairKey makes it", () => {
    for (const a of encounter.combatants) {
      for (const b of encounter.combatants) expect(a.pairKeys[b.index]).toBe(a === b ? "" : pairKey(a.id, b.id));
    }
  });

  it("proposes the same moves and actions with the states by index as with the look-ups", () => {
    const state = workingCopy(encounter.initial);
    place(state, "a", "k", "close");
    place(state, "b", "c", "long");
    (state.combatants.c as CombatantState).life = { max: 12, wounds: 5 };
    const states = encounter.combatants.map((c) => state.combatants[c.id] as CombatantState);
    for (const tactic of Object.values(STANDARD_TACTICS)) {
      for (const self of encounter.combatants) {
        for (const phase of ["movement", "battle"] as const) {
          const plain = view(encounter, state, self, phase);
          const indexed = { ...plain, states };
          expect(tactic.moves(indexed)).toEqual(tactic.moves(plain));
          expect(tactic.actions(indexed)).toEqual(tactic.actions(plain));
          expect(tactic.letGo(indexed)).toBe(tactic.letGo(plain));
        }
      }
    }
  });
});
