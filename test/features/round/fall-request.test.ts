// The combat.fall request (src/features/round/fall-request.ts): owner, moment and rules, with hostile payloads.
import { describe, expect, it } from "vitest";
import { skirmishState } from "../../../src/data/combat/combat-snapshot";
import { defaultPlace } from "../../../src/data/combat/stored";
import { parseFall, ruleOnFall } from "../../../src/features/round/fall-request";
import { REQUEST_REASONS } from "../../../src/core/requests/registry";
import { entry, storedOf } from "../../data/combat/fixtures";

const state = skirmishState(
  storedOf({ combatants: { d: { ...defaultPlace(true), altitude: "high" }, g: defaultPlace(true), k: { ...defaultPlace(false), altitude: "grounded" } } }),
  [entry("d"), entry("g"), entry("k", { canFly: false })],
);
const stateGrounded = skirmishState(storedOf({ combatants: { g: { ...defaultPlace(true), altitude: "grounded" } } }), [entry("g")]);
const player = { id: "u1", name: "P", isGM: false };
const gm = { id: "gm", name: "GM", isGM: true };
const payload = { combatId: "c1", combatantId: "d", fall: true };

describe("parseFall", () => {
  it("reads a well-formed payload", () => {
    expect(parseFall(payload)).toEqual(payload);
  });
  it.each([
    [null, "combatId"],
    [{ combatantId: "d", fall: true }, "combatId"],
    [{ combatId: "c1", combatantId: "../d", fall: true }, "combatantId"],
    [{ combatId: "c1", combatantId: "d", fall: "yes" }, "fall"],
    [{ combatId: { $ne: "" }, combatantId: "d", fall: true }, "combatId"],
  ])("refuses %j, naming %s", (bad, field) => {
    expect(parseFall(bad)).toEqual({ refused: REQUEST_REASONS.BadPayload, data: { field } });
  });
});

describe("ruleOnFall", () => {
  it("marks the owner's flyer to fall", () => {
    const { verdict, changes } = ruleOnFall(payload, { owns: true, open: true, state }, player);
    expect(verdict).toEqual({ ok: true });
    expect(changes).toEqual([{ type: "flag", id: "d", flag: "choseToFall", value: true }]);
  });
  it("refuses a player who does not own the combatant, and lets the GM do it", () => {
    expect(ruleOnFall(payload, { owns: false, open: true, state }, player).verdict).toEqual({ ok: false, reason: REQUEST_REASONS.NotOwner });
    expect(ruleOnFall(payload, { owns: false, open: true, state }, gm).verdict).toEqual({ ok: true });
  });
  it("refuses once the End Phase is resolved or the combat is not running", () => {
    expect(ruleOnFall(payload, { owns: true, open: false, state }, player)).toEqual({ verdict: { ok: false, reason: REQUEST_REASONS.NotNow }, changes: [] });
  });
  it("refuses what the rules refuse: no wings, or already on the ground", () => {
    expect(ruleOnFall({ ...payload, combatantId: "k" }, { owns: true, open: true, state }, player).verdict).toEqual({ ok: false, reason: "AOD.Rules.Reason.CannotFly" });
    expect(ruleOnFall({ ...payload, combatantId: "g" }, { owns: true, open: true, state: stateGrounded }, player).verdict).toEqual({ ok: false, reason: "AOD.Rules.Reason.Grounded" });
  });
  it("refuses a combatant no longer in the skirmish", () => {
    expect(ruleOnFall({ ...payload, combatantId: "zz" }, { owns: true, open: true, state }, player).verdict).toEqual({ ok: false, reason: REQUEST_REASONS.Gone });
  });
  it("takes a choice back only when one was made", () => {
    const chose = skirmishState(storedOf({ combatants: { d: { ...defaultPlace(true), choseToFall: true } } }), [entry("d")]);
    expect(ruleOnFall({ ...payload, fall: false }, { owns: true, open: true, state: chose }, player).changes).toEqual([
      { type: "flag", id: "d", flag: "choseToFall", value: false },
    ]);
    expect(ruleOnFall({ ...payload, fall: false }, { owns: true, open: true, state }, player).changes).toEqual([]);
  });
});
