/**
 * The plain data a sheet's context builder reads: a document's stored and derived values copied out of Foundry,
 * so the builders stay pure and tests feed them pack sources. Pure: no Foundry globals.
 */
import type { ArmourSystem, CharacterSystem, ItemData, SkillSystem, WeaponSystem } from "../../data/actor/actor-data";
import type { DerivedCharacter } from "../../rules/character";
import type { SkillLadder } from "../../rules/skills";
import type { FieldLocks } from "./effect-locks";

/** Who is looking: Foundry's ownership levels by name (a GM is an owner). */
export type Permission = "none" | "limited" | "observer" | "owner";

/** The sheet's two modes: read and roll, or change. */
export type SheetMode = "play" | "edit";

/**
 * One item as a sheet lists it: its stored fields typed by subtype (src/data/actor/actor-data.ts), plus what only
 * the sheet needs (the id to act on, an image, the sort order).
 */
export type SheetItem = Pick<ItemData, "name"> & { id: string; img: string; sort: number } & (
  | { type: "weapon"; system: WeaponSystem }
  | { type: "armour"; system: ArmourSystem }
  | { type: "skill"; system: SkillSystem }
);

/** What the data models derive (src/data/actor/character-model.ts, from deriveCharacter); never recomputed by sheets. */
export type DerivedActorData = DerivedCharacter;

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
  system: CharacterSystem;
  /** The stored values (`actor._source.system`): what edit inputs are bound to, so no edit bakes an effect in. */
  source: CharacterSystem;
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
