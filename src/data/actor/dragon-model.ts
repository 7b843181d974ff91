/** The `dragon` Actor subtype: stored fields from the spec, derived values from the rules (docs/DATA.md). */
import { schemaFor } from "../fields";
import type { SchemaFor } from "../fields";
import { migrateSystemSource } from "../migrations/normalise";
import { ACTOR_SPECS } from "../spec";
import { CharacterModel } from "./character-model";

type Schema = SchemaFor<typeof ACTOR_SPECS.dragon>;

/** A dragon's `system` data. */
export class DragonModel extends CharacterModel<Schema> {
  static override LOCALIZATION_PREFIXES = ["AOD.Actor.dragon"];

  static override defineSchema(): Schema {
    return schemaFor(ACTOR_SPECS.dragon);
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystemSource("dragon", source);
    return super.migrateData(source);
  }
}
