import { describe, expect, it } from "vitest";
import { editUpdates, staleUpdates } from "../../../src/features/board/board-writes";
import { storedSkirmish } from "../../../src/data/combat/combat-snapshot";
import { applyBoardEdit } from "../../../src/rules/board/edits";
import type { BoardEdit } from "../../../src/rules/board/edits";
import { pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { showcaseFight } from "./fight";

function after(state: SkirmishState, edit: BoardEdit): SkirmishState {
  const ruling = applyBoardEdit(state, edit);
  if (!ruling.allowed) throw new Error(ruling.reason);
  return ruling.state;
}

describe("what a GM edit writes", () => {
  const before = showcaseFight();
  const stored = storedSkirmish(before);

  it("writes only the distance entries an edit changes", () => {
    const updates = editUpdates(stored, before, after(before, { type: "distance", a: "argent", b: "sable", distance: "middle" }), {});
    expect(updates.combat).toEqual({ [`system.skirmish.distances.${pairKey("argent", "sable")}`]: "middle" });
  });
  it("deletes a distance set back to the default instead of storing it", () => {
    const updates = editUpdates(stored, before, after(before, { type: "distance", a: "argent", b: "sable", distance: "long" }), {});
    expect(updates.combat).toEqual({ [`system.skirmish.distances.-=${pairKey("argent", "sable")}`]: null });
  });
  it("writes a grapple pulled apart, and switches the pinned status off for both", () => {
    const pinned = { hunter: ["pinned"], wyrm: ["pinned"] };
    const updates = editUpdates(stored, before, after(before, { type: "distance", a: "hunter", b: "wyrm", distance: "close" }), pinned);
    expect(updates.combat["system.skirmish.grapples"]).toEqual([]);
    expect(updates.combat[`system.skirmish.distances.${pairKey("hunter", "wyrm")}`]).toBe("close");
    expect(updates.statuses.hunter?.pinned).toBe(false);
    expect(updates.statuses.wyrm?.pinned).toBe(false);
  });
  it("removing a combatant deletes its place and every pair naming it", () => {
    const updates = editUpdates(stored, before, after(before, { type: "removeCombatant", id: "bow" }), {});
    expect(updates.combat["system.skirmish.combatants.-=bow"]).toBeNull();
    const deleted = Object.keys(updates.combat).filter((k) => k.startsWith("system.skirmish.distances.-="));
    expect(deleted.sort()).toEqual(
      ["hunter", "wyrm", "knight", "ember", "xbow", "walls"].map((o) => `system.skirmish.distances.-=${pairKey("bow", o)}`).sort(),
    );
  });
  it("writes landmarks and the surface", () => {
    const added = editUpdates(stored, before, after(before, { type: "addLandmark", landmark: { id: "gate", name: "Gate", altitude: "low" } }), {});
    expect(added.combat).toEqual({ "system.skirmish.landmarks.gate": { name: "Gate", altitude: "low" } });
    const surface = editUpdates(stored, before, after(before, { type: "surface", surface: "water" }), {});
    expect(surface.combat).toEqual({ "system.skirmish.surface": "water" });
  });
});

describe("a combatant removed from the combat", () => {
  it("leaves no stale pairs, grapples or carries in what the combat stores", () => {
    const stored = storedSkirmish(showcaseFight());
    const paths = staleUpdates(stored, "xbow");
    expect(paths).toEqual({
      "system.skirmish.combatants.-=xbow": null,
      [`system.skirmish.distances.-=${pairKey("ember", "xbow")}`]: null,
      [`system.skirmish.distances.-=${pairKey("xbow", "griffon")}`]: null,
      [`system.skirmish.distances.-=${pairKey("bow", "xbow")}`]: null,
      "system.skirmish.carrying.-=ember": null,
    });
    expect(staleUpdates(stored, "hunter")["system.skirmish.grapples"]).toEqual([]);
    expect(staleUpdates(stored, "nobody")).toEqual({});
  });
});
