/**
 * A combat document as the pure flows read it (the round, the declarations, the secrets, the autopilot, the
 * forecast): each property is read from the document when asked, never copied, so a flow that waited (a dialog,
 * a worker, the write queue) sees the combat as it is now. A flow's own reads and writes are added to an instance
 * (`Object.assign(new LiveCombat(combat), { ... })`), which keeps these getters. Pure: types only from data and rules.
 */
import type { CombatantEntry } from "../data/combat/combat-snapshot";
import type { currentStep } from "../data/combat/round";
import type { CombatSystemSource } from "../data/combat/stored";
import type { SkirmishState } from "../rules/state";

/** What LiveCombat reads of a combat document (AgeOfDragonsCombat, documents/combat.ts, has all of it). */
export interface CombatReadings {
  readonly id: string | null;
  readonly round: number;
  readonly started: boolean;
  readonly stored: CombatSystemSource;
  readonly step: ReturnType<typeof currentStep>;
  readonly entries: CombatantEntry[];
  readonly skirmish: SkirmishState;
}

/** The combat's live state, read from the document on every access. Pure: it reads only what it is given. */
export class LiveCombat {
  constructor(readonly document: CombatReadings) {}

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

  get stored(): CombatSystemSource {
    return this.document.stored;
  }

  get cursor(): CombatSystemSource["cursor"] {
    return this.document.stored.cursor;
  }

  get mode(): CombatSystemSource["mode"] {
    return this.document.stored.mode;
  }

  get step(): CombatReadings["step"] {
    return this.document.step;
  }

  get entries(): CombatantEntry[] {
    return this.document.entries;
  }

  get skirmish(): SkirmishState {
    return this.document.skirmish;
  }
}
