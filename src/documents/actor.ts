/** The system's Actor class: Foundry lifecycle only; rules live in src/rules/. */
import { CharacterModel } from "../data/actor/character-model";
import { woundsForLife } from "../rules/character";

/** An Age of Dragons actor. Editing the life bar writes wounds, since remaining life is derived (docs/DATA.md). */
export class AgeOfDragonsActor extends Actor {
  override async modifyTokenAttribute(
    attribute: string,
    value: number,
    isDelta = false,
    isBar = true,
  ): Promise<this | undefined> {
    const system = this.system;
    if (attribute !== "life" || !(system instanceof CharacterModel)) {
      return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    }
    const wounds = woundsForLife(system.life.max, isDelta ? system.life.value + value : value);
    return this.update({ system: { life: { wounds } } });
  }
}
