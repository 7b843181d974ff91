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
import { i18nFormat } from "../../core/i18n";
import { templatePath } from "../../constants/template-paths";
import type { EndPhaseCardData, EventCardData, EventCardEntry, InitiativeCardData } from "../../core/cards/combat-card-context";
import { endPhaseCardContext, eventCardContext, initiativeCardContext, surpriseCardContext } from "../../core/cards/combat-card-context";
import { RollingDice } from "../../core/dice/rolling-dice";
import { SYSTEM_ID } from "../../constants/system-id";
import type { OpContext } from "../../core/writes/write-queue";
import { combatTargets, systemFlag } from "../../documents/combat-writer";
import { maybe } from "../../documents/lookups";
import { PENDING_FLAG, endPhaseOp, finishEndPhase, undoEndPhaseOp } from "./end-phase-op";
import type { EndPhaseIO } from "./end-phase-op";

/** The flag (under the system's scope) naming the operation that posted a card. */
export const CARD_OP_FLAG = "op";


async function postCard(
  combat: AgeOfDragonsCombat,
  card: CombatCardKind,
  data: object,
  template: string,
  context: Record<string, unknown>,
  rolls: (Roll | object)[],
  opId = "",
): Promise<ChatMessage.Implementation | undefined> {
  const content = await foundry.applications.handlebars.renderTemplate(templatePath(template), context);
  const message = await ChatMessage.create({
    type: "combatCard",
    system: { card, combatId: combat.id ?? "", round: combat.round, data: data as Record<string, unknown> },
    content,
    rolls,
    speaker: { alias: game.i18n.localize("AOD.Combat.Card.Speaker") },
    ...(opId === "" ? {} : { flags: { [SYSTEM_ID]: { [CARD_OP_FLAG]: opId } } }),
  } as ChatMessage.CreateData);
  return message ?? undefined;
}

/** The names of the combat's combatants by id. */
function names(combat: AgeOfDragonsCombat): Record<string, string> {
  return Object.fromEntries(combat.entries.map((e) => [e.id, e.name]));
}

/** The stored initiative for a round in the Pneuma modes: kept while it holds, else rolled again on a card. */
async function pneumaInitiative(combat: AgeOfDragonsCombat, round: number): Promise<InitiativeDecision> {
  const dice = new RollingDice();
  const decision = await pneumaDecision(combat.stored.initiative, combat.skirmish, combat.entries, dice);
  if (decision.keep) return {};
  const { result } = decision;
  const byId = names(combat);
  const data: InitiativeCardData = {
    mode: combat.stored.mode,
    round,
    tieTN: PNEUMA_TIE_TN,
    order: result.order.map((id) => ({ id, name: byId[id] ?? id, pneuma: result.pneuma[id] ?? 0 })),
    checks: result.checks.map((c) => ({ id: c.id, dice: [...c.dice], successes: c.successes })),
    sides: [],
    events: 0,
  };
  const message = await postCard(combat, "initiative", data, "combat/initiative-card.hbs", initiativeCardContext(data, i18nFormat), dice.rolls);
  return { order: result.order, pneuma: result.pneuma, checks: data.checks, messageId: message?.id ?? "" };
}

/**
 * 001 "Initiative": each side's d10, re-rolls on ties, one combat event per forced re-roll (at most the world's cap
 * per round; the initiative card says how many it skipped), on two cards.
 */
async function sideRound(combat: AgeOfDragonsCombat, round: number): Promise<InitiativeDecision> {
  const dice = new RollingDice();
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
  const message = await postCard(combat, "initiative", data, "combat/initiative-card.hbs", initiativeCardContext(data, i18nFormat), dice.rolls);
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
  const dice = new RollingDice();
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
  const data: EventCardData = { round, table, events: entries };
  await postCard(combat, "event", data, "combat/event-card.hbs", eventCardContext(data, names(combat), i18nFormat), dice.rolls);
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
      const dice = new RollingDice();
      const outcome = await resolveEndPhase(state, dice);
      return { outcome, rolls: dice.rolls.map((r) => r.toJSON()) };
    },
    findCard: (opId) => game.messages.contents.find((m) => systemFlag(m, CARD_OP_FLAG) === opId)?.id ?? null,
    postCard: async (data, rolls, opId) => {
      const context = endPhaseCardContext(data, i18nFormat, { canUndo: true, undone: false });
      const message = await postCard(combat, "endPhase", data, "combat/end-phase-card.hbs", context, rolls as object[], opId);
      return message?.id ?? "";
    },
    markUndone: async (messageId, data) => {
      const message = maybe(game.messages.get(messageId));
      if (!message) return;
      const context = endPhaseCardContext(data, i18nFormat, { canUndo: false, undone: true });
      const content = await foundry.applications.handlebars.renderTemplate(templatePath("combat/end-phase-card.hbs"), context);
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
export async function surpriseStep(combat: AgeOfDragonsCombat, choice: SurpriseChoice, op: OpContext): Promise<void> {
  const sides = surpriseSides(combat.entries, choice);
  if (!sides) {
    ui.notifications.warn(game.i18n.localize("AOD.Combat.Errors.NoUnawareSide"));
    return;
  }
  const dice = new RollingDice();
  const { card, changes } = await rollSurprise(
    { ...sides, kind: choice.kind, costsRoundOne: surpriseCostsRoundOne(), modifiers: { stealthy: stealthyModifier() } },
    dice,
  );
  // The card first: once it is there the surprise counts as rolled, so a reload can never roll it a second time.
  await postCard(combat, "surprise", card, "combat/surprise-card.hbs", surpriseCardContext(card, i18nFormat), dice.rolls, op.id);
  await combat.applyEngineChanges(changes, {}, op.id);
}
