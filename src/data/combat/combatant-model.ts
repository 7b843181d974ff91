/**
 * The Combatant `system` data on the built-in `base` subtype (CONFIG.Combatant.dataModels.base): the side it
 * fights for in the d10 mode ("" = from its combatant group, else its token's disposition) and its speed
 * category there ("" = its actor's). Only the GM edits them (docs/COMBAT.md).
 */
import { SPEED_CATEGORIES } from "../../rules/speed";
import { choiceLabels } from "../field-plans";
import { readCombatantSystem } from "./read";
import type { CombatantSystemSource } from "./stored";

function defineCombatantSchema() {
  const f = foundry.data.fields;
  return {
    side: new f.StringField({ required: true, nullable: false, blank: true, initial: "" }),
    speed: new f.StringField({
      required: true,
      nullable: false,
      blank: true,
      initial: "",
      choices: choiceLabels("speed", SPEED_CATEGORIES),
    }),
  };
}

type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

/** A combatant's system data: side and speed overrides for the d10 mode. */
export class CombatantModel extends foundry.abstract.TypeDataModel<CombatantSchema, Combatant.Implementation> {
  static override LOCALIZATION_PREFIXES = ["AOD.Combatant.base"];

  static override defineSchema(): CombatantSchema {
    return defineCombatantSchema();
  }

  /** The stored data as checked plain JSON. */
  get stored(): CombatantSystemSource {
    return readCombatantSystem(this.toObject());
  }
}
