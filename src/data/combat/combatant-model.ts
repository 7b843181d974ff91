/**
 * The Combatant `system` data on the built-in `base` subtype (CONFIG.Combatant.dataModels.base): the side it
 * fights for in the d10 mode ("" = from its combatant group, else its token's disposition) and its speed
 * category there ("" = its actor's), and the tactics it plays in the simulator's forecast and advice ("" = the
 * standard ones). Only the GM edits them (docs/COMBAT.md, docs/SIMULATOR.md).
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
    // docs/SIMULATOR.md "The forecast in Foundry": the tactics it plays in the forecast and advice ("" = standard).
    tactics: new f.StringField({ required: true, nullable: false, blank: true, initial: "" }),
  };
}

type CombatantSchema = ReturnType<typeof defineCombatantSchema>;

/** A combatant's system data: side and speed overrides for the d10 mode, and its tactics in the forecast. */
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
