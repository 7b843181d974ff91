// Declarations, pure (000 "Alternative Option: Reverse Declaration"; RULES.md "Declaration modes"): the dialog's
// choice read from hostile JSON, its translation to the engine's DeclaredAction, the check at declaration and the
// resolve step's decision.
import { describe, expect, it } from "vitest";
import {
  BAD_CHOICE,
  choiceOf,
  declaredLimits,
  declaredMoveAllows,
  isOwnMoveStep,
  isChoiceRefusal,
  parseDeclarationChoice,
  resolveDecision,
  ruleOnChoice,
  sealedDeclaration,
  storedDeclaration,
  translateDeclaration,
} from "../../../src/data/combat/declaration";
import type { DeclarationChoice, DeclarationSituation } from "../../../src/data/combat/declaration";
import { DECLARATION_REASONS } from "../../../src/rules/declaration";
import { BATTLE_LOG, RULE_REASONS } from "../../../src/rules/reasons";
import { applyChanges, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { BREATH, CLAWS, SWORD } from "../../rules/board/weapons";
import { fighter, skirmishOf } from "../../rules/fixtures";

/** a and b at close quarters at mid altitude; c far off; a carries claws (killer blow, grapple) and breath. */
function fight(extra: Partial<SkirmishState> = {}): SkirmishState {
  return skirmishOf(
    [fighter("a", { name: "Argent" }), fighter("b", { name: "Sable", side: "hostile" }), fighter("c", { name: "Knight", canFly: false, altitude: "grounded" })],
    { distances: { [pairKey("a", "b")]: "close" }, landmarks: { keep: { id: "keep", name: "Keep", altitude: "grounded" } }, ...extra },
  );
}

const situation = (phase: DeclarationSituation["phase"], state = fight(), id = "a"): DeclarationSituation => ({
  combatantId: id,
  phase,
  state,
  weapons: [
    { itemId: "claws1", weapon: CLAWS },
    { itemId: "breath1", weapon: BREATH },
    { itemId: "sword1", weapon: SWORD },
  ],
});

const choice = (values: Partial<DeclarationChoice> = {}): DeclarationChoice => ({
  action: "attack",
  weaponId: "claws1",
  targetId: "b",
  move: null,
  text: "Bite!",
  ...values,
});

function parsed(value: unknown): DeclarationChoice {
  const out = parseDeclarationChoice(value);
  if (isChoiceRefusal(out)) throw new Error(`refused: ${out.refused} ${JSON.stringify(out.data)}`);
  return out;
}

describe("parseDeclarationChoice: hostile input", () => {
  it.each([
    ["not an object", "bite", "choice"],
    ["an array", [], "choice"],
    ["null", null, "choice"],
    ["an unknown action", { action: "fireball" }, "choice.action"],
    ["a number as action", { action: 3 }, "choice.action"],
    ["a weapon id with a path in it", { action: "attack", weaponId: "../x", targetId: "b" }, "choice.weaponId"],
    ["a target id that is an object", { action: "attack", weaponId: "w", targetId: { id: "b" } }, "choice.targetId"],
    ["text that is a number", { action: "other", text: 5 }, "choice.text"],
    ["text over 200 characters", { action: "other", text: "x".repeat(201) }, "choice.text"],
    ["a move kind that does not exist", { action: "move", move: { kind: "teleport" } }, "choice.move.kind"],
    ["a move to an altitude that does not exist", { action: "move", move: { kind: "standard", altitude: "orbit" } }, "choice.move.altitude"],
    ["a distance without a reference", { action: "move", move: { kind: "standard", distance: "close" } }, "choice.move.reference"],
    ["a reference without a distance", { action: "move", move: { kind: "standard", reference: "b" } }, "choice.move.distance"],
    ["an unknown distance", { action: "move", move: { kind: "standard", reference: "b", distance: "far" } }, "choice.move.distance"],
  ])("refuses %s, naming the field", (_what, value, field) => {
    const out = parseDeclarationChoice(value);
    expect(isChoiceRefusal(out) && out.refused === BAD_CHOICE && out.data?.field).toBe(field);
  });

  it("asks for a move when a move is declared without one", () => {
    const out = parseDeclarationChoice({ action: "move" });
    expect(isChoiceRefusal(out) && out.refused).toBe(DECLARATION_REASONS.NeedsMove);
  });

  it("keeps exactly 200 characters of text, trimmed", () => {
    expect(parsed({ action: "other", text: `  ${"y".repeat(200)}  ` }).text).toHaveLength(200);
  });

  it("drops the fields an action does not use", () => {
    const out = parsed({ action: "breakOut", weaponId: "claws1", targetId: "b", move: { kind: "standard" }, text: "free" });
    expect(out).toEqual({ action: "breakOut", weaponId: "", targetId: "", move: null, text: "free" });
    expect(parsed({ action: "rescue", weaponId: "claws1", targetId: "b" }).weaponId).toBe("");
  });

  it("reads a move with its intent", () => {
    const out = parsed({ action: "move", move: { kind: "full", altitude: "high", reference: "b", distance: "middle" } });
    expect(out.move).toEqual({ kind: "full", altitude: "high", reference: "b", distance: "middle" });
  });
});

describe("translateDeclaration", () => {
  it("turns an attack into the engine's attack with the actor's weapon", () => {
    const out = translateDeclaration(choice(), situation("battle"));
    expect(out).toEqual({ ok: true, action: { action: "attack", attack: { attackerId: "a", targetId: "b", weapon: CLAWS, killerBlow: false } }, boardMove: null });
  });

  it("turns a killer blow into an attack with killerBlow, only with a weapon that allows it", () => {
    const out = translateDeclaration(choice({ action: "killerBlow" }), situation("battle"));
    expect(out.ok && out.action.action === "attack" && out.action.attack.killerBlow).toBe(true);
    expect(translateDeclaration(choice({ action: "killerBlow", weaponId: "breath1" }), situation("battle"))).toEqual({ ok: false, reason: DECLARATION_REASONS.NoKillerBlow });
  });

  it.each([
    ["a weapon the actor does not have", choice({ weaponId: "nope1" }), DECLARATION_REASONS.UnknownWeapon],
    ["no weapon", choice({ weaponId: "" }), DECLARATION_REASONS.NeedsWeapon],
    ["no target", choice({ targetId: "" }), DECLARATION_REASONS.NeedsTarget],
    ["itself as target", choice({ targetId: "a" }), DECLARATION_REASONS.UnknownTarget],
    ["a target not in the combat", choice({ targetId: "zz" }), DECLARATION_REASONS.UnknownTarget],
    ["a move in the battle phase", choice({ action: "move", move: { kind: "standard", altitude: "high", reference: "", distance: "" } }), DECLARATION_REASONS.NotThisPhase],
  ])("refuses %s", (_what, c, reason) => {
    expect(translateDeclaration(c, situation("battle"))).toEqual({ ok: false, reason });
  });

  it("allows only a move in the movement phase and only another action in the end phase", () => {
    expect(translateDeclaration(choice(), situation("movement"))).toEqual({ ok: false, reason: DECLARATION_REASONS.NotThisPhase });
    expect(translateDeclaration(choice(), situation("end"))).toEqual({ ok: false, reason: DECLARATION_REASONS.NotThisPhase });
    expect(translateDeclaration(choice({ action: "other" }), situation("end"))).toMatchObject({ ok: true, action: { action: "other", actorId: "a", phase: "end" } });
    expect(translateDeclaration(choice({ action: "other" }), situation("battle"))).toEqual({ ok: true, action: { action: "other", actorId: "a" }, boardMove: null });
  });

  it("turns a move into the engine's move and the board's move", () => {
    const move = { kind: "full" as const, altitude: "high" as const, reference: "keep", distance: "middle" as const };
    const out = translateDeclaration(choice({ action: "move", move }), situation("movement"));
    expect(out).toEqual({
      ok: true,
      action: { action: "move", move: { id: "a", kind: "full", altitude: "high", reference: "keep", distance: "middle" }, phase: "movement" },
      boardMove: { id: "a", kind: "full", altitude: "high", reference: "keep", distance: "middle" },
    });
  });

  it("refuses a move relative to someone not in the combat", () => {
    const move = { kind: "standard" as const, altitude: "" as const, reference: "ghost", distance: "close" as const };
    expect(translateDeclaration(choice({ action: "move", move }), situation("movement"))).toEqual({ ok: false, reason: DECLARATION_REASONS.UnknownTarget });
  });

  it("refuses a declarer whose actor has gone from the skirmish", () => {
    expect(translateDeclaration(choice(), situation("battle", fight(), "gone"))).toEqual({ ok: false, reason: DECLARATION_REASONS.NotInSkirmish });
  });
});

describe("ruleOnChoice: a declaration must be possible when it is made", () => {
  it("stores an attack that can be made now", () => {
    const out = ruleOnChoice(choice(), situation("battle"));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.declaration).toMatchObject({ phase: "battle", text: "Bite!", target: "b", aborted: "", sealed: false, resolved: false });
    expect(choiceOf(out.declaration)).toEqual(choice());
    expect(JSON.parse(out.declaration.action)).toMatchObject({ action: "attack", attack: { attackerId: "a", targetId: "b" } });
  });

  it("refuses a melee attack on a target out of reach, with the engine's reason", () => {
    expect(ruleOnChoice(choice({ targetId: "c" }), situation("battle"))).toEqual({ ok: false, reason: RULE_REASONS.TooFarForMelee });
  });

  it("refuses a board move the board forbids (a full aerial move for one who cannot fly)", () => {
    const move = { kind: "full" as const, altitude: "" as const, reference: "b", distance: "middle" as const };
    const out = ruleOnChoice(choice({ action: "move", move }), situation("movement", fight(), "c"));
    expect(out.ok).toBe(false);
  });

  it("always allows an End Phase action, even after the battle action was spent", () => {
    const state = fight();
    const spent = { ...state, combatants: { ...state.combatants, a: fighter("a", { acted: true }) } };
    expect(ruleOnChoice(choice({ action: "other" }), situation("end", spent)).ok).toBe(true);
    expect(ruleOnChoice(choice({ action: "other" }), situation("battle", spent))).toEqual({ ok: false, reason: RULE_REASONS.AlreadyActed });
  });
});

describe("resolveDecision: what a resolve step does (000: an action that became invalid is aborted and lost)", () => {
  const stored = (c: DeclarationChoice, phase = "battle") => {
    const t = translateDeclaration(c, situation(phase as DeclarationSituation["phase"]));
    if (!t.ok) throw new Error(t.reason);
    return storedDeclaration(c, t.action, phase);
  };

  it("lets a declaration that still stands be resolved by its owner", () => {
    const out = resolveDecision(stored(choice()), situation("battle"));
    expect(out.kind).toBe("stands");
  });

  it("aborts an attack on a target that has died since, and spends the battle action", () => {
    const state = fight();
    const dead = { ...state, combatants: { ...state.combatants, b: fighter("b", { name: "Sable", life: { max: 12, wounds: 13 } }) } };
    const out = resolveDecision(stored(choice()), situation("battle", dead));
    expect(out).toMatchObject({ kind: "aborted", reason: RULE_REASONS.TargetDead });
    if (out.kind !== "aborted") return;
    expect(applyChanges(dead, out.changes).combatants.a?.acted).toBe(true);
    expect(out.log[0]?.key).toBe(BATTLE_LOG.ActionAborted);
  });

  it("aborts an attack whose target left the combat", () => {
    const state = fight();
    const rest = { ...state, combatants: { a: state.combatants.a ?? fighter("a"), c: state.combatants.c ?? fighter("c") } };
    expect(resolveDecision(stored(choice()), situation("battle", rest))).toMatchObject({ kind: "aborted", reason: DECLARATION_REASONS.UnknownTarget });
  });

  it("aborts a move that became impossible and counts it as the round's move", () => {
    const move = { kind: "standard" as const, altitude: "high" as const, reference: "", distance: "" as const };
    const s = stored(choice({ action: "move", move }), "movement");
    const state = fight({ grapples: [pairKey("a", "b")], distances: { [pairKey("a", "b")]: "zero" } });
    const out = resolveDecision(s, situation("movement", state));
    expect(out.kind).toBe("aborted");
    if (out.kind !== "aborted") return;
    expect(out.changes).toEqual([{ type: "flag", id: "a", flag: "moved", value: true }]);
  });

  it("aborts when the declared weapon is gone from the actor", () => {
    const w = { ...situation("battle"), weapons: [] };
    expect(resolveDecision(stored(choice()), w)).toMatchObject({ kind: "aborted", reason: DECLARATION_REASONS.UnknownWeapon });
  });

  it("does nothing for a declaration of another phase, a sealed one, or none", () => {
    expect(resolveDecision(stored(choice()), situation("end"))).toEqual({ kind: "nothing" });
    expect(resolveDecision(sealedDeclaration("battle"), situation("battle"))).toEqual({ kind: "nothing" });
    expect(resolveDecision(undefined, situation("battle"))).toEqual({ kind: "nothing" });
  });

  it("does nothing more for an aborted or resolved one", () => {
    expect(resolveDecision({ ...stored(choice()), aborted: RULE_REASONS.TargetDead }, situation("battle"))).toEqual({ kind: "done" });
    expect(resolveDecision({ ...stored(choice()), resolved: true }, situation("battle"))).toEqual({ kind: "done" });
  });

  it("aborts a declaration whose stored choice does not read", () => {
    expect(resolveDecision({ ...stored(choice()), choice: "{not json" }, situation("battle"))).toMatchObject({ kind: "aborted", reason: DECLARATION_REASONS.NothingDeclared });
  });
});

describe("declaredLimits: what each combatant may do at a resolve step", () => {
  it("lists this phase's readable declarations with their action, target, weapon and state", () => {
    const t = translateDeclaration(choice({ action: "killerBlow" }), situation("battle"));
    if (!t.ok) throw new Error(t.reason);
    const a = storedDeclaration(choice({ action: "killerBlow" }), t.action, "battle");
    const limits = declaredLimits({ a, b: sealedDeclaration("battle"), c: { ...a, phase: "movement" }, d: { ...a, aborted: RULE_REASONS.TargetDead } }, "battle");
    expect(limits).toEqual({
      a: { action: "killerBlow", targetId: "b", weaponId: "claws1", aborted: false, resolved: false },
      d: { action: "killerBlow", targetId: "b", weaponId: "claws1", aborted: true, resolved: false },
    });
  });
});

describe("declaredMoveAllows: a player's board move in the declaration modes", () => {
  const ok = { allowed: true, outOfTurn: false };
  const move = { kind: "full" as const, altitude: "high" as const, reference: "keep", distance: "middle" as const };
  const declaration = (() => {
    const c = choice({ action: "move", move });
    const t = translateDeclaration(c, situation("movement"));
    if (!t.ok) throw new Error(t.reason);
    return storedDeclaration(c, t.action, "movement");
  })();
  const board = { id: "a", kind: "full" as const, altitude: "high" as const, reference: "keep", distance: "middle" as const };
  const round = (kind: string, values: Partial<{ mode: string; phase: string; combatants: string[]; declarations: Record<string, ReturnType<typeof storedDeclaration>> }> = {}) => ({
    mode: values.mode ?? "reverseDeclaration",
    step: { kind, phase: values.phase ?? "movement", combatants: values.combatants ?? ["a"] },
    declarations: values.declarations ?? { a: declaration },
  });

  it("allows the declared move at the mover's resolve step", () => {
    expect(declaredMoveAllows(round("resolve"), board, false)).toEqual(ok);
  });
  it("refuses a move at a declare step or another's resolve step", () => {
    expect(declaredMoveAllows(round("declare"), board, false)).toEqual({ allowed: false, reason: DECLARATION_REASONS.MoveAtResolveStep });
    expect(declaredMoveAllows(round("resolve", { combatants: ["b"] }), board, false)).toEqual({ allowed: false, reason: DECLARATION_REASONS.MoveAtResolveStep });
  });
  it("refuses another move than the declared one, and a move when none was declared or it was aborted", () => {
    expect(declaredMoveAllows(round("resolve"), { ...board, altitude: "ceiling" }, false)).toEqual({ allowed: false, reason: DECLARATION_REASONS.NotDeclaredMove });
    expect(declaredMoveAllows(round("resolve"), { ...board, kind: "standard" }, false)).toEqual({ allowed: false, reason: DECLARATION_REASONS.NotDeclaredMove });
    expect(declaredMoveAllows(round("resolve", { declarations: {} }), board, false)).toEqual({ allowed: false, reason: DECLARATION_REASONS.NothingDeclared });
    expect(declaredMoveAllows(round("resolve", { declarations: { a: { ...declaration, aborted: RULE_REASONS.Pinned } } }), board, false)).toEqual({ allowed: false, reason: DECLARATION_REASONS.Aborted });
  });
  it("lets the GM override, marked out of turn, and leaves phases without moves to the board's rules", () => {
    expect(declaredMoveAllows(round("declare"), board, true)).toEqual({ allowed: true, outOfTurn: true });
    expect(declaredMoveAllows(round("resolve"), board, true)).toEqual(ok);
    expect(declaredMoveAllows(round("declare", { phase: "battle" }), board, false)).toEqual(ok);
  });
});

describe("000 Initiative, 001 Combat Phases: a board move happens at the mover's own step, like an attack", () => {
  const move = (id: string) => ({ id, kind: "standard" as const, altitude: "high" as const });
  const at = (mode: string, phase: string, combatants: string[], kind = "act") => ({ mode, step: { kind, phase, combatants }, declarations: {} });
  it("descending Pneuma: at the step 'movement act fast' the player owning slow cannot move slow", () => {
    const round = at("descending", "movement", ["fast"]);
    expect(declaredMoveAllows(round, move("fast"), false)).toEqual({ allowed: true, outOfTurn: false });
    expect(declaredMoveAllows(round, move("slow"), false)).toEqual({ allowed: false, reason: DECLARATION_REASONS.NotYourMoveStep });
    expect(isOwnMoveStep(round, "slow")).toBe(false);
    expect(isOwnMoveStep(round, "fast")).toBe(true);
  });
  it("side d10: the glacially slow side does not move in the lightning-fast phase", () => {
    const round = at("sideD10", "lightningFast", ["hawk"]);
    expect(declaredMoveAllows(round, move("snail"), false)).toEqual({ allowed: false, reason: DECLARATION_REASONS.NotYourMoveStep });
    expect(declaredMoveAllows(at("sideD10", "glaciallySlow", ["snail"]), move("snail"), false)).toEqual({ allowed: true, outOfTurn: false });
  });
  it("the GM may move anyone out of turn, and the verdict says it is an override", () => {
    expect(declaredMoveAllows(at("descending", "movement", ["fast"]), move("slow"), true)).toEqual({ allowed: true, outOfTurn: true });
    expect(declaredMoveAllows(at("descending", "movement", ["fast"]), move("fast"), true)).toEqual({ allowed: true, outOfTurn: false });
  });
  it("in a phase without moves (battle, End Phase) the step does not decide: the board's rules refuse by phase", () => {
    expect(declaredMoveAllows(at("descending", "battle", ["fast"]), move("slow"), false)).toEqual({ allowed: true, outOfTurn: false });
    expect(isOwnMoveStep({ mode: "descending", step: null, declarations: {} }, "fast")).toBe(false);
  });
});
