/**
 * The system's Combat class: Foundry lifecycle only. It turns its combatants and stored state into the engine's
 * snapshot (data/combat/snapshot.ts) and writes the engine's changes back (data/combat/updates.ts); the rules
 * themselves live in src/rules/. docs/COMBAT.md lists the API the board and attack cards use.
 */
import type { ArmourPiece } from "../data/combat/actor-body";
import { CombatModel } from "../data/combat/combat-model";
import type { CombatantEntry } from "../data/combat/snapshot";
import { skirmishState } from "../data/combat/snapshot";
import type { CombatSystemSource } from "../data/combat/stored";
import { defaultCombatSystem } from "../data/combat/stored";
import type { EngineChange } from "../data/combat/updates";
import { outcomeUpdates } from "../data/combat/updates";
import { defaultRoundMode, defaultSurface } from "../config/settings-combat";
import type { SkirmishState } from "../rules/state";
import { writeUpdates } from "./combat-writer";
import { AgeOfDragonsCombatant } from "./combatant";

/** An Age of Dragons combat: the game's own round over the engine's plan, and the skirmish state. */
export class AgeOfDragonsCombat extends Combat {
  /** The stored system data as checked plain JSON (defaults when the model is not this system's). */
  get stored(): CombatSystemSource {
    return this.system instanceof CombatModel ? this.system.stored : defaultCombatSystem();
  }

  /** Every combatant of this system as the snapshot translation takes it, in the combat's own order. */
  get entries(): CombatantEntry[] {
    return this.combatants.contents.filter((c) => c instanceof AgeOfDragonsCombatant).map((c) => c.entry);
  }

  /** The engine's SkirmishState now: stored places and pairs plus each combatant's actor. */
  get skirmish(): SkirmishState {
    return skirmishState(this.stored.skirmish, this.entries);
  }

  /**
   * Writes an engine outcome's changes (StateChanges and combat-event armour damage) to the combat, the actors,
   * their armour and their statuses, writing only what changes; returns the state after them. GMs only: players
   * go through a request (src/net/). A change naming someone not in the skirmish is a RangeError and writes nothing.
   */
  async applyEngineChanges(changes: readonly EngineChange[], options: Record<string, unknown> = {}): Promise<SkirmishState> {
    if (!game.user.isGM) throw new Error("only a GM writes the skirmish state; players send a request");
    const state = this.skirmish;
    const armour: Record<string, ArmourPiece[]> = {};
    const statuses: Record<string, string[]> = {};
    for (const c of this.combatants) {
      if (!(c instanceof AgeOfDragonsCombatant) || !c.id) continue;
      armour[c.id] = c.armourPieces;
      statuses[c.id] = [...(c.actor?.statuses ?? [])];
    }
    const { updates, state: after } = outcomeUpdates({ stored: this.stored.skirmish, state, changes, armour, statuses });
    await writeUpdates(this, updates, options);
    return after;
  }

  protected override async _preCreate(
    data: Combat.CreateData,
    options: Combat.Database.PreCreateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preCreate(data, options, user)) === false) return false;
    // A new combat takes its mode and ground from the world settings unless the creator chose them.
    const given = (path: string): boolean => foundry.utils.getProperty(data, `system.${path}`) !== undefined;
    const system: Record<string, unknown> = {};
    if (!given("mode")) system.mode = defaultRoundMode();
    if (!given("skirmish.surface")) system["skirmish.surface"] = defaultSurface();
    this.updateSource({ system: foundry.utils.expandObject(system) } as Combat.UpdateData);
  }
}
