/**
 * Derived character values: what a dragon or adversary sheet shows and what the checks roll, computed from
 * plain stored data (000 "Melee Attacks", "Ranged Attacks", "Grapple Attacks", "Armour", "Severe injury and Death").
 * The Foundry data models call `deriveCharacter` from prepareDerivedData; the simulator and tests call it directly.
 */
import { clampPool } from "./pools";
import { capWounds, woundState, woundThresholds } from "./health";
import type { WoundState } from "./health";
import { DEFAULT_SKILL_LADDER, SKILL_RANKS, skillTN } from "./skills";
import type { SkillLadder } from "./skills";
import { ATTRIBUTES } from "./types";
import type { Attribute, SkillRank } from "./types";
import { assertNonNegativeInteger, assertOneOf, fail } from "./validate";

/** What a skill may be used for (docs/DATA.md, Item `skill`). */
export type SkillUse = "meleeAttack" | "meleeDefence" | "rangedAttack" | "rangedDefence" | "grapple" | "breakOut";

/** Every skill use, in sheet order. */
export const SKILL_USE_NAMES: readonly SkillUse[] = Object.freeze([
  "meleeAttack",
  "meleeDefence",
  "rangedAttack",
  "rangedDefence",
  "grapple",
  "breakOut",
]);

/** The checks a sheet offers at a glance: the two plain attribute checks and one per skill use. */
export type CommonCheck = Attribute | SkillUse;


/** A skill as the rules see it: the fields of an Item `skill` that decide a check (docs/DATA.md). */
export interface SkillSnapshot {
  /** How weapons name it (camelCase); the data layer fills a blank one from the skill's name (`skillIdentifier`). */
  identifier: string;
  rank: SkillRank;
  attribute: Attribute;
  uses: readonly SkillUse[];
  hampered: boolean;
}

/** A piece of armour as the rules see it: the fields of an Item `armour` that decide damage and encumbrance. */
export interface ArmourSnapshot {
  rating: number;
  encumbrance: number;
  equipped: boolean;
  damage: number;
}

/** The plain data a character is derived from: its attributes, Life Points, skills and armour. */
export interface CharacterSnapshot {
  soma: number;
  pneuma: number;
  life: { max: number; wounds: number };
  skills: readonly SkillSnapshot[];
  armour: readonly ArmourSnapshot[];
}

/** A ready check: the TN to meet, the dice to roll, and the skill it uses (null for an untrained attribute check). */
export interface CheckValues {
  tn: number;
  pool: number;
  skill: string | null;
}

/** Everything `deriveCharacter` computes; none of it is ever stored. */
export interface DerivedCharacter {
  life: { value: number };
  health: WoundState;
  thresholds: { severelyInjured: number; dead: number };
  armour: number;
  encumbrance: number;
  skills: Record<string, { tn: number; pool: number }>;
  pools: Record<CommonCheck, CheckValues>;
}

/** Options for deriving: the TN ladder for skill ranks (configurable per world). */
export interface DeriveOptions {
  ladder?: SkillLadder;
}

/** The camelCase identifier of a skill name, as weapons refer to it: "Tooth and Claw" becomes "toothAndClaw". */
export function skillIdentifier(name: string): string {
  if (typeof name !== "string") fail("name", "a string", name);
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['\u2019]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
  return words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join("");
}

function assertBoolean(name: string, value: unknown): boolean {
  if (typeof value !== "boolean") fail(name, "true or false", value);
  return value;
}

interface SkillEntry {
  identifier: string;
  tn: number;
  pool: number;
  uses: SkillUse[];
}

/** Which of two checks is better: the lower TN wins, then the larger pool (how the best skill for a use is picked). */
function better(a: { tn: number; pool: number }, b: { tn: number; pool: number }): boolean {
  return a.tn < b.tn || (a.tn === b.tn && a.pool > b.pool);
}

/** Derives the values a character sheet shows and its checks roll (000: skills set TNs, armour encumbers). */
export function deriveCharacter(snapshot: CharacterSnapshot, options: DeriveOptions = {}): DerivedCharacter {
  const ladder = options.ladder ?? DEFAULT_SKILL_LADDER;
  const attributes: Record<Attribute, number> = {
    soma: assertNonNegativeInteger("soma", snapshot.soma),
    pneuma: assertNonNegativeInteger("pneuma", snapshot.pneuma),
  };
  const max = assertNonNegativeInteger("life.max", snapshot.life.max);
  const wounds = assertNonNegativeInteger("life.wounds", snapshot.life.wounds);

  // 000 "Armour": rating stops damage (damaged pieces stop less, RULES.md); encumbrance hampers some checks.
  let armour = 0;
  let encumbrance = 0;
  snapshot.armour.forEach((piece, i) => {
    const at = `armour[${i}]`;
    if (!assertBoolean(`${at}.equipped`, piece.equipped)) return;
    const rating = assertNonNegativeInteger(`${at}.rating`, piece.rating);
    armour += Math.max(0, rating - assertNonNegativeInteger(`${at}.damage`, piece.damage));
    encumbrance += assertNonNegativeInteger(`${at}.encumbrance`, piece.encumbrance);
  });

  // 000 "Melee Attacks": the skill's rank sets the TN; the pool is its attribute, less encumbrance if hampered.
  const entries: SkillEntry[] = snapshot.skills.map((skill, i) => {
    const at = `skills[${i}]`;
    const rank: SkillRank = assertOneOf(`${at}.rank`, skill.rank, SKILL_RANKS);
    const attribute = assertOneOf(`${at}.attribute`, skill.attribute, ATTRIBUTES);
    if (typeof skill.identifier !== "string") fail(`${at}.identifier`, "a string", skill.identifier);
    if (!Array.isArray(skill.uses)) fail(`${at}.uses`, "an array", skill.uses);
    const uses = skill.uses.map((use, u) => assertOneOf(`${at}.uses[${u}]`, use, SKILL_USE_NAMES));
    const hampered = assertBoolean(`${at}.hampered`, skill.hampered);
    const pool = clampPool(attributes[attribute] - (hampered ? encumbrance : 0));
    return { identifier: skill.identifier, tn: skillTN(rank, ladder), pool, uses };
  });

  const skills: Record<string, { tn: number; pool: number }> = {};
  for (const entry of entries) {
    if (entry.identifier === "") continue;
    const known = skills[entry.identifier];
    if (!known || better(entry, known)) skills[entry.identifier] = { tn: entry.tn, pool: entry.pool };
  }

  const untrained = (attribute: Attribute): CheckValues => ({
    tn: skillTN("untrained", ladder),
    pool: clampPool(attributes[attribute]),
    skill: null,
  });
  const pools = { soma: untrained("soma"), pneuma: untrained("pneuma") } as Record<CommonCheck, CheckValues>;
  for (const use of SKILL_USE_NAMES) {
    let best: CheckValues | undefined;
    for (const entry of entries) {
      if (!entry.uses.includes(use)) continue;
      const candidate = { tn: entry.tn, pool: entry.pool, skill: entry.identifier || null };
      if (!best || better(candidate, best)) best = candidate;
    }
    pools[use] = best ?? untrained("soma");
  }

  return {
    life: { value: max - wounds },
    health: woundState(wounds, max),
    thresholds: woundThresholds(max),
    armour,
    encumbrance,
    skills,
    pools,
  };
}

/**
 * The wounds that leave `lifeValue` Life Points remaining, for a token bar edit (000 "Damage and Health states"):
 * max - value, never below 0 and at most 2 x max + 1 (docs/DATA.md).
 */
export function woundsForLife(max: number, lifeValue: number): number {
  assertNonNegativeInteger("max", max);
  if (typeof lifeValue !== "number" || Number.isNaN(lifeValue)) fail("lifeValue", "a number", lifeValue);
  const wounds = Math.round(max - lifeValue);
  return capWounds(wounds, max);
}
