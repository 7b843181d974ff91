/**
 * What an attack meets on its target, for the dialog's odds (000 "Melee Attacks", "Armour"; RULES.md
 * "Attacks": weapons name the skills that may defend, the best one counts, with none it is untrained Soma).
 * Pure, from actor sources; pools, TNs and armour come from deriveCharacter.
 */
import { DEFAULT_SKILL_LADDER } from "../rules";
import { actorSnapshot } from "../data/snapshot";
import type { SkillLadder } from "../rules";
import { isResolved, resolveCheck } from "./check-source";
import type { ActorSource, ItemSource } from "./check-source";

/** A weapon as the odds read it. */
export interface WeaponView {
  readonly id: string;
  readonly name: string;
  readonly attackSkill: string;
  readonly defenceSkills: readonly string[];
  readonly damageTN: number;
  readonly killerBlow: boolean;
}

/** The target's side of an attack. */
export interface TargetDefence {
  readonly name: string;
  /** The skill it defends with (null: an untrained Soma defence). */
  readonly skillName: string | null;
  readonly pool: number;
  readonly tn: number;
  readonly armour: number;
  readonly wounds: number;
  readonly lifePoints: number;
}

function record(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function integer(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) ? value : 0;
}

/** A weapon item read for the odds, or null when the item is not a weapon. */
export function weaponView(item: ItemSource): WeaponView | null {
  if (item.type !== "weapon") return null;
  const system = record(item.system);
  const defence = Array.isArray(system.defenceSkills) ? system.defenceSkills.filter((s): s is string => typeof s === "string") : [];
  return {
    id: item._id ?? "",
    name: item.name,
    attackSkill: typeof system.attackSkill === "string" ? system.attackSkill : "",
    defenceSkills: defence,
    damageTN: integer(system.damageTN),
    killerBlow: system.killerBlow === true,
  };
}

/** The target's best defence against a weapon (lowest TN, then the larger pool), its armour and its wounds. */
export function targetDefence(target: ActorSource, weapon: WeaponView, ladder: SkillLadder = DEFAULT_SKILL_LADDER): TargetDefence {
  const system = record(target.system);
  const life = record(system.life);
  const lifePoints = integer(life.max);
  const wounds = integer(life.wounds);
  // The armour total through the one actor snapshot (src/data/snapshot.ts), as the data models derive it.
  const { derived } = actorSnapshot({ ...target, items: target.items.filter((item) => item.type === "armour") }, { ladder });
  let best: { skillName: string | null; pool: number; tn: number } | null = null;
  for (const identifier of weapon.defenceSkills) {
    const check = resolveCheck(target, { skill: identifier }, ladder);
    if (!isResolved(check) || check.skill === null) continue;
    if (best === null || check.baseTN < best.tn || (check.baseTN === best.tn && check.basePool > best.pool)) {
      best = { skillName: check.skill.name, pool: check.basePool, tn: check.baseTN };
    }
  }
  const fallback = resolveCheck(target, { attribute: "soma" }, ladder);
  const untrained = isResolved(fallback) ? { skillName: null, pool: fallback.basePool, tn: fallback.baseTN } : { skillName: null, pool: 0, tn: 6 };
  return { name: target.name, ...(best ?? untrained), armour: derived.armour, wounds, lifePoints };
}
