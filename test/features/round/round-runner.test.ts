// The GM's side of the round (src/features/round/round-runner.ts, the logic behind round-driver.ts) on a plain
// combat, chat log and dice (round-world.ts): the initiative a round needs and its cards, the combat events drawn
// from the table the setting names, the round's one combat update, the End Phase's and the surprise's documents
// (the claims, the records, the undo), and the End Phase undo request. The ops themselves (end-phase-op.ts,
// surprise-op.ts) are driven through interleavings in test/core/writes; here they run on these documents.
import { describe, expect, it } from "vitest";
import { SYSTEM_ID } from "../../../src/constants/system-id";
import { REQUEST_REASONS } from "../../../src/core/requests/registry";
import { claimId } from "../../../src/core/writes/op-record";
import { WriteQueue, combatKey } from "../../../src/core/writes/write-queue";
import type { OpContext } from "../../../src/core/writes/write-queue";
import type { EndPhaseCardData } from "../../../src/core/cards/combat-card-context";
import { carryOutNext, endPhaseDue } from "../../../src/data/combat/round";
import { SURPRISE_MOMENT_REASONS } from "../../../src/data/combat/surprise-round";
import { ruleOnWalk } from "../../../src/documents/combat-walk";
import { END_RECORD_FLAG, UNDO_TOO_LATE, endPhaseOp, undoEndPhaseOp } from "../../../src/features/round/end-phase-op";
import { SURPRISE_RECORD_FLAG, finishSurprise, surpriseOp } from "../../../src/features/round/surprise-op";
import {
  CARD_OP_FLAG,
  GM_ONLY,
  beginRoundWith,
  endPhaseDocuments,
  parseUndoEnd,
  recordUpdates,
  showsUndo,
  surpriseDocuments,
  undoEndRequestKind,
} from "../../../src/features/round/round-runner";
import type { RoundIO, TableDraw, UndoCardFacts } from "../../../src/features/round/round-runner";
import { entry } from "../../data/combat/fixtures";
import { copyJSON } from "../../data/combat/foundry-update";
import { RoundWorld } from "./round-world";

const op = (id: string): OpContext => ({ id, key: combatKey("c1") });
const gm = { id: "gm", name: "GM", isGM: true };
const player = { id: "p1", name: "P1", isGM: false };

/** The world's RoundIO with some calls replaced. */
function withIO(w: RoundWorld, overrides: Partial<RoundIO>): RoundIO {
  return {
    combat: w.combat,
    dice: (kind) => w.dice(kind),
    rollData: (roll) => w.rollData(roll),
    post: (card) => w.post(card),
    cards: (kind, flag) => w.cards(kind, flag),
    messageExists: (id) => w.messageExists(id),
    updateMessage: (id, update) => w.updateMessage(id, update),
    markUndone: (id) => w.markUndone(id),
    eventsTable: () => w.eventsTable(),
    settings: () => w.settings(),
    localize: (key) => w.localize(key),
    warn: (key) => {
      w.warn(key);
    },
    ...overrides,
  };
}

/** Three combatants of the Pneuma modes: b and c tie on Pneuma 3; a power sets c's tie TN to 4. */
function pneumaWorld(mode: "descending" | "reverseDeclaration" | "secretDeclaration", faces: number[]): RoundWorld {
  return new RoundWorld([entry("a", { pneuma: 4 }), entry("b", { pneuma: 3 }), entry("c", { pneuma: 3 }, { tieTN: 4 })], mode, faces);
}

/** Two flyers on two sides and a dead third side. */
function sideWorld(faces: number[]): RoundWorld {
  return new RoundWorld(
    [entry("a", {}, { side: "Red" }), entry("b", {}, { side: "Blue" }), entry("c", { life: { max: 4, wounds: 5 } }, { side: "Green" })],
    "sideD10",
    faces,
  );
}

/** A GM's own events table whose draws come from a script; `draws` counts them. */
function ownTable(draws: TableDraw[]): { name: string; draw(): Promise<TableDraw>; drawn: number } {
  const table = {
    name: "Storm Table",
    drawn: 0,
    draw: () => {
      table.drawn += 1;
      const next = draws.shift();
      return next ? Promise.resolve(next) : Promise.reject(new Error("no draw scripted"));
    },
  };
  return table;
}

describe("beginning a round", () => {
  it("rolls the Pneuma order as Rolls of the pipeline, shows it on one initiative card, then writes the round in one update", async () => {
    // b's tie check [6, 6, 1] at TN 6 is 2 successes, c's [4, 1, 1] at its own TN 4 is 1: b acts before c.
    const w = pneumaWorld("descending", [6, 6, 1, 4, 1, 1]);
    await beginRoundWith(w, 1);
    expect(w.rolled).toEqual(["initiative", "initiative"]);
    expect(w.facesLeft).toEqual([]);
    expect(w.log).toEqual(["post:initiative", "combat"]);
    const [card] = w.posted("initiative");
    expect(card?.data).toEqual({
      mode: "descending",
      round: 1,
      tieTN: 6,
      order: [
        { id: "a", name: "Name a", pneuma: 4 },
        { id: "b", name: "Name b", pneuma: 3 },
        { id: "c", name: "Name c", pneuma: 3 },
      ],
      checks: [
        { id: "b", dice: [6, 6, 1], successes: 2, tn: 6 },
        { id: "c", dice: [4, 1, 1], successes: 1, tn: 4 },
      ],
      sides: [],
      events: 0,
    });
    expect(card?.rolls).toHaveLength(2);
    // A plain card: no claim id, no operation flag.
    expect(card?.id).toBe("msg1");
    expect(card?.flags).toEqual({ [SYSTEM_ID]: {} });
    expect(w.combatUpdates).toHaveLength(1);
    expect(w.combatUpdates[0]).toMatchObject({ round: 1, turn: 0, "system.initiative.messageId": "msg1", "system.==declarations": {} });
    expect(w.stored.initiative.order).toEqual(["a", "b", "c"]);
    expect(w.stored.cursor).toEqual({ round: 1, index: 0 });
  });

  it("keeps a Pneuma order that still holds: no dice, no card, the next round's update leaves the order and its card", async () => {
    const w = pneumaWorld("descending", [6, 6, 1, 4, 1, 1]);
    await beginRoundWith(w, 1);
    await beginRoundWith(w, 2);
    expect(w.rolled).toHaveLength(2);
    expect(w.posted("initiative")).toHaveLength(1);
    expect(w.combatUpdates).toHaveLength(2);
    const second = w.combatUpdates[1] ?? {};
    expect(second).toMatchObject({ round: 2 });
    expect(Object.keys(second).filter((k) => k.startsWith("system.initiative"))).toEqual([]);
    expect(w.stored.initiative).toMatchObject({ order: ["a", "b", "c"], messageId: "msg1" });
  });

  it("secret declaration rolls no initiative and posts no card; the round begins in one update, the public declarations cleared", async () => {
    const w = pneumaWorld("secretDeclaration", []);
    w.set({ "system.declarations.a": { phase: "battle", text: "old", target: "", action: "", aborted: "", choice: "", sealed: true, resolved: false } });
    await beginRoundWith(w, 1);
    expect(w.rolled).toEqual([]);
    expect(w.messages.size).toBe(0);
    expect(w.log).toEqual(["combat"]);
    expect(w.stored.declarations).toEqual({});
    expect(w.doc.round).toBe(1);
  });

  it("side d10: each living side's d10 in order, ties re-rolled, on the card; the forced re-roll's event from the system's table is applied before the round's update", async () => {
    // Red 5, Blue 5: tied, both re-roll (one combat event), Red 7, Blue 3. The event: d20 7 (Downdraught) on one of
    // the two flyers at mid altitude, picked by a d6: 5 is the second, b, who drops to low.
    const w = sideWorld([5, 5, 7, 3, 7, 5]);
    await beginRoundWith(w, 1);
    expect(w.rolled).toEqual(["sideD10", "sideD10", "sideD10", "sideD10", "event", "event"]);
    expect(w.facesLeft).toEqual([]);
    expect(w.log).toEqual(["post:initiative", "combat", "post:event", "combat"]);
    const [initiative] = w.posted("initiative");
    // Green's only member is dead: Green rolls no d10.
    expect(initiative?.data).toEqual({
      mode: "sideD10",
      round: 1,
      tieTN: 6,
      order: [],
      checks: [],
      sides: [
        { side: "Red", history: [5, 7], shift: 0 },
        { side: "Blue", history: [5, 3], shift: 0 },
      ],
      events: 1,
      skipped: 0,
      cap: 0,
    });
    expect(initiative?.rolls).toHaveLength(4);
    const [event] = w.posted("event");
    expect(event?.data).toEqual({
      round: 1,
      table: "<AOD.CombatEvents.Title>",
      events: [{ roll: 7, event: "downdraught", key: "AOD.CombatEvents.Downdraught.Effect", text: "", combatant: "b", affected: ["b"] }],
      names: { b: "Name b" },
    });
    expect(event?.rolls).toHaveLength(2);
    // The round's update was worked out after the event: it keeps b's new altitude.
    expect(w.stored.skirmish.combatants.b?.altitude).toBe("low");
    expect(w.stored.initiative.sides).toEqual({ order: ["Red", "Blue"], rolls: { Red: 7, Blue: 3 }, phaseShift: { Red: 0, Blue: 0 }, events: 1 });
    expect(w.stored.initiative.messageId).toBe("msg1");
  });

  it("draws from the GM's own table when the setting names one: its results and Rolls on the card, nothing applied", async () => {
    const w = sideWorld([5, 5, 7, 3]);
    const hail = { roll: { faces: [12] }, total: 12, results: [{ name: "Hail", description: "<p>Hail falls</p>" }, { name: "Lightning", description: "" }] };
    const table = ownTable([hail]);
    w.table = table;
    await beginRoundWith(w, 1);
    expect(table.drawn).toBe(1);
    expect(w.rolled).not.toContain("event");
    expect(w.log).toEqual(["post:initiative", "post:event", "combat"]);
    const [event] = w.posted("event");
    expect(event?.data).toEqual({
      round: 1,
      table: "Storm Table",
      events: [{ roll: 12, event: "custom", key: "", text: "<p>Hail falls</p> Lightning", name: "Hail", combatant: null, affected: [] }],
      names: {},
    });
    expect(event?.rolls).toEqual([{ faces: [12] }]);
  });

  it("draws at most the world's cap of events a round, and the initiative card says how many it skipped", async () => {
    // Tied twice (5-5, 6-6): two forced re-rolls, two events; the cap lets one be drawn.
    const w = sideWorld([5, 5, 6, 6, 7, 3]);
    w.settingValues.combatEventsCap = 1;
    const table = ownTable([{ roll: {}, total: 3, results: [{ name: "Gale", description: "" }] }, { roll: {}, total: 4, results: [] }]);
    w.table = table;
    await beginRoundWith(w, 1);
    expect(table.drawn).toBe(1);
    expect(w.posted("initiative")[0]?.data).toMatchObject({ events: 2, skipped: 1, cap: 1 });
    expect((w.posted("event")[0]?.data as { events: unknown[] }).events).toHaveLength(1);
    expect(w.stored.initiative.sides?.events).toBe(2);
  });

  it("draws no event and posts no event card when no re-roll was forced", async () => {
    const w = sideWorld([9, 2]);
    await beginRoundWith(w, 1);
    expect(w.posted("event")).toEqual([]);
    expect(w.posted("initiative")[0]?.data).toMatchObject({ events: 0, skipped: 0 });
  });

  it("writes the caller's extra in the same one update", async () => {
    const w = pneumaWorld("secretDeclaration", []);
    await beginRoundWith(w, 1, { "system.skirmish.surface": "water" });
    expect(w.combatUpdates).toHaveLength(1);
    expect(w.stored.skirmish.surface).toBe("water");
  });

  it("begins a round once when 'next round' is pressed twice: the second walk finds the round moved on", async () => {
    // Round 1 rolls 7 and 3; round 2, 8 and 2. No one falls, so the End Phase rolls nothing.
    const w = new RoundWorld([entry("a", {}, { side: "Red" }), entry("b", {}, { side: "Blue" })], "sideD10", [7, 3, 8, 2]);
    await beginRoundWith(w, 1);
    const queue = new WriteQueue();
    const point = () => ({ round: w.doc.round, index: w.stored.cursor.index, end: Math.max(0, w.stored.endPhase.round) });
    // The combat document's walk (documents/combat.ts `walk` and `#nextRound`) on these documents.
    const walk = (at: ReturnType<typeof point>) =>
      queue.run(combatKey("c1"), async (current) => {
        if (!ruleOnWalk({ combatId: "c1", action: "nextRound", at }, point(), gm).ok) return;
        await carryOutNext({ kind: "nextRound", endPhaseFirst: endPhaseDue(w.stored, w.doc.round) }, w.doc.round, {
          resolveEnd: async () => {
            await endPhaseOp(endPhaseDocuments(w), current);
          },
          beginRound: (round) => beginRoundWith(w, round),
          moveTo: () => Promise.resolve(),
        });
      });
    const at = point();
    await Promise.all([walk(at), walk(at)]);
    expect(w.doc.round).toBe(2);
    expect(w.posted("initiative")).toHaveLength(2);
    expect(w.posted("endPhase")).toHaveLength(1);
    expect(w.stored.endPhase.round).toBe(1);
    expect(w.facesLeft).toEqual([]);
  });
});

/** A flyer at low altitude that chose to fall, and a grounded one: the End Phase crashes the flyer. */
function fallWorld(faces: number[]): RoundWorld {
  const w = new RoundWorld([entry("a", {}, { side: "Red" }), entry("b", { canFly: false }, { side: "Blue" })], "descending", faces);
  w.set({ round: 1, "system.skirmish.combatants.a.altitude": "low", "system.skirmish.combatants.a.choseToFall": true, "system.skirmish.combatants.a.moved": true });
  return w;
}

/** The crash's dice: 5 dice at TN 5, three successes: 2 damage after armour 1. */
const CRASH = [3, 1, 6, 6, 6];

describe("the End Phase's documents", () => {
  it("resolves the round's End Phase on one card under the round's claim id, its Rolls stored on it, then one combat update, the actor, the card marked done", async () => {
    const w = fallWorld([...CRASH]);
    expect(await endPhaseOp(endPhaseDocuments(w), op("op1"))).toBe(true);
    const id = claimId("c1", "1", "0");
    expect(w.log).toEqual(["post:endPhase", "combat", "actor:a", `message:${id}`]);
    expect(w.rolled).toEqual(["endPhase"]);
    const card = w.messages.get(id);
    expect(card?.rolls).toEqual([{ faces: CRASH }]);
    expect(card?.flags[SYSTEM_ID]).toMatchObject({ [CARD_OP_FLAG]: id, [END_RECORD_FLAG]: { op: "op1", round: 1, done: true } });
    expect(w.stored.endPhase).toEqual({ round: 1, messageId: id });
    expect(w.stored.skirmish.combatants.a).toMatchObject({ altitude: "grounded", choseToFall: false, moved: false });
    expect(w.actors.get("a")?.system.life.wounds).toBe(2);
  });

  it("a second GM's End Phase of the same round is refused by the server: one card, the crash written once", async () => {
    const w = fallWorld([...CRASH, ...CRASH]);
    const docs = endPhaseDocuments(w);
    // The second GM rolls first; while its dice roll, the first GM resolves the whole End Phase.
    const late = { ...docs, roll: async (state: Parameters<typeof docs.roll>[0]) => {
      const rolled = await docs.roll(state);
      await endPhaseOp(endPhaseDocuments(w), op("first"));
      return rolled;
    } };
    expect(await endPhaseOp(late, op("second"))).toBe(false);
    expect(w.log.filter((l) => l.startsWith("post:") || l.startsWith("refused:"))).toEqual(["post:endPhase", "refused:endPhase"]);
    expect(w.posted("endPhase")).toHaveLength(1);
    expect(w.actors.get("a")?.system.life.wounds).toBe(2);
    expect(w.combatUpdates.filter((u) => "system.endPhase.round" in u)).toHaveLength(1);
  });

  it("a card the server refuses for another reason is an error, not a lost claim", async () => {
    const w = fallWorld([...CRASH]);
    const io = withIO(w, { post: () => Promise.reject(new Error("server down")) });
    await expect(endPhaseOp(endPhaseDocuments(io), op("op1"))).rejects.toThrow("server down");
    expect(w.combatUpdates).toEqual([]);
    expect(w.actors.get("a")?.system.life.wounds).toBe(0);
  });

  it("the undo restores exactly what the card recorded (the skirmish, the wounds), marks the card undone and opens the round again; the next End Phase gets a new card", async () => {
    const w = fallWorld([...CRASH, ...CRASH]);
    const skirmish = copyJSON(w.stored.skirmish);
    await endPhaseOp(endPhaseDocuments(w), op("op1"));
    const first = claimId("c1", "1", "0");
    const data = w.messages.get(first)?.data as unknown as EndPhaseCardData;
    expect(data.undo).toEqual({ skirmish, wounds: { a: 0, b: 0 } });
    expect(await undoEndPhaseOp(endPhaseDocuments(w), first, data, op("undo1"))).toBeNull();
    expect(w.stored.skirmish).toEqual(skirmish);
    expect(w.actors.get("a")?.system.life.wounds).toBe(0);
    expect(w.messages.get(first)?.undone).toBe(true);
    expect(w.stored.endPhase).toEqual({ round: 0, messageId: "" });
    expect((w.doc.flags[SYSTEM_ID] as Record<string, unknown>).endPhasePending).toBeUndefined();
    // Resolved again: a card of its own, and the crash lands again once.
    expect(await endPhaseOp(endPhaseDocuments(w), op("op2"))).toBe(true);
    const second = claimId("c1", "1", "1");
    expect(second).not.toBe(first);
    expect(w.posted("endPhase").map((m) => m.id)).toEqual([first, second]);
    expect(w.actors.get("a")?.system.life.wounds).toBe(2);
    // The first card's undo is stale now: refused, nothing written.
    const writes = w.log.length;
    expect(await undoEndPhaseOp(endPhaseDocuments(w), first, data, op("undo2"))).toBe(UNDO_TOO_LATE);
    expect(w.log).toHaveLength(writes);
  });

  it("the undo takes back a later change of the recorded combatants too: the state is the card's, not the End Phase's reverse", async () => {
    const w = fallWorld([...CRASH]);
    const skirmish = copyJSON(w.stored.skirmish);
    await endPhaseOp(endPhaseDocuments(w), op("op1"));
    const id = claimId("c1", "1", "0");
    // A GM's later change in the same round (an Apply on an attack card, say): a's wounds rise to 5.
    const actor = w.actors.get("a");
    if (actor) actor.system.life.wounds = 5;
    const data = w.messages.get(id)?.data as unknown as EndPhaseCardData;
    expect(await undoEndPhaseOp(endPhaseDocuments(w), id, data, op("undo"))).toBeNull();
    expect(w.stored.skirmish).toEqual(skirmish);
    expect(w.actors.get("a")?.system.life.wounds).toBe(0);
  });
});

describe("the End Phase undo: only a GM, only the combat's GM-authored End Phase card", () => {
  const data = { round: 1, surface: "normal", falls: [], log: [], undo: { skirmish: {}, wounds: {} } } as unknown as EndPhaseCardData;
  const card = (values: Partial<UndoCardFacts> = {}): UndoCardFacts => ({ card: "endPhase", combatId: "c1", authoredByGM: true, data, ...values });
  const kind = (found: ReturnType<Parameters<typeof undoEndRequestKind<string>>[0]["find"]>, undone: string[] = []) =>
    undoEndRequestKind<string>({
      find: () => found,
      undo: (combat, messageId, _data, current) => {
        undone.push(`${combat}:${messageId}:${current.id}`);
        return Promise.resolve(null);
      },
    });
  const payload = { combatId: "c1", messageId: "m1" };

  it("shows the button to a GM while the card is not undone, and to no player", () => {
    expect(showsUndo(gm, { undone: false })).toBe(true);
    expect(showsUndo(gm, { undone: true })).toBe(false);
    expect(showsUndo(player, { undone: false })).toBe(false);
  });

  it("refuses hostile payloads, naming the field", () => {
    expect(parseUndoEnd(payload)).toEqual(payload);
    expect(parseUndoEnd({ messageId: "m1" })).toEqual({ refused: REQUEST_REASONS.BadPayload, data: { field: "combatId" } });
    expect(parseUndoEnd({ combatId: "c1", messageId: { $ne: "" } })).toEqual({ refused: REQUEST_REASONS.BadPayload, data: { field: "messageId" } });
  });

  it("treats a card that is not this combat's GM-authored End Phase card as gone", () => {
    const gone = { refused: REQUEST_REASONS.Gone };
    expect(kind(null).gather(payload, gm)).toEqual(gone);
    expect(kind({ combat: "C", combatId: "c1", card: null }).gather(payload, gm)).toEqual(gone);
    expect(kind({ combat: "C", combatId: "c1", card: card({ authoredByGM: false }) }).gather(payload, gm)).toEqual(gone);
    expect(kind({ combat: "C", combatId: "c1", card: card({ card: "initiative" }) }).gather(payload, gm)).toEqual(gone);
    expect(kind({ combat: "C", combatId: "c1", card: card({ combatId: "c2" }) }).gather(payload, gm)).toEqual(gone);
    expect(kind({ combat: "C", combatId: "c1", card: card() }).gather(payload, gm)).toEqual({ combat: "C", data });
  });

  it("refuses a player with the localised reason and undoes nothing; a GM's undo runs within the request's operation", async () => {
    const undone: string[] = [];
    const k = kind({ combat: "C", combatId: "c1", card: card() }, undone);
    const facts = { combat: "C", data };
    expect(k.validate(payload, facts, player)).toEqual({ ok: false, reason: GM_ONLY });
    expect(GM_ONLY).toBe("AOD.Combat.Errors.GMOnly");
    expect(undone).toEqual([]);
    expect(k.validate(payload, facts, gm)).toEqual({ ok: true });
    expect(await k.apply(payload, facts, gm, op("req1"))).toEqual({ ok: true });
    expect(undone).toEqual(["C:m1:req1"]);
  });

  it("passes the undo's refusal back as the request's", async () => {
    const k = undoEndRequestKind<string>({ find: () => null, undo: () => Promise.resolve(UNDO_TOO_LATE) });
    expect(await k.apply(payload, { combat: "C", data }, gm, op("req1"))).toEqual({ ok: false, reason: UNDO_TOO_LATE });
  });
});

/** Two sides, Red and Blue: in the surprise below Blue is caught unaware. */
function surpriseWorld(faces: number[]): RoundWorld {
  return new RoundWorld([entry("a", {}, { side: "Red" }), entry("b", {}, { side: "Blue" })], "descending", faces);
}

describe("the surprise step's documents", () => {
  it("rolls the surprise as Rolls of the pipeline, posts its card under the combat's claim with the effects' record, writes them once, marks the card done", async () => {
    const w = surpriseWorld([1]);
    expect(await surpriseOp(surpriseDocuments(w, { kind: "surprise", unaware: ["Blue"] }), "op1")).toBeNull();
    expect(w.rolled).toEqual(["surprise"]);
    const id = claimId("c1", "surprise");
    const card = w.messages.get(id);
    expect(card?.card).toBe("surprise");
    expect(card?.rolls).toHaveLength(1);
    expect(card?.data).toMatchObject({ kind: "surprise", costsRoundOne: true, rolls: [{ side: "Blue", roll: 1 }] });
    const record = (card?.flags[SYSTEM_ID] as Record<string, unknown>)[SURPRISE_RECORD_FLAG] as { op: string; done: boolean; updates: string };
    expect(record).toMatchObject({ op: "op1", done: true });
    expect(recordUpdates(record.updates).combat).toEqual({ "system.skirmish.combatants.b.roundEffects": expect.any(Array) as unknown });
    expect(w.stored.skirmish.combatants.b?.roundEffects.length).toBeGreaterThan(0);
    expect(w.log).toEqual(["post:surprise", "combat", `message:${id}`]);
    // Once: the finishing pass finds the record done and writes nothing more.
    expect(await finishSurprise(surpriseDocuments(w, null))).toBe(false);
    expect(w.log).toHaveLength(3);
  });

  it("a second roll is refused: the card is there, nothing rolled or written again", async () => {
    const w = surpriseWorld([1]);
    await surpriseOp(surpriseDocuments(w, { kind: "surprise", unaware: ["Blue"] }), "op1");
    const writes = w.log.length;
    expect(await surpriseOp(surpriseDocuments(w, { kind: "surprise", unaware: ["Blue"] }), "op2")).toBe(SURPRISE_MOMENT_REASONS.Rolled);
    expect(w.log).toHaveLength(writes);
    expect(w.rolled).toEqual(["surprise"]);
  });

  it("two GMs pressing Roll at once: the second's card is refused by the server, and it rolls nothing more", async () => {
    const w = surpriseWorld([1, 1]);
    const docs = surpriseDocuments(w, { kind: "surprise", unaware: ["Blue"] });
    // Both asked before either card was there.
    const id = docs.cardId();
    expect(await docs.claim(id, "first")).toBe(true);
    expect(await docs.claim(id, "second")).toBe(false);
    expect(w.posted("surprise")).toHaveLength(1);
    expect(w.log).toContain("refused:surprise");
  });

  it("reads the world's settings: a surprise that does not cost round one, and the Stealthy modifier", async () => {
    const w = surpriseWorld([1]);
    w.settingValues.surpriseCostsRoundOne = false;
    await surpriseOp(surpriseDocuments(w, { kind: "surprise", unaware: ["Blue"] }), "op1");
    expect(w.posted("surprise")[0]?.data).toMatchObject({ costsRoundOne: false });
  });

  it("with no side left to be caught unaware: a localised warning, no card, nothing written", async () => {
    const w = surpriseWorld([]);
    expect(await surpriseOp(surpriseDocuments(w, { kind: "surprise", unaware: ["Green"] }), "op1")).toBeNull();
    expect(w.warnings).toEqual(["AOD.Combat.Errors.NoUnawareSide"]);
    expect(w.messages.size).toBe(0);
    expect(w.log).toEqual([]);
  });

  it("finishing only (no choice) never rolls; a record a reload left is written once", async () => {
    const w = surpriseWorld([1]);
    const docs = surpriseDocuments(w, { kind: "surprise", unaware: ["Blue"] });
    expect(await surpriseDocuments(w, null).claim(docs.cardId(), "op0")).toBe(false);
    expect(w.rolled).toEqual([]);
    // The card went up; the reload came before its effects.
    await docs.claim(docs.cardId(), "op1");
    expect(await finishSurprise(surpriseDocuments(w, null))).toBe(true);
    expect(await finishSurprise(surpriseDocuments(w, null))).toBe(false);
    expect(w.combatUpdates).toHaveLength(1);
  });

  it("reads a record's updates, and none from an unreadable one", () => {
    expect(recordUpdates("{")).toEqual({ combat: {}, actors: {}, items: {}, statuses: {} });
    expect(recordUpdates(JSON.stringify({ actors: { a: { "system.life.wounds": 1 } } }))).toEqual({
      combat: {},
      actors: { a: { "system.life.wounds": 1 } },
      items: {},
      statuses: {},
    });
  });
});
