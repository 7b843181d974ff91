/**
 * The declaration modes in Foundry (docs/COMBAT.md "Declarations"): the Foundry side of declaration-steps.ts, which
 * holds the flow (declaring at a declare step, the `combat.declare` request of reverse declaration, the declared,
 * revealed and aborted cards, what the active GM does as each step begins, the Resolve button). Here are only the
 * calls it makes: the combat documents, the declaration dialog, the request pipeline, the secret declarations
 * (secret-flow.ts), RollingDice (real Rolls through the roll pipeline), core's postCard, the feature actions and
 * the notifications. One instance serves this client.
 */
import { SYSTEM_ID } from "../../../constants/system-id";
import type { AgeOfDragonsCombat } from "../../../documents/combat";
import { DECLARE_REQUEST } from "./declare-request";
import { authorIsGM, combatOf, maybe, snapshotOf } from "../../../documents/lookups";
import { REQUESTS, registerRequestKind } from "../../../core/requests/registry";
import { isActiveGM, sendRequest } from "../../../core/requests/requests";
import type { MovePhase } from "../../../rules/procedures/move";
import { featureAction } from "../../../core/actions";
import type { DeclareChoiceOptions } from "../../../core/action-payloads";
import { postCard } from "../../../core/cards/post-card";
import { RollingDice } from "../../../core/dice/rolling-dice";
import { i18nFormat } from "../../../core/i18n";
import { askForSecrets, keepChosenSecret, keepOwnSecret, revealKept } from "./secret-flow";
import { GROUP_RECORD_FLAG } from "./resolve-step-op";
import { CombatCardModel } from "../../../data/message/combat-card-model";
import { systemFlag, writeUpdates } from "../../../documents/combat-writer";
import { newOpId } from "../../../core/writes/write-queue";
import { chooseDeclaration, docsOf, mayActFor, suggestDeclaration } from "./declaration-choice";
import { DeclarationSteps } from "./declaration-steps";
import { LiveCombat } from "../../../documents/live-combat";
import type { DeclarationCombat, DeclarationIO } from "./declaration-steps";

/** The combat document as the declarations read it: every property read from the document when asked. */
function declarationCombat(combat: AgeOfDragonsCombat): DeclarationCombat {
  const actorOf = (id: string) => docsOf(combat, id)?.actor ?? null;
  const extra: Omit<DeclarationCombat, keyof LiveCombat> = {
    exists: () => combatOf(combat.id ?? "") !== null,
    has: (id) => combat.combatants.has(id),
    name: (id) => combat.combatants.get(id)?.name ?? null,
    actor: (id) => {
      const actor = actorOf(id);
      return actor ? snapshotOf(actor) : null;
    },
    ownedBy: (userId, id) => {
      const actor = actorOf(id);
      // Typed as always found, but a user may have been deleted since the request was written.
      const user = game.users.get(userId) as User.Implementation | undefined;
      return actor && user ? actor.testUserPermission(user, "OWNER") : null;
    },
    mayActFor: (id) => mayActFor(combat, id),
    playerOwns: (id) => !game.user.isGM && (combat.combatants.get(id)?.actor?.isOwner ?? false),
    uuid: (id) => {
      const c = combat.combatants.get(id);
      return c?.token?.uuid ?? c?.actor?.uuid;
    },
    choose: (id) => chooseDeclaration(combat, id),
    suggest: (id, choice) => suggestDeclaration(combat, id, choice),
    update: (data) => combat.update(data as Combat.UpdateData),
    applyEngineChanges: (changes, extra) => combat.applyEngineChanges(changes, {}, undefined, extra),
    engineUpdates: (changes) => combat.engineUpdates(changes).updates,
    writeUpdates: (updates, opId, extra) => writeUpdates(combat, updates, {}, opId, extra),
    serially: (task) => combat.serially(task),
    askForSecrets: (step) => askForSecrets(combat, step),
    keepOwnSecret: (id) => keepOwnSecret(combat, id),
    keepChosenSecret: (id, choice) => keepChosenSecret(combat, id, choice),
    revealKept: (phase: MovePhase, ids, write) => revealKept(combat, phase, ids, write),
  };
  return Object.assign(new LiveCombat(combat), extra);
}

const foundryIO: DeclarationIO = {
  combat: (id) => {
    const combat = combatOf(id);
    return combat ? declarationCombat(combat) : null;
  },
  combats: () =>
    game.combats.contents.flatMap((c) => {
      const combat = combatOf(c.id);
      return combat ? [declarationCombat(combat)] : [];
    }),
  isActiveGM,
  user: () => ({ id: game.user.id, name: game.user.name, isGM: game.user.isGM }),
  process: (payload) =>
    REQUESTS.process(DECLARE_REQUEST, payload, { id: game.user.id, name: game.user.name, isGM: true }, (error) => {
      console.error(`${SYSTEM_ID} | ${DECLARE_REQUEST} failed`, error);
    }),
  send: async (payload, summary) => {
    await sendRequest(DECLARE_REQUEST, payload, summary);
  },
  dice: () => new RollingDice("declaration"),
  skillLadder: () => CONFIG.ageOfDragons.skillLadder,
  newOpId: () => newOpId(),
  // A card with an id of its own (resolve-step-op.ts `declarationCardId`) is created with it (core's `keepId`,
  // common/abstract/document.mjs); the server refuses a second document with that id.
  post: async ({ card, combatId, round, data, rolls, id, flags }) => {
    await postCard(
      {
        type: "combatCard",
        system: { card, combatId, round, data: data as Record<string, unknown> },
        rolls: rolls as Roll[],
        speaker: { alias: game.i18n.localize("AOD.Combat.Card.Speaker") },
        ...(id === "" ? {} : { _id: id }),
        ...(Object.keys(flags).length === 0 ? {} : { flags: { [SYSTEM_ID]: flags } }),
      } as ChatMessage.CreateData,
      id === "" ? {} : { keepId: true },
    );
  },
  messageExists: (id) => maybe(game.messages.get(id)) !== undefined,
  updateMessage: async (id, update) => {
    await maybe(game.messages.get(id))?.update(update as ChatMessage.UpdateData);
  },
  groupCards: (combatId) =>
    game.messages.contents
      .filter((m) => m.system instanceof CombatCardModel && m.system.card === "simultaneous" && m.system.combatId === combatId && authorIsGM(m))
      .map((m) => ({ id: m.id, record: systemFlag(m, GROUP_RECORD_FLAG) })),
  boardMove: (payload) => featureAction("boardMove")(payload),
  startAttack: (options) => featureAction("startAttack")(options),
  format: (key, data) => i18nFormat(key, data),
  notify: (level, text) => {
    if (level === "info") ui.notifications.info(text);
    else ui.notifications.warn(text);
  },
};

/** This client's declaration modes (the steps it has handled). */
const steps = new DeclarationSteps(foundryIO);

/** Registers `combat.declare` (call in `init`). */
export function registerDeclareRequest(): void {
  registerRequestKind(DECLARE_REQUEST, steps.declareKind());
}

/**
 * Declares for a combatant at its declare step: the dialog, then (reverse) the `combat.declare` request, run at
 * once on the active GM's client; (secret) kept on the active GM's client for an NPC or an offline owner, or the
 * owner asked again by query.
 */
export function openDeclaration(combat: AgeOfDragonsCombat, combatantId: string): Promise<void> {
  return steps.openDeclaration(declarationCombat(combat), combatantId);
}

/** The `declareChoice` action (the advice's *Declare this*, the NPC autopilot); a refusal reason, if any. */
export function declareChoice(options: DeclareChoiceOptions): Promise<string | undefined> {
  return steps.declareChoice(options);
}

/** The Resolve button (the declaration card, the tracker): the declared action through the existing flow. */
export function resolveDeclared(combat: AgeOfDragonsCombat, combatantId: string): Promise<void> {
  return steps.resolveDeclared(declarationCombat(combat), combatantId);
}

/** What happens as a step begins (every client runs it on the combat's update); each step once per client. */
export function onStepBegins(combat: AgeOfDragonsCombat): Promise<void> {
  return steps.onStepBegins(declarationCombat(combat));
}

/** A GM that has just become the active GM finishes the current step of every combat (hand-over). */
export function resumeSteps(): Promise<void> {
  return steps.resumeSteps();
}
