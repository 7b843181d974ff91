/**
 * The `combatCard` ChatMessage subtype: the initiative, combat event, End Phase, surprise, declaration (declared,
 * revealed, aborted) and simultaneous result cards the active GM posts, the autopilot's card and the board's
 * notice of a GM's move out of turn. `data` holds what the card shows and what its buttons act on (the End Phase
 * card keeps what its undo restores); each kind's feature registers how it is drawn from it (core/cards/).
 */

/** The kinds of combat card. */
export const COMBAT_CARDS = ["initiative", "event", "endPhase", "surprise", "declaration", "simultaneous", "autopilot", "override"] as const;

/** A kind of combat card. */
export type CombatCardKind = (typeof COMBAT_CARDS)[number];

function defineCardSchema() {
  const f = foundry.data.fields;
  const req = { required: true, nullable: false } as const;
  return {
    card: new f.StringField({ ...req, blank: false, initial: "initiative", choices: [...COMBAT_CARDS] }),
    combatId: new f.StringField({ ...req, blank: true, initial: "" }),
    round: new f.NumberField({ ...req, integer: true, min: 0, initial: 0 }),
    data: new f.ObjectField({ ...req, initial: {} }),
    /** The End Phase card: set once the GM has undone it. */
    undone: new f.BooleanField({ ...req, initial: false }),
  };
}

type CardSchema = ReturnType<typeof defineCardSchema>;

/** A combat card's system data. */
export class CombatCardModel extends foundry.abstract.TypeDataModel<CardSchema, ChatMessage.Implementation> {
  static override defineSchema(): CardSchema {
    return defineCardSchema();
  }
}
