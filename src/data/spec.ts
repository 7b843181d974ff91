/**
 * The stored shape of every Actor and Item subtype, declared once as plain data (docs/DATA.md).
 * The TypeDataModels build their schema fields from it, the migration normalisers repair data against it,
 * and the pack validator checks compendium sources with it. Pure: no Foundry globals.
 */
import { SKILL_USE_NAMES } from "../rules/character";
import { SKILL_RANKS } from "../rules/skills";
import { WEAPON_RANGES } from "../rules/procedures/weapon";
import { SPEED_CATEGORIES } from "../rules/speed";
import { ARMOUR_SLOTS, ATTRIBUTES } from "../rules/types";

/** One stored field. */
export type FieldSpec =
  | { kind: "integer"; min: number; max: number; initial: number }
  | { kind: "number"; min: number; positive?: boolean; max: number; initial: number }
  | { kind: "boolean"; initial: boolean }
  | { kind: "string"; initial: string; choices?: readonly string[] }
  | { kind: "html" }
  | { kind: "stringSet"; initial: readonly string[]; choices?: readonly string[] }
  | { kind: "stringList"; initial: readonly string[] }
  | { kind: "schema"; fields: ModelSpec };

/** The spec of one kind of field, e.g. `FieldSpecOf<"integer">` (narrow types let the schemas keep their field types). */
export type FieldSpecOf<K extends FieldSpec["kind"]> = Extract<FieldSpec, { kind: K }>;

/** The fields of one subtype's `system` object, by name. */
export type ModelSpec = Readonly<Record<string, FieldSpec>>;

/** Adversary kinds (docs/DATA.md). */
export const ADVERSARY_KINDS = ["infantry", "knight", "archer", "cavalry", "warEngine", "flyer", "other"] as const;
/** Armour slots (their home is the rules' vocabulary). */
export { ARMOUR_SLOTS };
/** The attributes a skill may roll (their home is the rules' vocabulary). */
export const SKILL_ATTRIBUTES = ATTRIBUTES;

const int = (min: number, max: number, initial: number): FieldSpecOf<"integer"> => ({ kind: "integer", min, max, initial });
const bool = (initial: boolean): FieldSpecOf<"boolean"> => ({ kind: "boolean", initial });
const html: FieldSpecOf<"html"> = { kind: "html" };

/** Fields every combatant actor has. */
const CORE = {
  soma: int(1, 12, 4),
  pneuma: int(1, 12, 3),
  agility: int(0, 10, 2),
  life: { kind: "schema", fields: { max: int(1, 99, 12), wounds: int(0, 199, 0) } },
  magic: { kind: "schema", fields: { value: int(0, 99, 3), max: int(0, 99, 3) } },
  weight: { kind: "number", min: 0, positive: true, max: 100000, initial: 10 },
  speed: { kind: "string", initial: "average", choices: SPEED_CATEGORIES },
  tags: { kind: "stringSet", initial: [] },
  biography: html,
} as const satisfies ModelSpec;

/** Actor subtypes. */
export const ACTOR_SPECS = {
  dragon: {
    ...CORE,
    canFly: bool(true),
    breed: { kind: "string", initial: "" },
    lifepaths: { kind: "stringList", initial: [] },
  },
  adversary: {
    ...CORE,
    magic: { kind: "schema", fields: { value: int(0, 99, 0), max: int(0, 99, 0) } },
    canFly: bool(false),
    fastGround: bool(false),
    kind: { kind: "string", initial: "infantry", choices: ADVERSARY_KINDS },
  },
} as const satisfies Record<string, ModelSpec>;

/** Item subtypes. */
export const ITEM_SPECS = {
  weapon: {
    range: { kind: "string", initial: "melee", choices: WEAPON_RANGES },
    longRange: bool(false),
    attackSkill: { kind: "string", initial: "toothAndClaw" },
    defenceSkills: { kind: "stringSet", initial: ["toothAndClaw", "aerobatics"] },
    damageTN: int(2, 6, 5),
    killerBlow: bool(false),
    grapple: bool(false),
    magicCost: int(0, 10, 0),
    description: html,
  },
  armour: {
    rating: int(0, 10, 1),
    encumbrance: int(0, 10, 0),
    slot: { kind: "string", initial: "body", choices: ARMOUR_SLOTS },
    equipped: bool(true),
    damage: int(0, 10, 0),
    description: html,
  },
  skill: {
    identifier: { kind: "string", initial: "" },
    rank: { kind: "string", initial: "trained", choices: SKILL_RANKS },
    attribute: { kind: "string", initial: "soma", choices: SKILL_ATTRIBUTES },
    uses: { kind: "stringSet", initial: [], choices: SKILL_USE_NAMES },
    hampered: bool(false),
    description: html,
  },
} as const satisfies Record<string, ModelSpec>;

/** Actor subtype names. */
export type ActorSubtype = keyof typeof ACTOR_SPECS;
/** Item subtype names. */
export type ItemSubtype = keyof typeof ITEM_SPECS;
