/**
 * When an attack card is drawn again without an update of its own (docs/ATTACK.md): its view shows whether a GM
 * is online (the "waiting for a GM" line, and no buttons without one) only while the card is open. Pure.
 */
import type { CardStage } from "../../rules/attack-card";

/** Whether a card at this stage looks different with or without a GM online: declared and rolled cards do. */
export function showsGmPresence(stage: CardStage): boolean {
  return stage === "declared" || stage === "rolled";
}

/** Whether the presence of an active GM changed since it was last seen (null: never seen, nothing to redraw). */
export function gmPresenceChanged(last: boolean | null, now: boolean): boolean {
  return last !== null && last !== now;
}
