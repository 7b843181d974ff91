/**
 * The attack card's flow across users, Foundry side (docs/ATTACK.md): the Foundry calls of attack-steps.ts, which
 * holds the flow (who may declare, who is asked to defend, each step validated, rolled and written as an operation
 * of the write queue on the card's key). Here are only the documents (the card messages, the participants' actors,
 * tokens and combat), the users and their queries, real PoolRolls through the roll pipeline
 * (core/rolls/pipeline.ts), core's postCard and request messages, the defence prompt's dialog (defence-prompt.ts),
 * the world settings, the notifications and the system's write queue and request registry. One instance serves
 * this client.
 */
import { postCard } from "../../core/cards/post-card";
import { i18nFormat } from "../../core/i18n";
import { AttackMessageModel } from "../../data/message/attack-model";
import type { AttackSource } from "../../data/message/attack-source";
import { PoolRoll } from "../../core/dice/pool-roll";
import { rollPoolThrough } from "../../core/rolls/foundry-rolls";
import type { CardPoolRoll } from "../../core/rolls/foundry-rolls";
import { SYSTEM_ID } from "../../constants/system-id";
import { breakOutDefenders } from "../../rules/procedures/grapple";
import type { DeclarePayload } from "./attack-requests";
import { cardMessage, cardSituation, cardTargets, cardUpdates, optionsFor, situationOf } from "./card-situation";
import type { CardSituation, Participant } from "./card-situation";
import { DEFENCE_CLAIM_FLAG, readDefenceClaim } from "./card-writes";
import { systemFlag } from "../../documents/combat-writer";
import { WRITES } from "../../core/writes/write-queue";
import type { OpContext } from "../../core/writes/write-queue";
import { authorIsGM, maybe, combatantIdOf, documentsOf, participantIdOf, runningCombat, snapshotOf } from "../../documents/lookups";
import { REQUESTS } from "../../core/requests/registry";
import { isActiveGM, sendRequest } from "../../core/requests/requests";
import { queryToken } from "../../core/requests/query-token";
import { attackModifierCap } from "../../core/settings/combat-settings";
import { AttackSteps } from "./attack-steps";
import type { AttackIO, AttackUser, CardDoc, DeclareSituation, PoolRolled } from "./attack-io";
import type { DefendPayload } from "./attack-requests";
import { defenceDialog } from "./defence-prompt";

export { DEFEND_QUERY } from "./attack-steps";

/** A query to one user (docs/COMBAT.md "Requests"); typed here as the documented call. */
type QueryCall = (name: string, data: Record<string, unknown>, options: { timeout: number }) => Promise<unknown>;

/** Shows a roll added to an existing card once, on every client (Dice So Nice, when it is active). */
async function showDice(roll: PoolRoll | null): Promise<void> {
  const dice3d = (game as { dice3d?: { showForRoll(roll: unknown, user: unknown, synchronize: boolean): Promise<unknown> } }).dice3d;
  if (roll === null || dice3d === undefined) return;
  await dice3d.showForRoll(roll, game.user, true);
}

/** A roll as the card's `rolls` store it: a PoolRoll's JSON, or the JSON a claim kept; null for none. */
function rollJSON(roll: unknown): object | null {
  if (roll instanceof PoolRoll) return roll.toJSON();
  return typeof roll === "object" && roll !== null ? roll : null;
}

/** A card's pool roll as the steps take it. */
function pooled(rolled: CardPoolRoll): PoolRolled {
  return rolled.ok ? { ok: true, roll: rolled.roll, faces: rolled.faces } : rolled;
}

/** A user as the steps see it. */
function userOf(user: User.Implementation): AttackUser {
  return { id: user.id ?? "", name: user.name, active: user.active, isGM: user.isGM };
}

/** An attack card message as the steps read and write it. */
function cardDoc(message: ChatMessage.Implementation, model: AttackMessageModel, authoredByGM: boolean): CardDoc {
  return {
    id: message.id ?? "",
    authoredByGM,
    get readable() {
      return model.readable;
    },
    source: () => model.source,
    flag: (key) => systemFlag(message, key),
    update: async (update, roll = null) => {
      const full: Record<string, unknown> = { ...update };
      const json = rollJSON(roll);
      if (json !== null) full.rolls = [...message.rolls.map((r) => r.toJSON()), json];
      await message.update(full as ChatMessage.UpdateData);
      await showDice(roll instanceof PoolRoll ? roll : null);
    },
  };
}

/** The attack card messages among these messages. */
function cardsAmong(messages: ChatMessage.Implementation[]): CardDoc[] {
  return messages.flatMap((m) => (m.system instanceof AttackMessageModel ? [cardDoc(m, m.system, authorIsGM(m))] : []));
}

/**
 * The documents a declaration names: the attacker and the payload's targets, as combatants of the running combat
 * the attacker is in, else as tokens (or actors); for a break-out, everyone in that combat holding the breaker too.
 */
async function declareSituation(payload: DeclarePayload): Promise<DeclareSituation<CardSituation> | null> {
  const attackerDocs = await documentsOf(payload.attacker);
  if (attackerDocs === null) return null;
  const combat = runningCombat();
  const usedCombat = combat !== null && combatantIdOf(combat, attackerDocs) !== null ? combat : null;
  const participants: Record<string, Participant> = {};
  const refs: AttackSource["refs"] = {};
  const add = (id: string, docs: { actor: Actor.Implementation; token: TokenDocument.Implementation | null }): void => {
    participants[id] = { id, ...docs, snapshot: snapshotOf(docs.actor) };
    refs[id] = { actorUuid: docs.actor.uuid, tokenUuid: docs.token?.uuid ?? null };
  };
  const aId = participantIdOf(usedCombat, attackerDocs) ?? "";
  add(aId, attackerDocs);
  const missing: string[] = [];
  for (const uuid of payload.targets) {
    const docs = await documentsOf(uuid);
    const id = docs ? participantIdOf(usedCombat, docs) : null;
    if (docs === null || id === null) missing.push(uuid);
    else add(id, docs);
  }
  let situation = situationOf(usedCombat, participants, missing);
  // A break-out is against everyone holding the breaker: the card names them from the skirmish, not the payload.
  if (payload.action === "breakOut" && situation.state.combatants[aId] !== undefined) {
    for (const id of breakOutDefenders(situation.state, aId)) {
      const c = usedCombat?.combatants.get(id);
      const actor = c?.actor;
      if (c && actor && participants[id] === undefined) add(id, { actor, token: c.token });
    }
    situation = situationOf(usedCombat, participants, missing);
  }
  return {
    attackerId: aId,
    attackerOwners: game.users.filter((u) => attackerDocs.actor.testUserPermission(u, "OWNER")).map((u) => u.id),
    participants: Object.fromEntries(Object.values(participants).map((p) => [p.id, { name: p.token?.name ?? p.actor.name, snapshot: p.snapshot }])),
    refs,
    combatId: usedCombat?.id ?? "",
    missing,
    situation,
    speaker: ChatMessage.getSpeaker({ actor: attackerDocs.actor, token: attackerDocs.token }),
  };
}

const foundryIO: AttackIO<CardSituation> = {
  user: () => userOf(game.user),
  isActiveGM,
  runningCombatId: () => runningCombat()?.id ?? null,
  card: (id) => {
    const found = cardMessage(id);
    return found === null ? null : cardDoc(found.message, found.model, found.authoredByGM);
  },
  cards: (recent) => cardsAmong(recent === undefined ? game.messages.contents : game.messages.contents.slice(-recent)),
  claims: () =>
    game.messages.contents.flatMap((m) => {
      const record = systemFlag(m, DEFENCE_CLAIM_FLAG);
      return readDefenceClaim(record) === null ? [] : [{ id: m.id, authoredByGM: authorIsGM(m), record }];
    }),
  messageExists: (id) => maybe(game.messages.get(id)) !== undefined,
  deleteMessage: async (id) => {
    await maybe(game.messages.get(id))?.delete();
  },
  post: async (data) => (await postCard(data as ChatMessage.CreateData))?.id ?? null,
  postClaim: async (id, targetName, flags) => {
    // Core creates the claim with the id it is given (`keepId`, common/abstract/document.mjs) and the server refuses
    // a second document with an id it has.
    await postCard(
      {
        _id: id,
        content: `<p>${foundry.utils.escapeHTML(game.i18n.format("AOD.Attack.DefenceClaim", { name: targetName }))}</p>`,
        whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id),
        speaker: { alias: game.i18n.localize("AOD.Combat.Card.Speaker") },
        flags: { [SYSTEM_ID]: { [DEFENCE_CLAIM_FLAG]: flags } },
      } as ChatMessage.CreateData,
      { keepId: true },
    );
  },
  rollJSON,
  declareSituation,
  situation: cardSituation,
  owners: (situation) =>
    Object.fromEntries(
      Object.values(situation.participants).map((p) => [p.id, game.users.filter((u) => p.actor.testUserPermission(u, "OWNER")).map(userOf)]),
    ),
  options: optionsFor,
  updatesFor: cardUpdates,
  targets: cardTargets,
  // Each of the card's three rolls goes through the roll pipeline under its own kind; a defence cannot be cancelled.
  rollAttack: async (pool, tn) => pooled(await rollPoolThrough("attack", pool, tn)),
  rollDefence: async (pool, tn) => pooled(await rollPoolThrough("defence", pool, tn, false)),
  rollDamage: async (pool, tn) => pooled(await rollPoolThrough("damage", pool, tn)),
  autoNpcDefence: () => game.settings.get(SYSTEM_ID, "autoNpcDefence"),
  defenceTimeout: () => {
    const seconds = game.settings.get(SYSTEM_ID, "defenceTimeout");
    return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
  },
  modifierCap: attackModifierCap,
  // User#query (client/documents/user.mjs) rejects when the user is not active, when the time ran out or the
  // handler threw.
  query: (userId, name, data, timeout) => {
    const user = maybe(game.users.get(userId));
    if (user === undefined) return Promise.reject(new Error(`no user ${userId}`));
    const call = (user as unknown as { query: QueryCall }).query.bind(user);
    return call(name, data, { timeout });
  },
  // A one-time token: crypto randomness, which plain-http pages have too.
  token: () => queryToken(crypto.getRandomValues(new Uint8Array(16))),
  dialog: defenceDialog,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  queue: WRITES,
  sendRequest: async (kind, payload, summary) => {
    await sendRequest(kind, payload, summary);
  },
  format: i18nFormat,
  warn: (text) => {
    ui.notifications.warn(text);
  },
  log: (level, message, detail) => {
    if (level === "error") console.error(`${SYSTEM_ID} | ${message}`, detail);
    else console.warn(`${SYSTEM_ID} | ${message}`, detail);
  },
};

/** This client's attack steps, on the system's request registry. */
const steps = new AttackSteps(foundryIO, REQUESTS);

/**
 * A defence claim's message: bookkeeping for the GMs' clients while one answer is written, drawn in no one's chat
 * log (it lives a moment, unless a reload leaves it for the next GM to finish).
 */
export function isDefenceClaim(message: ChatMessage.Implementation): boolean {
  return readDefenceClaim(systemFlag(message, DEFENCE_CLAIM_FLAG)) !== null;
}

/** The write-queue key of an existing card: its combat's, or its own (a card not found keys on its id). */
export function cardQueueKey(cardId: string): string {
  return steps.cardQueueKey(cardId);
}

/**
 * Asks each target still awaiting its defence: its online owner by query, else the GM, or rolls at once for an NPC
 * (attack-steps.ts `promptDefences`).
 */
export function promptDefences(cardId: string, within: OpContext | null = null): Promise<void> {
  return steps.promptDefences(cardId, within);
}

/**
 * A GM just became the active GM: half-done writes are finished, left claims written, settled cards applied and
 * open defences asked again (attack-steps.ts `sweepCards`).
 */
export function sweepCards(): Promise<void> {
  return steps.sweepCards();
}

/**
 * The defender's owner's handler of the GM's `attackDefend` query: the chosen defence, or null (not the GM's query,
 * not this user's defender, no longer awaited, or the prompt closed); attack-steps.ts `answerQuery`.
 */
export function answerDefenceQuery(data: unknown): Promise<DefendPayload | null> {
  return steps.answerQuery(data);
}

/** Registers the attack card's request kinds (call in `init`). */
export function registerAttackRequests(): void {
  steps.registerKinds();
}

/**
 * Runs an attack request from this client: the active GM runs it at once; anyone else posts a request message
 * for the active GM. A refusal is shown to the user who asked.
 */
export function requestAttack(kind: string, payload: Record<string, unknown>): Promise<void> {
  return steps.request(kind, payload);
}
