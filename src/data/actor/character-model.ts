/**
 * What the dragon and adversary models share: the derived values of docs/DATA.md, computed by the rules
 * (src/rules/character.ts) from the stored fields and the actor's items. Never saved.
 */
import type { CheckValues, CommonCheck } from "../../rules/character";
import type { WoundState } from "../../rules/health";
import type { SchemaFor } from "../fields";
import type { ACTOR_SPECS } from "../spec";
import { deriveFor, itemSnapshots } from "./derive";

/** The schema of either actor subtype. */
export type CharacterSchema = SchemaFor<typeof ACTOR_SPECS.dragon> | SchemaFor<typeof ACTOR_SPECS.adversary>;

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
    const derived = deriveFor(this, itemSnapshots(this.parent.items), CONFIG.ageOfDragons.skillLadder);
    this.life.value = derived.life.value;
    this.health = derived.health;
    this.thresholds = derived.thresholds;
    this.armour = derived.armour;
    this.encumbrance = derived.encumbrance;
    this.skills = derived.skills;
    this.pools = derived.pools;
  }
}
