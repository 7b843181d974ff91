// The combat.declare request (src/features/round/declarations/declare-request.ts): hostile payloads, the owner, the step, the rules.
import { describe, expect, it } from "vitest";
import { choiceOf } from "../../../../src/data/combat/declaration";
import { parseDeclare, ruleOnDeclare } from "../../../../src/features/round/declarations/declare-request";
import type { DeclareFacts, DeclarePayload } from "../../../../src/features/round/declarations/declare-request";
import { REQUEST_REASONS } from "../../../../src/core/requests/registry";
import { DECLARATION_REASONS } from "../../../../src/rules/declaration";
import { RULE_REASONS } from "../../../../src/rules/reasons";
import { pairKey } from "../../../../src/rules/state";
import { CLAWS } from "../../../rules/board/weapons";
import { fighter, skirmishOf } from "../../../rules/fixtures";

const player = { id: "u1", name: "Player", isGM: false };
const gm = { id: "gm", name: "GM", isGM: true };
const choice = { action: "attack", weaponId: "claws1", targetId: "b", move: null, text: "Bite the Sable" };
const raw = { combatId: "c1", combatantId: "a", round: 2, index: 3, choice };

function payload(values: Partial<Record<string, unknown>> = {}): DeclarePayload {
  const out = parseDeclare({ ...raw, ...values });
  if ("refused" in out) throw new Error(out.refused);
  return out;
}

const facts = (values: Partial<DeclareFacts> = {}): DeclareFacts => ({
  owns: true,
  mode: "reverseDeclaration",
  running: true,
  round: 2,
  index: 3,
  step: { phase: "battle", kind: "declare", combatants: ["a"], simultaneous: false },
  state: skirmishOf([fighter("a"), fighter("b", { side: "hostile" }), fighter("c")], { distances: { [pairKey("a", "b")]: "close" } }),
  weapons: [{ itemId: "claws1", weapon: CLAWS }],
  ...values,
});

describe("parseDeclare: hostile payloads", () => {
  it("reads a well-formed payload", () => {
    expect(payload()).toEqual({ ...raw, choice: { ...choice, move: null } });
  });
  it.each([
    [null, "combatId"],
    [{ ...raw, combatId: { $ne: "" } }, "combatId"],
    [{ ...raw, combatantId: "a b" }, "combatantId"],
    [{ ...raw, combatantId: 7 }, "combatantId"],
    [{ ...raw, round: "2" }, "round"],
    [{ ...raw, round: -1 }, "round"],
    [{ ...raw, index: 1.5 }, "index"],
    [{ ...raw, choice: "attack" }, "choice"],
    [{ ...raw, choice: { ...choice, action: "nuke" } }, "choice.action"],
    [{ ...raw, choice: { ...choice, text: ["x"] } }, "choice.text"],
  ])("refuses %j, naming %s", (bad, field) => {
    expect(parseDeclare(bad)).toEqual({ refused: REQUEST_REASONS.BadPayload, data: { field } });
  });
});

describe("ruleOnDeclare", () => {
  it("stores the owner's declaration at its own declare step", () => {
    const { verdict, declaration } = ruleOnDeclare(payload(), facts(), player);
    expect(verdict).toEqual({ ok: true });
    expect(declaration?.text).toBe("Bite the Sable");
    expect(choiceOf(declaration ?? undefined)?.targetId).toBe("b");
  });
  it("refuses a player who does not own the combatant, and lets a GM declare for anyone", () => {
    expect(ruleOnDeclare(payload(), facts({ owns: false }), player)).toEqual({ verdict: { ok: false, reason: REQUEST_REASONS.NotOwner }, declaration: null });
    expect(ruleOnDeclare(payload(), facts({ owns: false }), gm).verdict).toEqual({ ok: true });
  });
  it.each([
    ["another combatant's declare step", { step: { phase: "battle" as const, kind: "declare" as const, combatants: ["b"], simultaneous: false } }],
    ["a resolve step", { step: { phase: "battle" as const, kind: "resolve" as const, combatants: ["a"], simultaneous: false } }],
    ["no current step", { step: null }],
    ["a round that has moved on", { round: 3 }],
    ["a step that has moved on", { index: 4 }],
    ["a combat in secret declaration (those never travel as requests)", { mode: "secretDeclaration" as const }],
    ["a combat in descending mode", { mode: "descending" as const }],
    ["a combat that is not running", { running: false }],
  ])("refuses %s", (_what, values) => {
    expect(ruleOnDeclare(payload(), facts(values), gm).verdict).toEqual({ ok: false, reason: REQUEST_REASONS.NotNow });
  });
  it("refuses what the rules refuse, with their reason", () => {
    expect(ruleOnDeclare(payload({ choice: { ...choice, targetId: "c" } }), facts(), player).verdict).toEqual({ ok: false, reason: RULE_REASONS.TooFarForMelee });
    expect(ruleOnDeclare(payload({ choice: { ...choice, weaponId: "sword9" } }), facts(), player).verdict).toEqual({ ok: false, reason: DECLARATION_REASONS.UnknownWeapon });
    expect(ruleOnDeclare(payload({ choice: { ...choice, targetId: "zz" } }), facts(), player).verdict).toEqual({ ok: false, reason: DECLARATION_REASONS.UnknownTarget });
  });
});
