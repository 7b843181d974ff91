/** The `weapon` Item subtype: every stored field comes from the spec (docs/DATA.md). */
import { schemaFor } from "../fields";
import type { SchemaFor } from "../fields";
import { migrateSystemSource } from "../migrations/normalise";
import { ITEM_SPECS } from "../spec";

type Schema = SchemaFor<typeof ITEM_SPECS.weapon>;

/** The `system` data of a weapon item. */
export class WeaponModel extends foundry.abstract.TypeDataModel<Schema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["AOD.Item.weapon"];

  static override defineSchema(): Schema {
    return schemaFor(ITEM_SPECS.weapon);
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateSystemSource("weapon", source);
    return super.migrateData(source);
  }
}
