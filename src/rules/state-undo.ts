/**
 * The changes that undo other changes: what the GM's "undo" on an attack card writes back (RULES.md "Attack
 * card": the GM can always undo). Pure: it reads the state before the changes and returns StateChanges.
 */
import { ROUND_FLAGS, applyChange, combatant, distanceBetween, grapplePartners } from "./state";
import type { SkirmishState, StateChange } from "./state";

function inverseOf(state: SkirmishState, change: StateChange): StateChange[] {
  switch (change.type) {
    case "wounds":
      return [{ type: "wounds", id: change.id, wounds: combatant(state, change.id).life.wounds }];
    case "magic":
      return [{ type: "magic", id: change.id, value: combatant(state, change.id).magic.value }];
    case "altitude":
      return [{ type: "altitude", id: change.id, altitude: combatant(state, change.id).altitude }];
    case "flag":
      return [{ type: "flag", id: change.id, flag: change.flag, value: combatant(state, change.id)[change.flag] }];
    case "roundEffect": {
      const active = combatant(state, change.id).roundEffects.includes(change.effect);
      return [{ type: "roundEffect", id: change.id, effect: change.effect, active }];
    }
    case "newRound": {
      const c = combatant(state, change.id);
      const flags: StateChange[] = ROUND_FLAGS.map((flag) => ({ type: "flag", id: change.id, flag, value: c[flag] }));
      return [...flags, ...c.roundEffects.map((effect): StateChange => ({ type: "roundEffect", id: change.id, effect, active: true }))];
    }
    case "distance":
      return [{ type: "distance", a: change.a, b: change.b, distance: distanceBetween(state, change.a, change.b) }];
    case "grapple": {
      if (grapplePartners(state, change.a).includes(change.b)) return [];
      const distance = distanceBetween(state, change.a, change.b);
      return [
        { type: "release", a: change.a, b: change.b },
        { type: "distance", a: change.a, b: change.b, distance },
      ];
    }
    case "release":
      if (!grapplePartners(state, change.a).includes(change.b)) return [];
      return [{ type: "grapple", a: change.a, b: change.b }];
    case "carry":
      return [{ type: "drop", carrier: change.carrier }];
    case "drop": {
      const carried = state.carrying[change.carrier];
      return carried === undefined ? [] : [{ type: "carry", carrier: change.carrier, carried }];
    }
  }
}

/**
 * The changes that bring `before` back after `changes` were applied to it: each change's inverse, read from the
 * state just before it, in reverse order. Applying them to the changed state restores every value the changes
 * touched (a distance never recorded comes back as the default, long).
 */
export function inverseChanges(before: SkirmishState, changes: readonly StateChange[]): StateChange[] {
  const steps: StateChange[][] = [];
  let state = before;
  for (const change of changes) {
    steps.push(inverseOf(state, change));
    state = applyChange(state, change);
  }
  return steps.reverse().flat();
}

/** Every combatant (or landmark) a change touches, for callers that must check each still has its documents. */
export function changeParticipants(change: StateChange): string[] {
  switch (change.type) {
    case "wounds":
    case "magic":
    case "altitude":
    case "flag":
    case "roundEffect":
    case "newRound":
      return [change.id];
    case "distance":
    case "grapple":
    case "release":
      return [change.a, change.b];
    case "carry":
      return [change.carrier, change.carried];
    case "drop":
      return [change.carrier];
  }
}

