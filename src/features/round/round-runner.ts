/**
 * The GM's side of the round, with every Foundry call behind a small injected interface (docs/COMBAT.md "The round");
 * round-driver.ts is the Foundry side and hands this the combat document, the engine's dice (RollingDice, through
 * the roll pipeline), the settings, the combat events table and the chat cards (posted through core's postCard).
 * Here: the initiative a round needs (the Pneuma order kept while it holds, else rolled on a card; the sides' d10
 * each side-d10 round, with the combat events its re-rolls force, at most the world's cap), the round's one combat
 * update, and the documents the End Phase (end-phase-op.ts) and the surprise step (surprise-op.ts) work on. Every
 * rule is the engine's. Pure: no Foundry, DOM or browser globals.
 */
import { eventsToDraw } from "../../core/settings/settings-table";
import { rollSurprise, surpriseSides } from "../../data/combat/surprise-round";
import type { SurpriseChoice } from "../../data/combat/surprise-round";
import type { CombatantEntry } from "../../data/combat/combat-snapshot";
import { eventSnapshot, skirmishState } from "../../data/combat/combat-snapshot";
import { livingSides, pneumaDecision, revertChanges, roundStart } from "../../data/combat/round";
import type { InitiativeDecision } from "../../data/combat/round";
import type { CombatSystemSource } from "../../data/combat/stored";
import type { DocumentUpdates, EngineChange } from "../../data/combat/updates";
import { resolveCombatEvent } from "../../rules/combat-events";
import { PNEUMA_TIE_TN, sideInitiative } from "../../rules/initiative";
import { resolveEndPhase } from "../../rules/procedures/end-phase";
import type { DiceSource } from "../../rules/types";
import type { SkirmishState } from "../../rules/state";
import type { EndPhaseCardData, EventCardData, EventCardEntry, InitiativeCardData } from "../../core/cards/combat-card-context";
import { tieChecksWithTN } from "../../core/cards/combat-card-context";
import { SYSTEM_ID } from "../../constants/system-id";
import { claimId } from "../../core/writes/op-record";
import type { CombatTargets } from "../../core/writes/write-once";
import type { OpContext } from "../../core/writes/write-queue";
import { REQUEST_REASONS, badPayload, payloadId } from "../../core/requests/registry";
import type { Refusal, RequestKind } from "../../core/requests/registry";
import { END_RECORD_FLAG } from "./end-phase-op";
import type { EndPhaseIO } from "./end-phase-op";
import { SURPRISE_RECORD_FLAG } from "./surprise-op";
import type { SurpriseIO, SurpriseRecord } from "./surprise-op";

/** The flag (under the system's scope) naming the operation that posted a card. */
export const CARD_OP_FLAG = "op";

/** The engine's dice of each kind the round rolls (core/rolls/roll-config.ts ROLL_KINDS). */
export type RoundRollKind = "initiative" | "sideD10" | "event" | "endPhase" | "surprise";

/** The round's card kinds (data/message/combat-card-model.ts COMBAT_CARDS). */
export type RoundCardKind = "initiative" | "event" | "endPhase" | "surprise";

/** The engine's dice of one kind: each roll a real Roll through the roll pipeline (RollingDice), kept for the card. */
export interface RoundDice extends DiceSource {
  readonly rolls: readonly unknown[];
}

/** One draw from a GM's own combat events table (`RollTable#draw`): its Roll, its total and the results drawn. */
export interface TableDraw {
  roll: unknown;
  total: number;
  results: readonly { name: string; description: string }[];
}

/** A combat events table the GM picked in the settings (a RollTable document). */
export interface EventsTableDoc {
  readonly name: string;
  draw(): Promise<TableDraw>;
}

/** A GM-authored combat card of this combat, as the round reads it. */
export interface RoundCard {
  id: string;
  round: number;
  undone: boolean;
  /** The record flag the caller asked for (`flags.<system>.<flag>`), as stored. */
  record: unknown;
}

/** The combat as the round reads and writes it: every property read from the document when asked. */
export interface RoundCombat {
  readonly id: string;
  readonly round: number;
  readonly stored: CombatSystemSource;
  readonly entries: readonly CombatantEntry[];
  readonly skirmish: SkirmishState;
  /** The End Phase undo's record (`flags.<system>.endPhasePending`), as stored. */
  pending(): unknown;
  /** The document updates of engine changes against the combat now (nothing written). */
  engineUpdates(changes: readonly EngineChange[]): DocumentUpdates;
  /** Writes engine changes (`combat.applyEngineChanges`). */
  applyEngineChanges(changes: readonly EngineChange[]): Promise<unknown>;
  /** One update of the combat, moving forward (`{ direction: 1 }`, as core's own turn and round updates do). */
  update(data: Record<string, unknown>): Promise<unknown>;
  /** The combat and its actors as the write-once helpers write them (documents/combat-writer.ts `combatTargets`). */
  targets(): CombatTargets;
  /** Writes document updates exactly once as operation `opId` (documents/combat-writer.ts `writeUpdates`). */
  writeUpdates(updates: DocumentUpdates, opId: string): Promise<void>;
  /** Why the surprise may not be rolled now, or null (`combat.surpriseRefusal`). */
  surpriseRefusal(): string | null;
}

/** What a card is posted with: its kind, data and rolls, and for an operation's card its id and flags. */
export interface RoundPost {
  card: RoundCardKind;
  data: object;
  rolls: readonly unknown[];
  /** The id the card is created with (core's `keepId`); "" for a card with an id of its own. */
  id: string;
  /** Flags under the system's scope. */
  flags: Record<string, unknown>;
}

/** The Foundry calls the round makes. */
export interface RoundIO {
  readonly combat: RoundCombat;
  /** The engine's dice of a kind (RollingDice). */
  dice(kind: RoundRollKind): RoundDice;
  /** A roll as a card stores it (`Roll#toJSON`). */
  rollData(roll: unknown): unknown;
  /** Posts a combat card through core's postCard; its id. Rejects when the server refuses the id (a claim lost). */
  post(card: RoundPost): Promise<string>;
  /** This combat's GM-authored cards of a kind, with the record flag `flag`. */
  cards(kind: "endPhase" | "surprise", flag: string): RoundCard[];
  /** Whether a message with the id exists. */
  messageExists(id: string): boolean;
  /** One update of a message (nothing when it is gone). */
  updateMessage(id: string, update: Record<string, unknown>): Promise<void>;
  /** Marks an End Phase card undone: its stored mark, and the text drawn from it (nothing when it is gone). */
  markUndone(id: string): Promise<void>;
  /** The GM's own combat events table, or null for the system's (the `combatEventsTable` setting). */
  eventsTable(): Promise<EventsTableDoc | null>;
  /** The settings the round reads, as stored (checked where they are used). */
  settings(): { combatEventsCap: unknown; surpriseCostsRoundOne: boolean; stealthyModifier: number };
  /** Localizes an en.json key. */
  localize(key: string): string;
  /** Shows a localised warning. */
  warn(key: string): void;
}

/** What the event card stores: its data and the names of those affected (absent on older cards). */
export type StoredEventCard = EventCardData & { names?: Record<string, string> };

/** The names of the combat's combatants by id. */
function names(combat: RoundCombat): Record<string, string> {
  return Object.fromEntries(combat.entries.map((e) => [e.id, e.name]));
}

/** A card with an id of its own. */
function plainCard(card: RoundCardKind, data: object, rolls: readonly unknown[]): RoundPost {
  return { card, data, rolls, id: "", flags: {} };
}

/** An operation's card: its id is the claim, and it names the operation (posting it twice is refused by the server). */
function claimCard(card: RoundCardKind, data: object, rolls: readonly unknown[], id: string, flags: Record<string, unknown>): RoundPost {
  return { card, data, rolls, id, flags: { [CARD_OP_FLAG]: id, ...flags } };
}

/** The stored initiative for a round in the Pneuma modes: kept while it holds, else rolled again on a card. */
async function pneumaInitiative(io: RoundIO, round: number): Promise<InitiativeDecision> {
  const { combat } = io;
  const dice = io.dice("initiative");
  const decision = await pneumaDecision(combat.stored.initiative, combat.skirmish, combat.entries, dice);
  if (decision.keep) return {};
  const { result } = decision;
  const byId = names(combat);
  // 000 "Initiative": a power's tie TN (flags.age-of-dragons.pneumaTieTN) is the TN its checks were rolled at.
  const tieTNs = new Map(combat.entries.map((e) => [e.id, e.tieTN]));
  const tie = tieChecksWithTN(result.checks, (id) => tieTNs.get(id));
  const data: InitiativeCardData = {
    mode: combat.stored.mode,
    round,
    tieTN: tie.tieTN,
    order: result.order.map((id) => ({ id, name: byId[id] ?? id, pneuma: result.pneuma[id] ?? 0 })),
    checks: tie.checks,
    sides: [],
    events: 0,
  };
  const messageId = await io.post(plainCard("initiative", data, dice.rolls));
  const checks = result.checks.map((c) => ({ id: c.id, dice: [...c.dice], successes: c.successes }));
  return { order: result.order, pneuma: result.pneuma, checks, messageId };
}

/**
 * 001 "Initiative": each side's d10, re-rolls on ties, one combat event per forced re-roll (at most the world's cap
 * per round; the initiative card says how many it skipped), on two cards.
 */
async function sideRound(io: RoundIO, round: number): Promise<InitiativeDecision> {
  const dice = io.dice("sideD10");
  const sides = livingSides(io.combat.skirmish);
  const result = await sideInitiative(sides, dice);
  const { draw, skipped, cap } = eventsToDraw(result.events, io.settings().combatEventsCap);
  const data: InitiativeCardData = {
    mode: "sideD10",
    round,
    tieTN: PNEUMA_TIE_TN,
    order: [],
    checks: [],
    sides: result.order.map((side) => ({ side, history: result.history[side] ?? [], shift: result.phaseShift[side] ?? 0 })),
    events: result.events,
    skipped,
    cap,
  };
  const messageId = await io.post(plainCard("initiative", data, dice.rolls));
  if (draw > 0) await drawEvents(io, round, draw);
  return {
    sides: { order: result.order, rolls: result.rolls, phaseShift: result.phaseShift, events: result.events },
    messageId,
  };
}

/**
 * Draws `count` combat events. From the system's own table the engine resolves each (its effects applied through
 * applyEngineChanges); from a table the GM chose in settings, its results are drawn and shown for the GM to apply.
 */
export async function drawEvents(io: RoundIO, round: number, count: number): Promise<void> {
  const { combat } = io;
  const custom = await io.eventsTable();
  const entries: EventCardEntry[] = [];
  const dice = io.dice("event");
  const rolls: unknown[] = [];
  let table = io.localize("AOD.CombatEvents.Title");
  if (custom === null) {
    for (let i = 0; i < count; i += 1) {
      const result = await resolveCombatEvent(eventSnapshot(combat.skirmish, combat.entries), dice);
      if (result.changes.length > 0) await combat.applyEngineChanges(result.changes);
      entries.push({ roll: result.roll, event: result.event, key: result.key, text: "", combatant: result.combatant, affected: result.affected });
    }
  } else {
    table = custom.name;
    for (let i = 0; i < count; i += 1) {
      const draw = await custom.draw();
      rolls.push(draw.roll);
      const text = draw.results.map((r) => r.description || r.name || "").join(" ");
      const name = draw.results.map((r) => (r.description ? r.name : "") || "").filter((n) => n !== "").join(", ");
      entries.push({ roll: draw.total, event: "custom", key: "", text, name, combatant: null, affected: [] });
    }
  }
  // The names of those affected travel with the card, so it reads the same once the combat is gone.
  const byId = names(combat);
  const affected = new Set(entries.flatMap((e) => e.affected));
  const data: StoredEventCard = { round, table, events: entries, names: Object.fromEntries([...affected].map((id) => [id, byId[id] ?? id])) };
  await io.post(plainCard("event", data, [...dice.rolls, ...rolls]));
}

/**
 * Starts a round: the initiative it needs (Pneuma order kept while it holds, a fresh side roll each d10 round),
 * the engine's plan, the cursor at its first step and the turn that step maps to; public declarations reset. The
 * round's cards come first, then ONE combat update carrying `extra` too.
 */
export async function beginRoundWith(io: RoundIO, round: number, extra: Record<string, unknown> = {}): Promise<void> {
  const mode = io.combat.stored.mode;
  const decided = mode === "sideD10" ? await sideRound(io, round) : mode === "secretDeclaration" ? {} : await pneumaInitiative(io, round);
  // Read the combat again after the cards: combat events may have moved or marked combatants.
  const { update } = roundStart(io.combat.stored, io.combat.entries, round, decided);
  await io.combat.update({ ...extra, ...update });
}

/** Posts an operation's card; false when the server refused it because a card with its id is there (another GM's claim). */
async function claimed(io: RoundIO, post: RoundPost): Promise<boolean> {
  try {
    await io.post(post);
    return true;
  } catch (error) {
    // Another GM claimed it first: the server refused a second card with the id.
    if (io.messageExists(post.id)) return false;
    throw error;
  }
}

/** The combat's End Phase documents, dice and cards (end-phase-op.ts). */
export function endPhaseDocuments(io: RoundIO): EndPhaseIO {
  const { combat } = io;
  const endCards = () => io.cards("endPhase", END_RECORD_FLAG);
  return {
    round: () => combat.round,
    endPhase: () => combat.stored.endPhase,
    pending: () => combat.pending(),
    skirmish: () => combat.skirmish,
    updatesFor: (changes) => combat.engineUpdates(changes),
    targets: () => combat.targets(),
    roll: async (state) => {
      const dice = io.dice("endPhase");
      const outcome = await resolveEndPhase(state, dice);
      return { outcome, rolls: dice.rolls.map((r) => io.rollData(r)) };
    },
    // One card per round and undo: its id follows from the combat, the round and how often that round was undone.
    cardId: (round) => claimId(combat.id, String(round), String(endCards().filter((c) => c.round === round && c.undone).length)),
    claimCard: (id, data, rolls, record) => claimed(io, claimCard("endPhase", data, rolls, id, { [END_RECORD_FLAG]: record })),
    endCards: () => endCards().map((c) => ({ id: c.id, record: c.record })),
    updateCard: (id, update) => io.updateMessage(id, update),
    markUndone: (messageId) => io.markUndone(messageId),
    // The state the card recorded before its End Phase: its skirmish, with each combatant's wounds then.
    undoTarget: (data) => {
      const entries = combat.entries.map((e) =>
        e.body ? { ...e, body: { ...e.body, life: { ...e.body.life, wounds: data.undo.wounds[e.id] ?? e.body.life.wounds } } } : e,
      );
      return skirmishState(data.undo.skirmish, entries);
    },
    revert: revertChanges,
  };
}

/** The surprise step's documents (surprise-op.ts); `choice` null only finishes what a reload left. */
export function surpriseDocuments(io: RoundIO, choice: SurpriseChoice | null): SurpriseIO {
  const { combat } = io;
  return {
    refusal: () => combat.surpriseRefusal(),
    cardId: () => claimId(combat.id, "surprise"),
    claim: async (id, opId) => {
      if (choice === null) return false;
      const sides = surpriseSides(combat.entries, choice);
      if (!sides) {
        io.warn("AOD.Combat.Errors.NoUnawareSide");
        return true;
      }
      const dice = io.dice("surprise");
      const settings = io.settings();
      const { card, changes } = await rollSurprise(
        { ...sides, kind: choice.kind, costsRoundOne: settings.surpriseCostsRoundOne, modifiers: { stealthy: settings.stealthyModifier } },
        dice,
      );
      const updates = combat.engineUpdates(changes);
      const record: SurpriseRecord = { op: opId, updates: JSON.stringify(updates), done: false };
      return claimed(io, claimCard("surprise", card, dice.rolls, id, { [SURPRISE_RECORD_FLAG]: record }));
    },
    cards: () => io.cards("surprise", SURPRISE_RECORD_FLAG).map((c) => ({ id: c.id, record: c.record })),
    writeEffects: (record) => combat.writeUpdates(recordUpdates(record.updates), record.op),
    markDone: (id) => io.updateMessage(id, { [`flags.${SYSTEM_ID}.${SURPRISE_RECORD_FLAG}.done`]: true }),
  };
}

/** Document updates stored as JSON (none when they do not read). */
export function recordUpdates(text: string): DocumentUpdates {
  try {
    const parsed = JSON.parse(text) as Partial<DocumentUpdates>;
    return { combat: parsed.combat ?? {}, actors: parsed.actors ?? {}, items: parsed.items ?? {}, statuses: parsed.statuses ?? {} };
  } catch {
    return { combat: {}, actors: {}, items: {}, statuses: {} };
  }
}

/** The request of a GM who is not the active GM to undo an End Phase card. */
export const UNDO_END_REQUEST = "combat.undoEnd";

/** Why only a GM may do it; an en.json key. */
export const GM_ONLY = "AOD.Combat.Errors.GMOnly";

/** What an End Phase undo request asks. */
export interface UndoEndPayload {
  combatId: string;
  messageId: string;
}

/** The card an undo names, as the active GM re-reads it. */
export interface UndoCardFacts {
  /** The combat card's kind and combat. */
  card: string;
  combatId: string;
  /** Whether a GM wrote it (anyone can create a message it authors: a player's look-alike is no End Phase card). */
  authoredByGM: boolean;
  data: EndPhaseCardData;
}

/** Checks an undo request's payload. */
export function parseUndoEnd(payload: unknown): UndoEndPayload | Refusal {
  const combatId = payloadId(payload, "combatId");
  if (combatId === undefined) return badPayload("combatId");
  const messageId = payloadId(payload, "messageId");
  return messageId === undefined ? badPayload("messageId") : { combatId, messageId };
}

/** Whether a viewer's End Phase card shows the undo button: for a GM, while the card is not undone. */
export function showsUndo(viewer: { isGM: boolean }, card: { undone: boolean }): boolean {
  return viewer.isGM && !card.undone;
}

/**
 * The `combat.undoEnd` request kind from its Foundry side: `find` re-reads the combat and the card, `undo` runs the
 * undo within the request's operation (end-phase-op.ts `undoEndPhaseOp`). Only a GM-authored End Phase card of that
 * combat counts, and only a GM may ask.
 */
export function undoEndRequestKind<C>(io: {
  find(payload: UndoEndPayload): { combat: C; combatId: string; card: UndoCardFacts | null } | null;
  undo(combat: C, messageId: string, data: EndPhaseCardData, op: OpContext): Promise<string | null>;
}): RequestKind<UndoEndPayload, { combat: C; data: EndPhaseCardData }> {
  return {
    parse: parseUndoEnd,
    gather(payload) {
      const found = io.find(payload);
      const card = found?.card ?? null;
      if (!found || !card || !card.authoredByGM || card.card !== "endPhase" || card.combatId !== found.combatId) return { refused: REQUEST_REASONS.Gone };
      return { combat: found.combat, data: card.data };
    },
    validate: (_payload, _facts, requester) => (requester.isGM ? { ok: true } : { ok: false, reason: GM_ONLY }),
    async apply(payload, facts, _requester, op) {
      const reason = await io.undo(facts.combat, payload.messageId, facts.data, op);
      return reason === null ? { ok: true } : { ok: false, reason };
    },
  };
}
