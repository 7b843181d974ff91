/** The system's Item class: Foundry lifecycle only. */
import { skillIdentifier } from "../rules/character";
import { SkillModel } from "../data/item/skill-model";
import { identifierAfterUpdate } from "../data/item/skill-updates";
import { repairStoredSource } from "../data/migrations/repair";

/** An Age of Dragons item. A skill without an identifier takes one from its name (docs/DATA.md). */
export class AgeOfDragonsItem extends Item {
  /** Repairs the stored source once, when the document is built; update changes never come here. */
  protected override _initializeSource(
    data: this | Item.CreateData,
    options?: Parameters<Item["_initializeSource"]>[1],
  ): ReturnType<Item["_initializeSource"]> {
    repairStoredSource("Item", data);
    return super._initializeSource(data, options);
  }

  protected override async _preCreate(
    data: Item.CreateData,
    options: Item.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    if (this.system instanceof SkillModel && this.system.identifier === "") {
      this.updateSource({ system: { identifier: skillIdentifier(this.name) } });
    }
  }

  protected override async _preUpdate(
    changes: Item.UpdateData,
    options: Item.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preUpdate(changes, options, user)) === false) return false;
    if (!(this.system instanceof SkillModel)) return;
    const identifier = identifierAfterUpdate(
      { name: this.name, identifier: this.system.identifier },
      { name: foundry.utils.getProperty(changes, "name"), identifier: foundry.utils.getProperty(changes, "system.identifier") },
    );
    if (identifier !== undefined) foundry.utils.setProperty(changes, "system.identifier", identifier);
  }
}
