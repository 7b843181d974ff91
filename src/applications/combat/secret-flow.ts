/**
 * Secret declaration in Foundry (docs/COMBAT.md "Secret declaration"). At the secret declare step the active GM
 * asks each combatant's connected player owner by `user.query`; the player's client opens the declaration dialog
 * and returns the choice to the GM alone. The GM accepts an answer only for the question it asked that user
 * (net/secret-store.ts), checks it against the rules, and keeps it on its own client: in memory and in this
 * browser's localStorage (so a reload does not lose it), never on a document or setting that other clients
 * receive. The combat carries only a sealed mark (who has declared). NPCs and offline owners: the GM declares
 * from the tracker. A GM who becomes the active GM asks again for every declaration it does not hold.
 */
import { SYSTEM_ID } from "../../config/system-id";
import { ruleOnChoice, sealedDeclaration } from "../../data/combat/declaration";
import type { DeclarationChoice } from "../../data/combat/declaration";
import type { StoredDeclaration } from "../../data/combat/stored";
import type { AgeOfDragonsCombat } from "../../documents/combat";
import { declarerFor, heldSecret, keepSecret, parseSecretAnswer, readSecretStore, revealSecrets } from "../../net/secret-store";
import type { SecretQuestion, SecretStore } from "../../net/secret-store";
import { payloadId } from "../../net/request-registry";
import type { MovePhase } from "../../rules/procedures/move";
import type { RoundStep } from "../../rules/round-plan";
import { chooseDeclaration, declarationCombat, declarationWorld } from "./declaration-flow";

/** The query a GM sends a declarer's owner. */
export const DECLARE_QUERY = `${SYSTEM_ID}.declare`;

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

function queryUser(user: User.Implementation, data: Record<string, unknown>): Promise<unknown> {
  const call = (user as unknown as { query: QueryCall }).query.bind(user);
  return call(DECLARE_QUERY, data, { timeout: DECLARE_TIMEOUT });
}

function questionFor(combat: AgeOfDragonsCombat, combatantId: string): SecretQuestion {
  return { combatId: combat.id ?? "", combatantId, round: combat.stored.cursor.round, index: combat.stored.cursor.index };
}

function sameStep(combat: AgeOfDragonsCombat, question: SecretQuestion): boolean {
  const step = combat.step;
  const { cursor } = combat.stored;
  return step?.kind === "declare" && step.combatants.includes(question.combatantId) && cursor.round === question.round && cursor.index === question.index;
}

/** Keeps a ruled declaration and marks the combatant as having declared (the mark says nothing of what). */
async function keep(combat: AgeOfDragonsCombat, combatantId: string, phase: string, answeredBy: string, asked: string | null, owns: boolean, declaration: StoredDeclaration): Promise<string | null> {
  const kept = keepSecret(load(), { combatId: combat.id ?? "", round: combat.round, phase, combatantId, answeredBy, asked, owns, declaration });
  if (!kept.ok) return kept.reason;
  save(kept.store);
  await combat.update({ [`system.declarations.${combatantId}`]: sealedDeclaration(phase) } as Combat.UpdateData);
  return null;
}

const asking = new Set<string>();

/** Asks one owner and keeps the answer; a refused answer is asked once more with the reason shown. */
async function askOwner(combat: AgeOfDragonsCombat, combatantId: string, user: User.Implementation, error = ""): Promise<void> {
  const question = questionFor(combat, combatantId);
  const name = combat.combatants.get(combatantId)?.name ?? "";
  let answer: unknown = null;
  try {
    answer = await queryUser(user, { ...question, error });
  } catch (failure) {
    console.warn(`${SYSTEM_ID} | ${user.name} did not declare for ${name}`, failure);
  }
  const fresh = declarationCombat(question.combatId);
  if (!fresh || !sameStep(fresh, question)) return;
  const parsed = parseSecretAnswer(answer, question);
  if ("refused" in parsed) {
    ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.NoAnswer", { user: user.name, name }));
    return;
  }
  const step = fresh.step;
  if (!step) return;
  const ruled = ruleOnChoice(parsed.choice, declarationWorld(fresh, combatantId, step.phase));
  if (!ruled.ok) {
    if (error === "") await askOwner(fresh, combatantId, user, ruled.reason);
    else ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.Refused", { name, reason: game.i18n.localize(ruled.reason) }));
    return;
  }
  const owns = fresh.combatants.get(combatantId)?.actor?.testUserPermission(user, "OWNER") ?? false;
  const reason = await keep(fresh, combatantId, step.phase, user.id ?? "", user.id ?? "", owns, ruled.declaration);
  if (reason !== null) ui.notifications.warn(game.i18n.format("AOD.Declare.Notify.Refused", { name, reason: game.i18n.localize(reason) }));
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
  let error = "";
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const choice: DeclarationChoice | null = await chooseDeclaration(combat, combatantId, error);
    if (choice === null) return;
    const ruled = ruleOnChoice(choice, declarationWorld(combat, combatantId, step.phase));
    if (ruled.ok) {
      const reason = await keep(combat, combatantId, step.phase, "", null, true, ruled.declaration);
      if (reason === null) ui.notifications.info(game.i18n.format("AOD.Declare.Notify.Kept", { name }));
      return;
    }
    error = ruled.reason;
  }
}

/** Takes the step's kept declarations out to reveal them; `missing` lists those this client does not hold. */
export function takeSecrets(combat: AgeOfDragonsCombat, phase: MovePhase, ids: readonly string[]): { revealed: Record<string, StoredDeclaration>; missing: string[] } {
  const { store, revealed, missing } = revealSecrets(load(), combat.id ?? "", combat.round, phase, ids);
  save(store);
  return { revealed, missing };
}

/**
 * The query handler on the declarer's client: it checks for itself that the combat is at this combatant's secret
 * declare step and that its own user owns the combatant, then opens the dialog; the answer goes back to the GM.
 */
export async function answerDeclareQuery(data: unknown): Promise<unknown> {
  const combatId = payloadId(data, "combatId");
  const combatantId = payloadId(data, "combatantId");
  if (combatId === undefined || combatantId === undefined) return null;
  const combat = declarationCombat(combatId);
  const d = data as Record<string, unknown>;
  const question: SecretQuestion = { combatId, combatantId, round: Number(d.round), index: Number(d.index) };
  if (!combat || combat.stored.mode !== "secretDeclaration" || !sameStep(combat, question)) return null;
  if (!(combat.combatants.get(combatantId)?.actor?.isOwner ?? false)) return null;
  const error = typeof d.error === "string" && d.error.startsWith("AOD.") ? d.error : "";
  const choice = await chooseDeclaration(combat, combatantId, error);
  return choice === null ? null : { ...question, choice };
}

/** A GM that has just become the active GM asks again for the current secret declare step (it holds none of them). */
export async function sweepSecrets(): Promise<void> {
  if (game.users.activeGM?.id !== game.user.id) return;
  for (const combat of game.combats.contents) {
    const c = declarationCombat(combat.id);
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
