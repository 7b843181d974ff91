/** The system's Actor class: Foundry lifecycle only; rules live in src/rules/. */
import { AdversaryModel } from "../data/actor/adversary-model";
import { DragonModel } from "../data/actor/dragon-model";
import { keepLegacyValues } from "../data/migrations/legacy-flags";
import { limitUpdate } from "../data/update-limits";
import { woundsForLife } from "../rules/character";

/** The system data of the system's own actor subtypes (modules may add others). */
function characterData(actor: Actor): DragonModel | AdversaryModel | undefined {
  const system = actor.system;
  return system instanceof DragonModel || system instanceof AdversaryModel ? system : undefined;
}

/** An Age of Dragons actor. Editing the life bar writes wounds, since remaining life is derived (docs/DATA.md). */
export class AgeOfDragonsActor extends Actor {
  /** Keeps the values migration cannot use in the actor's flags before the system data is repaired. */
  static override migrateData(source: Parameters<typeof Actor.migrateData>[0]): ReturnType<typeof Actor.migrateData> {
    keepLegacyValues("Actor", source);
    return super.migrateData(source);
  }

  override async modifyTokenAttribute(
    attribute: string,
    value: number,
    isDelta = false,
    isBar = true,
  ): Promise<this | undefined> {
    const system = characterData(this);
    if (attribute !== "life" || !system) {
      return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    }
    const wounds = woundsForLife(system.life.max, isDelta ? system.life.value + value : value);
    return this.update({ system: { life: { wounds } } });
  }

  protected override async _preCreate(
    data: Actor.CreateData,
    options: Actor.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    const system = characterData(this);
    if (!system) return;
    // A new actor may bring Magic Points or wounds above what its (possibly default) maximum allows.
    const limited = limitUpdate(system, { magicValue: system.magic.value, wounds: system.life.wounds });
    if (limited.magicValue !== undefined) this.updateSource({ system: { magic: { value: limited.magicValue } } });
    if (limited.wounds !== undefined) this.updateSource({ system: { life: { wounds: limited.wounds } } });
  }

  protected override async _preUpdate(
    changes: Actor.UpdateData,
    options: Actor.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    const system = characterData(this);
    if (!system) return;
    const read = (path: string): unknown => foundry.utils.getProperty(changes, `system.${path}`);
    const limited = limitUpdate(system, {
      lifeMax: read("life.max"),
      wounds: read("life.wounds"),
      magicValue: read("magic.value"),
      magicMax: read("magic.max"),
    });
    if (limited.wounds !== undefined) foundry.utils.setProperty(changes, "system.life.wounds", limited.wounds);
    if (limited.magicValue !== undefined) foundry.utils.setProperty(changes, "system.magic.value", limited.magicValue);
  }
}
