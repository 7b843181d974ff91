/**
 * The attack card's view, pure: everything templates/chat/attack/card.hbs shows, from the stored card, who is
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
import { countSuccesses } from "../../rules/pools";
import type { AttackSource } from "../../data/message/attack-source";

/** Formats an en.json key with values (game.i18n.format in Foundry; the real en.json in tests). */
export type Translate = (key: string, data?: Record<string, string | number>) => string;

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
}

/** One die face as shown: its face and whether it scored. */
export interface DieView {
  face: number;
  success: boolean;
}

/** A button on the card: its action and the ids it names. */
export interface ButtonView {
  action: "defend" | "rollDamage" | "apply" | "undo" | "withdraw";
  label: string;
  targetId: string;
  /** "none" for no defence; "" for an untrained check; else the skill identifier. */
  skill: string;
  primary: boolean;
}

/** One target's row. */
export interface TargetView {
  id: string;
  name: string;
  status: TargetStatus;
  statusLabel: string;
  tone: "wait" | "hit" | "miss" | "info";
  defence: string | null;
  defenceDice: DieView[];
  damage: string | null;
  damageDice: DieView[];
  waiting: string | null;
  buttons: ButtonView[];
}

/** The whole card view. */
export interface CardContext {
  action: AttackCard["action"];
  stage: AttackCard["stage"];
  title: string;
  subtitle: string | null;
  tags: string[];
  notice: { text: string; tone: "wait" | "warn" | "info" } | null;
  roll: { label: string; dice: DieView[] } | null;
  targets: TargetView[];
  log: string[];
  buttons: ButtonView[];
}

const diceView = (dice: readonly number[] | null, tn: number): DieView[] =>
  (dice ?? []).map((face) => ({ face, success: face >= Math.max(2, tn) }));

function titleKey(card: AttackCard): string {
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

function checkLabel(t: Translate, names: Readonly<Record<string, string>>, check: CardCheck): string {
  const skill = check.skill === null ? t("AOD.Attack.Untrained") : (names[check.skill] ?? check.skill);
  return t("AOD.Attack.CheckLabel", { skill, pool: check.pool, tn: check.tn });
}

function defenceButtons(t: Translate, names: Readonly<Record<string, string>>, target: CardTarget, options: readonly CardCheck[]): ButtonView[] {
  // No choice is pushed on the defender: every defence looks alike.
  const buttons = options.map((check) => ({
    action: "defend" as const,
    label: checkLabel(t, names, check),
    targetId: target.id,
    skill: check.skill ?? "",
    primary: false,
  }));
  buttons.push({ action: "defend", label: t("AOD.Attack.Button.noDefence"), targetId: target.id, skill: "none", primary: false });
  return buttons;
}

function waitingLine(t: Translate, input: CardContextInput, target: CardTarget): string | null {
  if (!input.gmOnline) return t("AOD.Attack.Waiting.gm");
  const prompt = input.source.prompts[target.id];
  if (prompt === undefined) return t("AOD.Attack.Waiting.defence");
  if (prompt.timedOut) return t("AOD.Attack.Waiting.timedOut", { name: prompt.userName });
  return prompt.who === "owner" ? t("AOD.Attack.Waiting.owner", { name: prompt.userName }) : t("AOD.Attack.Waiting.gmDecides");
}

function targetView(t: Translate, input: CardContextInput, target: CardTarget): TargetView {
  const card = input.source.card;
  const status = targetStatus(card, target.id);
  const mayAnswer = input.viewer.isGM || input.viewer.owns.includes(target.id);
  const mayStrike = input.viewer.isGM || input.viewer.owns.includes(card.attacker.id);
  const contest = contestFor(card, target.id);
  const margin = contest?.hit ? contest.margin : 0;
  const defence = target.defence;
  const defenceText =
    defence === null
      ? null
      : defence.check === null
        ? t("AOD.Attack.NoDefenceTaken")
        : t("AOD.Attack.DefenceRolled", {
            check: checkLabel(t, input.skillNames, defence.check),
            successes: countSuccesses(defence.dice ?? [], defence.check.tn),
          });
  const report = input.preview?.reports.find((r) => r.id === target.id);
  let damage: string | null = null;
  if (target.damage !== null) {
    const successes = countSuccesses(target.damage.dice, target.damage.tn);
    damage = t("AOD.Attack.DamageRolled", { successes, pool: target.damage.pool, tn: target.damage.tn });
    if (report && card.stage === "rolled") {
      damage = `${damage} ${t(`AOD.Attack.WouldDeal.${report.woundState}`, { damage: report.damage, wounds: report.wounds })}`;
    }
  }
  const buttons: ButtonView[] = [];
  const options = input.defenceOptions[target.id];
  if (status === "awaitingDefence" && mayAnswer && input.gmOnline && options !== undefined) {
    buttons.push(...defenceButtons(t, input.skillNames, target, options));
  }
  const due = input.damageChecks[target.id];
  if (status === "awaitingDamage" && mayStrike && input.gmOnline && due) {
    buttons.push({
      action: "rollDamage",
      label: t("AOD.Attack.Button.rollDamage", { pool: due.pool, tn: due.tn }),
      targetId: target.id,
      skill: "",
      primary: true,
    });
  }
  return {
    id: target.id,
    name: target.name,
    status,
    statusLabel: t(`AOD.Attack.Status.${status}`, { margin }),
    tone: TONES[status],
    defence: defenceText,
    defenceDice: defence?.check ? diceView(defence.dice, defence.check.tn) : [],
    damage,
    damageDice: target.damage ? diceView(target.damage.dice, target.damage.tn) : [],
    waiting: status === "awaitingDefence" ? waitingLine(t, input, target) : null,
    buttons,
  };
}

function notice(t: Translate, input: CardContextInput): CardContext["notice"] {
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
export function attackCardContext(t: Translate, input: CardContextInput): CardContext {
  const card = input.source.card;
  const trusted = input.authoredByGM;
  const tags: string[] = [];
  if (card.killerBlow) tags.push(t("AOD.Attack.Tag.killerBlow"));
  if ((card.weapon?.magicCost ?? 0) > 0) tags.push(t("AOD.Attack.Tag.magic", { cost: card.weapon?.magicCost ?? 0 }));
  if (card.modifiers.dice !== 0 || card.modifiers.tn !== 0) tags.push(t("AOD.Attack.Tag.modifiers", { dice: card.modifiers.dice, tn: card.modifiers.tn }));
  const successes = attackSuccesses(card);
  const roll =
    card.check === null || successes === null
      ? null
      : {
          label: t(card.action === "rescue" ? "AOD.Attack.RescueRoll" : "AOD.Attack.AttackRoll", {
            successes,
            pool: card.check.pool,
            tn: cardAttackTN(card),
          }),
          dice: diceView(card.attackDice, cardAttackTN(card)),
        };
  const viewer = trusted ? input.viewer : { isGM: false, owns: [] };
  const view = { ...input, viewer };
  const buttons: ButtonView[] = [];
  const mayStrike = viewer.isGM || viewer.owns.includes(card.attacker.id);
  if (trusted && input.gmOnline && isResolved(card) && !autoApplies(card) && mayStrike) {
    buttons.push({ action: "apply", label: t("AOD.Attack.Button.apply"), targetId: "", skill: "", primary: true });
  }
  // The GM may withdraw an open card (one made by mistake): its battle action and Magic Points are free again.
  if (trusted && input.gmOnline && card.stage === "rolled" && !autoApplies(card) && viewer.isGM) {
    buttons.push({ action: "withdraw", label: t("AOD.Attack.Button.withdraw"), targetId: "", skill: "", primary: false });
  }
  if (trusted && card.stage === "applied" && viewer.isGM) {
    buttons.push({ action: "undo", label: t("AOD.Attack.Button.undo"), targetId: "", skill: "", primary: false });
  }
  const logEntries = card.application?.log ?? (card.action === "setDown" ? input.preview?.log : undefined) ?? [];
  return {
    action: card.action,
    stage: card.stage,
    title: t(titleKey(card), { attacker: card.attacker.name }),
    subtitle: card.weapon === null ? null : card.weapon.name,
    tags,
    notice: notice(t, input),
    roll,
    targets: card.targets.map((target) => targetView(t, view, target)),
    log: logEntries.map((entry) => t(entry.key, entry.data)),
    buttons,
  };
}
