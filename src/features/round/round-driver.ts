/**
 * The GM's side of the round in Foundry (docs/COMBAT.md "The round"): the Foundry side of round-runner.ts, which
 * holds the round's decisions (initiative, combat events, the round's combat update, the End Phase's and the
 * surprise's documents). Here are only the calls it makes: the combat document, RollingDice (real Rolls through the
 * roll pipeline), the settings, the events table, the chat cards (core's postCard). Each runs inside an operation of
 * the combat's write queue (core/writes/write-queue.ts); the End Phase and its undo are written exactly once
 * (end-phase-op.ts).
 */
import { combatEventsCap, combatEventsTable, stealthyModifier, surpriseCostsRoundOne } from "../../core/settings/combat-settings";
import type { SurpriseChoice } from "../../data/combat/surprise-round";
import type { AgeOfDragonsCombat } from "../../documents/combat";
import type { EndPhaseCardData } from "../../core/cards/combat-card-context";
import { cardContent, postCard } from "../../core/cards/post-card";
import { RollingDice } from "../../core/dice/rolling-dice";
import { SYSTEM_ID } from "../../constants/system-id";
import type { OpContext } from "../../core/writes/write-queue";
import { combatTargets, systemFlag, writeUpdates } from "../../documents/combat-writer";
import { authorIsGM, maybe } from "../../documents/lookups";
import { PENDING_FLAG, endPhaseOp, finishEndPhase, undoEndPhaseOp } from "./end-phase-op";
import { CombatCardModel } from "../../data/message/combat-card-model";
import type { EndPhaseIO } from "./end-phase-op";
import { finishSurprise, surpriseOp } from "./surprise-op";
import { beginRoundWith, endPhaseDocuments, surpriseDocuments } from "./round-runner";
import { LiveCombat } from "../../documents/live-combat";
import type { RoundCombat, RoundDice, RoundIO, RoundRollKind } from "./round-runner";

export { CARD_OP_FLAG } from "./round-runner";
export type { StoredEventCard } from "./round-runner";

/** The engine's dice of each kind the round rolls: real Rolls through the roll pipeline. */
const DICE: Readonly<Record<RoundRollKind, () => RoundDice>> = {
  initiative: () => new RollingDice("initiative"),
  sideD10: () => new RollingDice("sideD10"),
  event: () => new RollingDice("event"),
  endPhase: () => new RollingDice("endPhase"),
  surprise: () => new RollingDice("surprise"),
};

/** The combat document as the round reads it: every property read from the document when asked. */
function roundCombat(combat: AgeOfDragonsCombat): RoundCombat {
  const extra: Omit<RoundCombat, keyof LiveCombat> = {
    pending: () => systemFlag(combat, PENDING_FLAG),
    engineUpdates: (changes) => combat.engineUpdates(changes).updates,
    applyEngineChanges: (changes) => combat.applyEngineChanges(changes),
    update: (data) => combat.update(data as Combat.UpdateData, { direction: 1 } as Combat.Database.UpdateOperation),
    targets: () => combatTargets(combat),
    writeUpdates: (updates, opId) => writeUpdates(combat, updates, {}, opId),
    surpriseRefusal: () => combat.surpriseRefusal(),
  };
  return Object.assign(new LiveCombat(combat), extra);
}

/** The round's Foundry calls for one combat. */
function roundIO(combat: AgeOfDragonsCombat): RoundIO {
  const message = (id: string) => maybe(game.messages.get(id));
  return {
    combat: roundCombat(combat),
    dice: (kind) => DICE[kind](),
    rollData: (roll) => (roll as Roll).toJSON(),
    // A card an operation posts has the operation's id as its own, so posting it twice is refused by the server.
    post: async ({ card, data, rolls, id, flags }) => {
      const posted = await postCard(
        {
          type: "combatCard",
          system: { card, combatId: combat.id ?? "", round: combat.round, data: data as Record<string, unknown> },
          rolls: rolls as (Roll | object)[],
          speaker: { alias: game.i18n.localize("AOD.Combat.Card.Speaker") },
          ...(id === "" ? {} : { _id: id, flags: { [SYSTEM_ID]: flags } }),
        } as ChatMessage.CreateData,
        id === "" ? {} : { keepId: true },
      );
      return posted?.id ?? "";
    },
    cards: (kind, flag) =>
      game.messages.contents
        .filter((m) => m.system instanceof CombatCardModel && m.system.card === kind && m.system.combatId === combat.id && authorIsGM(m))
        .map((m) => {
          const system = m.system as CombatCardModel;
          return { id: m.id, round: system.round, undone: system.undone, record: systemFlag(m, flag) };
        }),
    messageExists: (id) => message(id) !== undefined,
    updateMessage: async (id, update) => {
      await message(id)?.update(update as ChatMessage.UpdateData);
    },
    markUndone: async (id) => {
      const card = message(id);
      if (!card) return;
      // The stored mark is what the card is drawn from; the content, its text, follows it.
      const content = await cardContent(card.clone({ system: { undone: true } } as ChatMessage.UpdateData, { save: false }) as ChatMessage.Implementation);
      await card.update({ system: { undone: true }, content } as ChatMessage.UpdateData);
    },
    eventsTable: async () => {
      const { table } = await combatEventsTable();
      if (table === null) return null;
      return {
        name: table.name,
        draw: async () => {
          const draw = await table.draw({ displayChat: false } as RollTable.DrawOptions);
          return { roll: draw.roll, total: draw.roll.total ?? 0, results: draw.results.map((r) => ({ name: r.name, description: r.description })) };
        },
      };
    },
    settings: () => ({ combatEventsCap: combatEventsCap(), surpriseCostsRoundOne: surpriseCostsRoundOne(), stealthyModifier: stealthyModifier() }),
    localize: (key) => game.i18n.localize(key),
    warn: (key) => {
      ui.notifications.warn(game.i18n.localize(key));
    },
  };
}

/**
 * Starts a round: the initiative it needs (Pneuma order kept while it holds, a fresh side roll each d10 round),
 * the engine's plan, the cursor at its first step and the turn that step maps to; public declarations reset.
 */
export async function beginRound(combat: AgeOfDragonsCombat, round: number, extra: Record<string, unknown> = {}): Promise<void> {
  await beginRoundWith(roundIO(combat), round, extra);
}

/** The combat's End Phase documents, dice and cards (end-phase-op.ts). */
export function endPhaseIO(combat: AgeOfDragonsCombat): EndPhaseIO {
  return endPhaseDocuments(roundIO(combat));
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
  return surpriseOp(surpriseDocuments(roundIO(combat), choice), op.id);
}

/** Writes the effects of a surprise a reload cut short (the active GM taking over; surprise-op.ts). */
export async function finishSurpriseCard(combat: AgeOfDragonsCombat): Promise<void> {
  await combat.serially(() => finishSurprise(surpriseDocuments(roundIO(combat), null)));
}
