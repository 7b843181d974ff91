// The combat as the pure flows read it (src/documents/live-combat.ts): every property read from the document when
// asked, so a flow that waited sees the combat as it is now, and a flow's own reads added with Object.assign keep it.
import { describe, expect, it } from "vitest";
import { LiveCombat } from "../../src/documents/live-combat";
import type { CombatReadings } from "../../src/documents/live-combat";

/** A stand-in for the combat document: the fields LiveCombat reads, changed in place as Foundry's updates do. */
function combat() {
  const doc = {
    id: "c1" as string | null,
    round: 1,
    started: true,
    step: null,
    entries: [],
    skirmish: { combatants: {} },
    stored: { cursor: { round: 1, index: 0 }, mode: "descending", ended: false },
  };
  return { doc, live: new LiveCombat(doc as unknown as CombatReadings) };
}

describe("the live combat", () => {
  it("reads each property from the document when asked, not when made", () => {
    const { doc, live } = combat();
    expect([live.round, live.cursor.index, live.mode, live.running]).toEqual([1, 0, "descending", true]);
    doc.round = 2;
    doc.stored = { cursor: { round: 2, index: 3 }, mode: "secret", ended: true };
    expect([live.round, live.cursor.index, live.mode, live.running]).toEqual([2, 3, "secret", false]);
  });

  it("keeps its getters when a flow adds its own reads", () => {
    const { doc, live } = combat();
    const view = Object.assign(live, { name: (id: string) => `name of ${id}` });
    doc.round = 5;
    expect(view.round).toBe(5);
    expect(view.name("a")).toBe("name of a");
  });

  it("gives an empty id for a combat not yet created", () => {
    const { doc, live } = combat();
    doc.id = null;
    expect(live.id).toBe("");
  });
});
