/**
 * Secret declaration in Foundry (docs/COMBAT.md "Secret declaration"). At the secret declare step the active GM
 * asks each combatant's connected player owner by `user.query`, with a one-time token; the player's client opens the
 * declaration dialog and sends the choice to the active GM by query (never back to whoever asked: any user may send
 * the "declare" query). The GM keeps an answer only with the token of the question it asked that user
 * (features/round/declarations/secret-answer.ts), checks it against the rules, and keeps it on its own client: in memory and in this
 * browser's localStorage (so a reload does not lose it), never on a document or setting that other clients
 * receive. The combat carries only a sealed mark (who has declared). NPCs and offline owners: the GM declares
 * from the tracker. A GM who becomes the active GM asks again for every declaration it does not hold.
 */
import { combatOf } from "../../../documents/lookups";
import { isActiveGM } from "../../../core/requests/requests";
import { SYSTEM_ID } from "../../../constants/system-id";
import { ruleOnChoice, sealedDeclaration } from "../../../data/combat/declaration";
import type { DeclarationChoice } from "../../../data/combat/declaration";
import type { StoredDeclaration } from "../../../data/combat/stored";
import type { AgeOfDragonsCombat } from "../../../documents/combat";
import { SECRET_REASONS, declarerFor, forgetCombat, heldSecret, keepSecret, readSecretStore, revealInOrder } from "./secret-store";
import { AskedQuestions, OpenQuestions, readAnswerReply } from "./secret-answer";
import type { AnswerReply } from "./secret-answer";
import type { SecretQuestion, SecretStore } from "./secret-store";
import { payloadId } from "../../../core/requests/registry";
import type { MovePhase } from "../../../rules/procedures/move";
import type { RoundStep } from "../../../rules/round-plan";
import { chooseDeclaration, declarationSituation  } from "./declaration-choice";

/** The query a GM sends a declarer's owner. */
export const DECLARE_QUERY = `${SYSTEM_ID}.declare`;

/** The query the declarer's client sends the active GM with its choice (secret-answer.ts). */
export const DECLARE_ANSWER_QUERY = `${SYSTEM_ID}.declareAnswer`;

/** How long an owner has to declare (declaring takes thought): five minutes. */
const DECLARE_TIMEOUT = 300_000;

function storageKey(): string {
  return `${SYSTEM_ID}.secretDeclarations.${game.world.id}.${game.user.id}`;
}

let memory: SecretStore | null = null;

function load(): SecretStore {
  if (memory) return memory;
  let raw: unknown = null;
  try {
    raw = JSON.parse(window.localStorage.getItem(storageKey()) ?? "null");
  } catch {
    raw = null;
  }
  memory = readSecretStore(raw);
  return memory;
}

function save(store: SecretStore): void {
  memory = store;
  try {
    window.localStorage.setItem(storageKey(), JSON.stringify(store));
  } catch (error) {
    console.warn(`${SYSTEM_ID} | secret declarations kept in memory only`, error);
  }
}

type QueryCall = (name: string, data: Record<string, unknown>, options: { timeout: number }) => Promise<unknown>;

function queryUser(user: User.Implementation, name: string, data: Record<string, unknown>, timeout: number): Promise<unknown> {
  const call = (user as unknown as { query: QueryCall }).query.bind(user);
  return call(name, data, { timeout });
}

/** A one-time token only the asked user receives (secret-answer.ts); crypto randomness, which http pages have too. */
function newToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function questionFor(combat: AgeOfDragonsCombat, combatantId: string): SecretQuestion {
  return { combatId: combat.id ?? "", combatantId, round: combat.stored.cursor.round, index: combat.stored.cursor.index };
}

function sameStep(combat: AgeOfDragonsCombat, question: SecretQuestion): boolean {
  const step = combat.step;
  const { cursor } = combat.stored;
  return step?.kind === "declare" && step.combatants.includes(question.combatantId) && cursor.round === question.round && cursor.index === question.index;
}

/**
 * Keeps a ruled declaration and marks the combatant as having declared (the mark says nothing of what), as an
 * operation of the combat's write queue: asked there again whether the combat is still at the question's declare
 * step, so a mark never lands after the walk moved on to the resolve step and revealed (it would seal the revealed
 * declaration again, and the store would no longer hold it).
 */
async function keep(combat: AgeOfDragonsCombat, question: SecretQuestion, phase: string, answeredBy: string, asked: string | null, owns: boolean, declaration: StoredDeclaration): Promise<string | null> {
  return combat.serially(async () => {
    if (!sameStep(combat, question) || combat.step?.phase !== phase) return SECRET_REASONS.WrongStep;
    const { combatantId } = question;
    const kept = keepSecret(load(), { combatId: combat.id ?? "", round: combat.round, phase, combatantId, answeredBy, asked, owns, declaration });
    if (!kept.ok) return kept.reason;
    save(kept.store);
    await combat.update({ [`system.declarations.${combatantId}`]: sealedDeclaration(phase) } as Combat.UpdateData);
    return null;
  });
}

const asking = new Set<string>();

/** The questions this (active GM's) client has sent and not yet closed, by token. */
const OPEN = new OpenQuestions();

/**
 * Asks one owner: the question goes with a fresh token, and the owner's client sends its choice to the active GM's
 * answer handler (receiveSecretAnswer). The query's own reply carries nothing; it only says the owner is done.
 */
async function askOwner(combat: AgeOfDragonsCombat, combatantId: string, user: User.Implementation): Promise<void> {
  const question = questionFor(combat, combatantId);
  const name = combat.combatants.get(combatantId)?.name ?? "";
  const token = newToken();
  OPEN.open({ ...question, userId: user.id ?? "", token });
  try {
    await queryUser(user, DECLARE_QUERY, { ...question, token }, DECLARE_TIMEOUT);
  } catch (failure) {
    console.warn(`${SYSTEM_ID} | ${user.name} did not declare for ${name}`, failure);
  } finally {
    OPEN.close(token);
  }
  const fresh = combatOf(question.combatId);
  const phase = fresh?.step?.phase;
  if (!fresh || phase === undefined || !sameStep(fresh, question)) return;
  if (!heldSecret(load(), question.combatId, fresh.round, phase, combatantId)) {
    ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.NoAnswer", { user: user.name, name }));
  }
}

/**
 * The answer handler (every client registers it; only the active GM with the question open keeps anything): the
 * answer must carry the token of a question this client asked that user, for the step the combat is at; the user
 * must still own the combatant and the rules must allow the choice. The reply is only kept or the reason.
 */
export async function receiveSecretAnswer(data: unknown): Promise<AnswerReply> {
  if (!isActiveGM()) return { ok: false, reason: SECRET_REASONS.NotAsked };
  const matched = OPEN.match(data);
  if ("refused" in matched) return { ok: false, reason: matched.refused };
  const { question, payload } = matched;
  const combat = combatOf(question.combatId);
  const step = combat?.step;
  if (!combat || !step || !sameStep(combat, question)) return { ok: false, reason: SECRET_REASONS.WrongStep };
  const ruled = ruleOnChoice(payload.choice, declarationSituation(combat, question.combatantId, step.phase));
  if (!ruled.ok) return { ok: false, reason: ruled.reason };
  const user = game.users.get(question.userId) as User.Implementation | undefined;
  const owns = (user && combat.combatants.get(question.combatantId)?.actor?.testUserPermission(user, "OWNER")) ?? false;
  const reason = await keep(combat, question, step.phase, question.userId, question.userId, owns, ruled.declaration);
  if (reason !== null) return { ok: false, reason };
  OPEN.close(question.token);
  return { ok: true };
}

/**
 * The secret declare step on the active GM: each combatant's connected player owner is asked by query; for the
 * others (NPCs, offline owners) the GM is told to declare from the tracker. Those already held are not asked.
 */
export async function askForSecrets(combat: AgeOfDragonsCombat, step: RoundStep): Promise<void> {
  const byGM: string[] = [];
  for (const id of step.combatants) {
    if (heldSecret(load(), combat.id ?? "", combat.round, step.phase, id)) continue;
    const actor = combat.combatants.get(id)?.actor;
    if (!actor) continue;
    const owners = game.users.filter((u) => actor.testUserPermission(u, "OWNER")).map((u) => ({ id: u.id, active: u.active, isGM: u.isGM }));
    const userId = declarerFor(owners);
    const user = userId === null ? undefined : game.users.get(userId);
    if (!user) {
      byGM.push(combat.combatants.get(id)?.name ?? id);
      continue;
    }
    const key = `${combat.id ?? ""}|${combat.round}|${step.phase}|${id}`;
    if (asking.has(key)) continue;
    asking.add(key);
    ui.notifications.info(game.i18n.format("AOD.Declare.Notify.Asked", { user: user.name, name: combat.combatants.get(id)?.name ?? "" }));
    void askOwner(combat, id, user).finally(() => asking.delete(key));
  }
  if (byGM.length > 0) ui.notifications.info(game.i18n.format("AOD.Declare.Notify.GMDeclares", { names: byGM.join(", ") }));
  await Promise.resolve();
}

/** The GM declares for a combatant in secret (an NPC, an offline owner, or any combatant: the GM may override). */
export async function keepOwnSecret(combat: AgeOfDragonsCombat, combatantId: string): Promise<void> {
  const step = combat.step;
  if (!step) return;
  const name = combat.combatants.get(combatantId)?.name ?? "";
  // The step the GM declares for: the dialog may stay open while the walk moves on.
  const question = questionFor(combat, combatantId);
  let error = "";
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const choice: DeclarationChoice | null = await chooseDeclaration(combat, combatantId, error);
    if (choice === null) return;
    const ruled = ruleOnChoice(choice, declarationSituation(combat, combatantId, step.phase));
    if (ruled.ok) {
      const reason = await keep(combat, question, step.phase, "", null, true, ruled.declaration);
      if (reason === null) ui.notifications.info(game.i18n.format("AOD.Declare.Notify.Kept", { name }));
      else ui.notifications.warn(game.i18n.localize(reason));
      return;
    }
    error = ruled.reason;
  }
}

/**
 * The active GM keeps a declaration chosen for a combatant without its dialog (the NPC autopilot): checked by the
 * rules, then kept as a secret like any other. Resolves with the refusal reason, or null.
 */
export async function keepChosenSecret(combat: AgeOfDragonsCombat, combatantId: string, choice: DeclarationChoice): Promise<string | null> {
  const step = combat.step;
  if (!step || !isActiveGM()) return "AOD.Declare.Notify.SecretActiveGM";
  const ruled = ruleOnChoice(choice, declarationSituation(combat, combatantId, step.phase));
  if (!ruled.ok) return ruled.reason;
  return keep(combat, questionFor(combat, combatantId), step.phase, "", null, true, ruled.declaration);
}

/**
 * Reveals the step's kept declarations through `write` (the combat update), in the safe order (`revealInOrder`):
 * the store forgets them only once the combat holds them. `missing` lists those this client does not hold.
 */
export function revealKept(
  combat: AgeOfDragonsCombat,
  phase: MovePhase,
  ids: readonly string[],
  write: (revealed: Readonly<Record<string, StoredDeclaration>>) => Promise<void>,
): Promise<{ revealed: Record<string, StoredDeclaration>; missing: string[] }> {
  return revealInOrder({ load, save, write }, combat.id ?? "", combat.round, phase, ids);
}

/** Forgets every declaration kept for a combat (it was deleted): nothing of it stays in this browser. */
export function forgetSecrets(combatId: string): void {
  const store = load();
  if (store.combats[combatId] === undefined) return;
  save(forgetCombat(store, combatId));
}

/** The questions this (declarer's) client was asked, with their tokens. */
const ASKED = new AskedQuestions();

/** How long the declarer's client waits for the active GM to take its answer. */
const ANSWER_TIMEOUT = 30_000;

/**
 * The query handler on the declarer's client: it checks for itself that the combat is at this combatant's secret
 * declare step and that its own user owns the combatant, then opens the dialog (once, however often it is asked).
 * The choice goes to the active GM's answer handler with every token received, never back to the asker: whoever
 * asked, the reply says only that the dialog is done. A refused choice opens the dialog again with the reason.
 */
export async function answerDeclareQuery(data: unknown): Promise<{ done: boolean }> {
  const combatId = payloadId(data, "combatId");
  const combatantId = payloadId(data, "combatantId");
  const token = payloadId(data, "token");
  if (combatId === undefined || combatantId === undefined || token === undefined) return { done: false };
  const combat = combatOf(combatId);
  const d = data as Record<string, unknown>;
  const question: SecretQuestion = { combatId, combatantId, round: Number(d.round), index: Number(d.index) };
  if (!combat || combat.stored.mode !== "secretDeclaration" || !sameStep(combat, question)) return { done: false };
  if (!(combat.combatants.get(combatantId)?.actor?.isOwner ?? false)) return { done: false };
  const key = `${combatId}|${combatantId}|${question.round}|${question.index}`;
  // Asked again while its dialog is open (the GM re-asking, or anyone): the token joins, and this asking waits for
  // the same dialog, so the GM's question stays open until the answer has been sent.
  if (!ASKED.add(question, token)) return (await DIALOGS.get(key)) ?? { done: false };
  const running = declareAndSend(combat, question);
  DIALOGS.set(key, running);
  try {
    return await running;
  } finally {
    DIALOGS.delete(key);
  }
}

/** The questions whose dialog is open on this client, each with the flow that ends it. */
const DIALOGS = new Map<string, Promise<{ done: boolean }>>();

/** The declarer's dialog, sent to the active GM with every token received; again with the reason when refused. */
async function declareAndSend(combat: AgeOfDragonsCombat, question: SecretQuestion): Promise<{ done: boolean }> {
  const { combatId, combatantId } = question;
  const name = combat.combatants.get(combatantId)?.name ?? "";
  try {
    let error = "";
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const choice = await chooseDeclaration(combat, combatantId, error);
      const fresh = combatOf(combatId);
      if (choice === null) return { done: false };
      if (!fresh || !sameStep(fresh, question)) {
        ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.NotYourStep", { name }));
        return { done: false };
      }
      const gm = game.users.activeGM;
      if (!gm) {
        ui.notifications.warn(game.i18n.localize("AOD.Declare.Notify.NoGM"));
        return { done: false };
      }
      let reply: AnswerReply;
      try {
        reply = readAnswerReply(await queryUser(gm, DECLARE_ANSWER_QUERY, { ...question, tokens: ASKED.tokens(question), choice }, ANSWER_TIMEOUT));
      } catch (failure) {
        console.warn(`${SYSTEM_ID} | the GM did not take the declaration for ${name}`, failure);
        reply = { ok: false, reason: "AOD.Declare.Notify.NoGM" };
      }
      if (reply.ok) {
        ui.notifications.info(game.i18n.format("AOD.Declare.Notify.Kept", { name }));
        return { done: true };
      }
      error = reply.reason;
    }
    ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.Refused", { name, reason: game.i18n.localize(error) }));
    return { done: false };
  } finally {
    ASKED.forget(question);
  }
}

/** A GM that has just become the active GM asks again for the current secret declare step (it holds none of them). */
export async function sweepSecrets(): Promise<void> {
  if (!isActiveGM()) return;
  for (const combat of game.combats.contents) {
    const c = combatOf(combat.id);
    const step = c?.step;
    if (!c || !step || c.stored.mode !== "secretDeclaration" || step.kind !== "declare" || !c.started) continue;
    await askForSecrets(c, step);
  }
}

/** The store as this client holds it (for the tracker's GM view and macros). */
export function heldDeclarations(combat: AgeOfDragonsCombat): Record<string, StoredDeclaration> {
  const kept = load().combats[combat.id ?? ""];
  if (kept?.round !== combat.round) return {};
  return Object.fromEntries(Object.entries(kept.entries).map(([id, e]) => [id, e.declaration]));
}
