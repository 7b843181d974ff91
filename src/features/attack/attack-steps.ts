/**
 * The attack card's flow across users (docs/ATTACK.md "Who answers, who writes"), with every Foundry call behind a
 * small injected interface; attack-flow.ts is the Foundry side and hands this the documents, the users, the
 * queries, real rolls, core's postCard and request messages, the notifications and the write queue. Every step is a
 * request kind of the system's request registry: a player's click sends a request message it authors; the active
 * GM's own clicks run the same kind directly. The GM re-reads the card and its documents, validates with the pure
 * functions of attack-requests.ts and the card's state machine, rolls and writes the card (which only a GM authors)
 * and the documents. Every step is an operation of the write queue on the card's key (its combat's, or its own
 * outside combat), so steps on one card, and on one combat, never overlap; Apply and Undo land exactly once
 * (card-writes.ts). Defenders are asked by a query the GM sends to their owner; waiting for the answer holds no
 * queue, and the answer is an operation of its own. Pure: no Foundry, DOM or browser globals.
 */
import { SYSTEM_ID } from "../../constants/system-id";
import type { AttackSource, DefencePrompt } from "../../data/message/attack-source";
import { cardWeapon, combatantChecks } from "../../data/message/attack-actors";
import {
  CARD_REASONS,
  attackSuccesses,
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
import type { AnswerSource, AttackCard, CardResult } from "../../rules/attack-card";
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
  parseDefenceQuery,
  parseDefend,
  parseTargetPayload,
  queryFromAskingGM,
  validateApply,
  validateDeclare,
  validateDefend,
  validateModifiers,
  validateRollDamage,
  validateUndo,
  validateWithdraw,
} from "./attack-requests";
import type { CardFacts, CardPayload, DeclarePayload, DefenceQuery, DefendPayload, TargetPayload } from "./attack-requests";
import { promptDefenceLabel } from "./attack-card-context";
import { DEFENCES_FLAG, WRITE_FLAG, applyOp, defendOp, finishCard, readDefenceClaim, readWriteRecord, settleCard, undoOp } from "./card-writes";
import type { CardWrites, DefendWrites } from "./card-writes";
import { cardKey, combatKey, keyOfCard } from "../../core/writes/write-queue";
import type { OpContext } from "../../core/writes/write-queue";
import type { Refusal, RequestRegistry, Requester, Verdict } from "../../core/requests/registry";
import { sha256Hex } from "../../core/requests/query-token";
import { PROMPT_GRACE_MS } from "./attack-io";
import type { AttackIO, AttackSituation, AttackUser, CardGathered, DeclaredParticipant, PoolRolled } from "./attack-io";

/** The query a GM sends a defender's owner. */
export const DEFEND_QUERY = `${SYSTEM_ID}.attackDefend`;

const refusal = (refused: string, data?: Record<string, string | number>): Refusal => (data ? { refused, data } : { refused });
const verdictOf = (result: CardResult): Verdict => (result.ok ? { ok: true } : { ok: false, reason: result.reason });

/** Why a card's roll did not go through (a hook cancelled it, or the pool was refused), as a refusal. */
function stoppedVerdict(rolled: Exclude<PoolRolled, { ok: true }>): Verdict {
  return rolled.data === undefined ? { ok: false, reason: rolled.reason } : { ok: false, reason: rolled.reason, data: { ...rolled.data } };
}

/** What one button of a drawn card asks for: its request kind and payload (the card's id, a target and a choice). */
export function buttonRequest(cardId: string, data: { action?: string; targetId?: string; skill?: string }): { kind: string; payload: Record<string, unknown> } | null {
  const { action, targetId = "", skill = "" } = data;
  switch (action) {
    case "defend":
      return {
        kind: ATTACK_REQUEST_KINDS.defend,
        payload: { cardId, targetId, defend: skill !== "none", skill: skill === "none" || skill === "" ? null : skill },
      };
    case "rollDamage":
      return { kind: ATTACK_REQUEST_KINDS.rollDamage, payload: { cardId, targetId } };
    case "apply":
      return { kind: ATTACK_REQUEST_KINDS.apply, payload: { cardId } };
    case "undo":
      return { kind: ATTACK_REQUEST_KINDS.undo, payload: { cardId } };
    case "withdraw":
      return { kind: ATTACK_REQUEST_KINDS.withdraw, payload: { cardId } };
    default:
      return null;
  }
}

/** The attack card's steps on one client. */
export class AttackSteps<S extends AttackSituation> {
  readonly #io: AttackIO<S>;
  readonly #registry: RequestRegistry;
  /** The queries this client (as active GM) is waiting on: `cardId|targetId`. A new active GM starts empty and asks again. */
  readonly #asking = new Set<string>();

  constructor(io: AttackIO<S>, registry: RequestRegistry) {
    this.#io = io;
    this.#registry = registry;
  }

  /** The active GM, as the requester of its own steps. */
  #gm(): Requester {
    const user = this.#io.user();
    return { id: user.id, name: user.name, isGM: true };
  }

  // ----- gather: the facts of a request about an existing card, re-read from documents -----

  /** Re-reads a card and its world; the card's write record comes with it. */
  async #readCard(cardId: string): Promise<CardGathered<S> | Refusal> {
    const io = this.#io;
    const doc = io.card(cardId);
    if (doc === null) return refusal(ATTACK_REQUEST_REASONS.CardGone);
    let source: AttackSource;
    try {
      source = doc.source();
    } catch (error) {
      io.log("warn", `attack card ${cardId} does not read cleanly`, error);
      return refusal(ATTACK_REQUEST_REASONS.ForgedCard);
    }
    const situation = await io.situation(source);
    const owners = Object.fromEntries(Object.entries(io.owners(situation)).map(([id, users]) => [id, users.map((u) => u.id)]));
    const facts: CardFacts = { card: source.card, authoredByGM: doc.authoredByGM, owners };
    const record = readWriteRecord(doc.flag(WRITE_FLAG));
    return { facts, doc, source, situation, record, defences: doc.flag(DEFENCES_FLAG) };
  }

  /** The defence claims (GM-authored messages carrying a claim record) of one card. */
  #claimsOf(cardId: string): { id: string; record: unknown }[] {
    return this.#io
      .claims()
      .filter((c) => c.authoredByGM && readDefenceClaim(c.record)?.cardId === cardId)
      .map((c) => ({ id: c.id, record: c.record }));
  }

  /** The card's documents as Apply, Undo and a defence see them (card-writes.ts). */
  cardWrites(cardId: string): CardWrites<S> {
    const io = this.#io;
    return {
      cardId,
      read: () => this.#readCard(cardId),
      updatesFor: (situation, changes) => io.updatesFor(situation, changes),
      targets: (situation) => io.targets(situation),
      writeCard: async (update) => {
        await io.card(cardId)?.update(update);
      },
      writeAnswer: async (update, roll) => {
        await io.card(cardId)?.update(update, roll);
      },
      claimDefence: async (id, claim) => {
        const name = io.card(cardId)?.source().card.targets.find((t) => t.id === claim.targetId)?.name ?? claim.targetId;
        try {
          // The claim's id follows from the card and the target; the server refuses a second document with an id it has.
          await io.postClaim(id, name, { ...claim, roll: io.rollJSON(claim.roll) });
          return true;
        } catch (error) {
          if (io.messageExists(id)) return false;
          throw error;
        }
      },
      defenceClaims: () => this.#claimsOf(cardId),
      dropClaim: async (id) => {
        try {
          await io.deleteMessage(id);
        } catch (error) {
          // Dropped by another GM meanwhile (the overlap at a hand-over): nothing is left to drop.
          if (io.messageExists(id)) throw error;
        }
      },
    };
  }

  /**
   * Re-reads a card inside an operation on its key; a write a reload left half-done (card-writes.ts) is finished
   * first, so every step reads the card as it was meant to be.
   */
  async gatherCard(cardId: string): Promise<CardGathered<S> | Refusal> {
    const read = await this.#readCard(cardId);
    if (isRefusal(read)) return read;
    return (await finishCard(this.cardWrites(cardId), read)) ? this.#readCard(cardId) : read;
  }

  /** The write-queue key of an existing card: its combat's, or its own (a card not found keys on its id). */
  cardQueueKey(cardId: string): string {
    let combatId = "";
    try {
      combatId = this.#io.card(cardId)?.source().combatId ?? "";
    } catch {
      combatId = "";
    }
    return keyOfCard(cardId, combatId);
  }

  /** The key a new card is declared on: the running combat's (its open cards hold actions), else quick play's. */
  #declareKey(): string {
    const id = this.#io.runningCombatId();
    return id ? combatKey(id) : cardKey("quickPlay");
  }

  /**
   * The open cards (rolled, not yet applied, refused or withdrawn) made in a combat, or in quick play for "": what
   * they hold for their attackers counts against a new card (attack-card-reservation.ts).
   */
  openCards(combatId: string): AttackCard[] {
    const open: AttackCard[] = [];
    for (const doc of this.#io.cards()) {
      if (!doc.authoredByGM) continue;
      let source: AttackSource;
      try {
        source = doc.source();
      } catch {
        continue; // a card that does not read cleanly holds nothing
      }
      if (source.combatId === combatId && source.card.stage === "rolled") open.push(source.card);
    }
    return open;
  }

  // ----- the steps, on the active GM's client -----

  async #declare(payload: DeclarePayload, requester: Requester, op: OpContext): Promise<Verdict> {
    const io = this.#io;
    const world = await io.declareSituation(payload);
    if (world === null) return { ok: false, reason: ATTACK_REQUEST_REASONS.Missing, data: { names: payload.attacker } };
    const allowed = validateDeclare(world.attackerOwners, requester);
    if (!allowed.ok) return allowed;
    const capped = validateModifiers(payload.modifiers, io.modifierCap(), requester);
    if (!capped.ok) return capped;
    const { situation, participants, missing } = world;
    const aId = world.attackerId;
    const attacker = participants[aId];
    if (attacker === undefined) return { ok: false, reason: ATTACK_REQUEST_REASONS.Missing, data: { names: payload.attacker } };
    const nameOf = (id: string, p: DeclaredParticipant) => situation.state.combatants[id]?.name ?? p.name;
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
      attacker: { id: aId, name: nameOf(aId, attacker) },
      targets: targetIds.map((id) => {
        const p = participants[id];
        return { id, name: p ? nameOf(id, p) : id };
      }),
      weapon: needsWeapon ? weapon : null,
      killerBlow: payload.killerBlow,
      check: base === null ? null : modified(base, payload.modifiers),
      modifiers: payload.modifiers,
    });
    if (!declared.ok) return { ok: false, reason: declared.reason };
    let card = declared.card;
    const source: AttackSource = { card, refs: world.refs, combatId: world.combatId, prompts: {} };
    // A target that is gone, or not in the running combat, refuses the card (and says so on it). The other open cards
    // hold their attackers' battle actions and Magic Points (attack-card-reservation.ts).
    const legality =
      missing.length > 0
        ? { allowed: false, reason: CARD_REASONS.NotInCombat }
        : reservedLegality(card, situation.state, situation.round, this.openCards(source.combatId));
    let roll: unknown = null;
    if (!legality.allowed) {
      const refused = refuseCard(card, legality.reason);
      if (refused.ok) card = refused.card;
    } else {
      const rolled = await io.rollAttack(card.check?.pool ?? 0, card.check ? cardAttackTN(card) : 6);
      if (!rolled.ok) return stoppedVerdict(rolled);
      roll = rolled.roll;
      const after = rollCard(card, rolled.faces);
      if (!after.ok) return verdictOf(after);
      card = after.card;
    }
    const json = io.rollJSON(roll);
    const id = await io.post({ type: "attack", system: { ...source, card }, rolls: json === null ? [] : [json], speaker: world.speaker });
    if (id && card.stage === "rolled") await this.promptDefences(id, op);
    return legality.allowed ? { ok: true } : { ok: false, reason: legality.reason };
  }

  /** A defence's documents, dice and the GM who applies a card that settles itself (card-writes.ts `defendOp`). */
  #defendWrites(cardId: string): DefendWrites<S> {
    const io = this.#io;
    return {
      ...this.cardWrites(cardId),
      options: (read, targetId) => io.options(read.source.card, read.situation, targetId),
      roll: async (pool, tn) => {
        // A defence is part of an answer under way: it cannot be cancelled, and a refused pool is a fault.
        const rolled = await io.rollDefence(pool, tn);
        if (!rolled.ok) throw new RangeError(`${SYSTEM_ID} | defence roll of ${pool} dice at TN ${tn} refused: ${rolled.reason}`);
        return { faces: rolled.faces, roll: rolled.roll };
      },
      gm: this.#gm(),
    };
  }

  /** One defender's answer within operation `op` (card-writes.ts `defendOp`). */
  #defend(payload: DefendPayload, requester: Requester, by: AnswerSource, op: OpContext): Promise<Verdict> {
    return defendOp(this.#defendWrites(payload.cardId), payload, requester, by, op);
  }

  async #rollDamage(payload: TargetPayload, gathered: CardGathered<S>, requester: Requester): Promise<Verdict> {
    const { facts, doc, source, situation } = gathered;
    const verdict = validateRollDamage(payload, facts, requester);
    if (!verdict.ok) return verdict;
    const due = damageFor(source.card, payload.targetId, situation.state);
    if (due === null) return { ok: false, reason: CARD_REASONS.NoDamageDue };
    const rolled = await this.#io.rollDamage(due.pool, due.tn);
    if (!rolled.ok) return stoppedVerdict(rolled);
    const recorded = recordDamage(source.card, payload.targetId, due, rolled.faces);
    if (!recorded.ok) return verdictOf(recorded);
    await doc.update({ system: { ...source, card: recorded.card } }, rolled.roll);
    return { ok: true };
  }

  /** An open card closed by its attacker's side: what it held is free again; nothing else changes. */
  async #withdraw(gathered: CardGathered<S>, requester: Requester): Promise<Verdict> {
    const { facts, doc, source } = gathered;
    const verdict = validateWithdraw(facts, requester);
    if (!verdict.ok) return verdict;
    const closed = closeCard(source.card, CARD_REASONS.Withdrawn);
    if (!closed.ok) return verdictOf(closed);
    await doc.update({ system: { ...source, card: closed.card } });
    return { ok: true };
  }

  // ----- asking defenders -----

  async #setPrompt(cardId: string, targetId: string, prompt: DefencePrompt): Promise<void> {
    const gathered = await this.gatherCard(cardId);
    if (isRefusal(gathered)) return;
    if (targetStatus(gathered.source.card, targetId) !== "awaitingDefence") return;
    await gathered.doc.update({ system: { ...gathered.source, prompts: { ...gathered.source.prompts, [targetId]: prompt } } });
  }

  /**
   * Asks each target still awaiting its defence: its online owner by query, else the GM, or rolls at once for an NPC.
   * An operation on the card's key (or part of the operation `within` that made the card); the owner's answer comes
   * back as an operation of its own, so waiting for it holds nothing.
   */
  async promptDefences(cardId: string, within: OpContext | null = null): Promise<void> {
    if (!this.#io.isActiveGM()) return;
    await this.#io.queue.run(this.cardQueueKey(cardId), (op) => this.#promptNow(cardId, op), within);
  }

  async #promptNow(cardId: string, op: OpContext): Promise<void> {
    const io = this.#io;
    const gathered = await this.gatherCard(cardId);
    if (isRefusal(gathered) || !gathered.facts.authoredByGM) return;
    const { source, situation } = gathered;
    for (const t of source.card.targets) {
      if (targetStatus(source.card, t.id) !== "awaitingDefence") continue;
      // Left to the GM, or timed out: the GM answers on the card. Asked by this GM and not yet answered: wait.
      const prompt = source.prompts[t.id];
      if (prompt !== undefined && (prompt.who !== "owner" || prompt.timedOut || this.#asking.has(`${cardId}|${t.id}`))) continue;
      const users = io.owners(situation)[t.id];
      if (users === undefined) continue;
      const responder = defenceResponder(users, true, io.autoNpcDefence());
      const gm = this.#gm();
      if (responder.who === "auto") {
        const best = bestCheck(io.options(source.card, situation, t.id));
        await this.#defend({ cardId, targetId: t.id, defend: best !== null, skill: best?.skill ?? null }, gm, "auto", op);
      } else if (responder.who === "owner") {
        const user = users.find((u) => u.id === responder.userId);
        // The owner's client checks the query against this hash on the card (defence-prompt.ts).
        const token = io.token();
        await this.#setPrompt(cardId, t.id, { who: "owner", userName: user?.name ?? "", timedOut: false, tokenHash: sha256Hex(token) });
        if (user) {
          const key = `${cardId}|${t.id}`;
          this.#asking.add(key);
          void this.#askOwner(cardId, t.id, user, token).finally(() => this.#asking.delete(key));
        }
      } else {
        await this.#setPrompt(cardId, t.id, { who: "gm", userName: gm.name, timedOut: false });
      }
    }
  }

  /**
   * Asks one owner by query. The answer is trusted as that owner's because the GM chose whom to ask; it is still
   * parsed and validated like any request. No answer in time leaves the defence to the GM.
   */
  async #askOwner(cardId: string, targetId: string, user: AttackUser, token: string): Promise<void> {
    const io = this.#io;
    let answer: unknown = null;
    try {
      answer = await io.query(user.id, DEFEND_QUERY, { cardId, targetId, token }, io.defenceTimeout());
    } catch (error) {
      io.log("warn", `${user.name} did not answer the defence of ${targetId}`, error);
    }
    const parsed = answer === null ? null : parseDefend(answer);
    const requester = { id: user.id, name: user.name, isGM: false };
    // The answer is a new operation on the card's key: the card is read again there, as the steps before left it.
    await io.queue.run(this.cardQueueKey(cardId), async (op) => {
      if (parsed !== null && !isRefusal(parsed) && parsed.cardId === cardId && parsed.targetId === targetId) {
        const verdict = await this.#defend(parsed, requester, "owner", op);
        if (verdict.ok) return;
        io.log("warn", `defence answer from ${user.name} refused: ${verdict.reason}`, answer);
      }
      await this.#setPrompt(cardId, targetId, { who: "owner", userName: user.name, timedOut: true });
    });
  }

  /**
   * A GM just became the active GM: every card whose Apply or Undo a reload cut short is finished from its record,
   * every defence claim a reload left is written on its card, a card left answered but not applied applies itself
   * when it needs no look, and every GM-authored card still awaiting a defence is asked again.
   */
  async sweepCards(): Promise<void> {
    const io = this.#io;
    if (!io.isActiveGM()) return;
    for (const doc of io.cards()) {
      if (!doc.authoredByGM) continue;
      const record = readWriteRecord(doc.flag(WRITE_FLAG));
      if ((record === null || record.done) && this.#claimsOf(doc.id).length === 0) continue;
      const id = doc.id;
      await io.queue.run(this.cardQueueKey(id), () => this.gatherCard(id));
    }
    const gm = this.#gm();
    for (const doc of io.cards(50)) {
      if (!doc.authoredByGM || !doc.readable) continue;
      if (doc.source().card.stage !== "rolled") continue;
      const id = doc.id;
      await io.queue.run(this.cardQueueKey(id), (op) => settleCard(this.cardWrites(id), gm, op));
      // Owners asked by a GM that has gone are asked again (promptDefences skips only what this GM is waiting on).
      await this.promptDefences(id);
    }
  }

  // ----- answering, on the defender's owner's client -----

  /** The GM's card the query names, when it carries the token whose hash the GM wrote on that target's prompt. */
  #vouchedCard(asked: DefenceQuery): AttackSource | null {
    const doc = this.#io.card(asked.cardId);
    if (doc === null || !doc.authoredByGM || !doc.readable) return null;
    const source = doc.source();
    // Any user can send this query; only the GM who asked knows the token behind the hash on the card.
    return queryFromAskingGM(source.prompts[asked.targetId], asked.token) ? source : null;
  }

  /**
   * The handler of the GM's defence query on the defender's owner's client. It checks for itself that the query came
   * from the GM who asked (the token whose hash that GM wrote on the card's prompt), that the card is a GM's, still
   * awaits this target, and that this user owns the target; then it asks which defence to roll (or none) and returns
   * the choice, or null (not the GM's query, not mine, no longer awaited, or closed). The GM validates it again.
   */
  async answerQuery(data: unknown): Promise<DefendPayload | null> {
    const io = this.#io;
    const asked = parseDefenceQuery(data);
    if (isRefusal(asked)) return null;
    // The GM writes the prompt before it sends the query; should the query still arrive first, look once more.
    let source = this.#vouchedCard(asked);
    if (source === null) {
      await io.wait(PROMPT_GRACE_MS);
      source = this.#vouchedCard(asked);
    }
    if (source === null) return null;
    const card = source.card;
    if (targetStatus(card, asked.targetId) !== "awaitingDefence") return null;
    const situation = await io.situation(source);
    const owners = io.owners(situation)[asked.targetId];
    const me = io.user().id;
    if (owners === undefined || !owners.some((u) => u.id === me)) return null;
    const options = io.options(card, situation, asked.targetId);
    const t = (key: string, values?: Readonly<Record<string, unknown>>) => io.format(key, values);
    const target = card.targets.find((x) => x.id === asked.targetId)?.name ?? asked.targetId;
    const values = { attacker: card.attacker.name, target, weapon: card.weapon?.name ?? "", successes: attackSuccesses(card) ?? 0 };
    const body = t(card.action === "breakOut" ? "AOD.Attack.Prompt.breakOut" : "AOD.Attack.Prompt.body", values);
    const buttons = [
      ...options.map((check, i) => ({
        action: `skill:${check.skill ?? ""}`,
        // Each defence with its exact chance against the roll already made, as on the card.
        label: promptDefenceLabel(
          t,
          card,
          check,
          t("AOD.Attack.CheckLabel", { skill: check.skill === null ? t("AOD.Attack.Untrained") : check.skill, pool: check.pool, tn: check.tn }),
        ),
        default: i === 0,
      })),
      { action: "none", label: t("AOD.Attack.Button.noDefence"), default: options.length === 0 },
    ];
    const choice = await io.dialog({ title: t("AOD.Attack.Prompt.title", { target }), body, buttons });
    if (choice === null) return null;
    if (choice === "none") return { cardId: asked.cardId, targetId: asked.targetId, defend: false, skill: null };
    const skill = choice.slice("skill:".length);
    return { cardId: asked.cardId, targetId: asked.targetId, defend: true, skill: skill === "" ? null : skill };
  }

  // ----- the request kinds -----

  /** Registers the attack card's request kinds (call in `init`). */
  registerKinds(): void {
    const registry = this.#registry;
    registry.register<DeclarePayload, DeclarePayload>(ATTACK_REQUEST_KINDS.declare, {
      parse: parseDeclare,
      gather: (payload) => payload,
      validate: () => ({ ok: true }),
      apply: (payload, _facts, requester, op) => this.#declare(payload, requester, op),
      queue: () => this.#declareKey(),
    });
    registry.register<DefendPayload, CardGathered<S>>(ATTACK_REQUEST_KINDS.defend, {
      parse: parseDefend,
      gather: (payload) => this.gatherCard(payload.cardId),
      validate: (payload, gathered, requester) =>
        validateDefend(payload, gathered.facts, requester, this.#io.options(gathered.source.card, gathered.situation, payload.targetId)),
      apply: (payload, _gathered, requester, op) => this.#defend(payload, requester, requester.isGM ? "gm" : "owner", op),
      queue: (payload) => this.cardQueueKey(payload.cardId),
    });
    registry.register<TargetPayload, CardGathered<S>>(ATTACK_REQUEST_KINDS.rollDamage, {
      parse: parseTargetPayload,
      gather: (payload) => this.gatherCard(payload.cardId),
      validate: (payload, gathered, requester) => validateRollDamage(payload, gathered.facts, requester),
      apply: (payload, gathered, requester) => this.#rollDamage(payload, gathered, requester),
      queue: (payload) => this.cardQueueKey(payload.cardId),
    });
    registry.register<CardPayload, CardGathered<S>>(ATTACK_REQUEST_KINDS.apply, {
      parse: parseCardPayload,
      gather: (payload) => this.gatherCard(payload.cardId),
      validate: (_payload, gathered, requester) =>
        validateApply(gathered.facts, requester, gathered.situation.missing, isResolved(gathered.source.card)),
      apply: (payload, _gathered, requester, op) => applyOp(this.cardWrites(payload.cardId), requester, op),
      queue: (payload) => this.cardQueueKey(payload.cardId),
    });
    registry.register<CardPayload, CardGathered<S>>(ATTACK_REQUEST_KINDS.undo, {
      parse: parseCardPayload,
      gather: (payload) => this.gatherCard(payload.cardId),
      validate: (_payload, gathered, requester) => validateUndo(gathered.facts, requester, gathered.situation.missing),
      apply: (payload, _gathered, requester, op) => undoOp(this.cardWrites(payload.cardId), requester, op),
      queue: (payload) => this.cardQueueKey(payload.cardId),
    });
    registry.register<CardPayload, CardGathered<S>>(ATTACK_REQUEST_KINDS.withdraw, {
      parse: parseCardPayload,
      gather: (payload) => this.gatherCard(payload.cardId),
      validate: (_payload, gathered, requester) => validateWithdraw(gathered.facts, requester),
      apply: (_payload, gathered, requester) => this.#withdraw(gathered, requester),
      queue: (payload) => this.cardQueueKey(payload.cardId),
    });
  }

  /**
   * Runs an attack request from this client: the active GM runs it at once; anyone else posts a request message
   * for the active GM. A refusal is shown to the user who asked.
   */
  async request(kind: string, payload: Record<string, unknown>): Promise<void> {
    const io = this.#io;
    const user = io.user();
    if (io.isActiveGM()) {
      const verdict = await this.#registry.process(kind, payload, { id: user.id, name: user.name, isGM: true }, (error) => {
        io.log("error", `${kind} failed`, error);
      });
      if (!verdict.ok) {
        io.log("warn", `${kind} refused: ${verdict.reason}`, payload);
        const reason = io.format(verdict.reason, verdict.data ?? {});
        io.warn(io.format("AOD.Attack.Notify.refused", { reason }));
      }
      return;
    }
    const short = kind.split(".")[1] ?? kind;
    await io.sendRequest(kind, payload, io.format(`AOD.Attack.Request.Summary.${short}`, { name: user.name }));
  }
}
