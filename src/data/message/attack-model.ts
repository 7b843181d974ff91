/**
 * The `attack` ChatMessage subtype: the attack card. Its whole state is in `system` (attack-source.ts); only the
 * active GM writes it, and only a card a GM authored counts (docs/ATTACK.md). A card whose data does not read
 * cleanly is refused by the model's validator, so no button ever acts on it.
 */
import { isAttackSource, parseAttackSource } from "./attack-source";
import type { AttackSource } from "./attack-source";

function defineAttackSchema() {
  const f = foundry.data.fields;
  const req = { required: true, nullable: false } as const;
  return {
    card: new f.ObjectField({ ...req, initial: {} }),
    refs: new f.ObjectField({ ...req, initial: {} }),
    combatId: new f.StringField({ ...req, blank: true, initial: "" }),
    prompts: new f.ObjectField({ ...req, initial: {} }),
  };
}

type AttackSchema = ReturnType<typeof defineAttackSchema>;

/** An attack card's system data. */
export class AttackMessageModel extends foundry.abstract.TypeDataModel<AttackSchema, ChatMessage.Implementation> {
  static override defineSchema(): AttackSchema {
    return defineAttackSchema();
  }

  /** Refuses a card that does not read cleanly (a malformed or hand-edited card). */
  static override validateJoint(data: Record<string, unknown>): void {
    parseAttackSource(data);
  }

  /** The whole card checked field by field; a RangeError names what is wrong. */
  get source(): AttackSource {
    return parseAttackSource(this.toObject());
  }

  /** Whether the stored data is a readable card. */
  get readable(): boolean {
    return isAttackSource(this.toObject());
  }
}
