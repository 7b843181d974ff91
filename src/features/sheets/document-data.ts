/**
 * Copies what the sheets show out of Foundry documents into the plain data of sheet-data.ts, for the pure
 * context builders. Nothing is computed here: derived values are read from the data models as prepared.
 */
import { AdversaryModel } from "../../data/actor/adversary-model";
import { DragonModel } from "../../data/actor/dragon-model";
import { ArmourModel } from "../../data/item/armour-model";
import { SkillModel } from "../../data/item/skill-model";
import { WeaponModel } from "../../data/item/weapon-model";
import { CombatModel } from "../../data/combat/combat-model";
import { fieldLocks } from "./effect-locks";
import type { FieldLocks } from "./effect-locks";
import type { CharacterSystem } from "../../data/actor/actor-data";
import type { CombatStanding, DerivedActorData, SheetItem } from "./sheet-data";

/** The system data of a dragon or adversary, or undefined for another subtype. */
export function characterModel(actor: Actor.Implementation): DragonModel | AdversaryModel | undefined {
  const system = actor.system;
  return system instanceof DragonModel || system instanceof AdversaryModel ? system : undefined;
}

/** An item as the sheets list it, or null for a subtype this system does not know. */
export function sheetItem(item: Item.Implementation): SheetItem | null {
  const base = { id: item.id ?? "", name: item.name, img: item.img ?? "", sort: item.sort };
  const s = item.system;
  if (s instanceof WeaponModel) {
    return {
      ...base,
      type: "weapon",
      system: {
        range: s.range,
        longRange: s.longRange,
        attackSkill: s.attackSkill,
        defenceSkills: [...s.defenceSkills],
        damageTN: s.damageTN,
        killerBlow: s.killerBlow,
        grapple: s.grapple,
        magicCost: s.magicCost,
        description: s.description,
      },
    };
  }
  if (s instanceof ArmourModel) {
    return {
      ...base,
      type: "armour",
      system: {
        rating: s.rating,
        encumbrance: s.encumbrance,
        slot: s.slot,
        equipped: s.equipped,
        damage: s.damage,
        description: s.description,
      },
    };
  }
  if (s instanceof SkillModel) {
    return {
      ...base,
      type: "skill",
      system: {
        identifier: s.identifier,
        rank: s.rank,
        attribute: s.attribute,
        uses: [...s.uses],
        hampered: s.hampered,
        description: s.description,
      },
    };
  }
  return null;
}

/**
 * The fields of a character's system data the sheets read, from its prepared data or its stored source: the
 * sheet's own shape, except that the lists may be any iterable (the models hold sets).
 */
type CharacterValues = Omit<CharacterSystem, "tags" | "lifepaths"> & { tags: Iterable<string>; lifepaths?: Iterable<string> };

function systemValues(values: CharacterValues, dragon: boolean): CharacterSystem {
  const common = {
    soma: values.soma,
    pneuma: values.pneuma,
    agility: values.agility,
    life: { max: values.life.max, wounds: values.life.wounds },
    magic: { value: values.magic.value, max: values.magic.max },
    weight: values.weight,
    canFly: values.canFly,
    speed: values.speed,
    tags: [...values.tags],
    biography: values.biography,
  };
  return dragon
    ? { ...common, breed: values.breed ?? "", lifepaths: [...(values.lifepaths ?? [])] }
    : { ...common, fastGround: values.fastGround === true, kind: values.kind ?? "infantry" };
}

/** A character's prepared system data: after Active Effects and the model's repairs (what play mode shows). */
export function actorSystem(system: DragonModel | AdversaryModel): CharacterSystem {
  return systemValues(system, system instanceof DragonModel);
}

/** A character's stored system data (`_source`): what the edit inputs are bound to, so an edit never bakes an effect in. */
export function storedSystem(system: DragonModel | AdversaryModel): CharacterSystem {
  return systemValues(system._source as CharacterValues, system instanceof DragonModel);
}

/**
 * The fields Active Effects change on an actor (`actor.overrides`, which Foundry's `Actor#applyActiveEffects`
 * fills), each named by the applied effects whose changes target it.
 */
export function effectLocks(actor: Actor.Implementation): FieldLocks {
  const effects = actor.appliedEffects.map((effect) => ({ name: effect.name, keys: effect.changes.map((change) => change.key) }));
  return fieldLocks(actor.overrides, effects, game.i18n.localize("AOD.Sheet.Effect.Unnamed"));
}

/** The values the data model derived in prepareDerivedData (deriveCharacter). */
export function derivedData(system: DragonModel | AdversaryModel): DerivedActorData {
  return {
    life: { value: system.life.value },
    health: system.health,
    thresholds: system.thresholds,
    armour: system.armour,
    encumbrance: system.encumbrance,
    skills: system.skills,
    pools: system.pools,
  };
}

/** Every item of an actor that the sheets know, as plain data. */
export function sheetItems(actor: Actor.Implementation): SheetItem[] {
  return actor.items.contents.flatMap((item) => {
    const entry = sheetItem(item);
    return entry ? [entry] : [];
  });
}

/**
 * Where the actor stands in the viewed combat: its altitude from the combat's skirmish state (combat-core's
 * CombatModel) and its active status effects; null when it is not in that combat.
 */
export function combatStanding(actor: Actor.Implementation): CombatStanding | null {
  const combat = game.combat;
  if (!combat || !actor.inCombat) return null;
  const combatant = combat.getCombatantsByActor(actor)[0];
  if (!combatant) return null;
  const system = combat.system;
  const place = combatant.id !== null && system instanceof CombatModel ? system.stored.skirmish.combatants[combatant.id] : undefined;
  return { altitude: place?.altitude ?? null, statuses: [...actor.statuses] };
}
