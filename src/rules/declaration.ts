/**
 * What a declaration binds (000 "Alternative Option: Reverse Declaration", "Secret Declaration"): the actions a
 * combatant may declare in each phase, and, at its resolve step, that only the declared action may be taken
 * (RULES.md "Declaration modes": the resolve step performs the declared action or nothing).
 */
import { ALLOWED, refuse } from "./reasons";
import type { Legality } from "./types";

/** The actions a combatant may declare. `killerBlow` is an attack made as a killer blow (000 "Killer Blows"). */
export type DeclarationAction = "attack" | "killerBlow" | "grapple" | "breakOut" | "rescue" | "move" | "other";

/** Every declarable action, in the order the dialog offers them. */
export const DECLARATION_ACTIONS: readonly DeclarationAction[] = Object.freeze([
  "attack",
  "killerBlow",
  "grapple",
  "breakOut",
  "rescue",
  "move",
  "other",
]);

/** Actions that name a target among the combatants. */
export const TARGETED_ACTIONS: readonly DeclarationAction[] = Object.freeze(["attack", "killerBlow", "grapple", "rescue"]);

/** Actions that name one of the combatant's weapons. */
export const WEAPON_ACTIONS: readonly DeclarationAction[] = Object.freeze(["attack", "killerBlow", "grapple"]);

/**
 * What may be declared in a phase: a move in the Tactical Movement Phase; a battle action (an attack, a killer
 * blow, a grapple, a break-out, a rescue or another non-attack action) in the Battle Phase; in the End Phase only
 * "other" (000 "End Phase Actions": few exist, and they come from breeds and lifepaths the engine does not know).
 */
export function actionsForPhase(phase: string): readonly DeclarationAction[] {
  if (phase === "movement") return ["move"];
  if (phase === "battle") return ["attack", "killerBlow", "grapple", "breakOut", "rescue", "other"];
  if (phase === "end") return ["other"];
  return [];
}

/** Why a declaration or a resolution is refused; each value is an en.json key. */
export const DECLARATION_REASONS = Object.freeze({
  NothingDeclared: "AOD.Declare.Reason.NothingDeclared",
  NotDeclaredAction: "AOD.Declare.Reason.NotDeclaredAction",
  NotDeclaredTarget: "AOD.Declare.Reason.NotDeclaredTarget",
  NotDeclaredWeapon: "AOD.Declare.Reason.NotDeclaredWeapon",
  Aborted: "AOD.Declare.Reason.Aborted",
  AlreadyResolved: "AOD.Declare.Reason.AlreadyResolved",
  NotInSkirmish: "AOD.Declare.Reason.NotInSkirmish",
  NotThisPhase: "AOD.Declare.Reason.NotThisPhase",
  NeedsTarget: "AOD.Declare.Reason.NeedsTarget",
  UnknownTarget: "AOD.Declare.Reason.UnknownTarget",
  NeedsWeapon: "AOD.Declare.Reason.NeedsWeapon",
  UnknownWeapon: "AOD.Declare.Reason.UnknownWeapon",
  NeedsMove: "AOD.Declare.Reason.NeedsMove",
  NoKillerBlow: "AOD.Declare.Reason.NoKillerBlow",
  MoveAtResolveStep: "AOD.Declare.Reason.MoveAtResolveStep",
  NotYourMoveStep: "AOD.Declare.Reason.NotYourMoveStep",
  NotDeclaredMove: "AOD.Declare.Reason.NotDeclaredMove",
} as const);

/** What a resolve step allows: the declared action, its target (combatant id or "") and weapon (item id or ""). */
export interface DeclaredLimit {
  action: DeclarationAction;
  targetId: string;
  weaponId: string;
  /** Set once the declaration was aborted at its resolve step: nothing more may be taken for it. */
  aborted: boolean;
  /** Set once the engine resolved it with its group (a simultaneous resolve step). */
  resolved: boolean;
}

/** The battle action an attack card would take, as far as a declaration binds it. */
export interface DeclaredCardAction {
  action: "attack" | "grapple" | "breakOut" | "rescue" | "setDown";
  killerBlow: boolean;
  targets: readonly { id: string }[];
  weapon: { id: string } | null;
}

/**
 * Whether a card may be played at a resolve step with this declaration (null: nothing was declared). Setting a
 * passenger down costs no action and is never bound. A break-out names no target (it is against everyone
 * holding the breaker).
 */
export function declaredAllows(limit: DeclaredLimit | null, card: DeclaredCardAction): Legality {
  if (card.action === "setDown") return ALLOWED;
  if (limit === null) return refuse(DECLARATION_REASONS.NothingDeclared);
  if (limit.aborted) return refuse(DECLARATION_REASONS.Aborted);
  if (limit.resolved) return refuse(DECLARATION_REASONS.AlreadyResolved);
  const declared = limit.action === "killerBlow" ? "attack" : limit.action;
  if (declared !== card.action || (card.action === "attack" && card.killerBlow !== (limit.action === "killerBlow"))) {
    return refuse(DECLARATION_REASONS.NotDeclaredAction);
  }
  if (TARGETED_ACTIONS.includes(limit.action)) {
    if (card.targets.length !== 1 || card.targets[0]?.id !== limit.targetId) return refuse(DECLARATION_REASONS.NotDeclaredTarget);
  }
  if (WEAPON_ACTIONS.includes(limit.action) && card.weapon?.id !== limit.weaponId) return refuse(DECLARATION_REASONS.NotDeclaredWeapon);
  return ALLOWED;
}
