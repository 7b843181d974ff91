/**
 * A combat document as the pure flows read it (the round, the declarations, the secrets, the autopilot, the
 * forecast): each property is read from the document when asked, never copied, so a flow that waited (a dialog,
 * a worker, the write queue) sees the combat as it is now. A flow's own reads and writes are added to an instance
 * (`Object.assign(new LiveCombat(combat), { ... })`), which keeps these getters.
 */
import type { AgeOfDragonsCombat } from "./combat";

/** The combat's live state, read from the document on every access. */
export class LiveCombat {
  constructor(readonly document: AgeOfDragonsCombat) {}

  /** The combat's id ("" for a combat not yet created). */
  get id(): string {
    return this.document.id ?? "";
  }

  get round(): number {
    return this.document.round;
  }

  get started(): boolean {
    return this.document.started;
  }

  /** Started and not ended by the End Phase. */
  get running(): boolean {
    return this.document.started && !this.document.stored.ended;
  }

  get stored(): AgeOfDragonsCombat["stored"] {
    return this.document.stored;
  }

  get cursor(): AgeOfDragonsCombat["stored"]["cursor"] {
    return this.document.stored.cursor;
  }

  get mode(): AgeOfDragonsCombat["stored"]["mode"] {
    return this.document.stored.mode;
  }

  get step(): AgeOfDragonsCombat["step"] {
    return this.document.step;
  }

  get entries(): AgeOfDragonsCombat["entries"] {
    return this.document.entries;
  }

  get skirmish(): AgeOfDragonsCombat["skirmish"] {
    return this.document.skirmish;
  }
}
