/**
 * The attack card's view, pure: everything templates/attack/card.hbs shows, from the stored card, who is
 * looking and what the GM's client computed (defence options, the pending outcome). Buttons name an action
 * and the card's ids only; what they do is decided from the card's data when pressed (docs/ATTACK.md).
 */
import {
  CARD_REASONS,
  attackSuccesses,
  autoApplies,
  cardAttackTN,
  contestFor,
  isResolved,
  targetStatus,
} from "../../rules/attack-card";
import type { AttackCard, CardOutcome, CardTarget, TargetStatus } from "../../rules/attack-card";
import type { CardCheck } from "../../rules/attack-card-checks";
import type { DamageCheck } from "../../rules/procedures/attack";
import { MAX_POOL, countSuccesses } from "../../rules/pools";
import { damageDistribution } from "../../rules/odds";
import { woundState } from "../../rules/health";
import type { WoundState } from "../../rules/health";
import { BATTLE_LOG } from "../../rules/reasons";
import type { LogEntry } from "../../rules/state";
import type { AttackSource } from "../../data/message/attack-source";
import type { Format } from "../../core/format";
import { dieViews } from "../../core/dice/pool-result";
import type { DieView } from "../../core/dice/pool-result";
import { percent, signed } from "../../core/handlebars/helpers";
import { statusNameKey } from "../../constants/status-effects";

export type { DieView } from "../../core/dice/pool-result";

/** Who is looking at the card. */
export interface CardViewer {
  isGM: boolean;
  /** The card's participant ids whose actors this user owns. */
  owns: readonly string[];
}

/** What the card view is built from. */
export interface CardContextInput {
  source: AttackSource;
  /** Only a card a GM authored is a card (a player's hand-made message is shown as forged). */
  authoredByGM: boolean;
  viewer: CardViewer;
  gmOnline: boolean;
  /** Target id -> the checks its defender may answer with (for those this viewer may answer for). */
  defenceOptions: Readonly<Record<string, readonly CardCheck[]>>;
  /** Target id -> the damage check due (for the Roll damage button). */
  damageChecks: Readonly<Record<string, DamageCheck | null>>;
  /** What applying would do now, when the card is resolved (armour and wounds from the current state). */
  preview: CardOutcome | null;
  /** Skill identifier -> the name the participants' skill items give it. */
  skillNames: Readonly<Record<string, string>>;
  /** Participant id -> its Life Points (the wound story's "life 6/12"); a participant missing here has none shown. */
  lifeMax: Readonly<Record<string, number>>;
  /** The attacker's portrait for the card's header ("" for none). */
  attackerImg: string;
}

/** A button on the card: its action and the ids it names. */
export interface ButtonView {
  action: "defend" | "rollDamage" | "apply" | "undo" | "withdraw";
  label: string;
  targetId: string;
  /** "none" for no defence; "" for an untrained check; else the skill identifier. */
  skill: string;
  primary: boolean;
  /** A defence's exact chance of stopping the roll already made ("" for none). */
  chance: string;
}

/** One target's row. */
export interface TargetView {
  id: string;
  name: string;
  status: TargetStatus;
  statusLabel: string;
  tone: "wait" | "hit" | "miss" | "info";
  /** The contest in one line: "Attack 3 vs Defence 1 → hit by 2". */
  contest: string | null;
  defence: string | null;
  defenceDice: DieView[];
  damage: string | null;
  damageDice: DieView[];
  /** What the damage does: "5 − armour 3 = 2 wounds → life 6/12, severely injured" (before and after Apply). */
  wounds: { text: string; state: WoundState } | null;
  /** The target was severely injured or killed: its badge says so. */
  headline: boolean;
  waiting: string | null;
  buttons: ButtonView[];
}

/** The whole card view. */
export interface CardContext {
  action: AttackCard["action"];
  stage: AttackCard["stage"];
  title: string;
  subtitle: string | null;
  /** The attacker's portrait in the card header ("" for none). */
  img: string;
  tags: string[];
  notice: { text: string; tone: "wait" | "warn" | "info" } | null;
  /** `modifiers`: the roll dialog's dice and TN shifts counted in the roll, signed ("" when there were none). */
  roll: { label: string; modifiers: string; dice: DieView[] } | null;
  targets: TargetView[];
  log: string[];
  logSummary: string;
  logOpen: boolean;
  buttons: ButtonView[];
}

/** The roll's successes, or null before it or for a card that rolls nothing (a set-down rolls no dice). */
const rolledSuccesses = (card: AttackCard): number | null => (card.check === null ? null : attackSuccesses(card));

const diceView = (dice: readonly number[] | null, tn: number): DieView[] => dieViews(dice ?? [], tn);

/** The title follows the outcome once every target has answered: "tries to grapple" becomes "grapples". */
function outcomeTitle(card: AttackCard): string | null {
  if (card.stage === "refused" || card.targets.length === 0) return null;
  const statuses = card.targets.map((target) => targetStatus(card, target.id));
  const all = (status: TargetStatus) => statuses.every((s) => s === status);
  if (card.action === "grapple") return all("grappled") ? "AOD.Attack.Title.grappled" : all("miss") ? "AOD.Attack.Title.grappleFailed" : null;
  if (card.action === "breakOut") return all("shakenOff") ? "AOD.Attack.Title.brokeFree" : null;
  if (card.action === "rescue") return all("caught") ? "AOD.Attack.Title.rescued" : all("notCaught") ? "AOD.Attack.Title.rescueFailed" : null;
  return null;
}

function titleKey(card: AttackCard): string {
  // A refused card says so in its title, not "attacks": nothing was rolled.
  if (card.stage === "refused") return card.refusal === CARD_REASONS.Withdrawn ? "AOD.Attack.Title.withdrawn" : "AOD.Attack.Title.refused";
  const outcome = outcomeTitle(card);
  if (outcome !== null) return outcome;
  if (card.action !== "attack") return `AOD.Attack.Title.${card.action}`;
  if (card.killerBlow) return "AOD.Attack.Title.killerBlow";
  if ((card.weapon?.magicCost ?? 0) > 0) return "AOD.Attack.Title.breath";
  return card.weapon?.range === "ranged" ? "AOD.Attack.Title.ranged" : "AOD.Attack.Title.melee";
}

const TONES: Readonly<Record<TargetStatus, TargetView["tone"]>> = {
  awaitingRoll: "wait",
  refused: "miss",
  awaitingDefence: "wait",
  miss: "miss",
  grappled: "hit",
  awaitingDamage: "hit",
  damageRolled: "hit",
  shakenOff: "hit",
  stillHeld: "miss",
  caught: "hit",
  notCaught: "miss",
};

const skillName = (t: Format, names: Readonly<Record<string, string>>, check: CardCheck): string =>
  check.skill === null ? t("AOD.Attack.Untrained") : (names[check.skill] ?? check.skill);

function checkLabel(t: Format, names: Readonly<Record<string, string>>, check: CardCheck): string {
  return t("AOD.Attack.CheckLabel", { skill: skillName(t, names, check), pool: check.pool, tn: check.tn });
}

/**
 * The exact chance that a defence stops a roll already made: the attack (or break-out) needs more successes than
 * the defence, so the defence stops it with at least as many (000 "Melee Attacks"), from the engine's distribution.
 */
export function stopChance(check: CardCheck, attackSuccesses: number): number {
  if (attackSuccesses <= 0) return 1;
  return damageDistribution({ pool: check.pool, tn: check.tn, armour: 0 })
    .slice(attackSuccesses)
    .reduce((sum, p) => sum + p, 0);
}

/**
 * A defence's label in the defender's prompt: the check, then its exact chance against the roll already made
 * ("Tooth and Claw (6 dice at 4+) — 67% to stop it"), as the card's own defence buttons show it.
 */
export function promptDefenceLabel(t: Format, card: AttackCard, check: CardCheck, label: string): string {
  const chanceKey = card.action === "breakOut" ? "AOD.Attack.Chance.hold" : "AOD.Attack.Chance.stop";
  const chance = t(chanceKey, { chance: percent(stopChance(check, rolledSuccesses(card) ?? 0)) });
  return t("AOD.Attack.Prompt.option", { label, chance });
}

function defenceButtons(t: Format, names: Readonly<Record<string, string>>, card: AttackCard, target: CardTarget, options: readonly CardCheck[]): ButtonView[] {
  // No choice is pushed on the defender: every defence looks alike, each with its odds against the roll made.
  const successes = rolledSuccesses(card) ?? 0;
  const chanceKey = card.action === "breakOut" ? "AOD.Attack.Chance.hold" : "AOD.Attack.Chance.stop";
  const buttons: ButtonView[] = options.map((check) => ({
    action: "defend" as const,
    label: checkLabel(t, names, check),
    targetId: target.id,
    skill: check.skill ?? "",
    primary: false,
    chance: t(chanceKey, { chance: percent(stopChance(check, successes)) }),
  }));
  buttons.push({ action: "defend", label: t("AOD.Attack.Button.noDefence"), targetId: target.id, skill: "none", primary: false, chance: "" });
  return buttons;
}

/** The contest line: each side's successes and the result, named for the action. */
function contestLine(t: Format, card: AttackCard, target: CardTarget, status: TargetStatus, margin: number): string | null {
  const successes = rolledSuccesses(card);
  // A refused or withdrawn card says so in its status; its contest no longer stands.
  if (successes === null || target.defence === null || status === "refused") return null;
  if (card.action === "rescue" || card.action === "setDown") return null;
  const defence = target.defence.check === null ? 0 : countSuccesses(target.defence.dice ?? [], target.defence.check.tn);
  return t(`AOD.Attack.Contest.${card.action}`, {
    attack: successes,
    defence,
    result: t(`AOD.Attack.Outcome.${status}`, { margin }),
  });
}

/** The Damage entry of an outcome's log for this target (the n-th of its name, when several share one). */
function damageEntry(card: AttackCard, log: readonly LogEntry[], target: CardTarget): LogEntry | undefined {
  const same = card.targets.filter((other) => other.name === target.name);
  const nth = same.indexOf(target);
  return log.filter((entry) => entry.key === BATTLE_LOG.Damage && entry.data?.target === target.name)[nth];
}

/** The wound story from the outcome's Damage entry: successes − armour = wounds → life left, and the health state. */
function woundsLine(t: Format, input: CardContextInput, target: CardTarget): TargetView["wounds"] {
  const card = input.source.card;
  const log = card.application?.log ?? input.preview?.log ?? [];
  const data = damageEntry(card, log, target)?.data;
  const max = input.lifeMax[target.id];
  if (data === undefined || max === undefined) return null;
  const wounds = Number(data.wounds);
  const state = woundState(wounds, max);
  return {
    text: t(`AOD.Attack.Wounds.${state}`, {
      successes: data.successes ?? 0,
      armour: data.armour ?? 0,
      damage: data.damage ?? 0,
      // Past the last box the story says so (the dead line), never a negative life.
      life: Math.max(0, max - wounds),
      max,
    }),
    state,
  };
}

/**
 * The damage roll in words: its successes, pool and TN, and where the pool comes from (000 "Damage": Soma plus
 * the attack's margin), unless the pool was capped at the most dice a roll takes (then its Soma is not readable).
 */
function damageLine(t: Format, damage: { pool: number; tn: number; dice: readonly number[] }, margin: number): string {
  const values = { successes: countSuccesses(damage.dice, damage.tn), pool: damage.pool, tn: damage.tn };
  if (margin <= 0 || damage.pool >= MAX_POOL || damage.pool <= margin) return t("AOD.Attack.DamageRolled", values);
  return t("AOD.Attack.DamageRolledFrom", { ...values, soma: damage.pool - margin, margin });
}

const ANSWERED_BY: Readonly<Record<string, string>> = { gm: "AOD.Attack.AnsweredBy.gm", auto: "AOD.Attack.AnsweredBy.auto", timeout: "AOD.Attack.AnsweredBy.timeout" };

function waitingLine(t: Format, input: CardContextInput, target: CardTarget): string | null {
  if (!input.gmOnline) return t("AOD.Attack.Waiting.gm");
  const prompt = input.source.prompts[target.id];
  if (prompt === undefined) return t("AOD.Attack.Waiting.defence");
  if (prompt.timedOut) return t("AOD.Attack.Waiting.timedOut", { name: prompt.userName });
  // The defender's owner, shown the defence buttons, is told it is theirs to answer, not that someone waits for them.
  const theirs = !input.viewer.isGM && input.viewer.owns.includes(target.id) && (input.defenceOptions[target.id]?.length ?? 0) > 0;
  if (prompt.who === "owner" && theirs) return t("AOD.Attack.Waiting.yours");
  // The GM, shown the same buttons, is told they may answer in the owner's place.
  if (prompt.who === "owner" && input.viewer.isGM) return t("AOD.Attack.Waiting.ownerGM", { name: prompt.userName });
  return prompt.who === "owner" ? t("AOD.Attack.Waiting.owner", { name: prompt.userName }) : t("AOD.Attack.Waiting.gmDecides");
}

function targetView(t: Format, input: CardContextInput, target: CardTarget): TargetView {
  const card = input.source.card;
  const status = targetStatus(card, target.id);
  const mayAnswer = input.viewer.isGM || input.viewer.owns.includes(target.id);
  const mayStrike = input.viewer.isGM || input.viewer.owns.includes(card.attacker.id);
  const contest = contestFor(card, target.id);
  const margin = contest?.hit ? contest.margin : 0;
  const defence = target.defence;
  const by = defence === null ? undefined : ANSWERED_BY[defence.by];
  const defenceText =
    defence === null
      ? null
      : [
          defence.check === null
            ? t("AOD.Attack.NoDefenceTaken")
            : t("AOD.Attack.DefenceRolled", {
                skill: skillName(t, input.skillNames, defence.check),
                successes: countSuccesses(defence.dice ?? [], defence.check.tn),
                pool: defence.check.pool,
                tn: defence.check.tn,
              }),
          ...(by === undefined ? [] : [t(by)]),
        ].join(" ");
  const damage = target.damage === null ? null : damageLine(t, target.damage, margin);
  const buttons: ButtonView[] = [];
  const options = input.defenceOptions[target.id];
  if (status === "awaitingDefence" && mayAnswer && input.gmOnline && options !== undefined) {
    buttons.push(...defenceButtons(t, input.skillNames, card, target, options));
  }
  const due = input.damageChecks[target.id];
  if (status === "awaitingDamage" && mayStrike && input.gmOnline && due) {
    buttons.push({
      action: "rollDamage",
      label: t("AOD.Attack.Button.rollDamage", { pool: due.pool, tn: due.tn }),
      targetId: target.id,
      skill: "",
      primary: true,
      chance: "",
    });
  }
  const wounds = target.damage === null ? null : woundsLine(t, input, target);
  // A kill or a severe injury is the target's headline, in the health words the sheets use.
  const headline = wounds !== null && wounds.state !== "fit";
  return {
    id: target.id,
    name: target.name,
    status,
    statusLabel: headline ? t(statusNameKey(wounds.state)) : t(`AOD.Attack.Status.${status}`, { margin }),
    headline,
    tone: TONES[status],
    contest: contestLine(t, card, target, status, margin),
    defence: defenceText,
    defenceDice: defence?.check ? diceView(defence.dice, defence.check.tn) : [],
    damage,
    damageDice: target.damage ? diceView(target.damage.dice, target.damage.tn) : [],
    wounds,
    waiting: status === "awaitingDefence" ? waitingLine(t, input, target) : null,
    buttons,
  };
}

function notice(t: Format, input: CardContextInput): CardContext["notice"] {
  const card = input.source.card;
  if (!input.authoredByGM) return { text: t("AOD.Attack.Notice.forged"), tone: "warn" };
  if (card.stage === "refused" && card.refusal === CARD_REASONS.Withdrawn) return { text: t("AOD.Attack.Notice.withdrawn"), tone: "info" };
  if (card.stage === "refused") return { text: t("AOD.Attack.Notice.refused", { reason: t(card.refusal ?? "AOD.Attack.Notice.unknown") }), tone: "warn" };
  if (card.stage === "applied") return { text: t("AOD.Attack.Notice.applied"), tone: "info" };
  if (card.stage === "undone") return { text: t("AOD.Attack.Notice.undone"), tone: "info" };
  if (!input.gmOnline) return { text: t("AOD.Attack.Waiting.gm"), tone: "wait" };
  return null;
}

/** Builds the attack card's view. */
export function attackCardContext(t: Format, input: CardContextInput): CardContext {
  const card = input.source.card;
  const trusted = input.authoredByGM;
  const tags: string[] = [];
  if (card.killerBlow) tags.push(t("AOD.Attack.Tag.killerBlow"));
  if ((card.weapon?.magicCost ?? 0) > 0) tags.push(t("AOD.Attack.Tag.magic", { cost: card.weapon?.magicCost ?? 0 }));
  const successes = rolledSuccesses(card);
  const roll =
    card.check === null || successes === null
      ? null
      : {
          label: t(`AOD.Attack.Roll.${card.action}`, {
            successes,
            pool: card.check.pool,
            tn: cardAttackTN(card),
          }),
          // What the attacker asked in the roll dialog is shown, so a table sees every modifier it rolled with.
          modifiers:
            card.modifiers.dice !== 0 || card.modifiers.tn !== 0
              ? t("AOD.Attack.RollModifiers", { dice: signed(card.modifiers.dice), tn: signed(card.modifiers.tn) })
              : "",
          dice: diceView(card.attackDice, cardAttackTN(card)),
        };
  const viewer = trusted ? input.viewer : { isGM: false, owns: [] };
  const view = { ...input, viewer };
  const buttons: ButtonView[] = [];
  const mayStrike = viewer.isGM || viewer.owns.includes(card.attacker.id);
  if (trusted && input.gmOnline && isResolved(card) && !autoApplies(card) && mayStrike) {
    buttons.push({ action: "apply", label: t("AOD.Attack.Button.apply"), targetId: "", skill: "", primary: true, chance: "" });
  }
  // The GM may withdraw an open card (one made by mistake): its battle action and Magic Points are free again.
  if (trusted && input.gmOnline && card.stage === "rolled" && !autoApplies(card) && viewer.isGM) {
    buttons.push({ action: "withdraw", label: t("AOD.Attack.Button.withdraw"), targetId: "", skill: "", primary: false, chance: "" });
  }
  if (trusted && card.stage === "applied" && viewer.isGM) {
    buttons.push({ action: "undo", label: t("AOD.Attack.Button.undo"), targetId: "", skill: "", primary: false, chance: "" });
  }
  const logEntries = card.application?.log ?? (card.action === "setDown" ? input.preview?.log : undefined) ?? [];
  return {
    action: card.action,
    stage: card.stage,
    title: t(titleKey(card), { attacker: card.attacker.name }),
    subtitle: card.weapon === null ? null : card.weapon.name,
    img: input.attackerImg,
    tags,
    notice: notice(t, input),
    roll,
    targets: card.targets.map((target) => targetView(t, view, target)),
    log: logEntries.map((entry) => t(entry.key, entry.data)),
    logSummary: t("AOD.Attack.LogCount", { count: logEntries.length }),
    // A set-down says what happened in its log alone, so it stays open; elsewhere the card's lines tell it.
    logOpen: card.action === "setDown",
    buttons,
  };
}
