/** The `armour` Item subtype: every stored field comes from the spec (docs/DATA.md). */
import { schemaFor } from "../fields";
import type { SchemaFor } from "../fields";
import { migrateSystemSource } from "../migrations/normalise";
import { ITEM_SPECS } from "../spec";

type Schema = SchemaFor<typeof ITEM_SPECS.armour>;

/** The `system` data of an armour item. */
export class ArmourModel extends foundry.abstract.TypeDataModel<Schema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["AOD.Item.armour"];

  static override defineSchema(): Schema {
    return schemaFor(ITEM_SPECS.armour);
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystemSource("armour", source);
    return super.migrateData(source);
  }
}
