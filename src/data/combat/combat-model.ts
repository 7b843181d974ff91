/**
 * The Combat `system` data on the built-in `base` subtype (CONFIG.Combat.dataModels.base): mode, plan and cursor,
 * initiative results, the skirmish state and public declarations, in the layout of stored.ts (docs/COMBAT.md).
 * Records keyed by ids use TypedObjectField, so one move writes only the entries it changes.
 */
import { ALTITUDES, DISTANCES } from "../../rules/bands";
import { SURFACES } from "../../rules/falling";
import { ROUND_MODES } from "../../rules/round-plan";
import { ROUND_EFFECTS } from "../../rules/state";
import { choiceLabels } from "../field-plans";
import { readCombatSystem } from "./read";
import type { CombatSystemSource } from "./stored";
import { COMBAT_SCHEMA_VERSION, STEP_KINDS, STEP_PHASES, migrateCombatSource } from "./stored";

function defineCombatSchema() {
  const f = foundry.data.fields;
  const req = { required: true, nullable: false } as const;
  const id = () => new f.StringField({ ...req, blank: false });
  const flag = () => new f.BooleanField({ ...req, initial: false });
  const count = (initial = 0) => new f.NumberField({ ...req, integer: true, min: 0, initial });
  const altitude = (initial: string) =>
    new f.StringField({ ...req, blank: false, initial, choices: choiceLabels("altitude", ALTITUDES) });
  return {
    version: count(COMBAT_SCHEMA_VERSION),
    mode: new f.StringField({ ...req, blank: false, initial: "descending", choices: choiceLabels("roundMode", ROUND_MODES) }),
    plan: new f.ArrayField(
      new f.SchemaField({
        phase: new f.StringField({ ...req, blank: false, initial: "movement", choices: [...STEP_PHASES] }),
        kind: new f.StringField({ ...req, blank: false, initial: "act", choices: [...STEP_KINDS] }),
        combatants: new f.ArrayField(id()),
        simultaneous: flag(),
        side: new f.StringField({ required: false, blank: true, initial: undefined }),
      }),
    ),
    cursor: new f.SchemaField({ round: count(), index: count() }),
    initiative: new f.SchemaField({
      order: new f.ArrayField(id()),
      pneuma: new f.TypedObjectField(count()),
      checks: new f.ArrayField(
        new f.SchemaField({
          id: id(),
          dice: new f.ArrayField(new f.NumberField({ ...req, integer: true, min: 1, max: 6, initial: 1 })),
          successes: count(),
        }),
      ),
      sides: new f.SchemaField(
        {
          order: new f.ArrayField(id()),
          rolls: new f.TypedObjectField(new f.NumberField({ ...req, integer: true, min: 1, max: 10, initial: 1 })),
          phaseShift: new f.TypedObjectField(new f.NumberField({ ...req, integer: true, min: -1, max: 1, initial: 0 })),
          events: count(),
        },
        { required: true, nullable: true, initial: null },
      ),
      messageId: new f.StringField({ ...req, blank: true, initial: "" }),
    }),
    skirmish: new f.SchemaField({
      combatants: new f.TypedObjectField(
        new f.SchemaField({
          altitude: altitude("grounded"),
          moved: flag(),
          fullMove: flag(),
          acted: flag(),
          choseToFall: flag(),
          falling: flag(),
          roundEffects: new f.ArrayField(new f.StringField({ ...req, blank: false, choices: [...ROUND_EFFECTS] })),
        }),
      ),
      landmarks: new f.TypedObjectField(
        new f.SchemaField({ name: new f.StringField({ ...req, blank: true, initial: "" }), altitude: altitude("grounded") }),
      ),
      distances: new f.TypedObjectField(
        new f.StringField({ ...req, blank: false, initial: "long", choices: choiceLabels("distance", DISTANCES) }),
      ),
      grapples: new f.ArrayField(id()),
      carrying: new f.TypedObjectField(id()),
      surface: new f.StringField({ ...req, blank: false, initial: "normal", choices: choiceLabels("surface", SURFACES) }),
    }),
    declarations: new f.TypedObjectField(
      new f.SchemaField({
        phase: new f.StringField({ ...req, blank: true, initial: "" }),
        text: new f.StringField({ ...req, blank: true, initial: "" }),
        target: new f.StringField({ ...req, blank: true, initial: "" }),
        action: new f.StringField({ ...req, blank: true, initial: "" }),
        aborted: new f.StringField({ ...req, blank: true, initial: "" }),
        choice: new f.StringField({ ...req, blank: true, initial: "" }),
        sealed: flag(),
        resolved: flag(),
      }),
    ),
    endPhase: new f.SchemaField({ round: count(), messageId: new f.StringField({ ...req, blank: true, initial: "" }) }),
    ended: flag(),
  };
}

type CombatSchema = ReturnType<typeof defineCombatSchema>;

/** A combat's system data: the round structure and the skirmish state (stored.ts describes every field). */
export class CombatModel extends foundry.abstract.TypeDataModel<CombatSchema, Combat.Implementation> {
  static override defineSchema(): CombatSchema {
    return defineCombatSchema();
  }

  static override migrateData(source: Record<string, unknown>): Record<string, unknown> {
    migrateCombatSource(source);
    return super.migrateData(source);
  }

  /** The stored data as checked plain JSON (read.ts): what the pure translations take. */
  get stored(): CombatSystemSource {
    return readCombatSystem(this.toObject());
  }
}
