// The combat.walk request (src/documents/combat-walk.ts): only GMs walk, only from where the round stands, one at a time.
import { describe, expect, it } from "vitest";
import { REQUEST_REASONS } from "../../src/core/requests/registry";
import { WALK_REASONS, parseWalk, repairPlayerWalk, ruleOnWalk } from "../../src/documents/combat-walk";

const gm = { id: "gm2", name: "Co-GM", isGM: true };
const player = { id: "u1", name: "P", isGM: false };
const at = { round: 2, index: 3, end: 1 };
const payload = { combatId: "c1", action: "next", at };

describe("parseWalk", () => {
  it("reads a well-formed payload, every action", () => {
    for (const action of ["start", "next", "previous", "nextRound"]) {
      expect(parseWalk({ ...payload, action })).toEqual({ combatId: "c1", action, at });
    }
  });
  it.each([
    [null, "combatId"],
    [{ ...payload, combatId: "../c" }, "combatId"],
    [{ ...payload, action: "previousRound" }, "action"],
    [{ ...payload, action: ["next"] }, "action"],
    [{ ...payload, at: null }, "at"],
    [{ ...payload, at: { round: 2, index: -1, end: 1 } }, "at"],
    [{ ...payload, at: { round: 2.5, index: 1, end: 1 } }, "at"],
    [{ ...payload, at: { round: 2, index: 1 } }, "at"],
    [{ ...payload, at: { round: "2", index: 1, end: 0 } }, "at"],
  ])("refuses %j, naming %s", (bad, field) => {
    expect(parseWalk(bad)).toEqual({ refused: REQUEST_REASONS.BadPayload, data: { field } });
  });
});

describe("ruleOnWalk", () => {
  const parsed = { combatId: "c1", action: "next" as const, at };
  it("lets a GM walk from where the round stands", () => {
    expect(ruleOnWalk(parsed, { ...at }, gm)).toEqual({ ok: true });
  });
  it("refuses a player, even from the right place", () => {
    expect(ruleOnWalk(parsed, { ...at }, player)).toEqual({ ok: false, reason: WALK_REASONS.GMOnly });
  });
  it.each([
    [{ round: 3, index: 3, end: 1 }],
    [{ round: 2, index: 4, end: 1 }],
    [{ round: 2, index: 3, end: 2 }],
  ])("refuses a walk asked before the round moved on to %j", (now) => {
    expect(ruleOnWalk(parsed, now, gm)).toEqual({ ok: false, reason: WALK_REASONS.MovedOn });
  });
});

describe("repairPlayerWalk", () => {
  const plan = { round: 2, turn: 1 };
  it("puts back a round a player moved on", () => {
    expect(repairPlayerWalk({ round: 3, turn: 0 }, { isGM: false }, plan, { round: 3, turn: 0 })).toEqual({ round: 2, turn: 1 });
  });
  it("puts back a turn a player moved on", () => {
    expect(repairPlayerWalk({ turn: 2 }, { isGM: false }, plan, { round: 2, turn: 2 })).toEqual({ round: 2, turn: 1 });
  });
  it("keeps the turn when the step maps to nobody", () => {
    expect(repairPlayerWalk({ round: 3 }, { isGM: false }, { round: 2, turn: null }, { round: 3, turn: 4 })).toEqual({ round: 2, turn: 4 });
  });
  it("leaves a GM's change, a change of other fields, and a change that already agrees", () => {
    expect(repairPlayerWalk({ round: 3 }, { isGM: true }, plan, { round: 3, turn: 0 })).toBeNull();
    expect(repairPlayerWalk({ active: true } as { round?: unknown }, { isGM: false }, plan, { round: 3, turn: 0 })).toBeNull();
    expect(repairPlayerWalk({ turn: 1 }, { isGM: false }, plan, { round: 2, turn: 1 })).toBeNull();
  });
});
