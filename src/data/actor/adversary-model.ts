/** The `adversary` Actor subtype (knights, archers, cavalry, war engines, lesser flyers): stored fields from the spec, derived values from the rules (docs/DATA.md). */
import { schemaFor } from "../fields";
import type { SchemaFor } from "../fields";
import { migrateSystemSource } from "../migrations/normalise";
import { ACTOR_SPECS } from "../spec";
import { CharacterModel } from "./character-model";

type Schema = SchemaFor<typeof ACTOR_SPECS.adversary>;

/** An adversary's `system` data. */
export class AdversaryModel extends CharacterModel<Schema> {
  static override LOCALIZATION_PREFIXES = ["AOD.Actor.adversary"];

  static override defineSchema(): Schema {
    return schemaFor(ACTOR_SPECS.adversary);
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystemSource("adversary", source);
    return super.migrateData(source);
  }
}
