/** The data model of every Actor and Item subtype, registered in a loop from this table. */
import { AdversaryModel } from "../data/actor/adversary-model";
import { DragonModel } from "../data/actor/dragon-model";
import { ArmourModel } from "../data/item/armour-model";
import { SkillModel } from "../data/item/skill-model";
import { WeaponModel } from "../data/item/weapon-model";

/** Subtype -> data model, per document type. */
export const DATA_MODELS = {
  Actor: { dragon: DragonModel, adversary: AdversaryModel },
  Item: { weapon: WeaponModel, armour: ArmourModel, skill: SkillModel },
} as const;
