/**
 * What the dragon and adversary models share: the derived values of docs/DATA.md, computed by the rules
 * (src/rules/character.ts) from the stored fields and the actor's items through src/data/actor/actor-snapshot.ts. Never saved.
 */
import type { CheckValues, CommonCheck } from "../../rules/character";
import type { WoundState } from "../../rules/health";
import type { SchemaFor } from "../fields";
import { actorSnapshot, unreportedProblems } from "./actor-snapshot";
import type { SnapshotProblem } from "./actor-snapshot";
import type { ACTOR_SPECS } from "../spec";
import { SYSTEM_ID } from "../../constants/system-id";

/** The schema of either actor subtype. */
export type CharacterSchema = SchemaFor<typeof ACTOR_SPECS.dragon> | SchemaFor<typeof ACTOR_SPECS.adversary>;

/** Repaired values already reported this session (actor UUID, path and value). */
const REPORTED = new Set<string>();

/** Tells the user once which values derived data could not use as they stood (an Active Effect's fraction). */
function report(actor: Actor.Implementation, problems: readonly SnapshotProblem[]): void {
  const fresh = unreportedProblems(REPORTED, actor.uuid, problems);
  if (fresh.length === 0) return;
  const fields = fresh.map((p) => `${p.path} ${JSON.stringify(p.value)} -> ${JSON.stringify(p.used)}`).join(", ");
  const message = game.i18n.format("AOD.Data.Repaired", { name: actor.name, fields });
  console.warn(`${SYSTEM_ID} | ${message}`);
  // The world's documents are prepared before the notification area exists: tell the user once it does.
  const notifications = ui.notifications as foundry.applications.ui.Notifications | undefined;
  if (notifications) notifications.warn(message);
  else Hooks.once("ready", () => ui.notifications.warn(message));
}

/** The shared base of the actor subtypes' data models. */
export abstract class CharacterModel<S extends CharacterSchema> extends foundry.abstract.TypeDataModel<
  S,
  Actor.Implementation
> {
  /** Life Points remaining (derived: max - wounds) beside the stored max and wounds. */
  declare life: { max: number; wounds: number; value: number };
  /** Derived: fit, severely injured or dead. */
  declare health: WoundState;
  /** Derived: the wound counts where each health state begins. */
  declare thresholds: { severelyInjured: number; dead: number };
  /** Derived: total rating of equipped armour. */
  declare armour: number;
  /** Derived: total encumbrance of equipped armour. */
  declare encumbrance: number;
  /** Derived: TN and pool per skill identifier. */
  declare skills: Record<string, { tn: number; pool: number }>;
  /** Derived: the best check for each common use. */
  declare pools: Record<CommonCheck, CheckValues>;

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const actor = this.parent;
    // Active Effects have applied by now: a multiplied or fractional score is repaired, used and reported once.
    const snapshot = actorSnapshot(
      { _id: actor.id, name: actor.name, type: actor.type, system: this, items: actor.items },
      { ladder: CONFIG.ageOfDragons.skillLadder },
    );
    report(actor, snapshot.problems);
    const { character, derived } = snapshot;
    this.soma = character.soma;
    this.pneuma = character.pneuma;
    this.agility = snapshot.agility;
    this.weight = snapshot.weight;
    this.life.max = character.life.max;
    this.life.wounds = character.life.wounds;
    this.life.value = derived.life.value;
    this.magic.max = snapshot.magic.max;
    this.magic.value = snapshot.magic.value;
    this.health = derived.health;
    this.thresholds = derived.thresholds;
    this.armour = derived.armour;
    this.encumbrance = derived.encumbrance;
    this.skills = derived.skills;
    this.pools = derived.pools;
  }
}
