/**
 * The GM's side of the round: rolling initiative (Pneuma order or the sides' d10 with combat events), planning
 * each round, resolving and undoing the End Phase, each with its card. Every roll is a real Roll (RollingDice);
 * every rule is the engine's; every write goes through the combat's applyEngineChanges or one combat update. Each
 * runs inside an operation of the combat's write queue (core/writes/write-queue.ts); the End Phase and its undo are
 * written exactly once (end-phase-op.ts).
 */
import { eventsToDraw } from "../../core/settings/settings-table";
import { combatEventsCap, combatEventsTable, stealthyModifier, surpriseCostsRoundOne } from "../../core/settings/combat-settings";
import { rollSurprise, surpriseSides } from "../../data/combat/surprise-round";
import type { SurpriseChoice } from "../../data/combat/surprise-round";
import { eventSnapshot, skirmishState } from "../../data/combat/combat-snapshot";
import { livingSides, pneumaDecision, revertChanges, roundStart } from "../../data/combat/round";
import type { InitiativeDecision } from "../../data/combat/round";
import type { CombatCardKind } from "../../data/message/combat-card-model";
import type { AgeOfDragonsCombat } from "../../documents/combat";
import { resolveCombatEvent } from "../../rules/combat-events";
import { PNEUMA_TIE_TN, sideInitiative } from "../../rules/initiative";
import { resolveEndPhase } from "../../rules/procedures/end-phase";
import type { EndPhaseCardData, EventCardData, EventCardEntry, InitiativeCardData } from "../../core/cards/combat-card-context";
import { tieChecksWithTN } from "../../core/cards/combat-card-context";
import { cardContent, postCard } from "../../core/cards/post-card";
import { RollingDice } from "../../core/dice/rolling-dice";
import { SYSTEM_ID } from "../../constants/system-id";
import type { OpContext } from "../../core/writes/write-queue";
import { combatTargets, systemFlag, writeUpdates } from "../../documents/combat-writer";
import type { DocumentUpdates } from "../../data/combat/updates";
import { authorIsGM, maybe } from "../../documents/lookups";
import { END_RECORD_FLAG, PENDING_FLAG, endPhaseOp, finishEndPhase, undoEndPhaseOp } from "./end-phase-op";
import { claimId } from "../../core/writes/op-record";
import { CombatCardModel } from "../../data/message/combat-card-model";
import type { EndPhaseIO } from "./end-phase-op";
import { SURPRISE_RECORD_FLAG, finishSurprise, surpriseOp } from "./surprise-op";
import type { SurpriseIO, SurpriseRecord } from "./surprise-op";

/** The flag (under the system's scope) naming the operation that posted a card. */
export const CARD_OP_FLAG = "op";


/**
 * Posts a combat card (a GM-authored `combatCard` message) with the data it is drawn from (combat-cards.ts); the
 * posting helper keeps its text as the content.
 */
async function postCombatCard(
  combat: AgeOfDragonsCombat,
  card: CombatCardKind,
  data: object,
  rolls: (Roll | object)[],
  opId = "",
  flags: Record<string, unknown> = {},
): Promise<ChatMessage.Implementation | undefined> {
  return postCard(
    {
      type: "combatCard",
      system: { card, combatId: combat.id ?? "", round: combat.round, data: data as Record<string, unknown> },
      rolls,
      speaker: { alias: game.i18n.localize("AOD.Combat.Card.Speaker") },
      // A card an operation posts has the operation's id as its own, so posting it twice is refused by the server.
      ...(opId === "" ? {} : { _id: opId, flags: { [SYSTEM_ID]: { [CARD_OP_FLAG]: opId, ...flags } } }),
    } as ChatMessage.CreateData,
    opId === "" ? {} : { keepId: true },
  );
}

/** What the event card stores: its data and the names of those affected (absent on older cards). */
export type StoredEventCard = EventCardData & { names?: Record<string, string> };

/** The names of the combat's combatants by id. */
function names(combat: AgeOfDragonsCombat): Record<string, string> {
  return Object.fromEntries(combat.entries.map((e) => [e.id, e.name]));
}

/** The stored initiative for a round in the Pneuma modes: kept while it holds, else rolled again on a card. */
async function pneumaInitiative(combat: AgeOfDragonsCombat, round: number): Promise<InitiativeDecision> {
  const dice = new RollingDice("initiative");
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
  const message = await postCombatCard(combat, "initiative", data, dice.rolls);
  const checks = result.checks.map((c) => ({ id: c.id, dice: [...c.dice], successes: c.successes }));
  return { order: result.order, pneuma: result.pneuma, checks, messageId: message?.id ?? "" };
}

/**
 * 001 "Initiative": each side's d10, re-rolls on ties, one combat event per forced re-roll (at most the world's cap
 * per round; the initiative card says how many it skipped), on two cards.
 */
async function sideRound(combat: AgeOfDragonsCombat, round: number): Promise<InitiativeDecision> {
  const dice = new RollingDice("sideD10");
  const sides = livingSides(combat.skirmish);
  const result = await sideInitiative(sides, dice);
  const { draw, skipped, cap } = eventsToDraw(result.events, combatEventsCap());
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
  const message = await postCombatCard(combat, "initiative", data, dice.rolls);
  if (draw > 0) await drawEvents(combat, round, draw);
  return {
    sides: { order: result.order, rolls: result.rolls, phaseShift: result.phaseShift, events: result.events },
    messageId: message?.id ?? "",
  };
}

/**
 * Draws `count` combat events. From the system's own table the engine resolves each (its effects applied through
 * applyEngineChanges); from a table the GM chose in settings, its results are drawn and shown for the GM to apply.
 */
async function drawEvents(combat: AgeOfDragonsCombat, round: number, count: number): Promise<void> {
  const { table: custom } = await combatEventsTable();
  const entries: EventCardEntry[] = [];
  const dice = new RollingDice("event");
  let table = game.i18n.localize("AOD.CombatEvents.Title");
  if (custom === null) {
    for (let i = 0; i < count; i += 1) {
      const result = await resolveCombatEvent(eventSnapshot(combat.skirmish, combat.entries), dice);
      if (result.changes.length > 0) await combat.applyEngineChanges(result.changes);
      entries.push({ roll: result.roll, event: result.event, key: result.key, text: "", combatant: result.combatant, affected: result.affected });
    }
  } else {
    table = custom.name;
    for (let i = 0; i < count; i += 1) {
      const draw = await custom.draw({ displayChat: false } as RollTable.DrawOptions);
      dice.rolls.push(draw.roll);
      const text = draw.results.map((r) => r.description || r.name || "").join(" ");
      const name = draw.results.map((r) => (r.description ? r.name : "") || "").filter((n) => n !== "").join(", ");
      entries.push({ roll: draw.roll.total ?? 0, event: "custom", key: "", text, name, combatant: null, affected: [] });
    }
  }
  // The names of those affected travel with the card, so it reads the same once the combat is gone.
  const byId = names(combat);
  const affected = new Set(entries.flatMap((e) => e.affected));
  const data: StoredEventCard = { round, table, events: entries, names: Object.fromEntries([...affected].map((id) => [id, byId[id] ?? id])) };
  await postCombatCard(combat, "event", data, dice.rolls);
}

/**
 * Starts a round: the initiative it needs (Pneuma order kept while it holds, a fresh side roll each d10 round),
 * the engine's plan, the cursor at its first step and the turn that step maps to; public declarations reset.
 */
export async function beginRound(combat: AgeOfDragonsCombat, round: number, extra: Record<string, unknown> = {}): Promise<void> {
  const mode = combat.stored.mode;
  const decided =
    mode === "sideD10" ? await sideRound(combat, round) : mode === "secretDeclaration" ? {} : await pneumaInitiative(combat, round);
  // Read the combat again after the cards: combat events may have moved or marked combatants.
  const { update } = roundStart(combat.stored, combat.entries, round, decided);
  await combat.update({ ...extra, ...update } as Combat.UpdateData, { direction: 1 } as Combat.Database.UpdateOperation);
}

/** The combat's End Phase cards (GM-authored): their ids, rounds, undone marks and records. */
function endCardsOf(combat: AgeOfDragonsCombat): { id: string; round: number; undone: boolean; record: unknown }[] {
  return game.messages.contents
    .filter((m) => m.system instanceof CombatCardModel && m.system.card === "endPhase" && m.system.combatId === combat.id && authorIsGM(m))
    .map((m) => {
      const system = m.system as CombatCardModel;
      return { id: m.id, round: system.round, undone: system.undone, record: systemFlag(m, END_RECORD_FLAG) };
    });
}

/** The combat's End Phase documents, dice and cards (end-phase-op.ts). */
export function endPhaseIO(combat: AgeOfDragonsCombat): EndPhaseIO {
  return {
    round: () => combat.round,
    endPhase: () => combat.stored.endPhase,
    pending: () => systemFlag(combat, PENDING_FLAG),
    skirmish: () => combat.skirmish,
    updatesFor: (changes) => combat.engineUpdates(changes).updates,
    targets: () => combatTargets(combat),
    roll: async (state) => {
      const dice = new RollingDice("endPhase");
      const outcome = await resolveEndPhase(state, dice);
      return { outcome, rolls: dice.rolls.map((r) => r.toJSON()) };
    },
    // One card per round and undo: its id follows from the combat, the round and how often that round was undone.
    cardId: (round) => claimId(combat.id ?? "", String(round), String(endCardsOf(combat).filter((c) => c.round === round && c.undone).length)),
    claimCard: async (id, data, rolls, record) => {
      try {
        await postCombatCard(combat, "endPhase", data, rolls as object[], id, { [END_RECORD_FLAG]: record });
        return true;
      } catch (error) {
        // Another GM claimed this round's End Phase first: the server refused a second card with the id.
        if (maybe(game.messages.get(id)) !== undefined) return false;
        throw error;
      }
    },
    endCards: () => endCardsOf(combat).map((c) => ({ id: c.id, record: c.record })),
    updateCard: async (id, update) => {
      await maybe(game.messages.get(id))?.update(update as ChatMessage.UpdateData);
    },
    markUndone: async (messageId) => {
      const message = maybe(game.messages.get(messageId));
      if (!message) return;
      // The stored mark is what the card is drawn from; the content, its text, follows it.
      const content = await cardContent(message.clone({ system: { undone: true } } as ChatMessage.UpdateData, { save: false }) as ChatMessage.Implementation);
      await message.update({ system: { undone: true }, content } as ChatMessage.UpdateData);
    },
    undoTarget: (data) => {
      const entries = combat.entries.map((e) =>
        e.body ? { ...e, body: { ...e.body, life: { ...e.body.life, wounds: data.undo.wounds[e.id] ?? e.body.life.wounds } } } : e,
      );
      return skirmishState(data.undo.skirmish, entries);
    },
    revert: revertChanges,
  };
}

/**
 * 000 "Phase Three: The End Phase": falls, crashes, resets; one card with every roll and the undo. Runs within the
 * walk's operation `op` on the combat's queue; never twice for one round (end-phase-op.ts).
 */
export async function resolveEnd(combat: AgeOfDragonsCombat, op: OpContext): Promise<void> {
  await endPhaseOp(endPhaseIO(combat), op);
}

/** Finishes an End Phase, or its undo, a reload left half-written (the active GM taking over; end-phase-op.ts). */
export async function finishEnd(combat: AgeOfDragonsCombat): Promise<void> {
  await combat.serially(() => finishEndPhase(endPhaseIO(combat)));
}

/**
 * Undoes the End Phase a card shows, if it is still the combat's last one and the round has not moved on: as an
 * operation of the combat's queue on the active GM (`within` when a request already holds it).
 */
export async function undoEnd(combat: AgeOfDragonsCombat, messageId: string, data: EndPhaseCardData, within: OpContext | null = null): Promise<string | null> {
  return combat.serially((op) => undoEndPhaseOp(endPhaseIO(combat), messageId, data, op), within);
}

/** What the GM chooses for the surprise step (defined with the step's pure half, surprise-round.ts). */
export type { SurpriseChoice } from "../../data/combat/surprise-round";

/**
 * 001 "Surprise and Ambush": the rolls on a card, and the one-round effects (when the setting says so). Runs within
 * an operation on the combat's queue (`combat.rollSurprise`), which has asked whether it was rolled already.
 */
export function surpriseStep(combat: AgeOfDragonsCombat, choice: SurpriseChoice, op: OpContext): Promise<string | null> {
  return surpriseOp(surpriseIO(combat, choice), op.id);
}

/** Writes the effects of a surprise a reload cut short (the active GM taking over; surprise-op.ts). */
export async function finishSurpriseCard(combat: AgeOfDragonsCombat): Promise<void> {
  await combat.serially(() => finishSurprise(surpriseIO(combat, null)));
}

function surpriseIO(combat: AgeOfDragonsCombat, choice: SurpriseChoice | null): SurpriseIO {
  const cards = () =>
    game.messages.contents.filter((m) => m.system instanceof CombatCardModel && m.system.card === "surprise" && m.system.combatId === combat.id && authorIsGM(m));
  return {
    refusal: () => combat.surpriseRefusal(),
    cardId: () => claimId(combat.id ?? "", "surprise"),
    claim: async (id, opId) => {
      if (choice === null) return false;
      const sides = surpriseSides(combat.entries, choice);
      if (!sides) {
        ui.notifications.warn(game.i18n.localize("AOD.Combat.Errors.NoUnawareSide"));
        return true;
      }
      const dice = new RollingDice("surprise");
      const { card, changes } = await rollSurprise(
        { ...sides, kind: choice.kind, costsRoundOne: surpriseCostsRoundOne(), modifiers: { stealthy: stealthyModifier() } },
        dice,
      );
      const updates = combat.engineUpdates(changes).updates;
      const record: SurpriseRecord = { op: opId, updates: JSON.stringify(updates), done: false };
      try {
        await postCombatCard(combat, "surprise", card, dice.rolls, id, { [SURPRISE_RECORD_FLAG]: record });
        return true;
      } catch (error) {
        // Another GM's roll got there first: the server refused a second card with the id.
        if (maybe(game.messages.get(id)) !== undefined) return false;
        throw error;
      }
    },
    cards: () => cards().map((m) => ({ id: m.id, record: systemFlag(m, SURPRISE_RECORD_FLAG) })),
    writeEffects: async (record) => {
      await writeUpdates(combat, recordUpdates(record.updates), {}, record.op);
    },
    markDone: async (id) => {
      await maybe(game.messages.get(id))?.update({ [`flags.${SYSTEM_ID}.${SURPRISE_RECORD_FLAG}.done`]: true } as ChatMessage.UpdateData);
    },
  };
}

/** Document updates stored as JSON (none when they do not read). */
function recordUpdates(text: string): DocumentUpdates {
  try {
    const parsed = JSON.parse(text) as Partial<DocumentUpdates>;
    return { combat: parsed.combat ?? {}, actors: parsed.actors ?? {}, items: parsed.items ?? {}, statuses: parsed.statuses ?? {} };
  } catch {
    return { combat: {}, actors: {}, items: {}, statuses: {} };
  }
}
