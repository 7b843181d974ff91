/**
 * The plain data a sheet's context builder reads: a document's stored and derived values copied out of Foundry,
 * so the builders stay pure and tests feed them pack sources. Pure: no Foundry globals.
 */
import type { DerivedCharacter } from "../../rules/character";
import type { SkillLadder } from "../../rules/skills";
import type { FieldLocks } from "./effect-locks";

/** Who is looking: Foundry's ownership levels by name (a GM is an owner). */
export type Permission = "none" | "limited" | "observer" | "owner";

/** The sheet's two modes: read and roll, or change. */
export type SheetMode = "play" | "edit";

/** A weapon's stored fields (docs/DATA.md Item `weapon`). */
export interface WeaponData {
  range: string;
  longRange: boolean;
  attackSkill: string;
  defenceSkills: readonly string[];
  damageTN: number;
  killerBlow: boolean;
  grapple: boolean;
  magicCost: number;
  description: string;
}

/** An armour's stored fields (docs/DATA.md Item `armour`). */
export interface ArmourData {
  rating: number;
  encumbrance: number;
  slot: string;
  equipped: boolean;
  damage: number;
  description: string;
}

/** A skill's stored fields (docs/DATA.md Item `skill`). */
export interface SkillData {
  identifier: string;
  rank: string;
  attribute: string;
  uses: readonly string[];
  hampered: boolean;
  description: string;
}

/** One item as a sheet lists it. */
export type SheetItem = { id: string; name: string; img: string; sort: number } & (
  | { type: "weapon"; system: WeaponData }
  | { type: "armour"; system: ArmourData }
  | { type: "skill"; system: SkillData }
);

/** What the data models derive (src/data/actor/character-model.ts, from deriveCharacter); never recomputed by sheets. */
export type DerivedActorData = DerivedCharacter;

/** A dragon's or adversary's stored fields (docs/DATA.md); the subtype-only ones are absent on the other. */
export interface ActorSystemData {
  soma: number;
  pneuma: number;
  agility: number;
  life: { max: number; wounds: number };
  magic: { value: number; max: number };
  weight: number;
  canFly: boolean;
  speed: string;
  tags: readonly string[];
  biography: string;
  breed?: string;
  lifepaths?: readonly string[];
  fastGround?: boolean;
  kind?: string;
}

/** Where the actor stands in the current combat, when it is in one. */
export interface CombatStanding {
  /** The altitude band, or null when the combat does not track one for it. */
  altitude: string | null;
  /** Active status effect ids (src/constants/status-effects.ts). */
  statuses: readonly string[];
}

/** Everything the actor sheet's context builder reads. */
export interface ActorSheetInput {
  type: "dragon" | "adversary";
  name: string;
  img: string;
  /** The prepared values (after Active Effects, repaired for use): what play mode shows and the rules read. */
  system: ActorSystemData;
  /** The stored values (`actor._source.system`): what edit inputs are bound to, so no edit bakes an effect in. */
  source: ActorSystemData;
  /** The fields Active Effects change, by path (`system.soma`), with the effects' names (effect-locks.ts). */
  locks: FieldLocks;
  derived: DerivedActorData;
  items: readonly SheetItem[];
  permission: Permission;
  mode: SheetMode;
  /** The biography after Foundry's enrichment (links, secrets for owners); the builder never parses HTML. */
  enrichedBiography: string;
  /** The world's rank ladder (CONFIG.ageOfDragons.skillLadder). */
  ladder: SkillLadder;
  /** Null when the actor is not in a combat. */
  combat: CombatStanding | null;
  /** The tab shown. */
  tab: string;
}

/** What an item sheet reads when its item belongs to an actor: the owner's derived checks. */
export interface ItemOwnerData {
  name: string;
  derived: DerivedActorData;
  magic: { value: number; max: number };
  /** The owner's skills' names by identifier (`skillNamesOf`), so a weapon names its attack skill as the owner has it. */
  skillNames: ReadonlyMap<string, string>;
}

/** Everything an item sheet's context builder reads. */
export interface ItemSheetInput {
  item: SheetItem;
  permission: Permission;
  mode: SheetMode;
  enrichedDescription: string;
  ladder: SkillLadder;
  owner: ItemOwnerData | null;
  /**
   * The skills a weapon's pickers offer, by identifier with their names: the owner's skills, and the system's
   * skills compendium (item-sheet.ts). Absent: the owner's skills only.
   */
  skillChoices?: ReadonlyMap<string, string>;
}
