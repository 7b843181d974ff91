// The End Phase's compact resets (resolveEndPhaseSync { compactResets: true }, the "newRound" change): the same
// state, falls and dice as the per-flag changes, for any mix of flags, effects, falls and crashes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES } from "../../../src/rules/bands";
import { endPhaseSteps, resolveEndPhaseSync } from "../../../src/rules/procedures/end-phase";
import { runStepsSync } from "../../../src/rules/procedures/steps";
import { simulationDice } from "../../../src/rules/simulator/dice";
import { ROUND_EFFECTS, applyChanges, applyChangesInPlace, pairKey, workingCopy } from "../../../src/rules/state";
import type { SkirmishState, StateChange } from "../../../src/rules/state";
import { changeParticipants, inverseChanges } from "../../../src/rules/state-undo";
import { fighter, skirmishOf } from "../fixtures";

const ids = ["a", "b", "c", "d"];
const combatantArb = (id: string) =>
  fc.record({
    altitude: fc.constantFrom(...ALTITUDES),
    wounds: fc.integer({ min: 0, max: 14 }),
    moved: fc.boolean(),
    fullMove: fc.boolean(),
    acted: fc.boolean(),
    choseToFall: fc.boolean(),
    falling: fc.boolean(),
    roundEffects: fc.subarray([...ROUND_EFFECTS]),
  }).map(({ wounds, ...rest }) => fighter(id, { ...rest, life: { max: 12, wounds } }));
const stateArb = fc
  .tuple(fc.tuple(...ids.map(combatantArb)), fc.boolean(), fc.boolean())
  .map(([combatants, grappled, carried]): SkirmishState =>
    skirmishOf(combatants, {
      grapples: grappled ? [pairKey("a", "b")] : [],
      carrying: carried ? { c: "d" } : {},
    }),
  );

describe("End Phase compact resets", () => {
  it("leave the same state, falls and dice as one change per flag and effect", () => {
    fc.assert(
      fc.property(stateArb, fc.integer({ min: 1, max: 1e6 }), (state, seed) => {
        const plain = simulationDice(seed);
        const compactDice = simulationDice(seed);
        const standard = resolveEndPhaseSync(state, plain);
        const compact = resolveEndPhaseSync(state, compactDice, { compactResets: true });
        expect(applyChanges(state, compact.changes)).toEqual(applyChanges(state, standard.changes));
        expect(compact.falls).toEqual(standard.falls);
        expect(compact.log).toEqual(standard.log);
        // The same number of dice were drawn: both streams go on alike.
        expect(compactDice.roll(5, 6)).toEqual(plain.roll(5, 6));
        // In place on a working copy as well.
        const copy = workingCopy(state);
        applyChangesInPlace(copy, compact.changes);
        expect(copy).toEqual(applyChanges(state, standard.changes));
        // At most one reset per combatant; none for one with nothing to reset.
        const resets = compact.changes.filter((c) => c.type === "newRound");
        expect(new Set(resets.map((c) => c.id)).size).toBe(resets.length);
        // The falls' own changes come first in both, then the resets: one change per combatant instead of several.
        const falls = compact.changes.filter((c) => c.type !== "newRound");
        expect(compact.changes.slice(0, falls.length)).toEqual(falls);
        expect(standard.changes.slice(0, falls.length)).toEqual(falls);
        expect(standard.changes.length - falls.length).toBeGreaterThanOrEqual(resets.length);
      }),
      { numRuns: 300 },
    );
  });

  it("answer as the End Phase's steps do, with and without falls, log and compact resets", () => {
    let without = 0;
    fc.assert(
      fc.property(stateArb, fc.integer({ min: 1, max: 1e6 }), fc.boolean(), fc.boolean(), (state, seed, log, compactResets) => {
        const stepsDice = simulationDice(seed);
        const syncDice = simulationDice(seed);
        const sync = resolveEndPhaseSync(state, syncDice, { log, compactResets });
        expect(sync).toEqual(runStepsSync(endPhaseSteps(state, log, compactResets), stepsDice));
        expect(syncDice.roll(5, 6)).toEqual(stepsDice.roll(5, 6));
        if (sync.falls.length === 0) without += 1;
      }),
      { numRuns: 400 },
    );
    // End Phases without a fall (answered without the steps) were among them.
    expect(without).toBeGreaterThan(0);
  });

  it("make no change for a combatant with nothing to reset", () => {
    const state = skirmishOf([fighter("a"), fighter("b", { acted: true })]);
    const { changes } = resolveEndPhaseSync(state, simulationDice(1), { compactResets: true });
    expect(changes).toEqual([{ type: "newRound", id: "b", falling: false }]);
  });
});

describe("the newRound change", () => {
  const busy = fighter("a", { moved: true, fullMove: true, acted: true, choseToFall: true, roundEffects: ["surprised"] });
  const reset: StateChange = { type: "newRound", id: "a", falling: true };

  it("clears the round's flags and effects and sets falling, without touching its input", () => {
    const state = skirmishOf([busy, fighter("b", { moved: true })]);
    const after = applyChanges(state, [reset]);
    expect(after.combatants.a).toEqual({ ...busy, moved: false, fullMove: false, acted: false, choseToFall: false, falling: true, roundEffects: [] });
    expect(after.combatants.b).toBe(state.combatants.b);
    expect(state.combatants.a).toEqual(busy);
    expect(applyChanges(state, [{ type: "newRound", id: "a", falling: false }]).combatants.a?.falling).toBe(false);
  });

  it("refuses an unknown combatant and a falling that is not true or false", () => {
    const state = skirmishOf([busy]);
    expect(() => applyChanges(state, [{ type: "newRound", id: "zz", falling: false }])).toThrow(RangeError);
    const bad = { type: "newRound", id: "a", falling: "yes" } as unknown as StateChange;
    expect(() => applyChanges(state, [bad])).toThrow(/newRound falling/);
  });

  it("is undone to every flag and effect it cleared, and touches only its combatant", () => {
    const state = skirmishOf([{ ...busy, roundEffects: [...ROUND_EFFECTS] }, fighter("b")]);
    const after = applyChanges(state, [reset]);
    expect(applyChanges(after, inverseChanges(state, [reset]))).toEqual(state);
    expect(changeParticipants(reset)).toEqual(["a"]);
  });
});
