/**
 * The `check` ChatMessage subtype: the card's data (check-data.ts) as a TypeDataModel, registered in
 * CONFIG.ChatMessage.dataModels. The dice are the message's PoolRoll. `foundry` is read only when the schema
 * is built, never at import time.
 */
import { SKILL_RANKS } from "../../rules";

const ATTRIBUTES = ["soma", "pneuma"] as const;

function checkSchema() {
  const f = foundry.data.fields;
  const text = () => new f.StringField({ required: true, nullable: false, blank: true, initial: "" });
  const whole = (min: number, initial: number) =>
    new f.NumberField({ required: true, nullable: false, integer: true, min, initial });
  return {
    actorUuid: text(),
    actorName: text(),
    actorImg: text(),
    attribute: new f.StringField({ required: true, nullable: false, blank: false, initial: "soma", choices: [...ATTRIBUTES] }),
    skill: text(),
    skillName: text(),
    rank: new f.StringField({ required: true, nullable: false, blank: false, initial: "untrained", choices: [...SKILL_RANKS] }),
    weapon: text(),
    killerBlow: new f.BooleanField({ required: true, nullable: false, initial: false }),
    basePool: whole(0, 0),
    baseTN: new f.NumberField({ required: true, nullable: false, integer: true, initial: 6 }),
    extraDice: new f.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
    tnShift: new f.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
    pool: whole(0, 0),
    tn: whole(2, 6),
    successes: whole(0, 0),
  };
}

type Schema = ReturnType<typeof checkSchema>;

/** The data of a check card. */
export class CheckMessageModel extends foundry.abstract.TypeDataModel<Schema, ChatMessage.Implementation> {
  static override defineSchema(): Schema {
    return checkSchema();
  }
}
