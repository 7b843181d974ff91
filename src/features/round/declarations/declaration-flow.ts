/**
 * The declaration modes in Foundry (docs/COMBAT.md "Declarations"): opening the declaration dialog at a declare
 * step, the `combat.declare` request of reverse declaration, the declared, revealed and aborted cards, what the
 * active GM does as each step begins (abort what no longer stands; in secret declaration ask the owners, reveal,
 * and resolve equal Pneuma together), and the Resolve button that starts the existing flows (the attack card, the
 * board move). Every rule is in the pure files this calls (data/combat/declaration.ts, features/round/declarations/declare-request.ts,
 * features/round/declarations/secret-store.ts); this file gathers documents and writes.
 */
import { SYSTEM_ID } from "../../../constants/system-id";
import { choiceOf, resolveDecision, translateDeclaration } from "../../../data/combat/declaration";
import type { DeclarationChoice } from "../../../data/combat/declaration";
import { groupActionFor, splitGroupLog } from "../../../data/combat/declaration-group";
import { changesForRoster } from "../../../data/combat/late-changes";
import type { StoredDeclaration } from "../../../data/combat/stored";
import type { ActorSnapshot } from "../../../data/actor/actor-snapshot";
import type { AgeOfDragonsCombat } from "../../../documents/combat";
import { DECLARE_REQUEST, declareRequestKind } from "./declare-request";
import type { DeclarePayload } from "./declare-request";
import { authorIsGM, combatOf, maybe, snapshotOf } from "../../../documents/lookups";
import { REQUESTS, REQUEST_REASONS, registerRequestKind } from "../../../core/requests/registry";
import type { Requester } from "../../../core/requests/registry";
import { isActiveGM, sendRequest } from "../../../core/requests/requests";
import { takeBattleAction } from "../../../rules/procedures/battle-action";
import { resolveSimultaneous } from "../../../rules/procedures/simultaneous";
import type { SimultaneousAction } from "../../../rules/procedures/simultaneous";
import type { MovePhase } from "../../../rules/procedures/move";
import type { RoundStep } from "../../../rules/round-plan";
import type { StateChange } from "../../../rules/state";
import { featureAction } from "../../../core/actions";
import { postCard } from "../../../core/cards/post-card";
import { summaryOf } from "./declaration-context";
import type { DeclarationCardData, DeclarationCardKind, SimultaneousCardData, SimultaneousEntry } from "./declaration-context";
import { RollingDice } from "../../../core/dice/rolling-dice";
import { i18nFormat } from "../../../core/i18n";
import { askForSecrets, keepChosenSecret, keepOwnSecret, revealKept } from "./secret-flow";
import { GROUP_RECORD_FLAG, declaredCards, finishGroups, groupKey, groupOp, postOnce, resolveStepOp, revealStepDeclarations, revealUpdate } from "./resolve-step-op";
import type { GroupIO, GroupRecord, ResolveStepIO, StepDecision } from "./resolve-step-op";
import { CombatCardModel } from "../../../data/message/combat-card-model";
import { systemFlag, writeUpdates } from "../../../documents/combat-writer";
import type { DocumentUpdates } from "../../../data/combat/updates";
import { newOpId } from "../../../core/writes/write-queue";
import { chooseDeclaration, declarationSituation, declaring, docsOf, mayActFor, namesOf, suggestDeclaration, weaponsOf } from "./declaration-choice";
import { ruleOnChoice } from "../../../data/combat/declaration";
import type { DeclareChoiceOptions } from "../../../core/action-payloads";
/**
 * Posts a combat card (a GM-authored `combatCard` message) with the data it is drawn from (declarations/register.ts);
 * the posting helper keeps its text as the content.
 */
async function postCombatCard(
  combat: AgeOfDragonsCombat,
  card: "declaration" | "simultaneous",
  data: object,
  rolls: Roll[] = [],
  id = "",
  flags: Record<string, unknown> = {},
): Promise<void> {
  // A card with an id of its own (resolve-step-op.ts `declarationCardId`) is created with it (core's `keepId`,
  // common/abstract/document.mjs); the server refuses a second document with that id.
  await postCard(
    {
      type: "combatCard",
      system: { card, combatId: combat.id ?? "", round: combat.round, data: data as Record<string, unknown> },
      rolls,
      speaker: { alias: game.i18n.localize("AOD.Combat.Card.Speaker") },
      ...(id === "" ? {} : { _id: id }),
      ...(Object.keys(flags).length === 0 ? {} : { flags: { [SYSTEM_ID]: flags } }),
    } as ChatMessage.CreateData,
    id === "" ? {} : { keepId: true },
  );
}

/** The card data of a declaration (names resolved now, so the card reads the same later). */
function cardData(combat: AgeOfDragonsCombat, kind: DeclarationCardKind, combatantId: string, stored: StoredDeclaration, reason = ""): DeclarationCardData | null {
  const choice = choiceOf(stored);
  const docs = docsOf(combat, combatantId);
  if (!choice) return null;
  const weapons = docs ? weaponsOf(snapshotOf(docs.actor)) : [];
  return {
    kind,
    round: combat.round,
    phase: stored.phase,
    combatantId,
    name: combat.combatants.get(combatantId)?.name ?? combatantId,
    summary: summaryOf(choice, namesOf(combat), weapons),
    text: stored.text,
    reason,
  };
}

async function postDeclarationCard(combat: AgeOfDragonsCombat, kind: DeclarationCardKind, combatantId: string, stored: StoredDeclaration, reason = "", id = ""): Promise<void> {
  const data = cardData(combat, kind, combatantId, stored, reason);
  if (!data) return;
  // The card is drawn with its Resolve button only for those who may resolve (declarations/register.ts).
  await postCombatCard(combat, "declaration", data, [], id);
}

/** A resolve step's documents on this client (resolve-step-op.ts). */
function stepIO(combat: AgeOfDragonsCombat): ResolveStepIO<StateChange> {
  return {
    combatId: combat.id ?? "",
    round: () => combat.round,
    declarations: () => combat.stored.declarations,
    reveal: (phase, ids) =>
      // Written to the combat first, taken out of the GM's store only once the combat holds it (secret-store.ts
      // revealInOrder): a reload or a failed update in between leaves the secret kept, never lost.
      revealKept(combat, phase as MovePhase, ids, async (revealed) => {
        const update = revealUpdate(combat.stored.declarations, revealed);
        if (Object.keys(update).length > 0) await combat.update(update as Combat.UpdateData);
      }),
    tellMissing: (ids) => {
      const names = ids.map((id) => combat.combatants.get(id)?.name ?? id);
      ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.Missing", { names: names.join(", ") }));
    },
    decide: (combatantId, phase) => decideOne(combat, combatantId, phase as MovePhase),
    writeMark: async (combatantId, decision) => {
      const mark = "aborted" in decision.mark ? { aborted: decision.mark.aborted } : { resolved: true };
      const extra = Object.fromEntries(Object.entries(mark).map(([k, v]) => [`system.declarations.${combatantId}.${k}`, v]));
      // The changes and the mark in one combat update: a step run again finds it done.
      await combat.applyEngineChanges(decision.changes, {}, undefined, extra);
    },
    has: (id) => maybe(game.messages.get(id)) !== undefined,
    post: async (id, kind, combatantId, stored, reason) => {
      try {
        await postDeclarationCard(combat, kind, combatantId, stored, reason, id);
        return true;
      } catch (error) {
        // Another GM posted it first (the overlap at a hand-over): the server refused a second card with the id.
        if (maybe(game.messages.get(id)) !== undefined) return false;
        throw error;
      }
    },
  };
}

// ----- reverse declaration: the request -----

/** Registers `combat.declare` (call in `init`). */
export function registerDeclareRequest(): void {
  registerRequestKind(
    DECLARE_REQUEST,
    declareRequestKind({
      gather(payload: DeclarePayload, requester: Requester) {
        const combat = combatOf(payload.combatId);
        const docs = combat ? docsOf(combat, payload.combatantId) : null;
        // Typed as always found, but a user may have been deleted since the request was written.
        const user = game.users.get(requester.id) as User.Implementation | undefined;
        if (!combat || !docs || !user) return { refused: REQUEST_REASONS.Gone };
        const stored = combat.stored;
        return {
          owns: docs.actor.testUserPermission(user, "OWNER"),
          mode: stored.mode,
          running: combat.started && !stored.ended,
          round: stored.cursor.round,
          index: stored.cursor.index,
          step: combat.step,
          state: combat.skirmish,
          weapons: weaponsOf(snapshotOf(docs.actor)),
        };
      },
      async write(payload, declaration) {
        const combat = combatOf(payload.combatId);
        if (!combat) return;
        await combat.update({ [`system.declarations.${payload.combatantId}`]: declaration } as Combat.UpdateData);
        // Under its own id (resolve-step-op.ts): the declare step run again after a reload posts it if it is missing.
        await postOnce(stepIO(combat), "declared", payload.combatantId, declaration, "");
      },
    }),
  );
}

/**
 * The combat's current step when it is a `kind` step of this combatant's and this user may act for it; else the
 * user is told why (`wrongStep`, or not the owner) and null.
 */
function ownStep(combat: AgeOfDragonsCombat, combatantId: string, kind: "declare" | "resolve", wrongStep: string): RoundStep | null {
  const step = combat.step;
  if (step?.kind !== kind || !step.combatants.includes(combatantId)) {
    ui.notifications.warn(game.i18n.format(wrongStep, { name: combat.combatants.get(combatantId)?.name ?? "" }));
    return null;
  }
  if (!mayActFor(combat, combatantId)) {
    ui.notifications.warn(game.i18n.localize(REQUEST_REASONS.NotOwner));
    return null;
  }
  return step;
}

/**
 * Declares for a combatant at its declare step: the dialog, then (reverse) the `combat.declare` request, run at
 * once on the active GM's client; (secret) kept on the active GM's client for an NPC or an offline owner, or the
 * owner asked again by query.
 */
export async function openDeclaration(combat: AgeOfDragonsCombat, combatantId: string): Promise<void> {
  const name = combat.combatants.get(combatantId)?.name ?? "";
  if (!ownStep(combat, combatantId, "declare", "AOD.Declare.Notify.NotYourStep")) return;
  if (combat.stored.mode === "secretDeclaration") {
    if (!isActiveGM()) {
      ui.notifications.warn(game.i18n.localize("AOD.Declare.Notify.SecretActiveGM"));
      return;
    }
    await keepOwnSecret(combat, combatantId);
    return;
  }
  const choice = await chooseDeclaration(combat, combatantId);
  if (choice === null) return;
  const payload = { combatId: combat.id ?? "", combatantId, round: combat.stored.cursor.round, index: combat.stored.cursor.index, choice };
  const user = game.user;
  if (isActiveGM()) {
    const verdict = await REQUESTS.process(DECLARE_REQUEST, payload, { id: user.id, name: user.name, isGM: true }, (error) => {
      console.error(`${SYSTEM_ID} | ${DECLARE_REQUEST} failed`, error);
    });
    if (!verdict.ok) ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.Refused", { name, reason: i18nFormat(verdict.reason, verdict.data ?? {}) }));
    return;
  }
  await sendRequest(DECLARE_REQUEST, payload, game.i18n.format("AOD.Declare.Notify.RequestSummary", { user: user.name, name }));
}

/**
 * The `declareChoice` action (the advice's *Declare this*, the NPC autopilot): at the combatant's declare step, for
 * its owner or a GM, a choice the rules allow now either fills in the declaration dialog (`ask`: this client's open
 * one, else one opened now, else in secret declaration a player's next one, which the GM's question opens) or, on
 * the active GM, is declared at once through the same request or secret keeping as the dialog's. Resolves with a
 * refusal reason (an en.json key), if any.
 */
export async function declareChoice(options: DeclareChoiceOptions): Promise<string | undefined> {
  const { combatantId, choice } = options;
  const combat = combatOf(options.combatId);
  if (!combat || !combat.combatants.has(combatantId)) return REQUEST_REASONS.Gone;
  const mode = declaring(combat);
  const step = combat.step;
  if (mode === null || step?.kind !== "declare" || !step.combatants.includes(combatantId)) return REQUEST_REASONS.NotNow;
  if (!mayActFor(combat, combatantId)) return REQUEST_REASONS.NotOwner;
  const ruled = ruleOnChoice(choice, declarationSituation(combat, combatantId, step.phase));
  if (!ruled.ok) return ruled.reason;
  if (options.ask) {
    if (suggestDeclaration(combat, combatantId, choice)) return undefined;
    // A player's secret dialog opens when the active GM asks; the suggestion waits for it.
    if (mode === "secretDeclaration" && !isActiveGM()) return undefined;
    void openDeclaration(combat, combatantId);
    return undefined;
  }
  if (!isActiveGM()) return "AOD.Declare.Notify.ActiveGMOnly";
  if (mode === "secretDeclaration") return (await keepChosenSecret(combat, combatantId, choice)) ?? undefined;
  const payload = { combatId: combat.id ?? "", combatantId, round: combat.stored.cursor.round, index: combat.stored.cursor.index, choice };
  const user = game.user;
  const verdict = await REQUESTS.process(DECLARE_REQUEST, payload, { id: user.id, name: user.name, isGM: true }, (error) => {
    console.error(`${SYSTEM_ID} | ${DECLARE_REQUEST} failed`, error);
  });
  return verdict.ok ? undefined : verdict.reason;
}

// ----- resolve steps -----

/** The token (or actor) UUID a card names a combatant by. */
function uuidOf(combat: AgeOfDragonsCombat, combatantId: string): string | undefined {
  const c = combat.combatants.get(combatantId);
  return c?.token?.uuid ?? c?.actor?.uuid;
}

/**
 * The Resolve button (the declaration card, the tracker): the owner starts the declared action through the
 * existing flow, its weapon and target preselected (the attack card, which then allows only that action), or the
 * declared move on the board. "Other" is taken by the GM as the step begins.
 */
export async function resolveDeclared(combat: AgeOfDragonsCombat, combatantId: string): Promise<void> {
  const name = combat.combatants.get(combatantId)?.name ?? "";
  const step = ownStep(combat, combatantId, "resolve", "AOD.Declare.Notify.NotResolveStep");
  if (!step) return;
  const decision = resolveDecision(combat.stored.declarations[combatantId], declarationSituation(combat, combatantId, step.phase));
  if (decision.kind !== "stands") {
    ui.notifications.info(game.i18n.format("AOD.Declare.Notify.NothingToResolve", { name }));
    return;
  }
  const { choice, boardMove } = decision;
  const attacker = uuidOf(combat, combatantId);
  if (choice.action === "move") {
    if (!boardMove) return;
    const reason = await featureAction("boardMove")({ combatId: combat.id ?? "", moverId: combatantId, ...boardMove });
    if (reason !== undefined) ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.Refused", { name, reason: game.i18n.localize(reason) }));
    return;
  }
  if (choice.action === "other") {
    ui.notifications.info(game.i18n.format("AOD.Declare.Notify.ResolveOther", { name }));
    return;
  }
  const target = choice.targetId === "" ? undefined : uuidOf(combat, choice.targetId);
  await featureAction("startAttack")({
    action: choice.action === "killerBlow" ? "attack" : choice.action,
    weaponId: choice.weaponId === "" ? null : choice.weaponId,
    killerBlow: choice.action === "killerBlow",
    ...(attacker === undefined ? {} : { attacker }),
    targets: target === undefined ? [] : [target],
    configure: choice.action === "attack" || choice.action === "killerBlow",
  });
}

/**
 * One combatant's resolve step, on the active GM: what no longer stands is aborted (its lost action spent), an
 * "other" action is taken at once; a standing action waits for its owner's Resolve (null).
 */
function decideOne(combat: AgeOfDragonsCombat, combatantId: string, phase: MovePhase): StepDecision<StateChange> {
  const stored = combat.stored.declarations[combatantId];
  if (!stored) return null;
  const situation = declarationSituation(combat, combatantId, phase);
  const decision = resolveDecision(stored, situation);
  if (decision.kind === "aborted") return { mark: { aborted: decision.reason }, changes: decision.changes };
  if (decision.kind === "stands" && decision.choice.action === "other") {
    // 000 "Non-attack Battle Actions" spend the battle action; End Phase actions change nothing the engine keeps.
    const taken = phase === "end" ? null : takeBattleAction(situation.state, combatantId);
    return { mark: { resolved: true }, changes: taken?.allowed ? taken.changes : [] };
  }
  return null;
}

/**
 * A simultaneous resolve step (secret declaration, equal Pneuma): every revealed action of the group through the
 * engine at once, real rolls on one card, the merged changes written together.
 */
async function resolveGroup(combat: AgeOfDragonsCombat, step: RoundStep, revealed: Readonly<Record<string, StoredDeclaration>>): Promise<void> {
  const phase = step.phase;
  const state = combat.skirmish;
  const actors: Record<string, ActorSnapshot> = {};
  for (const id of Object.keys(state.combatants)) {
    const docs = docsOf(combat, id);
    if (docs) actors[id] = snapshotOf(docs.actor);
  }
  const names = namesOf(combat);
  const group: SimultaneousAction[] = [];
  const members: { id: string; place: number | null; reason: string; stored: StoredDeclaration; choice: DeclarationChoice }[] = [];
  const lost: StateChange[] = [];
  for (const id of step.combatants) {
    const stored = revealed[id];
    const choice = choiceOf(stored);
    if (!stored || !choice || !Object.hasOwn(state.combatants, id)) continue;
    const translation = translateDeclaration(choice, declarationSituation(combat, id, phase));
    const action = translation.ok ? groupActionFor(translation.action, choice, actors, state, CONFIG.ageOfDragons.skillLadder) : null;
    if (!translation.ok || action === null) {
      const reason = translation.ok ? REQUEST_REASONS.Gone : translation.reason;
      members.push({ id, place: null, reason, stored, choice });
      lost.push(choice.action === "move" ? { type: "flag", id, flag: "moved", value: true } : { type: "flag", id, flag: "acted", value: true });
      continue;
    }
    members.push({ id, place: group.length, reason: "", stored, choice });
    group.push(action);
  }
  if (members.length === 0) return;
  const dice = new RollingDice("declaration");
  const outcome = await resolveSimultaneous(state, group, dice);
  const { each, together } = splitGroupLog(outcome);
  const entries: SimultaneousEntry[] = members.map((m) => {
    const result = m.place === null ? null : outcome.results[m.place];
    const weapons = actors[m.id] ? weaponsOf(actors[m.id] as ActorSnapshot) : [];
    return {
      combatantId: m.id,
      name: names[m.id] ?? m.id,
      summary: summaryOf(m.choice, names, weapons),
      text: m.stored.text,
      reason: m.place === null ? m.reason : result && !result.stands ? result.reason : "",
      log: m.place === null ? [] : (each[m.place] ?? []),
    };
  });
  // The rolls took a while: a combatant deleted meanwhile loses its own results, never the whole group's.
  const { kept, dropped } = changesForRoster(combat.skirmish, [...lost, ...outcome.changes]);
  if (dropped.length > 0) ui.notifications.warn(game.i18n.localize("AOD.Declare.Notify.GoneMeanwhile"));
  const marks: Record<string, unknown> = {};
  for (const e of entries) {
    if (!combat.combatants.has(e.combatantId)) continue;
    if (e.reason !== "") marks[`system.declarations.${e.combatantId}.aborted`] = e.reason;
    else marks[`system.declarations.${e.combatantId}.resolved`] = true;
  }
  // The card first, carrying the group's results and marks; then those in one combat update (the actors following);
  // then the card marked done (resolve-step-op.ts `groupOp`): posted once, written once, even across a reload.
  const data: SimultaneousCardData = { round: combat.round, phase, entries, merged: together };
  const key = groupKey(combat.id ?? "", combat.round, phase, members.map((m) => m.id));
  const record: GroupRecord = { op: newOpId(), group: key, updates: JSON.stringify(combat.engineUpdates(kept).updates), marks, done: false };
  const open = (): boolean => members.every((m) => {
    const d = combat.stored.declarations[m.id];
    return d === undefined || (d.aborted === "" && !d.resolved);
  });
  await groupOp(groupIO(combat, data, dice.rolls, open), record);
}

/** A simultaneous group's card and writes on this client (resolve-step-op.ts `groupOp`); `data` null only finishes. */
function groupIO(combat: AgeOfDragonsCombat, data: SimultaneousCardData | null = null, rolls: Roll[] = [], open: () => boolean = () => false): GroupIO {
  const cards = () =>
    game.messages.contents.filter((m) => m.system instanceof CombatCardModel && m.system.card === "simultaneous" && m.system.combatId === combat.id && authorIsGM(m));
  return {
    cards: () => cards().map((m) => ({ id: m.id, record: systemFlag(m, GROUP_RECORD_FLAG) })),
    open,
    claim: async (id, record) => {
      if (data === null || maybe(game.messages.get(id)) !== undefined) return false;
      try {
        await postCombatCard(combat, "simultaneous", data, rolls, id, { [GROUP_RECORD_FLAG]: record });
        return true;
      } catch (error) {
        // Another GM's card for this group got there first: the server refused a second card with the id.
        if (maybe(game.messages.get(id)) !== undefined) return false;
        throw error;
      }
    },
    write: async (record) => {
      let updates: DocumentUpdates = { combat: {}, actors: {}, items: {}, statuses: {} };
      try {
        updates = { ...updates, ...(JSON.parse(record.updates) as Partial<DocumentUpdates>) };
      } catch {
        // An unreadable record writes only its marks.
      }
      await writeUpdates(combat, updates, {}, record.op, record.marks);
    },
    markDone: async (id) => {
      await maybe(game.messages.get(id))?.update({ [`flags.${SYSTEM_ID}.${GROUP_RECORD_FLAG}.done`]: true } as ChatMessage.UpdateData);
    },
  };
}

/** Secret declaration's simultaneous resolve step: reveal the step's declarations, then resolve them together. */
async function revealGroupStep(combat: AgeOfDragonsCombat, step: RoundStep): Promise<void> {
  await revealStepDeclarations(stepIO(combat), step);
  // A group whose card a reload left unwritten is written now; its marks then keep it from being resolved again.
  await finishGroups(groupIO(combat));
  // A GM taking over mid-step finds on the combat what its predecessor revealed and did not resolve yet.
  const revealed: Record<string, StoredDeclaration> = {};
  for (const id of step.combatants) {
    const d = combat.stored.declarations[id];
    if (d && !d.sealed && d.phase === step.phase && d.aborted === "" && !d.resolved) revealed[id] = d;
  }
  await resolveGroup(combat, step, revealed);
}

/** Drops the declarations of earlier phases as a phase's declarations begin (the tracker shows this phase's). */
async function clearEarlierPhases(combat: AgeOfDragonsCombat, phase: string): Promise<void> {
  const update: Record<string, unknown> = {};
  for (const [id, d] of Object.entries(combat.stored.declarations)) if (d.phase !== phase) update[`system.declarations.-=${id}`] = null;
  if (Object.keys(update).length > 0) await combat.update(update as Combat.UpdateData);
}

const handled = new Set<string>();

/**
 * What happens as a step begins (every client runs it on the combat's update): the declarer's dialog opens for
 * its player owner at its reverse declare step; the active GM clears spent declarations, asks for secret ones,
 * reveals them and aborts what no longer stands. Each step is handled once per client.
 */
export async function onStepBegins(combat: AgeOfDragonsCombat): Promise<void> {
  const mode = declaring(combat);
  const step = combat.step;
  if (mode === null || step === null || !combat.started || combat.stored.ended) return;
  const key = `${combat.id ?? ""}|${combat.stored.cursor.round}|${combat.stored.cursor.index}`;
  if (handled.has(key)) return;
  handled.add(key);
  const activeGM = isActiveGM();
  if (step.kind === "declare" && !activeGM) {
    if (mode === "secretDeclaration") return;
    const id = step.combatants[0];
    const owner = id !== undefined && !game.user.isGM && (combat.combatants.get(id)?.actor?.isOwner ?? false);
    if (owner && combat.stored.declarations[id]?.phase !== step.phase) await openDeclaration(combat, id);
    return;
  }
  if (!activeGM) return;
  await stepWork(combat, step);
}

/**
 * The active GM's work as a step begins, in the combat's write queue (after the walk that began the step, and
 * holding back the next walk until done): clear spent declarations, ask for secret ones, reveal and resolve. Every
 * part is idempotent (a declaration's mark travels in the update that resolves or aborts it), so a GM taking over
 * mid-step runs it again to finish what was left (`resumeSteps`).
 */
async function stepWork(combat: AgeOfDragonsCombat, begun: RoundStep | null): Promise<void> {
  await combat.serially(async () => {
    const mode = declaring(combat);
    // The step that began (a quick "next" may already have moved on), or where the combat stands now.
    const step = begun ?? combat.step;
    if (!combatOf(combat.id ?? "") || mode === null || step === null || !combat.started || combat.stored.ended) return;
    if (step.kind === "declare") {
      await clearEarlierPhases(combat, step.phase);
      if (mode === "secretDeclaration") await askForSecrets(combat, step);
      else await declaredCards(stepIO(combat), step);
      return;
    }
    if (step.kind !== "resolve") return;
    if (mode === "secretDeclaration" && step.simultaneous) {
      await revealGroupStep(combat, step);
      return;
    }
    // Reveal (secret), abort or take each declaration, each card posted once (resolve-step-op.ts).
    await resolveStepOp(stepIO(combat), step, mode === "secretDeclaration");
  });
}

/** A GM that has just become the active GM finishes the current step of every combat (hand-over). */
export async function resumeSteps(): Promise<void> {
  if (!isActiveGM()) return;
  for (const c of game.combats.contents) {
    const combat = combatOf(c.id);
    if (combat) await stepWork(combat, null);
  }
}
