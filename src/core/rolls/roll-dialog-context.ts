/**
 * The roll dialog's context, built from plain data (RULES.md "Dice and checks"): the checks the actor can make,
 * the chosen one's attribute, skill, rank, pool and TN, the player's modifiers, refusals and notices in words,
 * and the exact odds from the engine (at least 1, 2, 3 successes; for an attack on a target, hit, wound,
 * severe injury and death via attackOdds). Pure: the template renders only this.
 */
import { ATTRIBUTES, DEFAULT_SKILL_LADDER, MAX_TN, attackLegality, attackOdds, attackTN, damageDistribution, damageTN } from "../../rules";
import type { AttackOdds, Attribute, SkillLadder, SkirmishState, WeaponSnapshot } from "../../rules";
import { actorSkills } from "../../data/check/check-source";
import type { ActorData } from "../../data/actor/actor-data";
import type { CheckChoice } from "../../data/check/check-source";
import { targetDefence } from "../../data/check/defence";
import type { TargetDefence, WeaponView } from "../../data/check/defence";
import { prepareCheck } from "../../data/check/prepare-check";
import type { Format } from "../format";

/** What the dialog shows and lets the player change. */
export interface RollDialogState {
  readonly actor: ActorData;
  readonly choice: CheckChoice;
  /** Raw input values: numbers, or the strings a form gives (checked by planCheck). */
  readonly extraDice: number;
  readonly tnShift: number;
  readonly rollMode: string;
  /** Roll modes offered, value -> label already localised (Foundry's own labels). */
  readonly rollModes: Readonly<Record<string, string>>;
  /** An attack: the weapon's item id on the actor, and the target (null: no target selected). */
  readonly attack?: {
    readonly weapon: string;
    readonly target: ActorData | null;
    readonly killerBlow: boolean;
    /** A target in a running combat: the skirmish, and who attacks whom with what, for the board's legality. */
    readonly board?: AttackBoard | null;
  } | null;
  readonly ladder?: SkillLadder;
  /** Prefix for element ids, unique per open dialog (labels point at inputs by id). */
  readonly idPrefix: string;
}

/** An attack on the board of a running combat, as `attackLegality` reads it (ids are the skirmish's). */
export interface AttackBoard {
  readonly state: SkirmishState;
  readonly attackerId: string;
  readonly targetId: string;
  readonly weapon: WeaponSnapshot;
}

/** One option of the check select. */
export interface CheckOption {
  readonly value: string;
  readonly label: string;
  readonly selected: boolean;
}

/** A row of an odds table. */
export interface OddsRow {
  readonly label: string;
  readonly chance: number;
}

/** The select value of a check: "soma", "pneuma" or "skill:<identifier>". */
export function checkValue(choice: CheckChoice): string {
  return choice.skill ? `skill:${choice.skill}` : choice.attribute ?? "soma";
}

/** The choice a select value names (unknown values fall back to a Soma check). */
export function choiceFromValue(value: string): CheckChoice {
  if (value.startsWith("skill:")) return { skill: value.slice("skill:".length) };
  const attribute = ATTRIBUTES.find((a) => a === value) ?? "soma";
  return { attribute };
}

const attributeKey = (attribute: Attribute): string => `AOD.Choices.attribute.${attribute}`;
const rankKey = (rank: string): string => `AOD.Choices.rank.${rank}`;

/** P(at least k successes) for k = 1..3, from the engine's exact success distribution. */
export function successOdds(pool: number, tn: number, format: Format): OddsRow[] {
  const distribution = damageDistribution({ pool, tn, armour: 0 });
  return [1, 2, 3].map((count) => ({
    label: format("AOD.RollDialog.AtLeast", { count }),
    chance: distribution.slice(count).reduce((sum, p) => sum + p, 0),
  }));
}

/** Builds everything the roll dialog template shows. */
/** The attacker's Soma, the base of the damage check (0 when the actor has none). */
function somaOf(actor: ActorData): number {
  const soma = (actor.system as Record<string, unknown> | null)?.soma;
  return typeof soma === "number" ? soma : 0;
}

/**
 * The exact odds of one weapon attack, a planned check against the target's best defence (targetDefence): hit,
 * wound, severe injury and kill, as the roll dialog shows them and the battle declaration dialog too.
 */
export function attackOddsAgainst(
  actor: ActorData,
  check: { readonly pool: number; readonly tn: number },
  weapon: WeaponView,
  target: ActorData,
  killerBlow: boolean,
  ladder: SkillLadder,
): { defence: TargetDefence; odds: AttackOdds } {
  const defence = targetDefence(target, weapon, ladder);
  const odds = attackOdds({
    attackPool: check.pool,
    attackTN: check.tn,
    defencePool: defence.pool,
    defenceTN: defence.tn,
    soma: somaOf(actor),
    damageTN: damageTN(weapon.damageTN, { killerBlow }),
    armour: defence.armour,
    wounds: defence.wounds,
    lifePoints: defence.lifePoints,
  });
  return { defence, odds };
}

/** A declared attack's odds before any roll-time modifier: the weapon's own check, or null when it cannot roll. */
export function declaredAttackOdds(
  actor: ActorData,
  weaponId: string,
  target: ActorData,
  killerBlow: boolean,
  ladder: SkillLadder = DEFAULT_SKILL_LADDER,
): { defence: TargetDefence; odds: AttackOdds } | null {
  const prepared = prepareCheck(actor, { choice: { attribute: "soma" }, weapon: weaponId, killerBlow }, ladder);
  if (prepared.check === null || prepared.weapon === null) return null;
  return attackOddsAgainst(actor, prepared.check, prepared.weapon, target, prepared.killerBlow, ladder);
}

export function rollDialogContext(state: RollDialogState, format: Format) {
  const ladder = state.ladder ?? DEFAULT_SKILL_LADDER;
  const actor = state.actor;
  const skills = actorSkills(actor, ladder);
  const prepared = prepareCheck(actor, {
    choice: state.choice,
    extraDice: state.extraDice,
    tnShift: state.tnShift,
    weapon: state.attack?.weapon ?? null,
    killerBlow: state.attack?.killerBlow === true,
  }, ladder);
  const { weapon, check, killerBlow, refusal } = prepared;
  const base = prepared.resolved;
  const selected = checkValue(base?.skill ? { skill: base.skill.identifier } : base ? { attribute: base.attribute } : state.choice);
  const checkOptions: CheckOption[] = [
    ...ATTRIBUTES.map((attribute) => ({
      value: attribute,
      label: format("AOD.RollDialog.AttributeCheck", { attribute: format(attributeKey(attribute)) }),
      selected: selected === attribute,
    })),
    ...skills.map(({ skill, attribute }) => ({
      value: `skill:${skill.identifier}`,
      label: format("AOD.RollDialog.SkillCheck", { skill: skill.name, rank: format(rankKey(skill.rank)), attribute: format(attributeKey(attribute)) }),
      selected: selected === `skill:${skill.identifier}`,
    })),
  ].filter((option, i, all) => all.findIndex((o) => o.value === option.value) === i);

  // The board's one answer (the attack card asks the same): an illegal attack says why and offers no roll.
  const board = state.attack?.board ?? null;
  const legality = board === null ? null
    : attackLegality(board.state, { attackerId: board.attackerId, targetId: board.targetId, weapon: board.weapon, killerBlow });
  const illegal = legality !== null && !legality.allowed ? format(legality.reason) : null;

  const target = state.attack?.target ?? null;
  let attack = null;
  if (weapon !== null && target !== null && check !== null) {
    const { defence, odds } = attackOddsAgainst(actor, check, weapon, target, killerBlow, ladder);
    attack = {
      caption: format("AOD.RollDialog.AttackOddsCaption", { target: defence.name, pool: defence.pool, tn: defence.tn }),
      rows: [
        { label: format("AOD.RollDialog.Hit"), chance: odds.hit },
        { label: format("AOD.RollDialog.Wound"), chance: odds.wounded },
        { label: format("AOD.RollDialog.SevereInjury"), chance: odds.severelyInjured },
        { label: format("AOD.RollDialog.Kill"), chance: odds.dead },
      ] satisfies OddsRow[],
    };
  }

  // An impossible check still shows the pool and TN after modifiers, which say why it cannot be rolled.
  const rawPool = base && Number.isInteger(state.extraDice) ? base.basePool + state.extraDice : null;
  const rawTN = base && Number.isInteger(state.tnShift) ? attackTN(base.baseTN, { killerBlow }) + state.tnShift : null;
  const impossible = { pool: check === null && rawPool !== null && rawPool <= 0, tn: check === null && rawTN !== null && rawTN > MAX_TN };
  const shownPool = check?.pool ?? (impossible.pool || impossible.tn ? rawPool : null);
  const shownTN = check?.tn ?? (impossible.pool || impossible.tn ? rawTN : null);

  return {
    ids: {
      check: `${state.idPrefix}-check`,
      extraDice: `${state.idPrefix}-extra-dice`,
      tnShift: `${state.idPrefix}-tn-shift`,
      rollMode: `${state.idPrefix}-roll-mode`,
      killerBlow: `${state.idPrefix}-killer-blow`,
      notices: `${state.idPrefix}-notices`,
    },
    actorName: actor.name,
    // The frame's title is drawn once; only an attack's (whose check cannot change) names the check.
    title: weapon ? format("AOD.RollDialog.Title", { actor: actor.name, check: weapon.name })
      : format("AOD.RollDialog.TitleCheck", { actor: actor.name }),
    weaponName: weapon?.name ?? null,
    canKillerBlow: weapon?.killerBlow ?? false,
    killerBlow,
    // Why the box raises the TN shown below it: what a killer blow does to this attack's two TNs (000 "Killer Blows").
    killerBlowHint: weapon?.killerBlow && base
      ? format("AOD.RollDialog.KillerBlowHint", {
          attackFrom: Math.min(MAX_TN, base.baseTN),
          attackTo: Math.min(MAX_TN, attackTN(base.baseTN, { killerBlow: true })),
          damageFrom: weapon.damageTN,
          damageTo: damageTN(weapon.damageTN, { killerBlow: true }),
        })
      : null,
    checkOptions,
    attribute: base ? format(attributeKey(base.attribute)) : null,
    skill: base?.skill ? base.skill.name : format("AOD.RollDialog.NoSkill"),
    rank: format(rankKey(base?.skill?.rank ?? "untrained")),
    basePool: base?.basePool ?? 0,
    baseTN: base?.baseTN ?? 0,
    pool: shownPool !== null ? format("AOD.RollDialog.PoolValue", { pool: shownPool }) : "\u2014",
    tn: shownTN !== null ? format("AOD.RollDialog.TNValue", { tn: shownTN }) : "\u2014",
    impossible,
    // The button says what it does: "Attack Knight" when a target is chosen.
    rollLabel: weapon && target ? format("AOD.RollDialog.AttackTarget", { target: target.name }) : format("AOD.RollDialog.Roll"),
    extraDice: state.extraDice,
    tnShift: state.tnShift,
    rollModes: Object.entries(state.rollModes).map(([value, label]) => ({ value, label, selected: value === state.rollMode })),
    refusal: refusal ? format(refusal.key, refusal.data) : illegal,
    notices: [
      ...prepared.notices.map((n) => format(n.key, n.data)),
      // Encumbrance takes dice off a hampered skill's pool: say how the pool is made.
      ...(base?.skill && base.basePool < base.attributeValue
        ? [format("AOD.RollDialog.EncumbranceNote", {
            skill: base.skill.name,
            attribute: format(attributeKey(base.attribute)),
            value: base.attributeValue,
            encumbrance: base.attributeValue - base.basePool,
            pool: base.basePool,
          })]
        : []),
    ],
    canRoll: check !== null && illegal === null,
    // With a target the attack's own odds (hit, wound, severe injury, kill) are the ones that matter: no generic table.
    odds: check && !attack ? {
      caption: format("AOD.RollDialog.OddsCaption", { pool: check.pool, tn: check.tn }),
      rows: successOdds(check.pool, check.tn, format),
    } : null,
    attack,
  };
}

/** The dialog's context type. */
export type RollDialogContext = ReturnType<typeof rollDialogContext>;
