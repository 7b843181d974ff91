/**
 * Declared actions in the declaration modes (000 "Alternative Option: Reverse Declaration", "Alternative Option:
 * Secret Declaration"): an action is declared early and resolved later, so it is checked again when its turn to
 * resolve comes. One that has become impossible or pointless (its target died, its attacker was pinned) is
 * aborted, and the action is lost.
 */
import { ALLOWED, BATTLE_LOG } from "../reasons";
import { combatant } from "../state";
import type { LogEntry, SkirmishState, StateChange } from "../state";
import type { Legality } from "../types";
import { assertRecord, fail } from "../validate";
import { validateAttack } from "./attack";
import type { AttackDeclaration } from "./attack";
import { readyToAct, spendAction } from "./readiness";
import { validateBreakOut, validateGrapple } from "./grapple";
import type { BreakOutDeclaration, GrappleDeclaration } from "./grapple";
import { validateMove } from "./move";
import type { MoveDeclaration, MovePhase } from "./move";
import { validateRescue } from "./rescue";
import type { RescueDeclaration } from "./rescue";

/** An action as it is kept from its declaration to its resolution. `other` is a non-attack battle action. */
export type DeclaredAction =
  | { action: "attack"; attack: AttackDeclaration }
  | { action: "grapple"; grapple: GrappleDeclaration }
  | { action: "breakOut"; breakOut: BreakOutDeclaration }
  | { action: "rescue"; rescue: RescueDeclaration }
  | { action: "move"; move: MoveDeclaration; phase: MovePhase }
  /**
   * A non-attack battle action; with `phase: "end"` an End Phase action (000 "End Phase Actions": they come from
   * breeds and lifepaths, not the battle action, so they stand and spend nothing).
   */
  | { action: "other"; actorId: string; phase?: MovePhase };

/**
 * Whether a declared action still stands; when it does not, the reason, the change that spends what was
 * declared (the move or the battle action is lost) and the log line.
 */
export type DeclaredRuling = { stands: true } | { stands: false; reason: string; changes: StateChange[]; log: LogEntry[] };

function actorOf(declared: DeclaredAction): string {
  switch (declared.action) {
    case "attack":
      return declared.attack.attackerId;
    case "grapple":
      return declared.grapple.attackerId;
    case "breakOut":
      return declared.breakOut.breakerId;
    case "rescue":
      return declared.rescue.rescuerId;
    case "move":
      return declared.move.id;
    case "other":
      return declared.actorId;
    default:
      return unknownAction(declared);
  }
}

function unknownAction(declared: never): never {
  const action: unknown = (declared as { action?: unknown }).action;
  return fail("declared.action", "attack, grapple, breakOut, rescue, move or other", action);
}

function legality(state: SkirmishState, declared: DeclaredAction): Legality {
  switch (declared.action) {
    case "attack":
      return validateAttack(state, declared.attack);
    case "grapple":
      return validateGrapple(state, declared.grapple);
    case "breakOut":
      return validateBreakOut(state, declared.breakOut);
    case "rescue":
      return validateRescue(state, declared.rescue);
    case "move":
      return validateMove(state, declared.move, declared.phase);
    case "other":
      // 000 "End Phase Actions" are not the battle action: the engine has nothing to check.
      if (declared.phase === "end") return ALLOWED;
      // 000 "Non-attack Battle Actions": they stand while the actor can still take a battle action.
      return readyToAct(combatant(state, declared.actorId, "declared.actorId"));
    default:
      return unknownAction(declared);
  }
}

/**
 * Checks a declared action again as it resolves (000 "Reverse Declaration": an action that has become invalid or
 * redundant is aborted and the acting combatant loses it). Malformed declarations are RangeErrors.
 */
export function checkDeclaredAction(state: SkirmishState, declared: DeclaredAction): DeclaredRuling {
  assertRecord("declared", declared, "a declared action");
  const ruling = legality(state, declared);
  if (ruling.allowed) return { stands: true };
  const { reason } = ruling;
  const actor = combatant(state, actorOf(declared), "declared actor");
  // 000 Reverse Declaration: "the acting dragon loses that action".
  const lost: StateChange =
    declared.action === "move" ? { type: "flag", id: actor.id, flag: "moved", value: true } : spendAction(actor.id);
  return {
    stands: false,
    reason,
    changes: [lost],
    log: [{ key: BATTLE_LOG.ActionAborted, data: { name: actor.name, reason } }],
  };
}
