/**
 * Declared actions in the declaration modes (000 "Alternative Option: Reverse Declaration", "Alternative Option:
 * Secret Declaration"): an action is declared early and resolved later, so it is checked again when its turn to
 * resolve comes. One that has become impossible or pointless (its target died, its attacker was pinned) is
 * aborted, and the action is lost.
 */
import { BATTLE_LOG } from "../reasons";
import { combatant } from "../state";
import type { LogEntry, SkirmishState } from "../state";
import type { Legality } from "../types";
import { fail } from "../validate";
import { validateAttack } from "./attack";
import type { AttackDeclaration } from "./attack";
import { readyToAct } from "./battle-common";
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
  | { action: "other"; actorId: string };

/** Whether a declared action still stands, and the log line of its abortion when it does not. */
export type DeclaredRuling = { stands: true } | { stands: false; reason: string; log: LogEntry[] };

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
  }
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
      // 000 "Non-attack Battle Actions": they stand while the actor can still take a battle action.
      return readyToAct(combatant(state, declared.actorId, "declared.actorId"));
  }
}

/**
 * Checks a declared action again as it resolves (000 "Reverse Declaration": an action that has become invalid or
 * redundant is aborted and the acting combatant loses it). Malformed declarations are RangeErrors.
 */
export function checkDeclaredAction(state: SkirmishState, declared: DeclaredAction): DeclaredRuling {
  if (typeof declared !== "object" || declared === null) fail("declared", "a declared action", declared);
  const ruling = legality(state, declared);
  if (ruling.allowed) return { stands: true };
  const reason = ruling.reason ?? fail("declared", "an action the rules can check", declared);
  const name = combatant(state, actorOf(declared), "declared actor").name;
  return { stands: false, reason, log: [{ key: BATTLE_LOG.ActionAborted, data: { name, reason } }] };
}
