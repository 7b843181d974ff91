// The tracker context per mode (src/applications/combat/tracker-context.ts) for one fight of the shipped bestiary.
import { describe, expect, it } from "vitest";
import { markersFor, trackerContext } from "../../../src/applications/combat/tracker-context";
import { STATE, format, inputFor, turnsFor } from "./fight";

describe("the banner", () => {
  it("says the mode, round, phase and whose step it is in descending Pneuma", () => {
    const ctx = trackerContext(inputFor("descending", 1), format);
    expect(ctx.banner).toMatchObject({
      mode: "Descending Pneuma",
      round: "Round 2",
      phase: "Tactical Movement",
      step: "Argent Dragon acts",
    });
    expect(ctx.banner.progress).toMatch(/^Step 2 of \d+$/);
  });

  it("shows declarations ascending, then resolutions, in reverse declaration", () => {
    const first = trackerContext(inputFor("reverseDeclaration", 0), format);
    expect(first.banner.step).toBe("Longbowman of the Northern Marches Company declares");
    // Four can fight (the Hunter is severely injured, the Knight dead): four declarations, then the first resolution.
    expect(trackerContext(inputFor("reverseDeclaration", 4), format).banner.step).toBe("Sable Dragon resolves");
  });

  it("says when equal Pneuma resolves together in secret declaration", () => {
    // Everyone declares in one step; then the Pneuma 4 group (Sable, Argent, Wyvern Rider) resolves at once.
    const ctx = trackerContext(inputFor("secretDeclaration", 1), format);
    expect(ctx.banner.step).toBe("Sable Dragon, Argent Dragon, Wyvern Rider resolves");
    expect(ctx.banner.simultaneous).toBe("Equal Pneuma: these resolve together.");
  });

  it("names the speed phase and the acting side in the d10 round", () => {
    const ctx = trackerContext(inputFor("sideD10", 1), format);
    // The Dragons rolled a 10 and act one phase earlier: Fast becomes Very Fast. The severely injured Hunter
    // (Very Fast, so Extremely Fast) has no step, so the first is the Sable's and the Argent's.
    expect(ctx.banner.phase).toBe("Very Fast");
    expect(ctx.banner.step).toBe("Dragons act: Sable Dragon, Argent Dragon");
    expect(trackerContext(inputFor("sideD10", 0), format).banner.phase).toBe("Starting Phase");
  });

  it("says the skirmish has not begun before the start", () => {
    const ctx = trackerContext(inputFor("descending", 0, { started: false }), format);
    expect(ctx.banner.step).toBe("The skirmish has not begun.");
    expect(ctx.banner.round).toBe("");
  });
});

describe("the turns", () => {
  it("marks the grapple, the severely injured, the dead and the round's flags", () => {
    const ctx = trackerContext(inputFor("descending", 0), format);
    const marks = Object.fromEntries(ctx.turns.map((t) => [t.id, t.markers.map((m) => m.id)]));
    expect(marks).toEqual({
      sable: ["moved"],
      argent: ["acted", "pinned"],
      hunter: ["falling", "severelyInjured"],
      rider: ["choseToFall", "pinned"],
      bowman: ["fullMove"],
      knight: ["dead"],
    });
    expect(ctx.turns.find((t) => t.id === "knight")?.defeated).toBe(true);
    expect(ctx.turns.find((t) => t.id === "sable")?.altitude).toBe("Ceiling");
  });

  it("marks the active step's combatant only", () => {
    const ctx = trackerContext(inputFor("descending", 0), format);
    expect(ctx.turns.filter((t) => t.active).map((t) => t.id)).toEqual(["sable"]);
    const end = inputFor("descending", 0);
    const last = trackerContext(inputFor("descending", end.stepCount - 1), format);
    expect(last.turns.some((t) => t.active)).toBe(false);
  });

  it("shows a declaration and an aborted action", () => {
    const turns = turnsFor(["sable", "argent"], ["sable"], { argent: "AOD.Rules.Reason.TargetDead" });
    const [sable] = turns;
    if (!sable) throw new Error("no turn");
    expect(markersFor(STATE, sable, format).map((m) => m.id)).toEqual(["declared", "moved"]);
    const ctx = trackerContext({ ...inputFor("reverseDeclaration", 0), turns }, format);
    expect(ctx.turns[1]?.aborted).toBe("Aborted: The target is already dead.");
  });

  it("hides hidden combatants from players but not from the GM", () => {
    const turns = turnsFor(["sable", "rider"]).map((t) => (t.id === "rider" ? { ...t, visible: false } : t));
    expect(trackerContext({ ...inputFor("descending", 0), turns, isGM: false }, format).turns.map((t) => t.id)).toEqual(["sable"]);
    expect(trackerContext({ ...inputFor("descending", 0), turns, isGM: true }, format).turns.map((t) => t.id)).toEqual(["sable", "rider"]);
  });
});

describe("the d10 grouping", () => {
  it("groups by shifted speed phase and by side in initiative order", () => {
    const ctx = trackerContext(inputFor("sideD10", 1), format);
    expect(ctx.grouped).toBe(true);
    expect(ctx.groups.map((g) => [g.phase, g.sides.map((s) => `${s.side}: ${s.members.map((m) => m.id).join(",")}`)])).toEqual([
      ["Extremely Fast", ["Dragons: hunter"]],
      ["Very Fast", ["Dragons: sable,argent"]],
      ["Fast", ["Wyvern Host: rider"]],
      ["Average", ["Wyvern Host: bowman,knight"]],
    ]);
    expect(ctx.groups.map((g) => g.active)).toEqual([false, true, false, false]);
  });

  it("lists the round's order without groups in the other modes", () => {
    const ctx = trackerContext(inputFor("descending", 0), format);
    expect(ctx.grouped).toBe(false);
    expect(ctx.groups).toEqual([]);
  });
});

describe("the GM controls", () => {
  it("are for the GM only", () => {
    expect(trackerContext(inputFor("descending", 0, { isGM: false }), format).gm).toBeNull();
    expect(trackerContext(inputFor("descending", 0), format).gm?.canStep).toBe(true);
  });

  it("offer the End Phase at its step until it is resolved", () => {
    const at = inputFor("descending", 0).stepCount - 1;
    expect(trackerContext(inputFor("descending", at), format).gm?.endPhasePending).toBe(true);
    expect(trackerContext(inputFor("descending", at, { endPhaseDone: true }), format).gm?.endPhasePending).toBe(false);
  });

  it("offer ending the skirmish only when everyone has disengaged", () => {
    expect(trackerContext(inputFor("descending", 0), format).gm?.canEndSkirmish).toBe(false);
    expect(trackerContext(inputFor("descending", 0, { allDisengaged: true }), format).gm?.canEndSkirmish).toBe(true);
  });

  it("offer the combat's surface, every surface labelled", () => {
    const gm = trackerContext(inputFor("descending", 0), format).gm;
    expect(gm?.surface).toBe("rock");
    expect(gm?.surfaces.water).toBe("Water (6+)");
  });
});
