/** The system's Actor class: Foundry lifecycle only; rules live in src/rules/. */
import { AdversaryModel } from "../data/actor/adversary-model";
import { DragonModel } from "../data/actor/dragon-model";
import { repairStoredSource } from "../data/migrations/repair";
import { tokenAttributeUpdate } from "../data/actor/token-attribute";
import { lifeBarUpdate, lifeValueToWounds, limitUpdate } from "../data/update-limits";

/** Calls a hook as core calls modifyTokenAttribute: with the actor as a third argument the v13 types do not list. */
function callHook(hook: string, ...args: unknown[]): boolean {
  const hooks = Hooks as unknown as { call(name: string, ...rest: unknown[]): boolean };
  return hooks.call(hook, ...args);
}

/** The system data of the system's own actor subtypes (modules may add others). */
function characterData(actor: Actor): DragonModel | AdversaryModel | undefined {
  const system = actor.system;
  return system instanceof DragonModel || system instanceof AdversaryModel ? system : undefined;
}

/**
 * An Age of Dragons actor. Remaining life is derived (max - wounds), so setting `system.life.value` (a macro, the
 * token bar) records the matching wounds (docs/DATA.md).
 */
export class AgeOfDragonsActor extends Actor {
  /** Repairs the stored source once, when the document is built; update changes never come here. */
  protected override _initializeSource(
    data: this | Actor.CreateData,
    options?: Parameters<Actor["_initializeSource"]>[1],
  ): ReturnType<Actor["_initializeSource"]> {
    repairStoredSource("Actor", data);
    return super._initializeSource(data, options);
  }

  /**
   * A token edit takes core's path (the modifyTokenAttribute hook may veto it) but writes the stored value, never
   * the prepared one (token-attribute.ts: an Active Effect would otherwise be baked in); a life bar edit may go
   * below 0 Life.
   */
  override async modifyTokenAttribute(
    attribute: string,
    value: number,
    isDelta = false,
    isBar = true,
  ): Promise<this | undefined> {
    const system = characterData(this);
    if (!system) return super.modifyTokenAttribute(attribute, value, isDelta, isBar);
    if (attribute !== "life") {
      const updates = tokenAttributeUpdate(attribute, value, isDelta, isBar, { source: system._source, prepared: system });
      if (updates === null) return this;
      const allowed = callHook("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates, this);
      return allowed ? this.update(updates) : this;
    }
    const updates = lifeBarUpdate(system.life, value, isDelta);
    if (updates === null) return this;
    const allowed = callHook("modifyTokenAttribute", { attribute, value, isDelta, isBar }, updates, this);
    return allowed ? this.update(updates) : this;
  }

  protected override async _preCreate(
    data: Actor.CreateData,
    options: Actor.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    const system = characterData(this);
    if (!system) return;
    // A new actor may bring Magic Points or wounds above what its (possibly default) maximum allows. The stored
    // values, not the prepared ones, which derived data has already clamped for use.
    const source = system._source;
    const limited = limitUpdate(source, { magicValue: source.magic.value, wounds: source.life.wounds });
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
    // migrateData left a life.value it could not convert alone; the stored life.max gives it meaning.
    lifeValueToWounds((changes as { system?: unknown }).system, system._source.life.max);
    const read = (path: string): unknown => foundry.utils.getProperty(changes, `system.${path}`);
    const limited = limitUpdate(system._source, {
      lifeMax: read("life.max"),
      wounds: read("life.wounds"),
      magicValue: read("magic.value"),
      magicMax: read("magic.max"),
    });
    if (limited.wounds !== undefined) foundry.utils.setProperty(changes, "system.life.wounds", limited.wounds);
    if (limited.magicValue !== undefined) foundry.utils.setProperty(changes, "system.magic.value", limited.magicValue);
  }
}
