/**
 * The attack card as a state machine: one card carries one battle action (attack, grapple, break-out, rescue,
 * set-down) from its declaration through the attack roll, each defender's answer, the damage rolls and the
 * apply step, to an undo. Every transition returns a new card or a refusal with an en.json reason key; the
 * Foundry layer stores the card on a chat message and only the active GM writes it (RULES.md "Attack card").
 * The rules themselves come from the procedures (000 "Phase Two: The Battle Phase").
 */
import { clampPool, countSuccesses } from "./pools";
import { ALLOWED, BATTLE_LOG, RULE_REASONS, refuse } from "./reasons";
import { breakOut, resolveBreakOut, resolveGrapple } from "./procedures/grapple";
import { attackTNs, contestAttack, damageCheck, resolveAttack } from "./procedures/attack";
import type { AttackContest, AttackDeclaration, DamageCheck } from "./procedures/attack";
import { spendAction } from "./procedures/readiness";
import { resolveRescue, setDown } from "./procedures/rescue";
import { applyChanges, combatant } from "./state";
import type { LogEntry, SkirmishState, StateChange } from "./state";
import type { WoundState } from "./health";
import { inverseChanges } from "./state-undo";
import type { Legality } from "./types";
import { sameCheck } from "./attack-card-checks";
import type { CardAction, CardCheck, CardWeapon, CheckModifiers } from "./attack-card-checks";
import { assertFaces, fail } from "./validate";

/** Why the card refuses a step; each value is an en.json key. */
export const CARD_REASONS = Object.freeze({
  NeedsWeapon: "AOD.Attack.Refuse.NeedsWeapon",
  OneTarget: "AOD.Attack.Refuse.OneTarget",
  NoTargets: "AOD.Attack.Refuse.NoTargets",
  NeedsTarget: "AOD.Attack.Refuse.NeedsTarget",
  DuplicateTarget: "AOD.Attack.Refuse.DuplicateTarget",
  SelfTarget: "AOD.Attack.Refuse.SelfTarget",
  KillerBlowOnlyAttack: "AOD.Attack.Refuse.KillerBlowOnlyAttack",
  NeedsCheck: "AOD.Attack.Refuse.NeedsCheck",
  NotDeclared: "AOD.Attack.Refuse.NotDeclared",
  DiceMismatch: "AOD.Attack.Refuse.DiceMismatch",
  CardClosed: "AOD.Attack.Refuse.CardClosed",
  UnknownTarget: "AOD.Attack.Refuse.UnknownTarget",
  AlreadyAnswered: "AOD.Attack.Refuse.AlreadyAnswered",
  NotDefended: "AOD.Attack.Refuse.NotDefended",
  DefenceNotAllowed: "AOD.Attack.Refuse.DefenceNotAllowed",
  NoDamageDue: "AOD.Attack.Refuse.NoDamageDue",
  DamageMismatch: "AOD.Attack.Refuse.DamageMismatch",
  NotResolved: "AOD.Attack.Refuse.NotResolved",
  NotApplied: "AOD.Attack.Refuse.NotApplied",
  GrapplersChanged: "AOD.Attack.Refuse.GrapplersChanged",
  NotBattlePhase: "AOD.Attack.Refuse.NotBattlePhase",
  NotYourStep: "AOD.Attack.Refuse.NotYourStep",
  RoundOver: "AOD.Attack.Refuse.RoundOver",
  NotInCombat: "AOD.Attack.Refuse.NotInCombat",
  ActionReserved: "AOD.Attack.Refuse.ActionReserved",
  Withdrawn: "AOD.Attack.Refuse.Withdrawn",
  NotOpen: "AOD.Attack.Refuse.NotOpen",
} as const);

/** Who a card names: a combatant id (the Foundry layer uses the token's combatant or actor id) and its name. */
export interface CardParticipant {
  id: string;
  name: string;
}

/** Who gave a defender's answer: its owner, the GM, the world setting that rolls NPC defences, or a timeout. */
export type AnswerSource = "owner" | "gm" | "auto" | "timeout";

/** Every answer source. */
export const ANSWER_SOURCES: readonly AnswerSource[] = Object.freeze(["owner", "gm", "auto", "timeout"]);

/** A defender's answer: the check it rolled and its dice, or no defence (both null). */
export interface DefenceAnswer {
  check: CardCheck | null;
  dice: number[] | null;
  by: AnswerSource;
}

/** A damage check as rolled. */
export interface CardDamage {
  pool: number;
  tn: number;
  dice: number[];
}

/** One target of the card and what it has answered so far. */
export interface CardTarget extends CardParticipant {
  defence: DefenceAnswer | null;
  damage: CardDamage | null;
}

/** Where the whole card stands. */
export type CardStage = "declared" | "rolled" | "applied" | "undone" | "refused";

/** Every card stage. */
export const CARD_STAGES: readonly CardStage[] = Object.freeze(["declared", "rolled", "applied", "undone", "refused"]);

/** What the apply step wrote, and what undoes it. */
export interface CardApplication {
  changes: StateChange[];
  undo: StateChange[];
  log: LogEntry[];
}

/** The whole state of an attack card; this is what the chat message's data model stores. */
export interface AttackCard {
  action: CardAction;
  attacker: CardParticipant;
  weapon: CardWeapon | null;
  killerBlow: boolean;
  /** The dialog's situational modifiers, already counted in `check`. */
  modifiers: CheckModifiers;
  /** The attacker's check before the killer blow's +1 (null: a set-down rolls nothing). */
  check: CardCheck | null;
  attackDice: number[] | null;
  targets: CardTarget[];
  stage: CardStage;
  refusal: string | null;
  application: CardApplication | null;
}

/** A transition's answer: the new card, or the en.json key of why not (the card is then unchanged). */
export type CardResult = { ok: true; card: AttackCard } | { ok: false; reason: string };

/** What a card starts from. */
export interface CardDeclaration {
  action: CardAction;
  attacker: CardParticipant;
  targets: readonly CardParticipant[];
  weapon: CardWeapon | null;
  killerBlow?: boolean;
  check: CardCheck | null;
  modifiers?: CheckModifiers;
}

const refused = (reason: string): CardResult => ({ ok: false, reason });
const done = (card: AttackCard): CardResult => ({ ok: true, card });

/** Step 0: a new card from a declaration, checked for its shape (the rules' legality comes next). */
export function declareCard(decl: CardDeclaration): CardResult {
  const { action, attacker, weapon } = decl;
  const targets = [...decl.targets];
  const ids = targets.map((t) => t.id);
  if ((action === "attack" || action === "grapple") && weapon === null) return refused(CARD_REASONS.NeedsWeapon);
  if ((action === "grapple" || action === "rescue") && targets.length !== 1) return refused(CARD_REASONS.OneTarget);
  // An attack is made against a target (000 "Attacks"): one card, one target; only a break-out faces several.
  if (action === "attack" && targets.length > 1) return refused(CARD_REASONS.OneTarget);
  if (action === "setDown" && targets.length > 0) return refused(CARD_REASONS.NoTargets);
  if (action === "breakOut" && targets.length === 0) return refused(CARD_REASONS.NeedsTarget);
  if (new Set(ids).size !== ids.length) return refused(CARD_REASONS.DuplicateTarget);
  if (ids.includes(attacker.id)) return refused(CARD_REASONS.SelfTarget);
  const killerBlow = decl.killerBlow === true;
  if (killerBlow && action !== "attack") return refused(CARD_REASONS.KillerBlowOnlyAttack);
  if ((action === "setDown") !== (decl.check === null)) return refused(CARD_REASONS.NeedsCheck);
  return done({
    action,
    attacker: { ...attacker },
    weapon: action === "attack" || action === "grapple" ? weapon : null,
    killerBlow,
    modifiers: decl.modifiers ? { ...decl.modifiers } : { dice: 0, tn: 0 },
    check: decl.check ? { ...decl.check } : null,
    attackDice: null,
    targets: targets.map((t) => ({ id: t.id, name: t.name, defence: null, damage: null })),
    stage: "declared",
    refusal: null,
    application: null,
  });
}

/** The attack declaration the procedures take for one target of an attack or grapple card. */
export function declarationFor(card: AttackCard, targetId: string): AttackDeclaration {
  if (card.weapon === null) fail("card.weapon", "a weapon", card.weapon);
  return { attackerId: card.attacker.id, targetId, weapon: card.weapon, killerBlow: card.killerBlow };
}

/** The TN the attack roll meets: the check's TN, one higher for a killer blow (000 "Killer Blows"). */
export function cardAttackTN(card: AttackCard): number {
  if (card.check === null) fail("card.check", "a check", card.check);
  if (card.action !== "attack" || card.weapon === null) return card.check.tn;
  return attackTNs({ attackerId: card.attacker.id, targetId: card.attacker.id, weapon: card.weapon, killerBlow: card.killerBlow }, card.check.tn).attackTN;
}

/** The damage TN of the card's weapon: two lower for a killer blow (000 "Killer Blows"); null without a weapon. */
export function cardDamageTN(card: AttackCard): number | null {
  if (card.action !== "attack" || card.weapon === null || card.check === null) return null;
  return attackTNs({ attackerId: card.attacker.id, targetId: card.attacker.id, weapon: card.weapon, killerBlow: card.killerBlow }, card.check.tn).damageTN;
}

/** Successes of the attack roll, or null before it. */
export function attackSuccesses(card: AttackCard): number | null {
  return card.attackDice === null ? null : countSuccesses(card.attackDice, cardAttackTN(card));
}

/** The GM's answer when the rules refuse the declaration: the card closes with the reason shown. */
export function refuseCard(card: AttackCard, reason: string): CardResult {
  if (card.stage !== "declared") return refused(CARD_REASONS.NotDeclared);
  return done({ ...card, stage: "refused", refusal: reason });
}

function diceFit(dice: readonly number[], pool: number): boolean {
  assertFaces("dice", dice, 6);
  return dice.length === clampPool(pool);
}

/** Step 1: the attack (or rescue) roll; a set-down rolls no dice. */
export function rollCard(card: AttackCard, dice: readonly number[]): CardResult {
  if (card.stage !== "declared") return refused(CARD_REASONS.NotDeclared);
  const pool = card.check?.pool ?? 0;
  if (!diceFit(dice, pool)) return refused(CARD_REASONS.DiceMismatch);
  return done({ ...card, stage: "rolled", attackDice: [...dice] });
}

/** Where one target stands. */
export type TargetStatus =
  | "awaitingRoll"
  | "refused"
  | "awaitingDefence"
  | "miss"
  | "grappled"
  | "awaitingDamage"
  | "damageRolled"
  | "shakenOff"
  | "stillHeld"
  | "caught"
  | "notCaught";

/** Statuses that need nobody's answer any more. */
export const SETTLED_STATUSES: readonly TargetStatus[] = Object.freeze([
  "miss",
  "grappled",
  "damageRolled",
  "shakenOff",
  "stillHeld",
  "caught",
  "notCaught",
]);

function target(card: AttackCard, id: string): CardTarget | undefined {
  return card.targets.find((t) => t.id === id);
}

function defenceSuccesses(t: CardTarget): number {
  const { defence } = t;
  if (defence === null || defence.check === null || defence.dice === null) return 0;
  return countSuccesses(defence.dice, defence.check.tn);
}

/** The contest of the attack roll against one target's defence (attack and grapple cards), or null before both. */
export function contestFor(card: AttackCard, targetId: string): AttackContest | null {
  const t = target(card, targetId);
  if (t === undefined || t.defence === null || card.attackDice === null || card.check === null || card.weapon === null) return null;
  return contestAttack(declarationFor(card, targetId), {
    attackDice: card.attackDice,
    baseAttackTN: card.check.tn,
    defenceDice: t.defence.check === null ? null : t.defence.dice,
    defenceTN: t.defence.check?.tn ?? card.check.tn,
  });
}

/** Where one target of the card stands. */
export function targetStatus(card: AttackCard, targetId: string): TargetStatus {
  const t = target(card, targetId);
  if (t === undefined) fail("targetId", "a target of the card", targetId);
  if (card.stage === "refused") return "refused";
  const successes = attackSuccesses(card);
  if (successes === null) return "awaitingRoll";
  // 000 Catching: one success catches the faller; there is no defence.
  if (card.action === "rescue") return successes >= 1 ? "caught" : "notCaught";
  if (t.defence === null) return "awaitingDefence";
  if (card.action === "breakOut") {
    // 000 Breaking out of a Grapple: each grappler compared separately; no success shakes off nobody.
    const freed = breakOut(successes, [{ id: t.id, defenceSuccesses: defenceSuccesses(t) }]);
    return freed.length > 0 ? "shakenOff" : "stillHeld";
  }
  const contest = contestFor(card, t.id);
  if (contest === null || !contest.hit) return "miss";
  if (card.action === "grapple") return "grappled";
  return t.damage === null ? "awaitingDamage" : "damageRolled";
}

/** Whether every target's part is settled, so the card can be applied. */
export function isResolved(card: AttackCard): boolean {
  if (card.stage !== "rolled") return false;
  return card.targets.every((t) => SETTLED_STATUSES.includes(targetStatus(card, t.id)));
}

/**
 * Step 2: one defender's answer. Only a target still awaiting its defence on an open card may answer (the first
 * answer counts), and only with one of the checks it is allowed (`defenceChecks`) and dice to match, or with no
 * defence (000 "Defence is Optional").
 */
export function answerDefence(
  card: AttackCard,
  targetId: string,
  answer: DefenceAnswer,
  allowed: readonly CardCheck[],
): CardResult {
  if (card.stage !== "rolled") return refused(CARD_REASONS.CardClosed);
  const t = target(card, targetId);
  if (t === undefined) return refused(CARD_REASONS.UnknownTarget);
  if (card.action === "rescue" || card.action === "setDown") return refused(CARD_REASONS.NotDefended);
  if (t.defence !== null) return refused(CARD_REASONS.AlreadyAnswered);
  if (answer.check === null) {
    if (answer.dice !== null) return refused(CARD_REASONS.DiceMismatch);
  } else {
    const chosen = answer.check;
    if (!allowed.some((c) => sameCheck(c, chosen))) return refused(CARD_REASONS.DefenceNotAllowed);
    if (answer.dice === null || !diceFit(answer.dice, chosen.pool)) return refused(CARD_REASONS.DiceMismatch);
  }
  const defence: DefenceAnswer = {
    check: answer.check ? { ...answer.check } : null,
    dice: answer.dice ? [...answer.dice] : null,
    by: answer.by,
  };
  return done({ ...card, targets: card.targets.map((x) => (x.id === targetId ? { ...x, defence } : x)) });
}

/** The damage check a hit target calls for (Soma plus margin at the weapon's damage TN), or null when none is due. */
export function damageFor(card: AttackCard, targetId: string, state: SkirmishState): DamageCheck | null {
  if (card.action !== "attack" || targetStatus(card, targetId) !== "awaitingDamage") return null;
  const contest = contestFor(card, targetId);
  return contest === null ? null : damageCheck(state, declarationFor(card, targetId), contest);
}

/** Step 3: a hit target's damage roll, which must be the check `damageFor` asks for. */
export function recordDamage(card: AttackCard, targetId: string, check: DamageCheck, dice: readonly number[]): CardResult {
  if (card.stage !== "rolled") return refused(CARD_REASONS.CardClosed);
  if (target(card, targetId) === undefined) return refused(CARD_REASONS.UnknownTarget);
  if (targetStatus(card, targetId) !== "awaitingDamage") return refused(CARD_REASONS.NoDamageDue);
  if (!diceFit(dice, check.pool)) return refused(CARD_REASONS.DamageMismatch);
  const damage: CardDamage = { pool: check.pool, tn: check.tn, dice: [...dice] };
  return done({ ...card, targets: card.targets.map((x) => (x.id === targetId ? { ...x, damage } : x)) });
}

/** What the apply step does to one target, for the card's summary. */
export interface TargetReport {
  id: string;
  damage: number;
  wounds: number;
  woundState: WoundState;
  woundStateChanged: boolean;
}

/** Everything a resolved card does: the changes, the log and a report per damaged target. */
export interface CardOutcome {
  changes: StateChange[];
  log: LogEntry[];
  reports: TargetReport[];
}

const attackerOnce = (id: string) => (c: StateChange) =>
  !((c.type === "flag" && c.id === id && c.flag === "acted") || (c.type === "magic" && c.id === id));

function attackOutcome(card: AttackCard, state: SkirmishState): CardOutcome {
  const weapon = card.weapon ?? fail("card.weapon", "a weapon", card.weapon);
  if (card.targets.length === 0) {
    // An attack at nobody (quick play): the action and the breath's Magic Point are still spent (000 Ranged Attacks).
    const attacker = combatant(state, card.attacker.id, "card.attacker");
    const changes: StateChange[] = [spendAction(attacker.id)];
    if (weapon.magicCost > 0) changes.push({ type: "magic", id: attacker.id, value: Math.max(0, attacker.magic.value - weapon.magicCost) });
    return { changes, log: [], reports: [] };
  }
  const out: CardOutcome = { changes: [], log: [], reports: [] };
  let now = state;
  card.targets.forEach((t, i) => {
    const contest = contestFor(card, t.id) ?? fail("card.targets", "answered defences", t.id);
    const outcome = resolveAttack(now, declarationFor(card, t.id), contest, t.damage?.dice ?? null);
    // One battle action and one Magic Point for the whole card, however many targets it strikes.
    const changes = i === 0 ? outcome.changes : outcome.changes.filter(attackerOnce(card.attacker.id));
    const log = i === 0 ? outcome.log : outcome.log.filter((l) => l.key !== BATTLE_LOG.MagicSpent);
    out.changes.push(...changes);
    out.log.push(...log);
    if (contest.hit) {
      const { damage, wounds, woundStateChanged } = outcome;
      out.reports.push({ id: t.id, damage, wounds, woundState: outcome.woundState, woundStateChanged });
    }
    now = applyChanges(now, changes);
  });
  return out;
}

/** Everything a resolved card does to the skirmish, computed from the state as it is now. */
export function cardOutcome(card: AttackCard, state: SkirmishState): CardOutcome {
  if (!isResolved(card)) fail("card", "a resolved card", card.stage);
  const attackDice = card.attackDice ?? [];
  switch (card.action) {
    case "attack":
      return attackOutcome(card, state);
    case "grapple": {
      const t = card.targets[0] ?? fail("card.targets", "one target", card.targets);
      const contest = contestFor(card, t.id) ?? fail("card.targets", "an answered defence", t.id);
      return { ...resolveGrapple(state, declarationFor(card, t.id), contest), reports: [] };
    }
    case "breakOut": {
      const check = card.check ?? fail("card.check", "a check", card.check);
      const defences = card.targets.map((t) => ({
        id: t.id,
        dice: t.defence?.check ? t.defence.dice : null,
        tn: t.defence?.check?.tn ?? check.tn,
      }));
      const outcome = resolveBreakOut(state, { breakerId: card.attacker.id }, { attackDice, attackTN: check.tn, defences });
      return { changes: outcome.changes, log: outcome.log, reports: [] };
    }
    case "rescue": {
      const t = card.targets[0] ?? fail("card.targets", "one target", card.targets);
      const outcome = resolveRescue(state, { rescuerId: card.attacker.id, targetId: t.id }, attackDice);
      return { changes: outcome.changes, log: outcome.log, reports: [] };
    }
    case "setDown": {
      const ruling = setDown(state, card.attacker.id);
      if (!ruling.allowed) fail("card", "a carrier with a passenger", ruling.reason);
      return { changes: ruling.changes, log: ruling.log, reports: [] };
    }
  }
}

/**
 * Whether the GM may apply the card without anyone pressing Apply: everything is settled and no damage was
 * rolled (misses, grapples, break-outs, rescues, set-downs). Damage waits for Apply so the GM can look first.
 */
export function autoApplies(card: AttackCard): boolean {
  return isResolved(card) && card.targets.every((t) => targetStatus(card, t.id) !== "damageRolled");
}

/** The Magic Points a card's action costs (a breath weapon's cost; nothing else costs any). */
export function cardMagicCost(card: Pick<AttackCard, "action" | "weapon">): number {
  return card.action === "attack" ? (card.weapon?.magicCost ?? 0) : 0;
}

/**
 * Apply's second look: what the card spends must still be there. Its battle action must not have been spent since
 * it was declared (another card applied, another battle action, a full move), and a breath's Magic Points must
 * still be there. A set-down spends nothing.
 */
export function spentSince(card: AttackCard, state: SkirmishState): Legality {
  if (card.action === "setDown") return ALLOWED;
  const attacker = state.combatants[card.attacker.id];
  if (attacker === undefined) return ALLOWED;
  if (attacker.acted) return refuse(RULE_REASONS.AlreadyActed);
  if (attacker.fullMove) return refuse(RULE_REASONS.FullMoveNoAction);
  if (cardMagicCost(card) > attacker.magic.value) return refuse(RULE_REASONS.NotEnoughMagic);
  return ALLOWED;
}

/** Step 4: apply a resolved card: its changes against the state now, and the changes that undo them. */
export function applyCard(card: AttackCard, state: SkirmishState): CardResult & { outcome?: CardOutcome } {
  if (card.stage !== "rolled") return refused(CARD_REASONS.CardClosed);
  if (!isResolved(card)) return refused(CARD_REASONS.NotResolved);
  // Another card, or another battle action, may have spent what this one needs since it was declared.
  const spent = spentSince(card, state);
  if (!spent.allowed) return refused(spent.reason);
  const outcome = cardOutcome(card, state);
  const application: CardApplication = {
    changes: outcome.changes,
    undo: inverseChanges(state, outcome.changes),
    log: outcome.log,
  };
  return { ok: true, card: { ...card, stage: "applied", application }, outcome };
}

/**
 * Closes an open card without applying it: withdrawn by its attacker's side, or refused when Apply's second look
 * finds its battle action or Magic Points spent. A closed card holds nothing (attack-card-reservation.ts).
 */
export function closeCard(card: AttackCard, reason: string): CardResult {
  if (card.stage !== "rolled") return refused(CARD_REASONS.NotOpen);
  return done({ ...card, stage: "refused", refusal: reason });
}

/** Step 5: the GM takes an applied card back; the card keeps its changes so the undo can be written. */
export function undoCard(card: AttackCard): CardResult {
  if (card.stage !== "applied" || card.application === null) return refused(CARD_REASONS.NotApplied);
  return done({ ...card, stage: "undone" });
}

