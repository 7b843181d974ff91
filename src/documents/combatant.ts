/** The system's Combatant class: Foundry lifecycle only; it hands the combat its plain entry (snapshot.ts). */
import { isActiveGM } from "../core/requests/requests";
import { WRITES, combatKey } from "../core/writes/write-queue";
import { armourPieces } from "../data/actor/actor-snapshot";
import type { ArmourPiece } from "../data/actor/actor-snapshot";
import { bodyFromActor } from "../data/combat/actor-body";
import type { CombatantBody } from "../data/combat/actor-body";
import { CombatantModel } from "../data/combat/combatant-model";
import type { CombatantEntry } from "../data/combat/combat-snapshot";
import { PNEUMA_TIE_TN_FLAG, pneumaTieTN, sideOf } from "../data/combat/combat-snapshot";
import { SYSTEM_ID } from "../constants/system-id";
import { OVERRIDE_REASONS, gmOnlyRefusal, overridesRefusal, playerCreationRepair, playerOverrideRevert } from "../data/combat/combatant-overrides";
import type { GMOnlyFields } from "../data/combat/combatant-overrides";

/** The update option that marks the active GM's putting back of a player's change, naming that player. */
const REVERTED_FOR = "aodRevertedFor";

/** An Age of Dragons combatant: its side and speed for the d10 mode, and its actor's body for the engine. */
export class AgeOfDragonsCombatant extends Combatant {
  /** The stored side, speed and forecast tactics overrides ("" = none). */
  get overrides(): { side: string; speed: string; tactics: string } {
    return this.system instanceof CombatantModel ? this.system.stored : { side: "", speed: "", tactics: "" };
  }

  /** The side it fights for: its side field, else its combatant group's name, else its token's disposition. */
  get side(): string {
    const group = this.groupName;
    const disposition = this.token?.disposition ?? null;
    return sideOf(this.overrides.side, group, disposition);
  }

  /** The name of its v13 combatant group, if it is in one (core resolves the field to the group or its id). */
  get groupName(): string | null {
    const ref: unknown = this.group;
    if (typeof ref === "object" && ref !== null && "name" in ref && typeof ref.name === "string") return ref.name;
    if (typeof ref === "string" && ref !== "") return this.parent?.groups.get(ref)?.name ?? null;
    return null;
  }

  /** Its actor's body for the engine, or null when the actor is gone or not a combatant of this system. */
  get body(): CombatantBody | null {
    const actor = this.actor;
    if (!actor) return null;
    return bodyFromActor(actor.type, actor.system as unknown, actor.items);
  }

  /** Its equipped armour pieces (Armour Trouble damages one). */
  get armourPieces(): ArmourPiece[] {
    const actor = this.actor;
    if (!actor) return [];
    return armourPieces(actor.items);
  }

  /** The plain entry the snapshot translation takes. */
  get entry(): CombatantEntry {
    const body = this.body;
    const own = this.overrides.speed;
    const speed = own !== "" ? own : (body?.speed ?? "average");
    const entry: CombatantEntry = { id: this.id ?? "", name: this.name ?? "", side: this.side, speed: speed as CombatantEntry["speed"], body };
    // 000 "Initiative": a power's tie TN, set on the actor by an Active Effect (flags.age-of-dragons.pneumaTieTN).
    const flags: unknown = this.actor?.flags;
    const ours: unknown = typeof flags === "object" && flags !== null ? (flags as Record<string, unknown>)[SYSTEM_ID] : undefined;
    const tieTN = pneumaTieTN(typeof ours === "object" && ours !== null ? (ours as Record<string, unknown>)[PNEUMA_TIE_TN_FLAG] : undefined);
    if (tieTN !== undefined) entry.tieTN = tieTN;
    if (this.overrides.tactics !== "") entry.tactics = this.overrides.tactics;
    return entry;
  }

  /** A player's own choice of side, speed or group at creation is put back by the active GM (playerCreationRepair). */
  protected override _onCreate(...args: Parameters<Combatant["_onCreate"]>): void {
    super._onCreate(...args);
    const [, , userId] = args;
    if (!isActiveGM()) return;
    const author = game.users.get(userId) as User.Implementation | undefined;
    const ref: unknown = this._source.group;
    const group = typeof ref === "string" ? ref : null;
    const repair = playerCreationRepair({ ...this.overrides, group }, { isGM: author?.isGM ?? false });
    if (repair) void this.update(repair as Combatant.UpdateData);
  }

  /** Its GM-only fields as its source holds them now. */
  get gmOnlyFields(): GMOnlyFields {
    const ref: unknown = this._source.group;
    return { ...this.overrides, group: typeof ref === "string" && ref !== "" ? ref : null };
  }

  /**
   * A non-GM's change of side, speed or group (GM-only: combatant-overrides.ts gmOnlyRefusal) is refused, and a side
   * or speed override the rules cannot use (control characters, too long, no such speed) too, each with a message.
   * This runs only on the updating client; the active GM puts back what another client lets through
   * (`revertPlayerOverrides`).
   */
  protected override async _preUpdate(
    changed: Combatant.UpdateData,
    options: Combatant.Database.PreUpdateOptions,
    user: User.Implementation,
  ): Promise<boolean | undefined> {
    if ((await super._preUpdate(changed, options, user)) === false) return false;
    const expanded = foundry.utils.expandObject({ ...changed }) as { system?: unknown };
    const reason = gmOnlyRefusal(expanded, this.gmOnlyFields, { isGM: user.isGM }) ?? overridesOf(expanded.system);
    if (reason === null) return undefined;
    ui.notifications.warn(game.i18n.localize(reason));
    return false;
  }

  /**
   * Called by the combat on the active GM's client as combatant updates arrive, before they are applied (core's
   * `_preUpdateDescendantDocuments` runs on every client, with the sources still as they were): a non-GM's change
   * of side, speed or group is put back, while it still stands, and the player is told.
   */
  static revertPlayerOverrides(combat: Combat.Implementation, changes: readonly unknown[], userId: string): void {
    const author = game.users.get(userId) as User.Implementation | undefined;
    const by = { isGM: author?.isGM ?? false };
    for (const change of changes) {
      const id: unknown = typeof change === "object" && change !== null ? (change as { _id?: unknown })._id : undefined;
      const combatant = typeof id === "string" ? combat.combatants.get(id) : undefined;
      if (!(combatant instanceof AgeOfDragonsCombatant)) continue;
      const found = playerOverrideRevert(foundry.utils.expandObject({ ...(change as object) }), combatant.gmOnlyFields, by);
      if (found === null) continue;
      // An operation of the combat's write queue, after the update is applied: it reads the combatant again and puts
      // the values back only while the player's still stand (a GM may have set others since), so a repeat changes
      // nothing.
      void WRITES.run(combatKey(combat.id ?? ""), async () => {
        const { side, speed, tactics } = combatant.overrides;
        const now: Record<string, unknown> = { "system.side": side, "system.speed": speed, "system.tactics": tactics, group: combatant.gmOnlyFields.group };
        if (!Object.entries(found.changed).every(([path, value]) => now[path] === value)) return;
        await combatant.update(found.revert as Combatant.UpdateData, { [REVERTED_FOR]: userId } as Combatant.Database.UpdateOperation);
      }).catch((error: unknown) => {
        console.error(`${SYSTEM_ID} | putting back ${combatant.name ?? ""}'s side, speed or group failed`, error);
      });
    }
  }

  /** The player whose change the active GM put back is told why. */
  protected override _onUpdate(...args: Parameters<Combatant["_onUpdate"]>): void {
    super._onUpdate(...args);
    const options = args[1] as unknown as Record<string, unknown>;
    if (options[REVERTED_FOR] === game.user.id) {
      ui.notifications.warn(game.i18n.format(OVERRIDE_REASONS.Reverted, { name: this.name ?? "" }));
    }
  }
}

/** The refusal of a side or speed override the rules cannot use, or null (also when the update names no system data). */
function overridesOf(system: unknown): string | null {
  return typeof system === "object" && system !== null ? overridesRefusal(system) : null;
}
