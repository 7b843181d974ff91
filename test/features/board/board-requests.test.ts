import { describe, expect, it } from "vitest";
import {
  parseEditRequest,
  parseMoveRequest,
  ruleEditRequest,
  ruleMoveRequest,
} from "../../../src/features/board/board-requests";
import type { MoveRequest, Requester } from "../../../src/features/board/board-requests";
import { BOARD_REASONS } from "../../../src/rules/board/reasons";
import { MOVE_REASONS } from "../../../src/rules/procedures/move";
import { applyChanges, distanceBetween, pairKey } from "../../../src/rules/state";
import { WriteQueue, combatKey } from "../../../src/core/writes/write-queue";
import type { SkirmishState } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../../rules/fixtures";

function field(): SkirmishState {
  return skirmishOf([fighter("a"), fighter("b"), fighter("k", { canFly: false, altitude: "grounded" })], {
    landmarks: { tower: { id: "tower", name: "Tower", altitude: "grounded" } },
    distances: { [pairKey("a", "b")]: "middle", [pairKey("a", "k")]: "middle" },
  });
}

const owner = (...ids: string[]): Requester => ({ isGM: false, owns: (id) => ids.includes(id) });
const GM: Requester = { isGM: true, owns: () => false };

function parsed(payload: unknown): MoveRequest {
  const result = parseMoveRequest(payload);
  if (!result.ok) throw new Error(result.reason);
  return result.value;
}

function parseReason(payload: unknown): string | undefined {
  const result = parseMoveRequest(payload);
  return result.ok ? undefined : result.reason;
}

describe("board move requests from untrusted payloads", () => {
  it("reads a well-formed move and ignores extra fields", () => {
    expect(parsed({ combatId: "c1", moverId: "a", kind: "standard", altitude: "high", userId: "forged" })).toEqual({
      combatId: "c1",
      move: { id: "a", kind: "standard", altitude: "high" },
    });
  });
  it.each([
    ["not an object", "move"],
    ["an array", []],
    ["null", null],
    ["no mover", { combatId: "c1", kind: "standard" }],
    ["a numeric mover", { combatId: "c1", moverId: 7, kind: "standard" }],
    ["an overlong id", { combatId: "c1", moverId: "a".repeat(65), kind: "standard" }],
    ["an id with a pair separator", { combatId: "c1", moverId: "a|b", kind: "standard" }],
    ["an unknown kind", { combatId: "c1", moverId: "a", kind: "teleport" }],
    ["a distance without a reference", { combatId: "c1", moverId: "a", kind: "standard", distance: "close" }],
    ["a reference without a distance", { combatId: "c1", moverId: "a", kind: "standard", reference: "b" }],
  ])("refuses %s as malformed", (_what, payload) => {
    expect(parseReason(payload)).toBe(BOARD_REASONS.Malformed);
  });
  it("refuses a band that does not exist", () => {
    expect(parseReason({ combatId: "c1", moverId: "a", kind: "standard", altitude: "orbit" })).toBe(BOARD_REASONS.UnknownBand);
    expect(parseReason({ combatId: "c1", moverId: "a", kind: "standard", reference: "b", distance: "adjacent" })).toBe(
      BOARD_REASONS.UnknownBand,
    );
  });
  it("refuses an unknown mover or reference", () => {
    const ghost = parsed({ combatId: "c1", moverId: "ghost", kind: "standard", altitude: "high" });
    expect(ruleMoveRequest(field(), ghost, "movement", GM)).toEqual({ allowed: false, reason: BOARD_REASONS.UnknownCombatant });
    const nowhere = parsed({ combatId: "c1", moverId: "a", kind: "standard", reference: "ghost", distance: "close" });
    expect(ruleMoveRequest(field(), nowhere, "movement", GM)).toEqual({ allowed: false, reason: BOARD_REASONS.UnknownReference });
    const itself = parsed({ combatId: "c1", moverId: "a", kind: "standard", reference: "a", distance: "close" });
    expect(ruleMoveRequest(field(), itself, "movement", GM)).toEqual({ allowed: false, reason: BOARD_REASONS.UnknownReference });
  });
  it("refuses a mover the requester does not own, and lets its owner and the GM move it", () => {
    const move = parsed({ combatId: "c1", moverId: "a", kind: "standard", altitude: "high" });
    expect(ruleMoveRequest(field(), move, "movement", owner("b"))).toEqual({ allowed: false, reason: BOARD_REASONS.NotOwner });
    expect(ruleMoveRequest(field(), move, "movement", owner("a")).allowed).toBe(true);
    expect(ruleMoveRequest(field(), move, "movement", GM).allowed).toBe(true);
  });
  it("refuses a step beyond the allowance with the engine's reason", () => {
    const far = parsed({ combatId: "c1", moverId: "a", kind: "standard", reference: "b", distance: "disengaged" });
    expect(ruleMoveRequest(field(), far, "movement", owner("a"))).toEqual({
      allowed: false,
      reason: MOVE_REASONS.TooManyDistanceSteps,
    });
  });
  it("refuses a player's move outside the movement phase", () => {
    const move = parsed({ combatId: "c1", moverId: "a", kind: "standard", altitude: "high" });
    expect(ruleMoveRequest(field(), move, "battle", owner("a"))).toEqual({ allowed: false, reason: MOVE_REASONS.NotMovementPhase });
    expect(ruleMoveRequest(field(), move, undefined, GM)).toEqual({ allowed: false, reason: MOVE_REASONS.NotMovementPhase });
  });
  it("two players moving at once both land, each applied against the state the other left", async () => {
    let stored = field();
    const queue = new WriteQueue();
    const apply = (payload: unknown, who: Requester) =>
      queue.run(combatKey("c1"), async () => {
        await Promise.resolve();
        const latest = stored; // the GM re-reads the combat for each request
        const ruling = ruleMoveRequest(latest, parsed(payload), "movement", who);
        if (ruling.allowed) stored = applyChanges(latest, ruling.changes);
        return ruling.allowed;
      });
    const results = await Promise.all([
      apply({ combatId: "c1", moverId: "a", kind: "standard", reference: "b", distance: "close" }, owner("a")),
      apply({ combatId: "c1", moverId: "b", kind: "standard", altitude: "high" }, owner("b")),
      apply({ combatId: "c1", moverId: "a", kind: "standard", altitude: "low" }, owner("a")),
    ]);
    expect(results).toEqual([true, true, false]);
    expect(distanceBetween(stored, "a", "b")).toBe("close");
    expect(stored.combatants.b?.altitude).toBe("high");
    expect(stored.combatants.a?.altitude).toBe("mid");
  });
});

describe("board edit requests", () => {
  it("only a GM may edit the board directly", () => {
    const edit = { type: "surface", surface: "rock" } as const;
    expect(ruleEditRequest(field(), edit, owner("a"))).toEqual({ allowed: false, reason: BOARD_REASONS.GMOnly });
    const ruling = ruleEditRequest(field(), edit, GM);
    expect(ruling.allowed && ruling.state.surface).toBe("rock");
  });
  it("reads an edit payload and refuses a malformed one", () => {
    expect(parseEditRequest({ combatId: "c1", edit: { type: "surface", surface: "rock" } }).ok).toBe(true);
    expect(parseEditRequest({ combatId: "c1" })).toEqual({ ok: false, reason: BOARD_REASONS.Malformed });
    expect(parseEditRequest("edit")).toEqual({ ok: false, reason: BOARD_REASONS.Malformed });
  });
});
