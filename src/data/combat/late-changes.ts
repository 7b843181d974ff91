/**
 * Changes computed before an await (a group's rolls, shown by Dice So Nice for seconds) and written after it: a
 * combatant deleted meanwhile would make the rules throw a RangeError on the whole batch and lose every result
 * (the rolls, the card, the other members' actions). The changes that still name only combatants of the skirmish
 * (a distance may also name a landmark) are written; those naming someone gone are left out and listed. Pure.
 */
import type { SkirmishState, StateChange } from "../../rules/state";
import { changeParticipants } from "../../rules/state-undo";

/**
 * The ids a change needs in the skirmish, each with whether a landmark will do: the rules' participants of the
 * change, except that a release or a drop only takes something away, which the rules accept for anyone.
 */
function needs(change: StateChange): { id: string; landmark: boolean }[] {
  if (change.type === "release" || change.type === "drop") return [];
  const landmark = change.type === "distance";
  return changeParticipants(change).map((id) => ({ id, landmark }));
}

/** Splits changes into those the skirmish as it is now can take and those naming a combatant no longer in it. */
export function changesForRoster(state: SkirmishState, changes: readonly StateChange[]): { kept: StateChange[]; dropped: StateChange[] } {
  const kept: StateChange[] = [];
  const dropped: StateChange[] = [];
  for (const change of changes) {
    const present = needs(change).every(({ id, landmark }) => Object.hasOwn(state.combatants, id) || (landmark && Object.hasOwn(state.landmarks, id)));
    (present ? kept : dropped).push(change);
  }
  return { kept, dropped };
}
