/**
 * Secret declaration in Foundry (docs/COMBAT.md "Secret declaration"): the Foundry side of secret-keeper.ts, which
 * holds the flow (the GM's questions with one-time tokens, the store kept on the GM's client only, the declarer's
 * dialog). Here are only the calls it makes: the combat documents, `User#query`, `game.users.activeGM`, this
 * browser's localStorage and the notifications. One instance serves this client.
 */
import { combatOf } from "../../../documents/lookups";
import { isActiveGM } from "../../../core/requests/requests";
import { SYSTEM_ID } from "../../../constants/system-id";
import { ruleOnChoice } from "../../../data/combat/declaration";
import type { DeclarationChoice } from "../../../data/combat/declaration";
import type { StoredDeclaration } from "../../../data/combat/stored";
import type { AgeOfDragonsCombat } from "../../../documents/combat";
import type { AnswerReply } from "./secret-answer";
import type { MovePhase } from "../../../rules/procedures/move";
import type { RoundStep } from "../../../rules/round-plan";
import { chooseDeclaration, declarationSituation } from "./declaration-choice";
import { SecretDeclarations, secretStorageKey } from "./secret-keeper";
import { queryToken } from "../../../core/requests/query-token";
import type { SecretCombat, SecretIO } from "./secret-keeper";
import { LiveCombat } from "../../../documents/live-combat";

export { DECLARE_ANSWER_QUERY, DECLARE_QUERY } from "./secret-keeper";

type QueryCall = (name: string, data: Record<string, unknown>, options: { timeout: number }) => Promise<unknown>;

/** The combat document as the flow reads it: every property read from the document when asked. */
function secretCombat(combat: AgeOfDragonsCombat): SecretCombat {
  const actorOf = (id: string) => combat.combatants.get(id)?.actor ?? null;
  const extra: Omit<SecretCombat, keyof LiveCombat> = {
    name: (id) => combat.combatants.get(id)?.name ?? null,
    owners: (id) => {
      const actor = actorOf(id);
      if (!actor) return null;
      return game.users.filter((u) => actor.testUserPermission(u, "OWNER")).map((u) => ({ id: u.id, name: u.name, active: u.active, isGM: u.isGM }));
    },
    owns: (userId, id) => {
      const user = game.users.get(userId) as User.Implementation | undefined;
      return (user && actorOf(id)?.testUserPermission(user, "OWNER")) ?? false;
    },
    mine: (id) => actorOf(id)?.isOwner ?? false,
    rule: (choice, id, phase) => ruleOnChoice(choice, declarationSituation(combat, id, phase)),
    choose: (id, error) => chooseDeclaration(combat, id, error),
    serially: (task) => combat.serially(task),
    update: (data) => combat.update(data as Combat.UpdateData),
  };
  return Object.assign(new LiveCombat(combat), extra);
}

const foundryIO: SecretIO = {
  combat: (id) => {
    const combat = combatOf(id);
    return combat ? secretCombat(combat) : null;
  },
  combats: () => game.combats.contents.flatMap((c) => {
    const combat = combatOf(c.id);
    return combat ? [secretCombat(combat)] : [];
  }),
  isActiveGM,
  activeGM: () => game.users.activeGM?.id ?? null,
  // User#query (client/documents/user.mjs) throws when the user is not active and rejects when the server reports
  // the query rejected (its timeout passed, or the handler threw).
  query: (userId, name, data, timeout) => {
    const user = game.users.get(userId) as User.Implementation | undefined;
    if (!user) return Promise.reject(new Error(`no user ${userId}`));
    const call = (user as unknown as { query: QueryCall }).query.bind(user);
    return call(name, data, { timeout });
  },
  // A one-time token: crypto randomness, which http pages have too.
  token: () => queryToken(crypto.getRandomValues(new Uint8Array(16))),
  storage: {
    read: () => window.localStorage.getItem(secretStorageKey(game.world.id, game.user.id)),
    write: (text) => {
      window.localStorage.setItem(secretStorageKey(game.world.id, game.user.id), text);
    },
  },
  notify: (level, key, data) => {
    const text = data === undefined ? game.i18n.localize(key) : game.i18n.format(key, data);
    if (level === "info") ui.notifications.info(text);
    else ui.notifications.warn(text);
  },
  localize: (key) => game.i18n.localize(key),
  log: (message, error) => {
    console.warn(`${SYSTEM_ID} | ${message}`, error);
  },
};

/** This client's secret declarations (the active GM's store and questions, the declarer's dialogs). */
const secrets = new SecretDeclarations(foundryIO);

/** The active GM's answer handler (the `declareAnswer` query): kept, or why not. */
export function receiveSecretAnswer(data: unknown): Promise<AnswerReply> {
  return secrets.receiveAnswer(data);
}

/** The secret declare step on the active GM: asks each connected player owner, tells the GM whom it declares for. */
export function askForSecrets(combat: AgeOfDragonsCombat, step: RoundStep): Promise<void> {
  return secrets.ask(secretCombat(combat), step);
}

/** The GM declares for a combatant in secret (an NPC, an offline owner, or any combatant: the GM may override). */
export function keepOwnSecret(combat: AgeOfDragonsCombat, combatantId: string): Promise<void> {
  return secrets.keepOwn(secretCombat(combat), combatantId);
}

/** The active GM keeps a declaration chosen without its dialog (the NPC autopilot): the refusal reason, or null. */
export function keepChosenSecret(combat: AgeOfDragonsCombat, combatantId: string, choice: DeclarationChoice): Promise<string | null> {
  return secrets.keepChosen(secretCombat(combat), combatantId, choice);
}

/** Reveals the step's kept declarations through `write` (the combat update), in the safe order (secret-store.ts). */
export function revealKept(
  combat: AgeOfDragonsCombat,
  phase: MovePhase,
  ids: readonly string[],
  write: (revealed: Readonly<Record<string, StoredDeclaration>>) => Promise<void>,
): Promise<{ revealed: Record<string, StoredDeclaration>; missing: string[] }> {
  return secrets.reveal(combat.id ?? "", combat.round, phase, ids, write);
}

/** Forgets every declaration kept for a combat (it was deleted): nothing of it stays in this browser. */
export function forgetSecrets(combatId: string): void {
  secrets.forget(combatId);
}

/** The declarer's handler of the `declare` query: opens the dialog and sends the choice to the active GM. */
export function answerDeclareQuery(data: unknown): Promise<{ done: boolean }> {
  return secrets.answerQuery(data);
}

/** A GM that has just become the active GM asks again for the current secret declare step. */
export function sweepSecrets(): Promise<void> {
  return secrets.sweep();
}

/** The store as this client holds it (for the tracker's GM view and macros). */
export function heldDeclarations(combat: AgeOfDragonsCombat): Record<string, StoredDeclaration> {
  return secrets.held(combat.id ?? "", combat.round);
}
