// Hand-made encounter combatants for the simulator tests: engine snapshots with skills and weapons derived by
// the engine's own deriveCharacter, so the checks are what a sheet would show.
import { deriveCharacter } from "../../../src/rules/character";
import type { ArmourSnapshot, SkillSnapshot, SkillUse } from "../../../src/rules/character";
import type { Encounter, EncounterCombatant, EncounterWeapon } from "../../../src/rules/simulator";
import type { CombatantState } from "../../../src/rules/state";
import type { SkillRank } from "../../../src/rules/types";

/** A Soma skill. */
export function skill(identifier: string, rank: SkillRank, uses: SkillUse[], hampered = false): SkillSnapshot {
  return { identifier, rank, attribute: "soma", uses, hampered };
}

/** An equipped armour piece. */
export function armour(rating: number, encumbrance = 0): ArmourSnapshot {
  return { rating, encumbrance, equipped: true, damage: 0 };
}

export const CLAW: EncounterWeapon = {
  weapon: { name: "Tooth and Claw", range: "melee", longRange: false, damageTN: 5, killerBlow: true, grapple: true, magicCost: 0 },
  attackSkill: "toothAndClaw",
  defenceSkills: ["toothAndClaw", "aerobatics", "swordsmanship"],
};

export const BREATH: EncounterWeapon = {
  weapon: { name: "Dragonsbreath", range: "ranged", longRange: false, damageTN: 5, killerBlow: false, grapple: false, magicCost: 1 },
  attackSkill: "dragonsbreath",
  defenceSkills: ["aerobatics"],
};

export const SWORD: EncounterWeapon = {
  weapon: { name: "Sword", range: "melee", longRange: false, damageTN: 5, killerBlow: false, grapple: false, magicCost: 0 },
  attackSkill: "swordsmanship",
  defenceSkills: ["toothAndClaw", "aerobatics", "swordsmanship"],
};

export const BOW: EncounterWeapon = {
  weapon: { name: "Longbow", range: "ranged", longRange: false, damageTN: 5, killerBlow: false, grapple: false, magicCost: 0 },
  attackSkill: "archery",
  defenceSkills: ["aerobatics"],
};

const DRAGON_SKILLS = [
  skill("toothAndClaw", "expert", ["meleeAttack", "meleeDefence", "grapple", "breakOut"]),
  skill("aerobatics", "trained", ["meleeDefence", "rangedDefence"], true),
  skill("dragonsbreath", "trained", ["rangedAttack"]),
];

/** Builds an encounter combatant from a snapshot, its items and weapons. */
export function combatant(
  state: Partial<CombatantState> & { id: string },
  items: (SkillSnapshot | ArmourSnapshot)[],
  weapons: EncounterWeapon[],
  extra: Partial<EncounterCombatant> = {},
): EncounterCombatant {
  const base: CombatantState = {
    name: state.id, side: "", soma: 5, pneuma: 4, agility: 2, life: { max: 12, wounds: 0 },
    magic: { value: 4, max: 4 }, weight: 60, canFly: true, fastGround: false, armour: 0, altitude: "mid",
    moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [], ...state,
  };
  const skills = items.filter((i): i is SkillSnapshot => "identifier" in i);
  const armours = items.filter((i): i is ArmourSnapshot => "rating" in i);
  const derived = deriveCharacter({ soma: base.soma, pneuma: base.pneuma, life: base.life, skills, armour: armours });
  return { state: { ...base, armour: derived.armour }, weapons, checks: derived.pools, skills: derived.skills, encumbrance: derived.encumbrance, ...extra };
}

/** A dragon: claws and breath, Tooth and Claw expert, Aerobatics and Dragonsbreath trained. */
export function dragon(id: string, state: Partial<CombatantState> = {}, extra: Partial<EncounterCombatant> = {}): EncounterCombatant {
  return combatant({ id, ...state }, [...DRAGON_SKILLS, armour(1)], [CLAW, BREATH], extra);
}

/** A knight on foot: sword (expert), plate. */
export function knight(id: string, state: Partial<CombatantState> = {}): EncounterCombatant {
  return combatant(
    { id, soma: 3, pneuma: 2, life: { max: 4, wounds: 0 }, magic: { value: 0, max: 0 }, weight: 1, canFly: false, altitude: "grounded", ...state },
    [skill("swordsmanship", "expert", ["meleeAttack", "meleeDefence"]), armour(3, 1)],
    [SWORD],
  );
}

/** A longbowman: bow (expert), sword (trained), mail. */
export function archer(id: string, state: Partial<CombatantState> = {}): EncounterCombatant {
  return combatant(
    { id, soma: 2, pneuma: 3, life: { max: 3, wounds: 0 }, magic: { value: 0, max: 0 }, weight: 1, canFly: false, altitude: "grounded", ...state },
    [skill("archery", "expert", ["rangedAttack"]), skill("swordsmanship", "trained", ["meleeAttack", "meleeDefence"]), armour(1)],
    [BOW, SWORD],
  );
}

/** Two sides facing each other. */
export function versus(a: EncounterCombatant[], b: EncounterCombatant[], extra: Partial<Encounter> = {}): Encounter {
  return { sides: [{ name: "Red", combatants: a }, { name: "Blue", combatants: b }], ...extra };
}
