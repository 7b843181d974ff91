// The attack card's flow across users (src/features/attack/attack-steps.ts, the logic behind attack-flow.ts), with
// plain users, actors from the bestiary, a chat log and one client per user (attack-world.ts). What the card's
// state machine, the validators and the write-once steps decide on their own is tested beside them
// (attack-card*.test.ts, attack-requests.test.ts, card-writes.test.ts); here: who starts a card and with what, whom
// the GM asks to defend, what a click or an answer that should not count gets, and that damage lands once.
import { beforeEach, describe, expect, it } from "vitest";
import { ATTACK_REQUEST_KINDS } from "../../../src/features/attack/attack-requests";
import { DEFEND_QUERY, buttonRequest } from "../../../src/features/attack/attack-steps";
import { targetStatus } from "../../../src/rules/attack-card";
import { sha256Hex } from "../../../src/core/requests/query-token";
import { SYSTEM_ID } from "../../../src/constants/system-id";
import { ARGENT_CLAWS, CLAWS, Net, SWORD, deferred, english } from "./attack-world";
import type { Client } from "./attack-world";

type Plain = Record<string, unknown>;

const declare = (values: Plain = {}): Plain => ({
  action: "attack",
  attacker: "Actor.sable",
  targets: ["Actor.argent"],
  weaponId: CLAWS,
  killerBlow: false,
  modifiers: { dice: 0, tn: 0 },
  ...values,
});

let net: Net;
let gm: Client;
let ash: Client;
let bree: Client;
let cole: Client;

beforeEach(() => {
  net = new Net();
  gm = net.user("gm", "Gamemaster", true);
  ash = net.user("ash", "Ash");
  bree = net.user("bree", "Bree");
  cole = net.user("cole", "Cole");
  net.activeGM = "gm";
  net.actor("sable", "sable-dragon", ["ash"]);
  net.actor("argent", "argent-dragon", ["bree"]);
  net.actor("knight", "knight", []);
});

/** The one card posted so far. */
function onlyCard(): string {
  const cards = net.cards();
  expect(cards).toHaveLength(1);
  return cards[0]?.id ?? "";
}

/** Bree answers the GM's defence query with this choice (her client's dialog). */
function breeAnswers(choice: { defend: boolean; skill: string | null }): void {
  net.handlers.set("bree", (data) => Promise.resolve({ cardId: data.cardId, targetId: data.targetId, ...choice }));
}

/** A hit on the Argent Dragon that no one has defended yet, with Bree not answering. */
async function cardAwaitingDefence(): Promise<string> {
  const asked = deferred<unknown>();
  net.handlers.set("bree", () => asked.promise);
  await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
  return onlyCard();
}

describe("who may start an attack, and with what", () => {
  it("the attacker's owner: the card is the GM's, rolled with the attacker's weapon, against the target", async () => {
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    expect(net.sent.map((s) => [s.from, s.kind, s.verdict])).toEqual([["ash", "attack.declare", { ok: true }]]);
    expect(net.sent[0]?.summary).toBe(english("AOD.Attack.Request.Summary.declare", { name: "Ash" }));
    const id = onlyCard();
    expect(net.messages.get(id)?.author).toBe("gm");
    const card = net.card(id);
    expect(card.stage).toBe("rolled");
    expect(card.attacker.id).toBe("sable");
    expect(card.weapon?.id).toBe(CLAWS);
    expect(card.targets.map((t) => t.id)).toEqual(["argent"]);
    expect(net.messages.get(id)?.rolls).toHaveLength(1);
  });

  it("a player who does not own the attacker is refused, and no card is posted", async () => {
    await bree.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    expect(net.sent[0]?.verdict).toEqual({ ok: false, reason: "AOD.Attack.Request.NotOwner" });
    expect(net.cards()).toEqual([]);
  });

  it("the GM attacks with anyone's combatant, at once, without a request message", async () => {
    await gm.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    expect(net.sent).toEqual([]);
    expect(gm.warnings).toEqual([]);
    expect(net.card(onlyCard()).attacker.id).toBe("sable");
  });

  it("a weapon the attacker does not carry is refused", async () => {
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ weaponId: "notMyWeapon01" }));
    expect(net.sent[0]?.verdict).toEqual({ ok: false, reason: "AOD.Attack.Refuse.NeedsWeapon" });
    expect(net.cards()).toEqual([]);
  });

  it("a player's dialog help is capped by the world settings; the GM's is not", async () => {
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ modifiers: { dice: 3, tn: 0 } }));
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ modifiers: { dice: 0, tn: -2 } }));
    const capped = { ok: false, reason: "AOD.Attack.Request.ModifierCap", data: { dice: 2, tn: 1 } };
    expect(net.sent.map((s) => s.verdict)).toEqual([capped, capped]);
    expect(net.cards()).toEqual([]);
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ modifiers: { dice: 2, tn: -1 } }));
    await gm.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ attacker: "Actor.knight", weaponId: SWORD, modifiers: { dice: 5, tn: -3 } }));
    expect(net.sent[2]?.verdict).toEqual({ ok: true });
    expect(net.cards().map((m) => net.card(m.id).modifiers)).toEqual([{ dice: 2, tn: -1 }, { dice: 5, tn: -3 }]);
  });

  it("a target that is gone refuses the card on the card itself, and no one is asked", async () => {
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ targets: ["Actor.ghost"] }));
    expect(net.sent[0]?.verdict).toEqual({ ok: false, reason: "AOD.Attack.Refuse.NotInCombat" });
    expect(net.card(onlyCard()).stage).toBe("refused");
    expect(net.asked).toEqual([]);
  });
});

describe("who is asked to defend", () => {
  it("the target's connected owner, by query, with a token whose hash the card holds", async () => {
    const id = await cardAwaitingDefence();
    expect(net.asked.map((q) => [q.from, q.to, q.name, q.timeout])).toEqual([["gm", "bree", DEFEND_QUERY, 60_000]]);
    const data = net.asked[0]?.data ?? {};
    expect(Object.keys(data).sort()).toEqual(["cardId", "targetId", "token"]);
    expect(data).toMatchObject({ cardId: id, targetId: "argent" });
    expect(net.source(id).prompts.argent).toEqual({ who: "owner", userName: "Bree", timedOut: false, tokenHash: sha256Hex(String(data.token)) });
  });

  it("the first connected player owner of several", async () => {
    net.user("dara", "Dara", false, false);
    const eve = net.user("eve", "Eve");
    net.user("finn", "Finn");
    net.actors.get("argent")?.owners.splice(0, 1, "finn", "dara", "eve");
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    expect(net.asked.map((q) => q.to)).toEqual([eve.userId]);
  });

  it("an owner who is not connected leaves it to the GM: no query, the card says so", async () => {
    const user = net.users.get("bree");
    if (user) user.active = false;
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    const id = onlyCard();
    expect(net.asked).toEqual([]);
    expect(net.source(id).prompts.argent).toEqual({ who: "gm", userName: "Gamemaster", timedOut: false });
    expect(targetStatus(net.card(id), "argent")).toBe("awaitingDefence");
  });

  it("an NPC is defended by the GM on the card, or at once with its best check when the world says so", async () => {
    await gm.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ targets: ["Actor.knight"] }));
    const first = net.cards()[0]?.id ?? "";
    expect(net.source(first).prompts.knight?.who).toBe("gm");
    expect(net.card(first).targets[0]?.defence).toBeNull();
    net.autoNpc = true;
    await gm.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ attacker: "Actor.argent", targets: ["Actor.knight"], weaponId: ARGENT_CLAWS }));
    const second = net.cards()[1]?.id ?? "";
    expect(net.card(second).targets[0]?.defence?.by).toBe("auto");
    expect(net.asked).toEqual([]);
  });

  it("only the active GM asks; a GM who becomes the active GM asks again for a card still waiting", async () => {
    const id = await cardAwaitingDefence();
    const first = String(net.asked[0]?.data.token);
    await ash.steps.promptDefences(id);
    await gm.steps.promptDefences(id);
    expect(net.asked).toHaveLength(1);
    const other = net.user("gm2", "Second GM", true);
    net.activeGM = "gm2";
    await other.steps.sweepCards();
    expect(net.asked.map((q) => [q.from, q.to])).toEqual([["gm", "bree"], ["gm2", "bree"]]);
    const second = String(net.asked[1]?.data.token);
    expect(second).not.toBe(first);
    expect(net.source(id).prompts.argent?.tokenHash).toBe(sha256Hex(second));
  });
});

describe("a button click", () => {
  it("sends only the card, a target and a choice; a button the card does not draw sends nothing", () => {
    expect(buttonRequest("c1", { action: "defend", targetId: "b", skill: "aerobatics" })).toEqual({
      kind: "attack.defend",
      payload: { cardId: "c1", targetId: "b", defend: true, skill: "aerobatics" },
    });
    expect(buttonRequest("c1", { action: "defend", targetId: "b", skill: "none" })?.payload).toEqual({ cardId: "c1", targetId: "b", defend: false, skill: null });
    expect(buttonRequest("c1", { action: "defend", targetId: "b", skill: "" })?.payload).toEqual({ cardId: "c1", targetId: "b", defend: true, skill: null });
    expect(buttonRequest("c1", { action: "rollDamage", targetId: "b", skill: "x" })).toEqual({ kind: "attack.rollDamage", payload: { cardId: "c1", targetId: "b" } });
    for (const action of ["apply", "undo", "withdraw"]) expect(buttonRequest("c1", { action, targetId: "b" })).toEqual({ kind: `attack.${action}`, payload: { cardId: "c1" } });
    expect(buttonRequest("c1", { action: "delete" })).toBeNull();
    expect(buttonRequest("c1", {})).toBeNull();
  });

  it("on a card a player made is refused with a localised message, and changes nothing", async () => {
    await gm.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    const real = onlyCard();
    const forged = { ...structuredClone(net.messages.get(real)), id: "forged1", author: "ash" };
    if (forged.system === undefined) throw new Error("no card");
    net.messages.set("forged1", forged as NonNullable<ReturnType<typeof net.messages.get>>);
    const before = structuredClone(forged.system);
    await gm.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: "forged1", targetId: "argent", defend: false, skill: null });
    expect(gm.warnings).toEqual(["Attack card: That card was not made by the GM, so it cannot be acted on."]);
    await ash.steps.request(ATTACK_REQUEST_KINDS.apply, { cardId: "forged1" });
    expect(net.sent.at(-1)?.verdict).toEqual({ ok: false, reason: "AOD.Attack.Request.ForgedCard" });
    expect(net.messages.get("forged1")?.system).toEqual(before);
  });

  it("that is stale (already answered, or the card is gone) is refused with a localised message", async () => {
    const id = await cardAwaitingDefence();
    await gm.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: id, targetId: "argent", defend: false, skill: null });
    expect(gm.warnings).toEqual([]);
    await gm.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: id, targetId: "argent", defend: true, skill: "aerobatics" });
    expect(gm.warnings).toEqual([english("AOD.Attack.Notify.refused", { reason: english("AOD.Attack.Request.NotAwaitingDefence") })]);
    expect(gm.warnings[0]).toBe("Attack card: That defence is no longer awaited.");
    expect(net.card(id).targets[0]?.defence).toEqual({ check: null, dice: null, by: "gm" });
    net.messages.delete(id);
    await gm.steps.request(ATTACK_REQUEST_KINDS.apply, { cardId: id });
    expect(gm.warnings[1]).toBe("Attack card: The attack card no longer exists.");
  });

  it("with a payload a button never sends is refused, naming the field", async () => {
    await gm.steps.request(ATTACK_REQUEST_KINDS.apply, { cardId: "../card", extra: 1 });
    expect(gm.warnings).toEqual([english("AOD.Attack.Notify.refused", { reason: english("AOD.Attack.Request.BadPayload", { field: "extra" }) })]);
    expect(gm.warnings[0]).not.toMatch(/MISSING|\{/);
  });
});

describe("a defence answer", () => {
  it("from the asked owner is rolled and written on the card as the owner's", async () => {
    breeAnswers({ defend: true, skill: "aerobatics" });
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    await net.settle();
    const id = onlyCard();
    const defence = net.card(id).targets[0]?.defence;
    expect(defence?.by).toBe("owner");
    expect(defence?.check?.skill).toBe("aerobatics");
    expect(defence?.dice?.every((d) => d === 1)).toBe(true);
    expect(net.messages.get(id)?.rolls).toHaveLength(2);
  });

  it("from a user who does not own the target is refused, and the defence is still awaited", async () => {
    const id = await cardAwaitingDefence();
    await cole.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: id, targetId: "argent", defend: false, skill: null });
    await ash.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: id, targetId: "argent", defend: false, skill: null });
    expect(net.sent.slice(-2).map((s) => [s.from, s.verdict])).toEqual([
      ["cole", { ok: false, reason: "AOD.Attack.Request.NotOwner" }],
      ["ash", { ok: false, reason: "AOD.Attack.Request.NotOwner" }],
    ]);
    expect(targetStatus(net.card(id), "argent")).toBe("awaitingDefence");
  });

  it("from the asked owner who no longer owns the target is refused, and the defence is left to the GM", async () => {
    const answer = deferred<unknown>();
    net.handlers.set("bree", () => answer.promise);
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    const id = onlyCard();
    net.actors.get("argent")?.owners.splice(0);
    answer.resolve({ cardId: id, targetId: "argent", defend: true, skill: "aerobatics" });
    await net.settle();
    expect(targetStatus(net.card(id), "argent")).toBe("awaitingDefence");
    expect(net.source(id).prompts.argent).toMatchObject({ who: "owner", userName: "Bree", timedOut: true });
    expect(gm.logs).toContain("defence answer from Bree refused: AOD.Attack.Request.NotOwner");
  });

  it("naming another card or target, or a skill the defender lacks, counts as no answer", async () => {
    net.handlers.set("bree", (data) => Promise.resolve({ cardId: data.cardId, targetId: "sable", defend: false, skill: null }));
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    await net.settle();
    const id = onlyCard();
    expect(net.card(id).targets[0]?.defence).toBeNull();
    expect(net.source(id).prompts.argent?.timedOut).toBe(true);
    net.handlers.set("bree", (data) => Promise.resolve({ cardId: data.cardId, targetId: data.targetId, defend: true, skill: "shieldWall" }));
    await gm.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ attacker: "Actor.knight", weaponId: SWORD }));
    await net.settle();
    const second = net.cards()[1]?.id ?? "";
    expect(net.card(second).targets[0]?.defence).toBeNull();
    expect(net.source(second).prompts.argent?.timedOut).toBe(true);
    expect(gm.logs).toContain("defence answer from Bree refused: AOD.Attack.Request.NoSuchDefence");
  });

  it("to one card's query, naming another card the same owner defends on, answers neither", async () => {
    const first = deferred<unknown>();
    const second = deferred<unknown>();
    const answers = [first, second];
    net.handlers.set("bree", () => answers.shift()?.promise ?? Promise.reject(new Error("asked too often")));
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    await gm.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ attacker: "Actor.knight", weaponId: SWORD }));
    const [one, two] = net.cards().map((m) => m.id);
    expect(net.asked.map((q) => q.data.cardId)).toEqual([one, two]);
    first.resolve({ cardId: two, targetId: "argent", defend: false, skill: null });
    await net.settle();
    expect(net.card(two ?? "").targets[0]?.defence).toBeNull();
    expect(net.card(one ?? "").targets[0]?.defence).toBeNull();
    expect(net.source(one ?? "").prompts.argent?.timedOut).toBe(true);
    second.resolve({ cardId: two, targetId: "argent", defend: false, skill: null });
    await net.settle();
    expect(net.card(two ?? "").targets[0]?.defence?.by).toBe("owner");
  });

  it("to one target's query, naming another target the same owner defends, answers neither", async () => {
    net.actor("griffon", "griffon", ["bree"]);
    net.grapples = [["sable", "argent"], ["sable", "griffon"]];
    const first = deferred<unknown>();
    const second = deferred<unknown>();
    const answers = [first, second];
    net.handlers.set("bree", () => answers.shift()?.promise ?? Promise.reject(new Error("asked too often")));
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare({ action: "breakOut", weaponId: null, targets: ["Actor.argent", "Actor.griffon"] }));
    const id = onlyCard();
    expect(net.asked.map((q) => q.data.targetId)).toEqual(["argent", "griffon"]);
    first.resolve({ cardId: id, targetId: "griffon", defend: false, skill: null });
    await net.settle();
    expect(net.card(id).targets.map((t) => t.defence)).toEqual([null, null]);
    expect(net.source(id).prompts.argent?.timedOut).toBe(true);
    second.resolve({ cardId: id, targetId: "griffon", defend: false, skill: null });
    await net.settle();
    expect(net.card(id).targets.map((t) => t.defence?.by ?? null)).toEqual([null, "owner"]);
  });

  it("the GM may answer for the owner while the owner is asked; the owner's late answer is then refused", async () => {
    const answer = deferred<unknown>();
    net.handlers.set("bree", () => answer.promise);
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    const id = onlyCard();
    await gm.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: id, targetId: "argent", defend: true, skill: "toothAndClaw" });
    expect(gm.warnings).toEqual([]);
    expect(net.card(id).targets[0]?.defence?.by).toBe("gm");
    answer.resolve({ cardId: id, targetId: "argent", defend: true, skill: "aerobatics" });
    await net.settle();
    const defence = net.card(id).targets[0]?.defence;
    expect(defence?.by).toBe("gm");
    expect(defence?.check?.skill).toBe("toothAndClaw");
    expect(gm.logs).toContain("defence answer from Bree refused: AOD.Attack.Request.NotAwaitingDefence");
    expect(net.source(id).prompts.argent?.timedOut).toBe(false);
  });
});

describe("when the defender's owner does not answer", () => {
  it("a query that times out leaves the defence to the GM, who is not asked to wait again", async () => {
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    await net.settle();
    const id = onlyCard();
    expect(net.source(id).prompts.argent).toMatchObject({ who: "owner", userName: "Bree", timedOut: true });
    expect(targetStatus(net.card(id), "argent")).toBe("awaitingDefence");
    await gm.steps.promptDefences(id);
    await gm.steps.sweepCards();
    expect(net.asked).toHaveLength(1);
    await gm.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: id, targetId: "argent", defend: false, skill: null });
    expect(net.card(id).targets[0]?.defence?.by).toBe("gm");
  });

  it("an owner who disconnects while asked leaves it to the GM; the owner's own later click is still taken", async () => {
    const answer = deferred<unknown>();
    net.handlers.set("bree", () => answer.promise);
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    const id = onlyCard();
    const user = net.users.get("bree");
    if (user) user.active = false;
    answer.reject(new Error("Bree disconnected"));
    await net.settle();
    expect(net.source(id).prompts.argent?.timedOut).toBe(true);
    expect(gm.logs.some((l) => l.startsWith("Bree did not answer the defence of argent"))).toBe(true);
    if (user) user.active = true;
    await bree.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: id, targetId: "argent", defend: false, skill: null });
    expect(net.sent.at(-1)?.verdict).toEqual({ ok: true });
    expect(net.card(id).targets[0]?.defence?.by).toBe("owner");
  });

  it("with no GM online a request waits, and nothing is written", async () => {
    net.activeGM = null;
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    expect(net.sent.map((s) => s.verdict)).toEqual(["waiting"]);
    expect(net.cards()).toEqual([]);
  });
});

describe("damage", () => {
  /** Hit, no defence, damage rolled: the card awaits Apply. */
  async function hitWithDamage(): Promise<string> {
    breeAnswers({ defend: false, skill: null });
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    await net.settle();
    const id = onlyCard();
    await ash.steps.request(ATTACK_REQUEST_KINDS.rollDamage, { cardId: id, targetId: "argent" });
    expect(net.sent.at(-1)?.verdict).toEqual({ ok: true });
    return id;
  }

  it("only the attacker's side rolls it", async () => {
    breeAnswers({ defend: false, skill: null });
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    await net.settle();
    const id = onlyCard();
    await bree.steps.request(ATTACK_REQUEST_KINDS.rollDamage, { cardId: id, targetId: "argent" });
    expect(net.sent.at(-1)?.verdict).toEqual({ ok: false, reason: "AOD.Attack.Request.NotOwner" });
    expect(targetStatus(net.card(id), "argent")).toBe("awaitingDamage");
  });

  it("is applied once through the card's queue, though the player and the GM press Apply together", async () => {
    const id = await hitWithDamage();
    const wounds = (): number => ((net.actors.get("argent")?.source.system as Plain).life as { wounds: number }).wounds;
    const before = wounds();
    await Promise.all([
      ash.steps.request(ATTACK_REQUEST_KINDS.apply, { cardId: id }),
      gm.steps.request(ATTACK_REQUEST_KINDS.apply, { cardId: id }),
      ash.steps.request(ATTACK_REQUEST_KINDS.apply, { cardId: id }),
    ]);
    expect(net.card(id).stage).toBe("applied");
    const argent = net.actors.get("argent");
    expect(argent?.updates).toHaveLength(1);
    expect(wounds()).toBeGreaterThan(before);
    const ops = ((argent?.source.flags as Plain)[SYSTEM_ID] as Plain).ops as unknown[];
    expect(ops).toHaveLength(1);
    // One of the three presses applies; the other two find the card applied.
    const closed = english("AOD.Attack.Notify.refused", { reason: english("AOD.Attack.Refuse.CardClosed") });
    const outcomes = [...net.sent.slice(-2).map((s) => (s.verdict === "waiting" ? "waiting" : s.verdict.ok ? "applied" : s.verdict.reason)), gm.warnings[0] ?? "applied"];
    expect(outcomes.filter((v) => v === "applied")).toHaveLength(1);
    expect(outcomes.filter((v) => v === closed || v === "AOD.Attack.Refuse.CardClosed")).toHaveLength(2);
    const record = (net.messages.get(id)?.flags[SYSTEM_ID] as Plain).write as { op: string; done: boolean };
    expect(record.done).toBe(true);
    expect(ops).toContain(record.op);
  });

  it("a second Apply after the first, or a sweep by the next GM, writes nothing more", async () => {
    const id = await hitWithDamage();
    await gm.steps.request(ATTACK_REQUEST_KINDS.apply, { cardId: id });
    expect(gm.warnings).toEqual([]);
    await gm.steps.request(ATTACK_REQUEST_KINDS.apply, { cardId: id });
    expect(gm.warnings).toEqual([english("AOD.Attack.Notify.refused", { reason: english("AOD.Attack.Refuse.CardClosed") })]);
    const next = net.user("gm2", "Second GM", true);
    net.activeGM = "gm2";
    await next.steps.sweepCards();
    expect(net.actors.get("argent")?.updates).toHaveLength(1);
  });

  it("a miss applies itself once its defence is in, writing nothing to the actors", async () => {
    net.faces.attack = 1;
    breeAnswers({ defend: false, skill: null });
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    await net.settle();
    const id = onlyCard();
    expect(net.card(id).stage).toBe("applied");
    expect(net.actors.get("argent")?.updates).toEqual([]);
  });
});

describe("the defence query on the owner's client", () => {
  /** A card awaiting Bree's defence, the GM's query to her still open: the card and the query's data. */
  async function asked(): Promise<{ id: string; data: Plain }> {
    const id = await cardAwaitingDefence();
    return { id, data: net.asked[0]?.data ?? {} };
  }

  it("shows the defender's choices with their odds and sends the one chosen, which the GM rolls as the owner's", async () => {
    bree.answersQueries();
    bree.choices = ["skill:aerobatics"];
    await ash.steps.request(ATTACK_REQUEST_KINDS.declare, declare());
    await net.settle();
    const id = onlyCard();
    expect(bree.dialogs).toHaveLength(1);
    const prompt = bree.dialogs[0];
    expect(prompt?.title).toBe(english("AOD.Attack.Prompt.title", { target: "Argent Dragon" }));
    expect(prompt?.body).toContain("Sable Dragon");
    expect(prompt?.buttons.map((b) => b.action)).toEqual(["skill:toothAndClaw", "skill:aerobatics", "none"]);
    expect(prompt?.buttons.map((b) => b.default)).toEqual([true, false, false]);
    expect(prompt?.buttons[2]?.label).toBe(english("AOD.Attack.Button.noDefence"));
    for (const b of prompt?.buttons ?? []) expect(b.label).not.toMatch(/MISSING|\{/);
    expect(prompt?.buttons[0]?.label).toMatch(/%/);
    const defence = net.card(id).targets[0]?.defence;
    expect(defence?.by).toBe("owner");
    expect(defence?.check?.skill).toBe("aerobatics");
  });

  it("answers the GM's query with the choice, no defence, or nothing when the prompt is closed", async () => {
    const { id, data } = await asked();
    bree.choices = ["none", null, "skill:aerobatics"];
    expect(await bree.steps.answerQuery(data)).toEqual({ cardId: id, targetId: "argent", defend: false, skill: null });
    expect(await bree.steps.answerQuery(data)).toBeNull();
    expect(await bree.steps.answerQuery(data)).toEqual({ cardId: id, targetId: "argent", defend: true, skill: "aerobatics" });
  });

  it("ignores a query another user sent: a wrong token, or none; after one look more in case the prompt was late", async () => {
    const { data } = await asked();
    bree.choices = ["none", "none"];
    expect(await bree.steps.answerQuery({ ...data, token: "0".repeat(32) })).toBeNull();
    expect(bree.waits).toEqual([1000]);
    expect(await bree.steps.answerQuery({ cardId: data.cardId, targetId: data.targetId })).toBeNull();
    expect(bree.dialogs).toEqual([]);
  });

  it("answers a query that overtook the card's prompt once the prompt arrives", async () => {
    const { id, data } = await asked();
    const prompt = net.source(id).prompts.argent;
    const message = net.messages.get(id);
    if (!message || !prompt) throw new Error("no card");
    (message.system as { prompts: Plain }).prompts = {};
    bree.whileWaiting = () => {
      (message.system as { prompts: Plain }).prompts = { argent: prompt };
    };
    bree.choices = ["none"];
    expect(await bree.steps.answerQuery(data)).toMatchObject({ cardId: id, defend: false });
    expect(bree.waits).toEqual([1000]);
  });

  it("ignores the GM's own query once it no longer counts: timed out, answered, not a GM's card, or a defender no longer hers", async () => {
    const { id, data } = await asked();
    bree.choices = ["none", "none", "none", "none"];
    const message = net.messages.get(id);
    if (!message) throw new Error("no card");
    const system = structuredClone(message.system);
    // Not hers any more.
    net.actors.get("argent")?.owners.splice(0);
    expect(await bree.steps.answerQuery(data)).toBeNull();
    net.actors.get("argent")?.owners.push("bree");
    // The same card, authored by a player.
    message.author = "ash";
    expect(await bree.steps.answerQuery(data)).toBeNull();
    message.author = "gm";
    // The time ran out.
    (message.system as { prompts: Record<string, Plain> }).prompts.argent = { ...net.source(id).prompts.argent, timedOut: true };
    expect(await bree.steps.answerQuery(data)).toBeNull();
    // Answered by the GM meanwhile.
    message.system = system;
    await gm.steps.request(ATTACK_REQUEST_KINDS.defend, { cardId: id, targetId: "argent", defend: false, skill: null });
    expect(await bree.steps.answerQuery(data)).toBeNull();
    expect(bree.dialogs).toEqual([]);
  });
});
