/**
 * The attack card's cross-user requests, pure: the payload parsers and the validators the active GM runs before
 * it writes (docs/ATTACK.md "Requests"). Kinds: `attack.declare`
 * (a player opens a card), `attack.defend`, `attack.rollDamage`, `attack.apply`, `attack.undo`. The requester is
 * the author of the request message, never a field of the payload; the facts are re-read from documents by
 * the GM's gatherer (attack-steps.ts). Nothing here touches Foundry.
 */
import { CARD_REASONS, targetStatus } from "../../rules/attack-card";
import type { AttackCard } from "../../rules/attack-card";
import { CARD_ACTIONS, MODIFIER_LIMITS } from "../../rules/attack-card-checks";
import type { CardAction, CardCheck, CheckModifiers } from "../../rules/attack-card-checks";
import type { Refusal, Requester, Verdict } from "../../core/requests/registry";
import { QUERY_TOKEN, tokenMatches } from "../../core/requests/query-token";
import type { DefencePrompt } from "../../data/message/attack-source";

export type { Refusal, Requester, Verdict };

/** Why a request is refused; each value is an en.json key. */
export const ATTACK_REQUEST_REASONS = Object.freeze({
  BadPayload: "AOD.Attack.Request.BadPayload",
  NotOwner: "AOD.Attack.Request.NotOwner",
  NotGM: "AOD.Attack.Request.NotGM",
  CardGone: "AOD.Attack.Request.CardGone",
  ForgedCard: "AOD.Attack.Request.ForgedCard",
  Missing: "AOD.Attack.Request.Missing",
  NotAwaitingDefence: "AOD.Attack.Request.NotAwaitingDefence",
  NoSuchDefence: "AOD.Attack.Request.NoSuchDefence",
  ModifierCap: "AOD.Attack.Request.ModifierCap",
} as const);

/** The request kinds of the attack card. */
export const ATTACK_REQUEST_KINDS = Object.freeze({
  declare: "attack.declare",
  defend: "attack.defend",
  rollDamage: "attack.rollDamage",
  apply: "attack.apply",
  undo: "attack.undo",
  withdraw: "attack.withdraw",
} as const);

const bad = (field: string): Refusal => ({ refused: ATTACK_REQUEST_REASONS.BadPayload, data: { field } });
const refuse = (reason: string, data?: Record<string, string | number>): Verdict =>
  data === undefined ? { ok: false, reason } : { ok: false, reason, data };
const OK: Verdict = Object.freeze({ ok: true });

/** Whether a value is a refusal (rather than a parsed payload or gathered facts). */
export function isRefusal(value: unknown): value is Refusal {
  return typeof value === "object" && value !== null && typeof (value as { refused?: unknown }).refused === "string";
}

const ID = /^[A-Za-z0-9]{1,64}$/;
/** A document UUID such as `Scene.abc.Token.def` or `Actor.abc`: dotted ids, nothing else. */
const UUID = /^[A-Za-z][A-Za-z]*\.[A-Za-z0-9]{1,64}(\.[A-Za-z][A-Za-z]*\.[A-Za-z0-9]{1,64}){0,3}$/;
const SKILL = /^[A-Za-z][A-Za-z0-9]{0,63}$/;
const MAX_TARGETS = 12;

function record(payload: unknown): Record<string, unknown> | null {
  return typeof payload === "object" && payload !== null && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
}

function onlyKeys(p: Record<string, unknown>, keys: readonly string[]): string | null {
  return Object.keys(p).find((k) => !keys.includes(k)) ?? null;
}

const isId = (v: unknown): v is string => typeof v === "string" && ID.test(v);
const isUuid = (v: unknown): v is string => typeof v === "string" && UUID.test(v);

/** `attack.declare`: who acts (a token or actor UUID), on whom, with which weapon item, and the dialog's modifiers. */
export interface DeclarePayload {
  action: CardAction;
  attacker: string;
  targets: string[];
  weaponId: string | null;
  killerBlow: boolean;
  modifiers: CheckModifiers;
}

/** Reads an `attack.declare` payload, refusing any field of the wrong shape (and any field it does not know). */
export function parseDeclare(payload: unknown): DeclarePayload | Refusal {
  const p = record(payload);
  if (p === null) return bad("payload");
  const stray = onlyKeys(p, ["action", "attacker", "targets", "weaponId", "killerBlow", "modifiers"]);
  if (stray !== null) return bad(stray);
  const { action, attacker, targets, weaponId, killerBlow, modifiers } = p;
  if (typeof action !== "string" || !(CARD_ACTIONS as readonly string[]).includes(action)) return bad("action");
  if (!isUuid(attacker)) return bad("attacker");
  if (!Array.isArray(targets) || targets.length > MAX_TARGETS || !targets.every(isUuid)) return bad("targets");
  if (new Set(targets).size !== targets.length) return bad("targets");
  if (weaponId !== null && !isId(weaponId)) return bad("weaponId");
  if (typeof killerBlow !== "boolean") return bad("killerBlow");
  const m = record(modifiers);
  if (m === null || onlyKeys(m, ["dice", "tn"]) !== null) return bad("modifiers");
  const { dice, tn } = m;
  if (!Number.isInteger(dice) || Math.abs(dice as number) > MODIFIER_LIMITS.dice) return bad("modifiers.dice");
  if (!Number.isInteger(tn) || Math.abs(tn as number) > MODIFIER_LIMITS.tn) return bad("modifiers.tn");
  return {
    action: action as CardAction,
    attacker,
    targets: [...targets],
    weaponId,
    killerBlow,
    modifiers: { dice: dice as number, tn: tn as number },
  };
}

/** `attack.defend`: the card (message id), the target (its id on the card), and the choice. */
export interface DefendPayload {
  cardId: string;
  targetId: string;
  /** false: no defence (000 "Defence is Optional"). */
  defend: boolean;
  /** The skill identifier defended with; null for an untrained Soma check (or no defence). */
  skill: string | null;
}

/** A request that names only a card. */
export interface CardPayload {
  cardId: string;
}

/** A request that names a card and one of its targets. */
export interface TargetPayload extends CardPayload {
  targetId: string;
}

/** Reads an `attack.defend` payload (also the answer a defender's owner returns to the GM's query). */
export function parseDefend(payload: unknown): DefendPayload | Refusal {
  const p = record(payload);
  if (p === null) return bad("payload");
  const stray = onlyKeys(p, ["cardId", "targetId", "defend", "skill"]);
  if (stray !== null) return bad(stray);
  if (!isId(p.cardId)) return bad("cardId");
  if (!isId(p.targetId)) return bad("targetId");
  if (typeof p.defend !== "boolean") return bad("defend");
  const skill = p.skill;
  if (skill !== null && (typeof skill !== "string" || !SKILL.test(skill))) return bad("skill");
  if (!p.defend && skill !== null) return bad("skill");
  return { cardId: p.cardId, targetId: p.targetId, defend: p.defend, skill };
}

/** Reads an `attack.apply`, `attack.undo` or `attack.withdraw` payload. */
export function parseCardPayload(payload: unknown): CardPayload | Refusal {
  const p = record(payload);
  if (p === null) return bad("payload");
  const stray = onlyKeys(p, ["cardId"]);
  if (stray !== null) return bad(stray);
  return isId(p.cardId) ? { cardId: p.cardId } : bad("cardId");
}

/** Reads an `attack.rollDamage` payload. */
export function parseTargetPayload(payload: unknown): TargetPayload | Refusal {
  const p = record(payload);
  if (p === null) return bad("payload");
  const stray = onlyKeys(p, ["cardId", "targetId"]);
  if (stray !== null) return bad(stray);
  if (!isId(p.cardId)) return bad("cardId");
  return isId(p.targetId) ? { cardId: p.cardId, targetId: p.targetId } : bad("targetId");
}

/** The GM's defence query: the card, the target, and the token whose hash the GM wrote on the card's prompt. */
export interface DefenceQuery extends TargetPayload {
  token: string;
}

/** Reads the defence query's data (untrusted: any user can send a query). */
export function parseDefenceQuery(payload: unknown): DefenceQuery | Refusal {
  const p = record(payload);
  if (p === null) return bad("payload");
  const stray = onlyKeys(p, ["cardId", "targetId", "token"]);
  if (stray !== null) return bad(stray);
  if (!isId(p.cardId)) return bad("cardId");
  if (!isId(p.targetId)) return bad("targetId");
  if (typeof p.token !== "string" || !QUERY_TOKEN.test(p.token)) return bad("token");
  return { cardId: p.cardId, targetId: p.targetId, token: p.token };
}

/**
 * Whether a defence query came from the GM who asked (a query handler cannot see its sender): the card's prompt for
 * the target says an owner is being asked and has not timed out, and the query carries the token whose hash the GM
 * wrote there. Only a GM writes the card, and only the asked owner receives the token.
 */
export function queryFromAskingGM(prompt: DefencePrompt | undefined, token: string): boolean {
  return prompt !== undefined && prompt.who === "owner" && !prompt.timedOut && tokenMatches(token, prompt.tokenHash);
}

/**
 * What the GM re-read for a request about an existing card: the card as its message holds it (null when the
 * message is gone), whether a GM authored that message (only those are cards: a hand-made message is not), and
 * which users own the card's attacker and targets.
 */
export interface CardFacts {
  card: AttackCard | null;
  authoredByGM: boolean;
  /** Participant id -> the ids of the users who own its actor. */
  owners: Readonly<Record<string, readonly string[]>>;
}

const owns = (facts: CardFacts, id: string, requester: Requester): boolean =>
  requester.isGM || (facts.owners[id] ?? []).includes(requester.id);

function trusted(facts: CardFacts): Verdict & { card?: AttackCard } {
  if (facts.card === null) return refuse(ATTACK_REQUEST_REASONS.CardGone);
  // Only the GM writes cards, so a card a player authored is forged, whatever it claims.
  if (!facts.authoredByGM) return refuse(ATTACK_REQUEST_REASONS.ForgedCard);
  return { ok: true, card: facts.card };
}

/** Whether the requester may open this card: it must own the acting combatant's actor (a GM may act for anyone). */
export function validateDeclare(ownerIds: readonly string[], requester: Requester): Verdict {
  return requester.isGM || ownerIds.includes(requester.id) ? OK : refuse(ATTACK_REQUEST_REASONS.NotOwner);
}

/**
 * Whether a player may ask for these roll dialog modifiers (RULES.md "Attack card"): at most `cap.dice` extra dice
 * and the TN lowered by at most `cap.tn` (the world settings). Fewer dice or a harder TN only weaken the asker's own
 * roll and are never capped; a GM is not capped. The dialog's own limits are checked when the payload is parsed.
 */
export function validateModifiers(modifiers: CheckModifiers, cap: { dice: number; tn: number }, requester: Requester): Verdict {
  if (requester.isGM || (modifiers.dice <= cap.dice && -modifiers.tn <= cap.tn)) return OK;
  return refuse(ATTACK_REQUEST_REASONS.ModifierCap, { dice: cap.dice, tn: cap.tn });
}

/**
 * Whether a defence may be recorded: a real card still awaiting this target's defence (a card already resolved
 * or applied, or a target already answered, is ignored: the first answer counts), asked by the target's owner or
 * a GM, with a check among those the GM computed from the defender's actor (`options`).
 */
export function validateDefend(payload: DefendPayload, facts: CardFacts, requester: Requester, options: readonly CardCheck[]): Verdict {
  const base = trusted(facts);
  if (!base.ok || base.card === undefined) return base;
  const card = base.card;
  if (!card.targets.some((t) => t.id === payload.targetId)) return refuse(CARD_REASONS.UnknownTarget);
  if (card.stage !== "rolled" || targetStatus(card, payload.targetId) !== "awaitingDefence") {
    return refuse(ATTACK_REQUEST_REASONS.NotAwaitingDefence);
  }
  if (!owns(facts, payload.targetId, requester)) return refuse(ATTACK_REQUEST_REASONS.NotOwner);
  if (payload.defend && chosenCheck(payload, options) === null) return refuse(ATTACK_REQUEST_REASONS.NoSuchDefence);
  return OK;
}

/** The check a defend choice names among the options, or null (no defence, or a skill not offered). */
export function chosenCheck(choice: Pick<DefendPayload, "defend" | "skill">, options: readonly CardCheck[]): CardCheck | null {
  if (!choice.defend) return null;
  return options.find((o) => o.skill === choice.skill) ?? null;
}

/** Whether a damage roll may be made: a real card on which this target was hit, asked by the attacker's owner or a GM. */
export function validateRollDamage(payload: TargetPayload, facts: CardFacts, requester: Requester): Verdict {
  const base = trusted(facts);
  if (!base.ok || base.card === undefined) return base;
  const card = base.card;
  if (!card.targets.some((t) => t.id === payload.targetId)) return refuse(CARD_REASONS.UnknownTarget);
  if (card.stage !== "rolled" || targetStatus(card, payload.targetId) !== "awaitingDamage") {
    return refuse(CARD_REASONS.NoDamageDue);
  }
  return owns(facts, card.attacker.id, requester) ? OK : refuse(ATTACK_REQUEST_REASONS.NotOwner);
}

/**
 * Whether the card may be applied: a real, resolved card, asked by the attacker's owner or a GM, with every
 * participant's actor (and token) still there; `missing` names those that are gone, and then nothing changes.
 */
export function validateApply(facts: CardFacts, requester: Requester, missing: readonly string[], resolved: boolean): Verdict {
  const base = trusted(facts);
  if (!base.ok || base.card === undefined) return base;
  const card = base.card;
  if (card.stage !== "rolled") return refuse(CARD_REASONS.CardClosed);
  if (!resolved) return refuse(CARD_REASONS.NotResolved);
  if (!owns(facts, card.attacker.id, requester)) return refuse(ATTACK_REQUEST_REASONS.NotOwner);
  if (missing.length > 0) return refuse(ATTACK_REQUEST_REASONS.Missing, { names: missing.join(", ") });
  return OK;
}

/**
 * Whether the card may be withdrawn (it then holds its battle action and Magic Points no more): an open card (rolled,
 * not yet applied), by a GM only. The attack roll is made when the card is declared, so a player who could withdraw
 * would take back a miss and attack again; the GM withdraws a card made by mistake.
 */
export function validateWithdraw(facts: CardFacts, requester: Requester): Verdict {
  const base = trusted(facts);
  if (!base.ok || base.card === undefined) return base;
  if (!requester.isGM) return refuse(ATTACK_REQUEST_REASONS.NotGM);
  if (base.card.stage !== "rolled") return refuse(CARD_REASONS.NotOpen);
  return OK;
}

/** Whether the card may be undone: only a GM, only an applied card, only with its participants still there. */
export function validateUndo(facts: CardFacts, requester: Requester, missing: readonly string[]): Verdict {
  const base = trusted(facts);
  if (!base.ok || base.card === undefined) return base;
  if (!requester.isGM) return refuse(ATTACK_REQUEST_REASONS.NotGM);
  if (base.card.stage !== "applied") return refuse(CARD_REASONS.NotApplied);
  if (missing.length > 0) return refuse(ATTACK_REQUEST_REASONS.Missing, { names: missing.join(", ") });
  return OK;
}

/** One user who owns a defender, as the GM sees the user list. */
export interface OwnerFacts {
  id: string;
  active: boolean;
  isGM: boolean;
}

/** Who answers a defence: the owner by query, the GM, the world setting that rolls NPC defences, or nobody yet. */
export type Responder = { who: "owner"; userId: string } | { who: "gm" } | { who: "auto" } | { who: "noGM" };

/**
 * Who is asked to defend (RULES.md "Attack card"): with no active GM the card waits; a player owner who is
 * online is asked (the first listed); an NPC (no player owner) is defended by the GM, or at once by the best
 * check when the world setting says so; an owner who is offline leaves it to the GM.
 */
export function defenceResponder(owners: readonly OwnerFacts[], activeGM: boolean, autoNpc: boolean): Responder {
  if (!activeGM) return { who: "noGM" };
  const players = owners.filter((o) => !o.isGM);
  const online = players.find((o) => o.active);
  if (online) return { who: "owner", userId: online.id };
  if (players.length === 0) return autoNpc ? { who: "auto" } : { who: "gm" };
  return { who: "gm" };
}
