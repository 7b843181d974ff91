/**
 * The attack card's flow across users, Foundry side (docs/ATTACK.md). Every step is a request kind of the system's
 * request registry: a player's click sends a request message it authors; the active GM's own clicks run the same
 * kind directly. The GM gathers from documents, validates with the pure functions of attack-requests.ts and the
 * card's state machine, rolls real PoolRolls through the roll pipeline (core/rolls/pipeline.ts), and writes the card
 * (which only a GM authors) and the documents. Every step is an operation of the write queue on the card's key (its
 * combat's, or its own outside combat: core/writes/write-queue.ts), so steps on one card, and on one combat, never
 * overlap; Apply and Undo land exactly once (card-writes.ts). Defenders are asked by a query the GM sends to their
 * owner; waiting for the answer holds no queue, and the answer is an operation of its own.
 */
import { postCard } from "../../core/cards/post-card";
import { i18nFormat } from "../../core/i18n";
import { AttackMessageModel } from "../../data/message/attack-model";
import type { AttackSource, DefencePrompt } from "../../data/message/attack-source";
import { cardWeapon, combatantChecks } from "../../data/message/attack-actors";
import { PoolRoll } from "../../core/dice/pool-roll";
import { rollPoolThrough } from "../../core/rolls/foundry-rolls";
import type { CardPoolRoll } from "../../core/rolls/foundry-rolls";
import { SYSTEM_ID } from "../../constants/system-id";
import {
  CARD_REASONS,
  cardAttackTN,
  closeCard,
  damageFor,
  declareCard,
  isResolved,
  recordDamage,
  refuseCard,
  rollCard,
  targetStatus,
} from "../../rules/attack-card";
import type { AnswerSource, CardResult } from "../../rules/attack-card";
import { actionCheck, bestCheck, modified } from "../../rules/attack-card-checks";
import { reservedLegality } from "../../rules/attack-card-reservation";
import { breakOutDefenders } from "../../rules/procedures/grapple";
import { rescueCheckTN } from "../../rules/procedures/rescue";
import {
  ATTACK_REQUEST_KINDS,
  ATTACK_REQUEST_REASONS,
  defenceResponder,
  isRefusal,
  parseCardPayload,
  parseDeclare,
  parseDefend,
  parseTargetPayload,
  validateApply,
  validateDeclare,
  validateModifiers,
  validateDefend,
  validateRollDamage,
  validateUndo,
  validateWithdraw,
} from "./attack-requests";
import type { CardFacts, CardPayload, DeclarePayload, DefendPayload, TargetPayload } from "./attack-requests";
import { cardMessage, cardSituation, cardTargets, cardUpdates, openCards, optionsFor, ownersOf, situationOf } from "./card-situation";
import { DEFENCES_FLAG, DEFENCE_CLAIM_FLAG, WRITE_FLAG, applyOp, defendOp, finishCard, readDefenceClaim, readWriteRecord, settleCard, undoOp } from "./card-writes";
import type { CardRead, CardWrites, DefendWrites } from "./card-writes";
import { systemFlag } from "../../documents/combat-writer";
import { WRITES, cardKey, combatKey, keyOfCard } from "../../core/writes/write-queue";
import type { OpContext } from "../../core/writes/write-queue";
import { authorIsGM, maybe, combatantIdOf, documentsOf, participantIdOf, runningCombat, snapshotOf } from "../../documents/lookups";
import type { CardSituation, Participant } from "./card-situation";
import { REQUESTS, registerRequestKind } from "../../core/requests/registry";
import type { Refusal, Requester, Verdict } from "../../core/requests/registry";
import { isActiveGM, sendRequest } from "../../core/requests/requests";
import { queryToken, sha256Hex } from "../../core/requests/query-token";
import { attackModifierCap } from "../../core/settings/combat-settings";

/** The query a GM sends a defender's owner. */
export const DEFEND_QUERY = `${SYSTEM_ID}.attackDefend`;

const refusal = (refused: string, data?: Record<string, string | number>): Refusal => (data ? { refused, data } : { refused });
const verdictOf = (result: CardResult): Verdict => (result.ok ? { ok: true } : { ok: false, reason: result.reason });

/** Whether NPC defences are rolled at once (world setting). */
function autoNpc(): boolean {
  return game.settings.get(SYSTEM_ID, "autoNpcDefence");
}

/** How long an owner has to answer, in milliseconds (world setting, in seconds). */
function defenceTimeout(): number {
  const seconds = game.settings.get(SYSTEM_ID, "defenceTimeout");
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000;
}

/** Why a card's roll did not go through (a hook cancelled it, or the pool was refused), as a refusal. */
function stoppedVerdict(rolled: Exclude<CardPoolRoll, { ok: true }>): Verdict {
  return rolled.data === undefined ? { ok: false, reason: rolled.reason } : { ok: false, reason: rolled.reason, data: { ...rolled.data } };
}

/** A query to one user (docs/COMBAT.md "Requests"); typed here as the documented call. */
type QueryCall = (name: string, data: Record<string, unknown>, options: { timeout: number }) => Promise<unknown>;

function queryUser(user: User.Implementation, name: string, data: Record<string, unknown>, timeout: number): Promise<unknown> {
  const call = (user as unknown as { query: QueryCall }).query.bind(user);
  return call(name, data, { timeout });
}

/** Shows a roll added to an existing card once, on every client (Dice So Nice, when it is active). */
async function showDice(roll: PoolRoll | null): Promise<void> {
  const dice3d = (game as { dice3d?: { showForRoll(roll: unknown, user: unknown, synchronize: boolean): Promise<unknown> } }).dice3d;
  if (roll === null || dice3d === undefined) return;
  await dice3d.showForRoll(roll, game.user, true);
}

/** Writes a new card state (and a new roll) onto the card message. Only the active GM calls this. */
async function writeCard(message: ChatMessage.Implementation, source: AttackSource, roll: PoolRoll | null = null): Promise<void> {
  const update: Record<string, unknown> = { system: source };
  if (roll !== null) update.rolls = [...message.rolls.map((r) => r.toJSON()), roll.toJSON()];
  await message.update(update as ChatMessage.UpdateData);
  await showDice(roll);
}

// ----- gather: the facts of a request about an existing card, re-read from documents -----

interface CardGathered {
  facts: CardFacts;
  message: ChatMessage.Implementation;
  source: AttackSource;
  situation: CardSituation;
}

/** Re-reads a card and its world; the card's write record comes with it. */
async function readCard(cardId: string): Promise<(CardGathered & CardRead<CardSituation>) | Refusal> {
  const found = cardMessage(cardId);
  if (found === null) return refusal(ATTACK_REQUEST_REASONS.CardGone);
  let source: AttackSource;
  try {
    source = found.model.source;
  } catch (error) {
    console.warn(`${SYSTEM_ID} | attack card ${cardId} does not read cleanly`, error);
    return refusal(ATTACK_REQUEST_REASONS.ForgedCard);
  }
  const situation = await cardSituation(source);
  const facts: CardFacts = { card: source.card, authoredByGM: found.authoredByGM, owners: ownersOf(situation.participants) };
  const record = readWriteRecord(systemFlag(found.message, WRITE_FLAG));
  return { facts, message: found.message, source, situation, record, defences: systemFlag(found.message, DEFENCES_FLAG) };
}

/**
 * A defence claim's message: bookkeeping for the GMs' clients while one answer is written, drawn in no one's chat
 * log (it lives a moment, unless a reload leaves it for the next GM to finish).
 */
export function isDefenceClaim(message: ChatMessage.Implementation): boolean {
  return readDefenceClaim(systemFlag(message, DEFENCE_CLAIM_FLAG)) !== null;
}

/** The defence claims (GM-authored messages carrying a claim record) of one card. */
function claimsOf(cardId: string): ChatMessage.Implementation[] {
  return game.messages.contents.filter((m) => authorIsGM(m) && readDefenceClaim(systemFlag(m, DEFENCE_CLAIM_FLAG))?.cardId === cardId);
}

/** A roll as the card's `rolls` store it: a PoolRoll's JSON, or the JSON a claim kept; null for none. */
function rollJSON(roll: unknown): object | null {
  if (roll instanceof PoolRoll) return roll.toJSON();
  return typeof roll === "object" && roll !== null ? roll : null;
}

/** The card's documents as Apply, Undo and a defence see them (card-writes.ts). */
function cardWrites(cardId: string): CardWrites<CardSituation> {
  return {
    cardId,
    read: () => readCard(cardId),
    updatesFor: cardUpdates,
    targets: cardTargets,
    writeCard: async (update) => {
      await cardMessage(cardId)?.message.update(update as ChatMessage.UpdateData);
    },
    writeAnswer: async (update, roll) => {
      const message = cardMessage(cardId)?.message;
      if (!message) return;
      const full: Record<string, unknown> = { ...update };
      const json = rollJSON(roll);
      if (json !== null) full.rolls = [...message.rolls.map((r) => r.toJSON()), json];
      await message.update(full as ChatMessage.UpdateData);
      await showDice(roll instanceof PoolRoll ? roll : null);
    },
    claimDefence: async (id, claim) => {
      const name = cardMessage(cardId)?.model.source.card.targets.find((t) => t.id === claim.targetId)?.name ?? claim.targetId;
      try {
        // The claim's id follows from the card and the target; core creates it with that id (`keepId`,
        // common/abstract/document.mjs) and the server refuses a second document with an id it has.
        await postCard(
          {
            _id: id,
            content: `<p>${foundry.utils.escapeHTML(game.i18n.format("AOD.Attack.DefenceClaim", { name }))}</p>`,
            whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id),
            speaker: { alias: game.i18n.localize("AOD.Combat.Card.Speaker") },
            flags: { [SYSTEM_ID]: { [DEFENCE_CLAIM_FLAG]: { ...claim, roll: rollJSON(claim.roll) } } },
          } as ChatMessage.CreateData,
          { keepId: true },
        );
        return true;
      } catch (error) {
        if (maybe(game.messages.get(id)) !== undefined) return false;
        throw error;
      }
    },
    defenceClaims: () => claimsOf(cardId).map((m) => ({ id: m.id ?? "", record: systemFlag(m, DEFENCE_CLAIM_FLAG) })),
    dropClaim: async (id) => {
      try {
        await maybe(game.messages.get(id))?.delete();
      } catch (error) {
        // Dropped by another GM meanwhile (the overlap at a hand-over): nothing is left to drop.
        if (maybe(game.messages.get(id)) !== undefined) throw error;
      }
    },
  };
}

/**
 * Re-reads a card inside an operation on its key; a write a reload left half-done (card-writes.ts) is finished
 * first, so every step reads the card as it was meant to be.
 */
async function gatherCard(cardId: string): Promise<CardGathered | Refusal> {
  const io = cardWrites(cardId);
  const read = await readCard(cardId);
  if (isRefusal(read)) return read;
  return (await finishCard(io, read)) ? readCard(cardId) : read;
}

/** The write-queue key of an existing card: its combat's, or its own (a card not found keys on its id). */
export function cardQueueKey(cardId: string): string {
  const found = cardMessage(cardId);
  let combatId = "";
  try {
    combatId = found?.model.source.combatId ?? "";
  } catch {
    combatId = "";
  }
  return keyOfCard(cardId, combatId);
}

/** The key a new card is declared on: the running combat's (its open cards hold actions), else quick play's. */
function declareKey(): string {
  const combat = runningCombat();
  return combat?.id ? combatKey(combat.id) : cardKey("quickPlay");
}

// ----- the steps, on the active GM's client -----

async function declare(payload: DeclarePayload, requester: Requester, op: OpContext): Promise<Verdict> {
  const attackerDocs = await documentsOf(payload.attacker);
  if (attackerDocs === null) return { ok: false, reason: ATTACK_REQUEST_REASONS.Missing, data: { names: payload.attacker } };
  const owners = game.users.filter((u) => attackerDocs.actor.testUserPermission(u, "OWNER")).map((u) => u.id);
  const allowed = validateDeclare(owners, requester);
  if (!allowed.ok) return allowed;
  const capped = validateModifiers(payload.modifiers, attackModifierCap(), requester);
  if (!capped.ok) return capped;
  // In a running combat the attacker is in, the participants are its combatants; else their tokens (or actors).
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
  const attacker = participants[aId];
  if (attacker === undefined) return { ok: false, reason: ATTACK_REQUEST_REASONS.Missing, data: { names: payload.attacker } };
  const nameOf = (p: Participant) => situation.state.combatants[p.id]?.name ?? p.token?.name ?? p.actor.name;
  const targetIds =
    payload.action === "breakOut"
      ? breakOutDefenders(situation.state, aId).filter((id) => participants[id] !== undefined)
      : payload.action === "setDown"
        ? []
        : Object.keys(participants).filter((id) => id !== aId);
  const weapon = cardWeapon(attacker.snapshot, payload.weaponId);
  const rescueTN =
    payload.action === "rescue" && targetIds[0] !== undefined && situation.state.combatants[targetIds[0]] && situation.state.combatants[aId]
      ? rescueCheckTN(situation.state, { rescuerId: aId, targetId: targetIds[0] })
      : 5;
  const needsWeapon = payload.action === "attack" || payload.action === "grapple";
  if (needsWeapon && weapon === null) return { ok: false, reason: CARD_REASONS.NeedsWeapon };
  const base = actionCheck(payload.action, combatantChecks(attacker.snapshot), needsWeapon ? weapon : null, rescueTN);
  const declared = declareCard({
    action: payload.action,
    attacker: { id: aId, name: nameOf(attacker) },
    targets: targetIds.map((id) => {
      const p = participants[id];
      return { id, name: p ? nameOf(p) : id };
    }),
    weapon: needsWeapon ? weapon : null,
    killerBlow: payload.killerBlow,
    check: base === null ? null : modified(base, payload.modifiers),
    modifiers: payload.modifiers,
  });
  if (!declared.ok) return { ok: false, reason: declared.reason };
  let card = declared.card;
  const source: AttackSource = { card, refs, combatId: usedCombat?.id ?? "", prompts: {} };
  // A target that is gone, or not in the running combat, refuses the card (and says so on it). The other open cards
  // hold their attackers' battle actions and Magic Points (attack-card-reservation.ts).
  const legality =
    missing.length > 0
      ? { allowed: false, reason: CARD_REASONS.NotInCombat }
      : reservedLegality(card, situation.state, situation.round, openCards(source.combatId));
  let roll: PoolRoll | null = null;
  if (!legality.allowed) {
    const refused = refuseCard(card, legality.reason);
    if (refused.ok) card = refused.card;
  } else {
    const rolled = await rollPoolThrough("attack", card.check?.pool ?? 0, card.check ? cardAttackTN(card) : 6);
    if (!rolled.ok) return stoppedVerdict(rolled);
    roll = rolled.roll;
    const after = rollCard(card, rolled.faces);
    if (!after.ok) return verdictOf(after);
    card = after.card;
  }
  const speaker = ChatMessage.getSpeaker({ actor: attacker.actor, token: attacker.token });
  const message = await postCard({
    type: "attack",
    system: { ...source, card },
    rolls: roll === null ? [] : [roll.toJSON()],
    speaker,
  } as ChatMessage.CreateData);
  if (message?.id && card.stage === "rolled") await promptDefences(message.id, op);
  return legality.allowed ? { ok: true } : { ok: false, reason: legality.reason };
}

/** A defence's documents, dice and the GM who applies a card that settles itself (card-writes.ts `defendOp`). */
function defendWrites(cardId: string): DefendWrites<CardSituation> {
  const gm = game.user;
  return {
    ...cardWrites(cardId),
    options: (read, targetId) => optionsFor(read.source.card, read.situation, targetId),
    roll: async (pool, tn) => {
      // A defence is part of an answer under way: it cannot be cancelled, and a refused pool is a fault.
      const rolled = await rollPoolThrough("defence", pool, tn, false);
      if (!rolled.ok) throw new RangeError(`${SYSTEM_ID} | defence roll of ${pool} dice at TN ${tn} refused: ${rolled.reason}`);
      return { faces: rolled.faces, roll: rolled.roll };
    },
    gm: { id: gm.id, name: gm.name, isGM: true },
  };
}

/** One defender's answer within operation `op` (card-writes.ts `defendOp`). */
function defend(payload: DefendPayload, requester: Requester, by: AnswerSource, op: OpContext): Promise<Verdict> {
  return defendOp(defendWrites(payload.cardId), payload, requester, by, op);
}

async function rollDamage(payload: TargetPayload, gathered: CardGathered, requester: Requester): Promise<Verdict> {
  const { facts, message, source, situation } = gathered;
  const verdict = validateRollDamage(payload, facts, requester);
  if (!verdict.ok) return verdict;
  const due = damageFor(source.card, payload.targetId, situation.state);
  if (due === null) return { ok: false, reason: CARD_REASONS.NoDamageDue };
  const rolled = await rollPoolThrough("damage", due.pool, due.tn);
  if (!rolled.ok) return stoppedVerdict(rolled);
  const recorded = recordDamage(source.card, payload.targetId, due, rolled.faces);
  if (!recorded.ok) return verdictOf(recorded);
  await writeCard(message, { ...source, card: recorded.card }, rolled.roll);
  return { ok: true };
}

/** An open card closed by its attacker's side: what it held is free again; nothing else changes. */
async function withdraw(gathered: CardGathered, requester: Requester): Promise<Verdict> {
  const { facts, message, source } = gathered;
  const verdict = validateWithdraw(facts, requester);
  if (!verdict.ok) return verdict;
  const closed = closeCard(source.card, CARD_REASONS.Withdrawn);
  if (!closed.ok) return verdictOf(closed);
  await writeCard(message, { ...source, card: closed.card });
  return { ok: true };
}

// ----- asking defenders -----

/** The queries this client (as active GM) is waiting on: `cardId|targetId`. A new active GM starts empty and asks again. */
const asking = new Set<string>();

async function setPrompt(cardId: string, targetId: string, prompt: DefencePrompt): Promise<void> {
  const gathered = await gatherCard(cardId);
  if (isRefusal(gathered)) return;
  if (targetStatus(gathered.source.card, targetId) !== "awaitingDefence") return;
  await writeCard(gathered.message, { ...gathered.source, prompts: { ...gathered.source.prompts, [targetId]: prompt } });
}

/**
 * Asks each target still awaiting its defence: its online owner by query, else the GM, or rolls at once for an NPC.
 * An operation on the card's key (or part of the operation `within` that made the card); the owner's answer comes
 * back as an operation of its own, so waiting for it holds nothing.
 */
export async function promptDefences(cardId: string, within: OpContext | null = null): Promise<void> {
  if (!isActiveGM()) return;
  await WRITES.run(cardQueueKey(cardId), (op) => promptNow(cardId, op), within);
}

async function promptNow(cardId: string, op: OpContext): Promise<void> {
  const gathered = await gatherCard(cardId);
  if (isRefusal(gathered) || !gathered.facts.authoredByGM) return;
  const { source, situation } = gathered;
  for (const t of source.card.targets) {
    if (targetStatus(source.card, t.id) !== "awaitingDefence") continue;
    // Left to the GM, or timed out: the GM answers on the card. Asked by this GM and not yet answered: wait.
    const prompt = source.prompts[t.id];
    if (prompt !== undefined && (prompt.who !== "owner" || prompt.timedOut || asking.has(`${cardId}|${t.id}`))) continue;
    const p = situation.participants[t.id];
    if (p === undefined) continue;
    const owners = game.users.filter((u) => p.actor.testUserPermission(u, "OWNER")).map((u) => ({ id: u.id, active: u.active, isGM: u.isGM }));
    const responder = defenceResponder(owners, true, autoNpc());
    const gm = { id: game.user.id, name: game.user.name, isGM: true };
    if (responder.who === "auto") {
      const best = bestCheck(optionsFor(source.card, situation, t.id));
      await defend({ cardId, targetId: t.id, defend: best !== null, skill: best?.skill ?? null }, gm, "auto", op);
    } else if (responder.who === "owner") {
      const user = maybe(game.users.get(responder.userId));
      // The owner's client checks the query against this hash on the card (defence-prompt.ts).
      const token = queryToken(crypto.getRandomValues(new Uint8Array(16)));
      await setPrompt(cardId, t.id, { who: "owner", userName: user?.name ?? "", timedOut: false, tokenHash: sha256Hex(token) });
      if (user) {
        const key = `${cardId}|${t.id}`;
        asking.add(key);
        void askOwner(cardId, t.id, user, token).finally(() => asking.delete(key));
      }
    } else {
      await setPrompt(cardId, t.id, { who: "gm", userName: game.user.name, timedOut: false });
    }
  }
}

/**
 * Asks one owner by query. The answer is trusted as that owner's because the GM chose whom to ask; it is still
 * parsed and validated like any request. No answer in time leaves the defence to the GM.
 */
async function askOwner(cardId: string, targetId: string, user: User.Implementation, token: string): Promise<void> {
  let answer: unknown = null;
  try {
    answer = await queryUser(user, DEFEND_QUERY, { cardId, targetId, token }, defenceTimeout());
  } catch (error) {
    console.warn(`${SYSTEM_ID} | ${user.name} did not answer the defence of ${targetId}`, error);
  }
  const parsed = answer === null ? null : parseDefend(answer);
  const requester = { id: user.id ?? "", name: user.name, isGM: false };
  // The answer is a new operation on the card's key: the card is read again there, as the steps before left it.
  await WRITES.run(cardQueueKey(cardId), async (op) => {
    if (parsed !== null && !isRefusal(parsed) && parsed.cardId === cardId && parsed.targetId === targetId) {
      const verdict = await defend(parsed, requester, "owner", op);
      if (verdict.ok) return;
      console.warn(`${SYSTEM_ID} | defence answer from ${user.name} refused: ${verdict.reason}`, answer);
    }
    await setPrompt(cardId, targetId, { who: "owner", userName: user.name, timedOut: true });
  });
}

/**
 * A GM just became the active GM: every card whose Apply or Undo a reload cut short is finished from its record, every
 * defence claim a reload left is written on its card, a card left answered but not applied applies itself when it
 * needs no look, and every GM-authored card still awaiting a defence is asked again.
 */
export async function sweepCards(): Promise<void> {
  if (!isActiveGM()) return;
  for (const message of game.messages.contents) {
    if (!(message.system instanceof AttackMessageModel) || !authorIsGM(message)) continue;
    const record = readWriteRecord(systemFlag(message, WRITE_FLAG));
    if ((record === null || record.done) && claimsOf(message.id).length === 0) continue;
    const id = message.id;
    await WRITES.run(cardQueueKey(id), () => gatherCard(id));
  }
  const gm = { id: game.user.id, name: game.user.name, isGM: true };
  for (const message of game.messages.contents.slice(-50)) {
    if (!(message.system instanceof AttackMessageModel) || !authorIsGM(message) || !message.system.readable) continue;
    if (message.system.source.card.stage !== "rolled") continue;
    const id = message.id;
    await WRITES.run(cardQueueKey(id), (op) => settleCard(cardWrites(id), gm, op));
    // Owners asked by a GM that has gone are asked again (promptDefences skips only what this GM is waiting on).
    await promptDefences(id);
  }
}

// ----- the request kinds -----

/** Registers the attack card's request kinds (call in `init`). */
export function registerAttackRequests(): void {
  registerRequestKind<DeclarePayload, DeclarePayload>(ATTACK_REQUEST_KINDS.declare, {
    parse: parseDeclare,
    gather: (payload) => payload,
    validate: () => ({ ok: true }),
    apply: (payload, _facts, requester, op) => declare(payload, requester, op),
    queue: () => declareKey(),
  });
  registerRequestKind<DefendPayload, CardGathered>(ATTACK_REQUEST_KINDS.defend, {
    parse: parseDefend,
    gather: (payload) => gatherCard(payload.cardId),
    validate: (payload, gathered, requester) =>
      validateDefend(payload, gathered.facts, requester, optionsFor(gathered.source.card, gathered.situation, payload.targetId)),
    apply: (payload, _gathered, requester, op) => defend(payload, requester, requester.isGM ? "gm" : "owner", op),
    queue: (payload) => cardQueueKey(payload.cardId),
  });
  registerRequestKind<TargetPayload, CardGathered>(ATTACK_REQUEST_KINDS.rollDamage, {
    parse: parseTargetPayload,
    gather: (payload) => gatherCard(payload.cardId),
    validate: (payload, gathered, requester) => validateRollDamage(payload, gathered.facts, requester),
    apply: (payload, gathered, requester) => rollDamage(payload, gathered, requester),
    queue: (payload) => cardQueueKey(payload.cardId),
  });
  registerRequestKind<CardPayload, CardGathered>(ATTACK_REQUEST_KINDS.apply, {
    parse: parseCardPayload,
    gather: (payload) => gatherCard(payload.cardId),
    validate: (_payload, gathered, requester) =>
      validateApply(gathered.facts, requester, gathered.situation.missing, isResolved(gathered.source.card)),
    apply: (payload, _gathered, requester, op) => applyOp(cardWrites(payload.cardId), requester, op),
    queue: (payload) => cardQueueKey(payload.cardId),
  });
  registerRequestKind<CardPayload, CardGathered>(ATTACK_REQUEST_KINDS.undo, {
    parse: parseCardPayload,
    gather: (payload) => gatherCard(payload.cardId),
    validate: (_payload, gathered, requester) => validateUndo(gathered.facts, requester, gathered.situation.missing),
    apply: (payload, _gathered, requester, op) => undoOp(cardWrites(payload.cardId), requester, op),
    queue: (payload) => cardQueueKey(payload.cardId),
  });
  registerRequestKind<CardPayload, CardGathered>(ATTACK_REQUEST_KINDS.withdraw, {
    parse: parseCardPayload,
    gather: (payload) => gatherCard(payload.cardId),
    validate: (_payload, gathered, requester) => validateWithdraw(gathered.facts, requester),
    apply: (_payload, gathered, requester) => withdraw(gathered, requester),
    queue: (payload) => cardQueueKey(payload.cardId),
  });
}

/**
 * Runs an attack request from this client: the active GM runs it at once; anyone else posts a request message
 * for the active GM. A refusal is shown to the user who asked.
 */
export async function requestAttack(kind: string, payload: Record<string, unknown>): Promise<void> {
  const user = game.user;
  if (isActiveGM()) {
    const verdict = await REQUESTS.process(kind, payload, { id: user.id, name: user.name, isGM: true }, (error) => {
      console.error(`${SYSTEM_ID} | ${kind} failed`, error);
    });
    if (!verdict.ok) {
      console.warn(`${SYSTEM_ID} | ${kind} refused: ${verdict.reason}`, payload);
      const reason = i18nFormat(verdict.reason, verdict.data ?? {});
      ui.notifications.warn(game.i18n.format("AOD.Attack.Notify.refused", { reason }));
    }
    return;
  }
  const short = kind.split(".")[1] ?? kind;
  await sendRequest(kind, payload, game.i18n.format(`AOD.Attack.Request.Summary.${short}`, { name: user.name }));
}
