/**
 * What an attack meets on its target, for the dialog's odds (000 "Melee Attacks", "Armour"; RULES.md
 * "Attacks": weapons name the skills that may defend, the best one counts, with none it is untrained Soma).
 * Pure, from actor sources; pools, TNs and armour come from the one actor snapshot (src/data/actor/actor-snapshot.ts).
 */
import { DEFAULT_SKILL_LADDER } from "../../rules";
import type { SkillLadder } from "../../rules";
import { actorSnapshot, defenceAgainst, weaponSnapshot } from "../actor/actor-snapshot";
import { skillItemIdentifier } from "./check-source";
import type { ActorData, ItemData } from "../actor/actor-data";

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

/** A weapon item read for the odds (through the one translation, actor-snapshot.ts), or null when it is not a weapon. */
export function weaponView(item: ItemData): WeaponView | null {
  if (item.type !== "weapon") return null;
  const { weapon, attackSkill, defenceSkills } = weaponSnapshot(item);
  return {
    id: item._id ?? "",
    name: item.name,
    attackSkill,
    defenceSkills,
    damageTN: weapon.damageTN,
    killerBlow: weapon.killerBlow,
  };
}

/** The target's best defence against a weapon (lowest TN, then the larger pool), its armour and its wounds. */
export function targetDefence(target: ActorData, weapon: WeaponView, ladder: SkillLadder = DEFAULT_SKILL_LADDER): TargetDefence {
  const snapshot = actorSnapshot(target, { ladder });
  const check = defenceAgainst(snapshot, weapon, ladder);
  const skill = check.skill === null ? undefined : target.items.find((item) => item.type === "skill" && skillItemIdentifier(item) === check.skill);
  return {
    name: target.name,
    skillName: skill?.name ?? null,
    pool: check.pool,
    tn: check.tn,
    armour: snapshot.derived.armour,
    wounds: snapshot.character.life.wounds,
    lifePoints: snapshot.character.life.max,
  };
}
