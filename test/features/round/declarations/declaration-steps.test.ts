// The declaration modes' flow (src/features/round/declarations/declaration-steps.ts, the logic behind
// declaration-flow.ts) on plain documents (declaration-world.ts): declaring at a declare step (the combat.declare
// request, or kept in secret), refusals with their reason in the system's own words, the declared, revealed and
// aborted cards each once, what the active GM does as a step begins, the Resolve button, and a simultaneous group's
// one card. The resolve step's ops themselves (resolve-step-op.ts) are tested in resolve-step-op.test.ts and the
// interleaving harness; whole fights in declaration-walk.test.ts.
import { describe, expect, it } from "vitest";
import type { DeclarationChoice } from "../../../../src/data/combat/declaration";
import { sealedDeclaration } from "../../../../src/data/combat/declaration";
import type { StoredDeclaration } from "../../../../src/data/combat/stored";
import { REQUEST_REASONS } from "../../../../src/core/requests/registry";
import { RULE_REASONS } from "../../../../src/rules/reasons";
import type { RoundStep } from "../../../../src/rules/round-plan";
import { Client, Server, english } from "./declaration-world";

const CLAWS = "K6IPXsi9uoCKBDp0";
const BREATH = "og1cUrsaFwrwlmvL";
const LANCE = "NE8j8Auf2FIJnPn0";

const bite = (target = "knight", text = "Bite the knight"): DeclarationChoice => ({ action: "attack", weaponId: CLAWS, targetId: target, move: null, text });
const breath: DeclarationChoice = { action: "attack", weaponId: BREATH, targetId: "rider", move: null, text: "Burn the rider" };
const other = (text: string): DeclarationChoice => ({ action: "other", weaponId: "", targetId: "", move: null, text });

const step = (kind: RoundStep["kind"], combatants: string[], simultaneous = false): RoundStep => ({ phase: "battle", kind, combatants, simultaneous });
/** Reverse declaration's battle phase: the Sable, the rider and the knight declare, then resolve in that order. */
const REVERSE_PLAN: RoundStep[] = [
  step("declare", ["sable"]),
  step("declare", ["rider"]),
  step("declare", ["knight"]),
  step("resolve", ["knight"]),
  step("resolve", ["rider"]),
  step("resolve", ["sable"]),
];

/** A public declaration as the combat stores it. */
function stored(choice: DeclarationChoice): StoredDeclaration {
  return { phase: "battle", text: choice.text, target: choice.targetId, action: choice.action, aborted: "", choice: JSON.stringify(choice), sealed: false, resolved: false };
}

function reverseAt(index: number): Server {
  const server = new Server("reverseDeclaration");
  server.at(REVERSE_PLAN, index);
  return server;
}

describe("declaring at a declare step", () => {
  it("the active GM declares through the combat.declare request: the declaration on the combat, its declared card once", async () => {
    const server = reverseAt(0);
    const gm = new Client(server, "gm");
    gm.dialog = [bite(), bite()];
    await gm.steps.openDeclaration(gm.view(), "sable");
    expect(gm.opened).toEqual(["sable"]);
    expect(server.walk.stored.declarations.sable).toMatchObject({ phase: "battle", text: "Bite the knight", target: "knight", sealed: false });
    const [card] = server.cards("declared");
    expect(card?.data).toEqual({
      kind: "declared",
      round: 1,
      phase: "battle",
      combatantId: "sable",
      name: "Sable Dragon",
      summary: { action: "attack", move: null, target: "Knight", weapon: "Tooth and Claw" },
      text: "Bite the knight",
      reason: "",
    });
    expect(card?.id).not.toBe("");
    // The same declaration made again keeps its card: none is posted twice.
    await gm.steps.openDeclaration(gm.view(), "sable");
    expect(server.cards("declared")).toHaveLength(1);
    expect(gm.notes).toEqual([]);
  });

  it("a declaration the rules refuse says why in the system's words and changes nothing", async () => {
    const server = reverseAt(0);
    const gm = new Client(server, "gm");
    // The rider is at middle distance: a bite cannot reach it.
    gm.dialog = [bite("rider", "Bite the rider")];
    await gm.steps.openDeclaration(gm.view(), "sable");
    expect(gm.texts).toEqual([`The declaration for Sable Dragon was refused: ${english(RULE_REASONS.TooFarForMelee)}`]);
    expect(english(RULE_REASONS.TooFarForMelee)).not.toBe(RULE_REASONS.TooFarForMelee);
    expect(server.walk.stored.declarations).toEqual({});
    expect(server.log).toEqual([]);
  });

  it("a player's declaration goes to the active GM as a request, with its summary; nothing is written on the player's client", async () => {
    const server = reverseAt(0);
    const ada = new Client(server, "ada");
    ada.dialog = [bite()];
    await ada.steps.openDeclaration(ada.view(), "sable");
    expect(ada.sent).toEqual([
      { payload: { combatId: "c1", combatantId: "sable", round: 1, index: 0, choice: bite() }, summary: "Ada declares for Sable Dragon." },
    ]);
    expect(server.log).toEqual([]);
  });

  it("a closed dialog declares nothing", async () => {
    const server = reverseAt(0);
    const gm = new Client(server, "gm");
    await gm.steps.openDeclaration(gm.view(), "sable");
    expect(server.log).toEqual([]);
    expect(gm.sent).toEqual([]);
  });

  it("refuses, with the reason shown, another combatant's step and a combatant the user does not own, before any dialog opens", async () => {
    const server = reverseAt(0);
    const ada = new Client(server, "ada");
    await ada.steps.openDeclaration(ada.view(), "knight");
    const cid = new Client(server, "cid");
    server.at(REVERSE_PLAN, 2);
    await ada.steps.openDeclaration(ada.view(), "knight");
    expect(ada.texts).toEqual(["It is not Knight's declare step.", english(REQUEST_REASONS.NotOwner)]);
    expect(ada.opened).toEqual([]);
    expect(cid.opened).toEqual([]);
  });

  it("secret declaration: only the active GM keeps one (the GM's own dialog); another GM is told why", async () => {
    const server = new Server("secretDeclaration");
    server.at([step("declare", ["sable", "rider", "knight"]), step("resolve", ["sable"])], 0);
    const gm = new Client(server, "gm");
    await gm.steps.openDeclaration(gm.view(), "rider");
    expect(gm.secretCalls).toEqual(["keepOwn:rider"]);
    server.activeGM = "other";
    await gm.steps.openDeclaration(gm.view(), "rider");
    expect(gm.texts).toEqual([english("AOD.Declare.Notify.SecretActiveGM")]);
    expect(gm.secretCalls).toEqual(["keepOwn:rider"]);
    expect(server.log).toEqual([]);
  });
});

describe("declareChoice (the advice's Declare this, the autopilot)", () => {
  it("refuses what is gone, not now, not the user's, or against the rules, writing nothing", async () => {
    const server = reverseAt(0);
    const ada = new Client(server, "ada");
    const gm = new Client(server, "gm");
    const ask = (client: Client, values: Partial<{ combatId: string; combatantId: string; choice: DeclarationChoice; ask: boolean }>) =>
      client.steps.declareChoice({ combatId: "c1", combatantId: "sable", choice: bite(), ask: false, ...values });
    expect(await ask(gm, { combatId: "gone" })).toBe(REQUEST_REASONS.Gone);
    expect(await ask(gm, { combatantId: "nobody" })).toBe(REQUEST_REASONS.Gone);
    expect(await ask(gm, { combatantId: "rider" })).toBe(REQUEST_REASONS.NotNow);
    expect(await ask(new Client(server, "cid"), {})).toBe(REQUEST_REASONS.NotOwner);
    expect(await ask(gm, { choice: bite("rider") })).toBe(RULE_REASONS.TooFarForMelee);
    expect(await ask(ada, {})).toBe("AOD.Declare.Notify.ActiveGMOnly");
    expect(server.log).toEqual([]);
    expect(ada.sent).toEqual([]);
  });

  it("asked with a choice the rules refuse: the reason, and no dialog filled in or opened", async () => {
    const server = reverseAt(0);
    const ada = new Client(server, "ada");
    ada.dialogOpen = true;
    expect(await ada.steps.declareChoice({ combatId: "c1", combatantId: "sable", choice: bite("rider"), ask: true })).toBe(RULE_REASONS.TooFarForMelee);
    expect(ada.suggested).toEqual([]);
    expect(ada.opened).toEqual([]);
  });

  it("asked: fills in the open dialog; else opens one (reverse) or waits for the GM's question (a player in secret)", async () => {
    const server = reverseAt(0);
    const ada = new Client(server, "ada");
    ada.dialogOpen = true;
    expect(await ada.steps.declareChoice({ combatId: "c1", combatantId: "sable", choice: bite(), ask: true })).toBeUndefined();
    expect(ada.suggested).toEqual([{ id: "sable", choice: bite() }]);
    expect(ada.opened).toEqual([]);
    ada.dialogOpen = false;
    ada.dialog = [bite()];
    await ada.steps.declareChoice({ combatId: "c1", combatantId: "sable", choice: bite(), ask: true });
    await Promise.resolve();
    expect(ada.opened).toEqual(["sable"]);
    const secret = new Server("secretDeclaration");
    secret.at([step("declare", ["sable"])], 0);
    const player = new Client(secret, "ada");
    await player.steps.declareChoice({ combatId: "c1", combatantId: "sable", choice: bite(), ask: true });
    expect(player.opened).toEqual([]);
  });

  it("on the active GM: declared at once through the request (reverse), or kept (secret)", async () => {
    const server = reverseAt(0);
    const gm = new Client(server, "gm");
    expect(await gm.steps.declareChoice({ combatId: "c1", combatantId: "sable", choice: bite(), ask: false })).toBeUndefined();
    expect(server.walk.stored.declarations.sable?.text).toBe("Bite the knight");
    expect(server.cards("declared")).toHaveLength(1);
    const secret = new Server("secretDeclaration");
    secret.at([step("declare", ["sable"])], 0);
    const keeper = new Client(secret, "gm");
    expect(await keeper.steps.declareChoice({ combatId: "c1", combatantId: "sable", choice: bite(), ask: false })).toBeUndefined();
    expect(keeper.secretCalls).toEqual(["keepChosen:sable"]);
    expect(secret.log).toEqual([]);
  });
});

describe("a step's cards", () => {
  it("a card another GM posted first under the same id is a lost claim, not an error; any other refusal is an error", async () => {
    const server = reverseAt(0);
    const gm = new Client(server, "gm");
    const docs = gm.steps.stepDocuments(gm.view());
    expect(await docs.post("card1", "revealed", "sable", stored(bite()), "")).toBe(true);
    expect(await docs.post("card1", "revealed", "sable", stored(bite()), "")).toBe(false);
    expect(server.cards("revealed")).toHaveLength(1);
    gm.post = () => Promise.reject(new Error("server down"));
    await expect(docs.post("card2", "revealed", "sable", stored(bite()), "")).rejects.toThrow("server down");
  });

  it("a declaration whose choice does not read posts no card", async () => {
    const server = reverseAt(0);
    const gm = new Client(server, "gm");
    const docs = gm.steps.stepDocuments(gm.view());
    await docs.post("card1", "revealed", "sable", { ...stored(bite()), choice: "{" }, "");
    expect(server.messages.size).toBe(0);
  });
});

describe("the combat.declare request on the active GM", () => {
  it("re-reads the documents: a combatant or user that is gone is refused as gone, writing nothing", async () => {
    const server = reverseAt(0);
    const gm = new Client(server, "gm");
    const payload = { combatId: "c1", combatantId: "sable", round: 1, index: 0, choice: bite() };
    expect(await gm.registry.process("combat.declare", payload, { id: "stranger", name: "S", isGM: false })).toEqual({ ok: false, reason: REQUEST_REASONS.Gone });
    expect(await gm.registry.process("combat.declare", { ...payload, combatantId: "nobody" }, { id: "ada", name: "Ada", isGM: false })).toEqual({
      ok: false,
      reason: REQUEST_REASONS.Gone,
    });
    expect(await gm.registry.process("combat.declare", payload, { id: "cid", name: "Cid", isGM: false })).toEqual({ ok: false, reason: REQUEST_REASONS.NotOwner });
    expect(server.log).toEqual([]);
    expect(await gm.registry.process("combat.declare", payload, { id: "ada", name: "Ada", isGM: false })).toEqual({ ok: true });
    expect(server.log).toEqual(["combat", "post:declaration:declared"]);
  });
});

describe("as a step begins", () => {
  it("opens the dialog once for the player owner at its own reverse declare step, never for a GM or another player", async () => {
    const server = reverseAt(0);
    server.activeGM = "gm";
    const ada = new Client(server, "ada");
    const cid = new Client(server, "cid");
    ada.dialog = [bite()];
    await ada.steps.onStepBegins(ada.view());
    await ada.steps.onStepBegins(ada.view());
    await cid.steps.onStepBegins(cid.view());
    expect(ada.opened).toEqual(["sable"]);
    expect(cid.opened).toEqual([]);
    expect(cid.notes).toEqual([]);
    expect(ada.sent).toHaveLength(1);
  });

  it("does nothing for a combat deleted before its step's work runs", async () => {
    const server = reverseAt(1);
    server.update({ "system.declarations.knight": { ...stored(other("x")), phase: "movement" } });
    server.log.length = 0;
    const gm = new Client(server, "gm");
    const view = gm.view();
    server.exists = false;
    await gm.steps.onStepBegins(view);
    expect(server.log).toEqual([]);
  });

  it("the active GM clears earlier phases' declarations at a declare step and posts a declared card a reload left missing, once", async () => {
    const server = reverseAt(1);
    // The rider's declaration reached the combat, and a reload came before its card.
    server.update({
      "system.declarations.knight": { ...stored(other("Hold the line")), phase: "movement" },
      "system.declarations.rider": stored(other("Circle")),
    });
    server.log.length = 0;
    const gm = new Client(server, "gm");
    await gm.steps.onStepBegins(gm.view());
    expect(Object.keys(server.walk.stored.declarations)).toEqual(["rider"]);
    expect(server.cards("declared").map((c) => (c.data as { combatantId: string }).combatantId)).toEqual(["rider"]);
    await gm.steps.resumeSteps();
    expect(server.cards("declared")).toHaveLength(1);
  });

  it("at a resolve step the active GM aborts what no longer stands (its card once, with the reason) and takes an 'other' action", async () => {
    const server = reverseAt(3);
    server.update({ "system.declarations.sable": stored(bite()), "system.declarations.knight": stored(other("Raise the shield")) });
    const gm = new Client(server, "gm");
    // The knight's step: "other" is taken at once, spending its battle action.
    await gm.steps.onStepBegins(gm.view());
    expect(server.walk.stored.declarations.knight).toMatchObject({ resolved: true, aborted: "" });
    expect(server.walk.stored.skirmish.combatants.knight?.acted).toBe(true);
    // The Sable's step, after the knight stepped away: the bite no longer reaches.
    server.update({ "system.skirmish.distances.knight|sable": "middle" });
    server.at(REVERSE_PLAN, 5);
    await gm.steps.onStepBegins(gm.view());
    expect(server.walk.stored.declarations.sable?.aborted).toBe(RULE_REASONS.TooFarForMelee);
    const aborted = server.cards("aborted");
    expect(aborted.map((c) => (c.data as { reason: string }).reason)).toEqual([RULE_REASONS.TooFarForMelee]);
    // A GM taking over runs the step again: nothing posted or written twice.
    const writes = server.log.length;
    await new Client(server, "gm").steps.resumeSteps();
    expect(server.log).toHaveLength(writes);
  });

  it("handles each step once per client, and nothing outside the declaration modes or before the start", async () => {
    const server = reverseAt(1);
    server.update({ "system.declarations.knight": { ...stored(other("x")), phase: "movement" } });
    server.log.length = 0;
    const gm = new Client(server, "gm");
    server.started = false;
    await gm.steps.onStepBegins(gm.view());
    expect(server.log).toEqual([]);
    server.started = true;
    await gm.steps.onStepBegins(gm.view());
    expect(server.log).toEqual(["combat"]);
    server.update({ "system.declarations.rider": { ...stored(other("y")), phase: "movement" } });
    await gm.steps.onStepBegins(gm.view());
    expect(server.walk.stored.declarations.rider).toBeDefined();
  });
});

describe("secret declaration's resolve steps", () => {
  const SECRET_PLAN: RoundStep[] = [step("declare", ["sable", "rider", "knight"]), step("resolve", ["knight"]), step("resolve", ["sable"]), step("resolve", ["rider"])];

  it("reveals each kept declaration as its step begins, posts each revealed card once, and tells the GM of one it does not hold", async () => {
    const server = new Server("secretDeclaration");
    server.at(SECRET_PLAN, 1);
    server.update({ "system.declarations.knight": sealedDeclaration("battle"), "system.declarations.sable": sealedDeclaration("battle") });
    const gm = new Client(server, "gm");
    gm.kept.sable = stored(bite());
    // The knight's declaration was kept by a GM whose browser this is not.
    await gm.steps.onStepBegins(gm.view());
    expect(gm.texts).toEqual([english("AOD.Declare.Notify.Missing", { names: "Knight" })]);
    expect(server.cards("revealed")).toEqual([]);
    server.at(SECRET_PLAN, 2);
    await gm.steps.onStepBegins(gm.view());
    expect(server.walk.stored.declarations.sable).toMatchObject({ sealed: false, text: "Bite the knight" });
    expect(gm.kept).toEqual({});
    expect(server.cards("revealed").map((c) => (c.data as { combatantId: string }).combatantId)).toEqual(["sable"]);
    // The step run again (a GM taking over): the revealed card is not posted twice.
    await new Client(server, "gm").steps.resumeSteps();
    expect(server.cards("revealed")).toHaveLength(1);
  });

  it("resolves a simultaneous step's group with Rolls of the pipeline on one card, its marks written once", async () => {
    const server = new Server("secretDeclaration");
    server.at([step("declare", ["sable", "rider", "knight"]), step("resolve", ["sable", "rider", "knight"], true)], 1);
    server.update({
      "system.declarations.sable": sealedDeclaration("battle"),
      "system.declarations.rider": sealedDeclaration("battle"),
      "system.declarations.knight": sealedDeclaration("battle"),
    });
    // Every die a 1: the breath misses.
    const gm = new Client(server, "gm", Array.from({ length: 60 }, () => 1));
    gm.kept.sable = stored(breath);
    gm.kept.rider = stored({ action: "attack", weaponId: LANCE, targetId: "sable", move: null, text: "Lance the dragon" });
    gm.kept.knight = stored(other("Raise the shield"));
    await gm.steps.onStepBegins(gm.view());
    const [card] = server.cards("simultaneous");
    expect(server.cards("simultaneous")).toHaveLength(1);
    expect(gm.rolled.length).toBeGreaterThan(0);
    expect(new Set(gm.rolled)).toEqual(new Set(["declaration"]));
    const entries = (card?.data as { entries: { combatantId: string; reason: string; text: string }[] }).entries;
    // The rider's lance cannot reach the Sable at middle distance: it is aborted with the rules' reason.
    expect(entries.map((e) => [e.combatantId, e.reason])).toEqual([
      ["sable", ""],
      ["rider", RULE_REASONS.TooFarForMelee],
      ["knight", ""],
    ]);
    const declarations = server.walk.stored.declarations;
    expect(declarations.sable).toMatchObject({ resolved: true, aborted: "" });
    expect(declarations.rider).toMatchObject({ aborted: RULE_REASONS.TooFarForMelee });
    expect(declarations.knight).toMatchObject({ resolved: true });
    expect(card?.rolls.length).toBe(gm.rolled.length);
    // Run again (a GM taking over): no second card, nothing written again.
    const writes = server.log.length;
    await new Client(server, "gm").steps.resumeSteps();
    expect(server.cards("simultaneous")).toHaveLength(1);
    expect(server.log).toHaveLength(writes);
  });
});

describe("the Resolve button", () => {
  it("starts the declared attack on the attack card, its weapon and target chosen; a killer blow as an attack with the flag", async () => {
    const server = reverseAt(5);
    server.update({ "system.declarations.sable": stored(bite()) });
    const ada = new Client(server, "ada");
    await ada.steps.resolveDeclared(ada.view(), "sable");
    expect(ada.attacks).toEqual([
      { action: "attack", weaponId: CLAWS, killerBlow: false, attacker: "Scene.s1.Token.sable", targets: ["Scene.s1.Token.knight"], configure: true },
    ]);
    server.update({ "system.declarations.sable": stored({ ...bite(), action: "killerBlow" }) });
    await ada.steps.resolveDeclared(ada.view(), "sable");
    expect(ada.attacks[1]).toMatchObject({ action: "attack", killerBlow: true, configure: true });
  });

  it("says what it cannot do: not this combatant's resolve step, not the user's, nothing standing, an 'other' action", async () => {
    const server = reverseAt(5);
    const ada = new Client(server, "ada");
    await ada.steps.resolveDeclared(ada.view(), "sable");
    const cid = new Client(server, "cid");
    await cid.steps.resolveDeclared(cid.view(), "sable");
    await cid.steps.resolveDeclared(cid.view(), "knight");
    server.update({ "system.declarations.sable": stored(other("Roar")) });
    await ada.steps.resolveDeclared(ada.view(), "sable");
    const sable = server.walk.combatants[0]?.name ?? "";
    const knight = server.walk.combatants[2]?.name ?? "";
    expect(ada.texts).toEqual([english("AOD.Declare.Notify.NothingToResolve", { name: sable }), english("AOD.Declare.Notify.ResolveOther", { name: sable })]);
    expect(cid.texts).toEqual([english(REQUEST_REASONS.NotOwner), english("AOD.Declare.Notify.NotResolveStep", { name: knight })]);
    expect(ada.attacks).toEqual([]);
    expect(ada.moves).toEqual([]);
  });

  it("sends a declared move to the board, and shows the board's refusal in the system's words", async () => {
    const server = reverseAt(5);
    const move: DeclarationChoice = { action: "move", weaponId: "", targetId: "", move: { kind: "standard", altitude: "low", reference: "", distance: "" }, text: "Drop to low" };
    server.update({ "system.declarations.sable": { ...stored(move), phase: "battle" } });
    server.at(
      REVERSE_PLAN.map((s) => ({ ...s, phase: "movement" as const })),
      5,
    );
    server.update({ "system.declarations.sable.phase": "movement", "system.skirmish.combatants.sable.altitude": "mid" });
    const ada = new Client(server, "ada");
    ada.boardRefusal = RULE_REASONS.TooFarForMelee;
    await ada.steps.resolveDeclared(ada.view(), "sable");
    expect(ada.moves).toEqual([{ combatId: "c1", moverId: "sable", id: "sable", kind: "standard", altitude: "low" }]);
    expect(ada.texts).toEqual([english("AOD.Declare.Notify.Refused", { name: server.walk.combatants[0]?.name ?? "", reason: english(RULE_REASONS.TooFarForMelee) })]);
  });
});
