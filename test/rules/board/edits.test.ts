import { describe, expect, it } from "vitest";
import { MAX_LANDMARK_NAME, applyBoardEdit, withoutStale } from "../../../src/rules/board/edits";
import type { BoardEdit } from "../../../src/rules/board/edits";
import { BOARD_REASONS } from "../../../src/rules/board/reasons";
import { distanceBetween, isPinned, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../fixtures";

/** a grapples b, c carries p, x is free; a tower landmark. */
function field(): SkirmishState {
  return skirmishOf([fighter("a"), fighter("b"), fighter("c"), fighter("p", { canFly: false }), fighter("x")], {
    landmarks: { tower: { id: "tower", name: "Tower", altitude: "grounded" } },
    distances: {
      [pairKey("a", "b")]: "zero",
      [pairKey("c", "p")]: "close",
      [pairKey("a", "x")]: "middle",
      [pairKey("x", "tower")]: "close",
    },
    grapples: [pairKey("a", "b")],
    carrying: { c: "p" },
  });
}

function edited(state: SkirmishState, edit: BoardEdit): SkirmishState {
  const ruling = applyBoardEdit(state, edit);
  if (!ruling.allowed) throw new Error(ruling.reason);
  return ruling.state;
}

function refused(state: SkirmishState, edit: unknown): string | undefined {
  const ruling = applyBoardEdit(state, edit as BoardEdit);
  return ruling.allowed ? undefined : ruling.reason;
}

describe("GM edits of the board", () => {
  it("sets a free combatant's altitude and nobody else's", () => {
    const after = edited(field(), { type: "altitude", id: "x", altitude: "ceiling" });
    expect(after.combatants.x?.altitude).toBe("ceiling");
    expect(after.combatants.a?.altitude).toBe("mid");
  });
  it("moves a grapple and a carry as one when one member's altitude is set", () => {
    const grapple = edited(field(), { type: "altitude", id: "b", altitude: "low" });
    expect([grapple.combatants.a?.altitude, grapple.combatants.b?.altitude]).toEqual(["low", "low"]);
    const carry = edited(field(), { type: "altitude", id: "c", altitude: "high" });
    expect(carry.combatants.p?.altitude).toBe("high");
  });
  it("sets a landmark's altitude", () => {
    expect(edited(field(), { type: "altitude", id: "tower", altitude: "mid" }).landmarks.tower?.altitude).toBe("mid");
  });
  it("sets a distance between two free combatants, both ways", () => {
    const after = edited(field(), { type: "distance", a: "x", b: "c", distance: "close" });
    expect(distanceBetween(after, "c", "x")).toBe("close");
  });
  it("keeps a group together: a distance to one grappler is the distance to both, to a carrier also to its passenger", () => {
    const after = edited(field(), { type: "distance", a: "x", b: "a", distance: "close" });
    expect([distanceBetween(after, "x", "a"), distanceBetween(after, "x", "b")]).toEqual(["close", "close"]);
    const carried = edited(field(), { type: "distance", a: "c", b: "tower", distance: "middle" });
    expect(distanceBetween(carried, "p", "tower")).toBe("middle");
  });
  it("pulling a grappled pair apart ends the grapple", () => {
    const after = edited(field(), { type: "distance", a: "a", b: "b", distance: "middle" });
    expect(after.grapples).toEqual([]);
    expect(isPinned(after, "a")).toBe(false);
    expect(distanceBetween(after, "a", "b")).toBe("middle");
  });
  it("refuses zero range between combatants who are not grappling, but lets a combatant touch a landmark", () => {
    expect(refused(field(), { type: "distance", a: "x", b: "c", distance: "zero" })).toBe(BOARD_REASONS.ZeroNeedsGrapple);
    expect(distanceBetween(edited(field(), { type: "distance", a: "x", b: "tower", distance: "zero" }), "x", "tower")).toBe("zero");
  });
  it("refuses to set a carrier's distance from its own passenger", () => {
    expect(refused(field(), { type: "distance", a: "c", b: "p", distance: "long" })).toBe(BOARD_REASONS.CarrierAndPassenger);
  });
  it("stores the default distance as no entry at all", () => {
    const after = edited(field(), { type: "distance", a: "a", b: "x", distance: "long" });
    expect(Object.keys(after.distances)).not.toContain(pairKey("a", "x"));
    expect(distanceBetween(after, "a", "x")).toBe("long");
  });
  it("refuses unknown ids, bands and surfaces and leaves the state as it was", () => {
    const state = field();
    const before = JSON.stringify(state);
    expect(refused(state, { type: "altitude", id: "ghost", altitude: "low" })).toBe(BOARD_REASONS.UnknownCombatant);
    expect(refused(state, { type: "altitude", id: "a", altitude: "orbit" })).toBe(BOARD_REASONS.UnknownBand);
    expect(refused(state, { type: "distance", a: "a", b: "ghost", distance: "close" })).toBe(BOARD_REASONS.UnknownCombatant);
    expect(refused(state, { type: "distance", a: "a", b: "x", distance: "near" })).toBe(BOARD_REASONS.UnknownBand);
    expect(refused(state, { type: "distance", a: "a", b: "a", distance: "close" })).toBe(BOARD_REASONS.SamePair);
    expect(refused(state, { type: "surface", surface: "lava" })).toBe(BOARD_REASONS.UnknownSurface);
    expect(refused(state, { type: "teleport" })).toBe(BOARD_REASONS.Malformed);
    expect(refused(state, null)).toBe(BOARD_REASONS.Malformed);
    expect(JSON.stringify(state)).toBe(before);
  });
  it("sets the surface", () => {
    expect(edited(field(), { type: "surface", surface: "water" }).surface).toBe("water");
  });
  it("adds, renames and removes landmarks; a removed landmark leaves no distance behind", () => {
    const added = edited(field(), { type: "addLandmark", landmark: { id: "gate", name: "  Gate  ", altitude: "low" } });
    expect(added.landmarks.gate).toEqual({ id: "gate", name: "Gate", altitude: "low" });
    expect(edited(added, { type: "renameLandmark", id: "gate", name: "Castle Gate" }).landmarks.gate?.name).toBe("Castle Gate");
    const removed = edited(field(), { type: "removeLandmark", id: "tower" });
    expect(removed.landmarks).toEqual({});
    expect(Object.keys(removed.distances).some((key) => key.includes("tower"))).toBe(false);
  });
  it("refuses a landmark with a blank or overlong name, or an id already in use", () => {
    const long = "x".repeat(MAX_LANDMARK_NAME + 1);
    expect(refused(field(), { type: "addLandmark", landmark: { id: "g", name: "  ", altitude: "low" } })).toBe(
      BOARD_REASONS.LandmarkName,
    );
    expect(refused(field(), { type: "renameLandmark", id: "tower", name: long })).toBe(BOARD_REASONS.LandmarkName);
    expect(refused(field(), { type: "addLandmark", landmark: { id: "a", name: "A", altitude: "low" } })).toBe(
      BOARD_REASONS.LandmarkExists,
    );
    expect(refused(field(), { type: "removeLandmark", id: "a" })).toBe(BOARD_REASONS.UnknownLandmark);
  });
  it("adds a combatant at the entry distance from everyone and everything", () => {
    const after = edited(field(), { type: "addCombatant", combatant: fighter("n"), distance: "middle" });
    for (const other of ["a", "b", "c", "p", "x", "tower"]) expect(distanceBetween(after, "n", other)).toBe("middle");
    const atLong = edited(field(), { type: "addCombatant", combatant: fighter("n"), distance: "long" });
    expect(Object.keys(atLong.distances)).toEqual(Object.keys(field().distances));
    expect(refused(field(), { type: "addCombatant", combatant: fighter("n"), distance: "zero" })).toBe(BOARD_REASONS.EntryAtZero);
    expect(refused(field(), { type: "addCombatant", combatant: fighter("a"), distance: "long" })).toBe(BOARD_REASONS.CombatantExists);
  });
  it("removing a combatant leaves no stale pairs, grapples or carries, and lets its passenger go", () => {
    const noA = edited(field(), { type: "removeCombatant", id: "a" });
    expect(Object.keys(noA.distances).some((key) => key.split("|").includes("a"))).toBe(false);
    expect(noA.grapples).toEqual([]);
    const noC = edited(field(), { type: "removeCombatant", id: "c" });
    expect(noC.carrying).toEqual({});
    expect(noC.combatants.p?.falling).toBe(true);
    const noP = edited(field(), { type: "removeCombatant", id: "p" });
    expect(noP.carrying).toEqual({});
  });
  it("withoutStale drops entries that name someone no longer on the board", () => {
    const state = field();
    const stale = { ...state, combatants: Object.fromEntries(Object.entries(state.combatants).filter(([id]) => id !== "b" && id !== "p")) };
    const clean = withoutStale(stale);
    expect(clean.grapples).toEqual([]);
    expect(clean.carrying).toEqual({});
    expect(Object.keys(clean.distances).sort()).toEqual([pairKey("a", "x"), pairKey("x", "tower")].sort());
  });
});
