/** The `skill` Item subtype: every stored field comes from the spec (docs/DATA.md). */
import { schemaFor } from "../fields";
import type { SchemaFor } from "../fields";
import { migrateSystemSource } from "../migrations/normalise";
import { ITEM_SPECS } from "../spec";

type Schema = SchemaFor<typeof ITEM_SPECS.skill>;

/** The `system` data of a skill item. */
export class SkillModel extends foundry.abstract.TypeDataModel<Schema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["AOD.Item.skill"];

  static override defineSchema(): Schema {
    return schemaFor(ITEM_SPECS.skill);
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystemSource("skill", source);
    return super.migrateData(source);
  }
}
