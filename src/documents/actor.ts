/** The system's Actor class: Foundry lifecycle only; rules live in src/rules/. */
import { AdversaryModel } from "../data/actor/adversary-model";
import { DragonModel } from "../data/actor/dragon-model";
import { repairStoredSource } from "../data/migrations/repair";
import { lifeBarUpdate, lifeValueToWounds, limitUpdate } from "../data/update-limits";

/** Calls a hook as core calls modifyTokenAttribute: with the actor as a third argument the v13 types do not list. */
function callHook(hook: string, ...args: unknown[]): boolean {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- core still calls modifyTokenAttribute in v13
  const call = Hooks.call.bind(Hooks) as unknown as (name: string, ...rest: unknown[]) => boolean;
  return call(hook, ...args);
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

  /** A life bar edit takes core's path (the modifyTokenAttribute hook may veto it) but may go below 0 Life. */
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
