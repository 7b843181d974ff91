/**
 * Derived character values: what a dragon or adversary sheet shows and what the checks roll, computed from
 * plain stored data (000 "Melee Attacks", "Ranged Attacks", "Grapple Attacks", "Armour", "Severe injury and Death").
 * The Foundry data models call `deriveCharacter` from prepareDerivedData; the simulator and tests call it directly.
 */
import { clampPool } from "./pools";
import { woundState, woundThresholds } from "./health";
import type { WoundState } from "./health";
import { DEFAULT_SKILL_LADDER, SKILL_RANKS, skillTN } from "./skills";
import type { SkillLadder } from "./skills";
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

const ATTRIBUTES: readonly Attribute[] = ["soma", "pneuma"];

/** One item as the rules see it: its subtype, its name and its raw `system` data (checked here). */
export interface CharacterItem {
  type: string;
  name?: string;
  system: unknown;
}

/** The plain data a character is derived from. */
export interface CharacterSnapshot {
  soma: number;
  pneuma: number;
  life: { max: number; wounds: number };
  items: readonly CharacterItem[];
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

function field(system: unknown, key: string, at: string): unknown {
  if (typeof system !== "object" || system === null) fail(at, "an object", system);
  return (system as Record<string, unknown>)[key];
}

function flag(system: unknown, key: string, at: string): boolean {
  const value = field(system, key, at);
  if (typeof value !== "boolean") fail(`${at}.${key}`, "a boolean", value);
  return value;
}

function count(system: unknown, key: string, at: string): number {
  return assertNonNegativeInteger(`${at}.${key}`, field(system, key, at));
}

function uses(system: unknown, at: string): SkillUse[] {
  const value = field(system, "uses", at);
  if (!(value instanceof Set) && !Array.isArray(value)) fail(`${at}.uses`, "an array or a Set", value);
  const list: unknown[] = [...(value as Iterable<unknown>)];
  return list.map((use, i) => assertOneOf(`${at}.uses[${i}]`, use, SKILL_USE_NAMES));
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
  snapshot.items.forEach((item, i) => {
    if (item.type !== "armour") return;
    const at = `items[${i}].system`;
    if (!flag(item.system, "equipped", at)) return;
    armour += Math.max(0, count(item.system, "rating", at) - count(item.system, "damage", at));
    encumbrance += count(item.system, "encumbrance", at);
  });

  // 000 "Melee Attacks": the skill's rank sets the TN; the pool is its attribute, less encumbrance if hampered.
  const entries: SkillEntry[] = [];
  snapshot.items.forEach((item, i) => {
    if (item.type !== "skill") return;
    const at = `items[${i}].system`;
    const rank: SkillRank = assertOneOf(`${at}.rank`, field(item.system, "rank", at), SKILL_RANKS);
    const attribute = assertOneOf(`${at}.attribute`, field(item.system, "attribute", at), ATTRIBUTES);
    const stored = field(item.system, "identifier", at);
    const identifier = typeof stored === "string" && stored !== "" ? stored : skillIdentifier(item.name ?? "");
    const hampered = flag(item.system, "hampered", at);
    const pool = clampPool(attributes[attribute] - (hampered ? encumbrance : 0));
    entries.push({ identifier, tn: skillTN(rank, ladder), pool, uses: uses(item.system, at) });
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
  return Math.min(max * 2 + 1, Math.max(0, wounds));
}
