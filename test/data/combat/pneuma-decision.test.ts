import { describe, expect, it } from "vitest";
import { pneumaDecision, pneumaRoster } from "../../../src/data/combat/round";
import { pneumaTieTN, skirmishState } from "../../../src/data/combat/combat-snapshot";
import { defaultCombatSystem } from "../../../src/data/combat/stored";
import type { DiceSource } from "../../../src/rules/types";
import { entry, storedOf } from "./fixtures";

/** Scripted dice: each request takes the next faces. */
function scripted(...rolls: number[][]): DiceSource {
  let i = 0;
  return { roll: (count) => (rolls[i++] ?? []).slice(0, count) };
}

describe("000 Initiative: the Pneuma tie TN per combatant (\"certain specific special powers can change this\")", () => {
  it("reads an Active Effect's value on the actor flag: a whole number from 2 to 7, as a number or its text", () => {
    expect([pneumaTieTN(4), pneumaTieTN("5"), pneumaTieTN(2), pneumaTieTN(7)]).toEqual([4, 5, 2, 7]);
    for (const bad of [undefined, null, "", "x", 1, 8, 4.5, {}]) expect(pneumaTieTN(bad)).toBeUndefined();
  });
  it("the round's roster carries a combatant's own tie TN, and none for the others", () => {
    const entries = [entry("a", {}, { tieTN: 4 }), entry("b")];
    const state = skirmishState(storedOf(), entries);
    expect(pneumaRoster(state, entries)).toEqual([{ id: "a", pneuma: 3, tieTN: 4 }, { id: "b", pneuma: 3 }]);
  });
  it("the round rolls the tie with it: faces of 4 and 5 win for the power's TN 4+ and lose at the text's 6+", async () => {
    const entries = [entry("a"), entry("b", {}, { tieTN: 4 })];
    const state = skirmishState(storedOf(), entries);
    // Both Pneuma 3. a rolls 5, 5, 1 (none at 6+); b rolls 4, 1, 1 (one at 4+): b goes first.
    const decided = await pneumaDecision(defaultCombatSystem().initiative, state, entries, scripted([5, 5, 1], [4, 1, 1]));
    expect(decided.keep ? [] : decided.result.order).toEqual(["b", "a"]);
    // Without the power, the same faces give nobody a success and the tie rolls again: a's 6 then wins.
    const plain = [entry("a"), entry("b")];
    const again = await pneumaDecision(defaultCombatSystem().initiative, state, plain, scripted([5, 5, 1], [4, 1, 1], [6, 1, 1], [1, 1, 1]));
    expect(again.keep ? [] : again.result.order).toEqual(["a", "b"]);
  });
  it("keeps a stored order that still holds, without rolling", async () => {
    const entries = [entry("a"), entry("b")];
    const state = skirmishState(storedOf(), entries);
    const initiative = { ...defaultCombatSystem().initiative, order: ["b", "a"], pneuma: { a: 3, b: 3 } };
    expect(await pneumaDecision(initiative, state, entries, scripted())).toEqual({ keep: true });
  });
});
