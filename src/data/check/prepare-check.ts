/**
 * From an actor and a request to a check ready to roll, or the reason it cannot be rolled (RULES.md "Dice and
 * checks", "Attacks"). The one path the roll dialog, `rollCheck` and the card share. Pure: no Foundry globals.
 */
import { DEFAULT_SKILL_LADDER, attackTN } from "../../rules";
import type { SkillLadder } from "../../rules";
import { planCheck } from "./check-plan";
import type { CheckMessage, PlannedCheck } from "./check-plan";
import { isResolved, resolveCheck } from "./check-source";
import type { ActorData } from "../actor/actor-data";
import type { CheckChoice, ResolvedCheck } from "./check-source";
import { weaponView } from "./defence";
import type { WeaponView } from "./defence";

/** What a caller asks to roll. */
export interface CheckRequest {
  readonly choice: CheckChoice;
  readonly extraDice?: number;
  readonly tnShift?: number;
  /** An attack with this weapon (item id on the actor): its attack skill is the check. */
  readonly weapon?: string | null;
  /** A killer blow (000 "Killer Blows": attack TN +1), only with a weapon that allows it. */
  readonly killerBlow?: boolean;
}

/** The outcome of preparing a check. */
export interface PreparedCheck {
  /** The check found on the actor (null when even that failed). */
  readonly resolved: ResolvedCheck | null;
  readonly weapon: WeaponView | null;
  readonly killerBlow: boolean;
  /** The check to roll, or null when refused. */
  readonly check: PlannedCheck | null;
  readonly refusal: CheckMessage | null;
  /** Warnings and notices, in the order they arose. */
  readonly notices: readonly CheckMessage[];
}

/** Prepares a check: finds it on the actor, applies the killer blow and the modifiers, plans it. */
export function prepareCheck(actor: ActorData, request: CheckRequest, ladder: SkillLadder = DEFAULT_SKILL_LADDER): PreparedCheck {
  const item = request.weapon ? actor.items.find((i) => i._id === request.weapon) : undefined;
  const weapon = item ? weaponView(item) : null;
  const notices: CheckMessage[] = [];
  const choice: CheckChoice = weapon !== null && weapon.attackSkill !== "" ? { skill: weapon.attackSkill } : request.choice;
  let found = resolveCheck(actor, choice, ladder);
  if (!isResolved(found) && weapon !== null) {
    // RULES.md "Dice and checks": with no skill for the use, the check is an untrained Soma check.
    notices.push(found.refusal);
    found = resolveCheck(actor, { attribute: "soma" }, ladder);
  }
  if (!isResolved(found)) return { resolved: null, weapon, killerBlow: false, check: null, refusal: found.refusal, notices };
  notices.push(...found.warnings);
  const killerBlow = weapon !== null && weapon.killerBlow && request.killerBlow === true;
  const plan = planCheck({
    basePool: found.basePool,
    baseTN: attackTN(found.baseTN, { killerBlow }),
    extraDice: request.extraDice ?? 0,
    tnShift: request.tnShift ?? 0,
  });
  notices.push(...plan.notices);
  return plan.ok
    ? { resolved: found, weapon, killerBlow, check: plan.check, refusal: null, notices }
    : { resolved: found, weapon, killerBlow, check: null, refusal: plan.refusal, notices };
}
