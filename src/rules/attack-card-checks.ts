/**
 * Which checks an attack card rolls: the attacker's check for each battle action and the checks a defender may
 * answer with (000 "Melee Attacks", "Ranged Attacks", "Grapple Attacks", "Breaking out of a Grapple",
 * "Catching / Mid air rescues", "Defence is Optional"). Pure: the Foundry layer hands in derived values.
 */
import { clampPool, effectiveTN } from "./pools";
import type { WeaponSnapshot } from "./procedures/weapon";
import { assertInteger, assertNonNegativeInteger, fail } from "./validate";

/** The battle actions one attack card carries. */
export type CardAction = "attack" | "grapple" | "breakOut" | "rescue" | "setDown";

/** Every card action. */
export const CARD_ACTIONS: readonly CardAction[] = Object.freeze(["attack", "grapple", "breakOut", "rescue", "setDown"]);

/** A weapon on a card: the rules snapshot plus the item id and the skills that attack and defend (docs/DATA.md). */
export interface CardWeapon extends WeaponSnapshot {
  id: string;
  attackSkill: string;
  defenceSkills: string[];
}

/** A check a card rolls: the skill identifier (null: an untrained attribute check), the dice and the TN. */
export interface CardCheck {
  skill: string | null;
  pool: number;
  tn: number;
}

/** What a combatant can roll, from its derived data (`deriveCharacter`). */
export interface CombatantChecks {
  /** Skill identifier -> its TN and pool. */
  skills: Readonly<Record<string, { tn: number; pool: number }>>;
  /** The best check for grappling and for breaking out (derived pools). */
  grapple: CardCheck;
  breakOut: CardCheck;
  /** The untrained Soma check. */
  untrained: CardCheck;
  /** Soma less encumbrance: the rescue pool (RULES.md "Attack card"). */
  rescuePool: number;
}

/** Situational dice and TN shifts chosen in the roll dialog (RULES.md "Dice and checks"). */
export interface CheckModifiers {
  dice: number;
  tn: number;
}

/** How far the roll dialog may move a check (the dialog's own limits): dice and TN shifts beyond these are refused. */
export const MODIFIER_LIMITS = Object.freeze({ dice: 30, tn: 6 });

/** Whether two checks are the same roll. */
export function sameCheck(a: CardCheck | null, b: CardCheck | null): boolean {
  if (a === null || b === null) return a === b;
  return a.skill === b.skill && a.pool === b.pool && a.tn === b.tn;
}

/** Checks a CardCheck's shape and returns it (a RangeError names the bad field). */
export function checkCardCheck(check: unknown, name = "check"): CardCheck {
  if (typeof check !== "object" || check === null) fail(name, "a check { skill, pool, tn }", check);
  const { skill, pool, tn } = check as Partial<CardCheck>;
  if (skill !== null && typeof skill !== "string") fail(`${name}.skill`, "a skill identifier or null", skill);
  assertNonNegativeInteger(`${name}.pool`, pool);
  assertInteger(`${name}.tn`, tn);
  return { skill: skill ?? null, pool: pool as number, tn: tn as number };
}

/** Checks dialog modifiers against the limits and returns them. */
export function checkModifiers(modifiers: unknown): CheckModifiers {
  if (typeof modifiers !== "object" || modifiers === null) fail("modifiers", "{ dice, tn }", modifiers);
  const { dice, tn } = modifiers as Partial<CheckModifiers>;
  assertInteger("modifiers.dice", dice);
  assertInteger("modifiers.tn", tn);
  if (Math.abs(dice as number) > MODIFIER_LIMITS.dice) fail("modifiers.dice", `within ±${MODIFIER_LIMITS.dice}`, dice);
  if (Math.abs(tn as number) > MODIFIER_LIMITS.tn) fail("modifiers.tn", `within ±${MODIFIER_LIMITS.tn}`, tn);
  return { dice: dice as number, tn: tn as number };
}

/** A check with the dialog's modifiers added: the pool clamped to 0..30, the TN kept at 2 or more. */
export function modified(check: CardCheck, modifiers: CheckModifiers): CardCheck {
  return {
    skill: check.skill,
    pool: clampPool(check.pool + modifiers.dice),
    tn: effectiveTN(check.tn + modifiers.tn),
  };
}

function skillCheck(checks: CombatantChecks, skill: string): CardCheck | null {
  const found = Object.prototype.hasOwnProperty.call(checks.skills, skill) ? checks.skills[skill] : undefined;
  return found ? { skill, pool: found.pool, tn: found.tn } : null;
}

/**
 * The attacker's check for an action, before dialog modifiers: an attack rolls the weapon's attack skill (an
 * untrained Soma check without it), a grapple and a break-out their best skills, a rescue the rescue pool at
 * the weight TN (given by the caller); setting a passenger down rolls nothing.
 */
export function actionCheck(
  action: CardAction,
  attacker: CombatantChecks,
  weapon: CardWeapon | null,
  rescueTN: number | null = null,
): CardCheck | null {
  switch (action) {
    case "attack":
      if (weapon === null) fail("weapon", "the weapon of an attack", weapon);
      return skillCheck(attacker, weapon.attackSkill) ?? { ...attacker.untrained };
    case "grapple":
      return { ...attacker.grapple };
    case "breakOut":
      return { ...attacker.breakOut };
    case "rescue":
      if (rescueTN === null) fail("rescueTN", "the rescue TN", rescueTN);
      return { skill: null, pool: clampPool(attacker.rescuePool), tn: assertInteger("rescueTN", rescueTN) };
    case "setDown":
      return null;
  }
}

/**
 * The checks a defender may answer with (and it may always choose none, 000 "Defence is Optional"): against an
 * attack or a grapple, each skill the weapon names that the defender has (an untrained Soma check when it has
 * none of them); against a break-out, its break-out skill only (000: Aerobatics cannot hold a grapple). A
 * rescue or a set-down is not defended. `mayDefend` false (dead, ambushed) leaves only no defence.
 */
export function defenceChecks(
  action: CardAction,
  weapon: CardWeapon | null,
  defender: CombatantChecks,
  mayDefend = true,
): CardCheck[] {
  if (!mayDefend) return [];
  switch (action) {
    case "attack":
    case "grapple": {
      if (weapon === null) fail("weapon", "the weapon of an attack or grapple", weapon);
      const found = [...new Set(weapon.defenceSkills)]
        .map((skill) => skillCheck(defender, skill))
        .filter((c): c is CardCheck => c !== null);
      return found.length > 0 ? found : [{ ...defender.untrained }];
    }
    case "breakOut":
      return [{ ...defender.breakOut }];
    case "rescue":
    case "setDown":
      return [];
  }
}

/** The best of several checks (lowest TN, then the larger pool; RULES.md "Dice and checks"), or null for none. */
export function bestCheck(checks: readonly CardCheck[]): CardCheck | null {
  let best: CardCheck | null = null;
  for (const c of checks) {
    if (c.pool === 0) continue;
    if (best === null || c.tn < best.tn || (c.tn === best.tn && c.pool > best.pool)) best = c;
  }
  return best;
}
