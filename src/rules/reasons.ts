/**
 * The en.json keys the battle-phase rules answer with: why an action is refused (Legality.reason) and what
 * happened (LogEntry.key). Kept in one place so a test can prove that every key has an English string.
 */
import type { Legality, Refusal } from "./types";

/** The answer when nothing stands in the way. */
export const ALLOWED: Legality = Object.freeze({ allowed: true });

/** A refusal with its en.json reason key (RULE_REASONS, or a view layer's own key): the one refusal helper. */
export function refuse(reason: string): Refusal {
  return { allowed: false, reason };
}

/** Why any action is refused (battle actions, moves, choosing to fall); each value is an en.json key. */
export const RULE_REASONS = Object.freeze({
  // 000 Distance, Melee Attacks, Ranged Attacks
  Disengaged: "AOD.Rules.Reason.Disengaged",
  TooFarForMelee: "AOD.Rules.Reason.TooFarForMelee",
  NotSameAltitude: "AOD.Rules.Reason.NotSameAltitude",
  TooFarForRanged: "AOD.Rules.Reason.TooFarForRanged",
  AltitudeTooFarForRanged: "AOD.Rules.Reason.AltitudeTooFarForRanged",
  // 000 Grapple Attacks, Breaking out of a Grapple
  ZeroRangeNotGrappled: "AOD.Rules.Reason.ZeroRangeNotGrappled",
  OnlyGrapplePartners: "AOD.Rules.Reason.OnlyGrapplePartners",
  AlreadyGrappling: "AOD.Rules.Reason.AlreadyGrappling",
  WeaponCannotGrapple: "AOD.Rules.Reason.WeaponCannotGrapple",
  NotGrappled: "AOD.Rules.Reason.NotGrappled",
  CarriedCannotGrapple: "AOD.Rules.Reason.CarriedCannotGrapple",
  // Who may act at all (000 Severe injury and Death, Manoeuvres)
  SelfTarget: "AOD.Rules.Reason.SelfTarget",
  ActorDead: "AOD.Rules.Reason.ActorDead",
  ActorSeverelyInjured: "AOD.Rules.Reason.ActorSeverelyInjured",
  TargetDead: "AOD.Rules.Reason.TargetDead",
  FullMoveNoAction: "AOD.Rules.Reason.FullMoveNoAction",
  AlreadyActed: "AOD.Rules.Reason.AlreadyActed",
  // One-round effects of combat events (001 Combat Events)
  NoBattleAction: "AOD.Rules.Reason.NoBattleAction",
  ForcedFullMove: "AOD.Rules.Reason.ForcedFullMove",
  NoRangedAttacks: "AOD.Rules.Reason.NoRangedAttacks",
  // 001 Surprise and Ambush (RULES.md: no actions in the first round; the ambushed do not defend either)
  Surprised: "AOD.Rules.Reason.Surprised",
  Ambushed: "AOD.Rules.Reason.Ambushed",
  // Weapons (000 Killer Blows, Ranged Attacks, Catching)
  WrongWeaponRange: "AOD.Rules.Reason.WrongWeaponRange",
  NoKillerBlow: "AOD.Rules.Reason.NoKillerBlow",
  NotEnoughMagic: "AOD.Rules.Reason.NotEnoughMagic",
  CarryingTooHeavy: "AOD.Rules.Reason.CarryingTooHeavy",
  // 000 Catching / Mid air rescues
  RescuerCannotFly: "AOD.Rules.Reason.RescuerCannotFly",
  RescuerGrounded: "AOD.Rules.Reason.RescuerGrounded",
  RescuerPinned: "AOD.Rules.Reason.RescuerPinned",
  RescuerAlreadyCarrying: "AOD.Rules.Reason.RescuerAlreadyCarrying",
  RescuerCarried: "AOD.Rules.Reason.RescuerCarried",
  TargetNotFalling: "AOD.Rules.Reason.TargetNotFalling",
  TargetInGrapple: "AOD.Rules.Reason.TargetInGrapple",
  TargetAlreadyCarried: "AOD.Rules.Reason.TargetAlreadyCarried",
  RescueOutOfReach: "AOD.Rules.Reason.RescueOutOfReach",
  RescueImpossible: "AOD.Rules.Reason.RescueImpossible",
  NotCarrying: "AOD.Rules.Reason.NotCarrying",
  // 000 Phase One: The Tactical Movement Phase, Manoeuvres (RULES.md "Movement")
  NotMovementPhase: "AOD.Rules.Reason.NotMovementPhase",
  SeverelyInjuredNoMove: "AOD.Rules.Reason.SeverelyInjuredNoMove",
  Pinned: "AOD.Rules.Reason.Pinned",
  Carried: "AOD.Rules.Reason.Carried",
  FullMoveTaken: "AOD.Rules.Reason.FullMoveTaken",
  NoZeroRangeByMove: "AOD.Rules.Reason.NoZeroRangeByMove",
  MovesWithPassenger: "AOD.Rules.Reason.MovesWithPassenger",
  NoMoveDeclared: "AOD.Rules.Reason.NoMoveDeclared",
  CannotFly: "AOD.Rules.Reason.CannotFly",
  NoGroundToWalk: "AOD.Rules.Reason.NoGroundToWalk",
  NoStandardMove: "AOD.Rules.Reason.NoStandardMove",
  TakeOffNeedsFullMove: "AOD.Rules.Reason.TakeOffNeedsFullMove",
  TooManyAltitudeSteps: "AOD.Rules.Reason.TooManyAltitudeSteps",
  TooManyDistanceSteps: "AOD.Rules.Reason.TooManyDistanceSteps",
  AlreadyMoved: "AOD.Rules.Reason.AlreadyMoved",
  ActedNoFullMove: "AOD.Rules.Reason.ActedNoFullMove",
  // 000 Falling out of the Sky: choosing to fall
  Grounded: "AOD.Rules.Reason.Grounded",
} as const);

/** A reason for refusing a battle-phase action. */
export type RuleReason = (typeof RULE_REASONS)[keyof typeof RULE_REASONS];

/** What the battle-phase procedures write to the log; each value is an en.json key. */
export const BATTLE_LOG = Object.freeze({
  AttackHit: "AOD.Rules.Log.AttackHit",
  AttackMiss: "AOD.Rules.Log.AttackMiss",
  Damage: "AOD.Rules.Log.Damage",
  SeverelyInjured: "AOD.Rules.Log.BecameSeverelyInjured",
  Killed: "AOD.Rules.Log.Killed",
  MagicSpent: "AOD.Rules.Log.MagicSpent",
  GrappleHit: "AOD.Rules.Log.GrappleHit",
  GrappleMiss: "AOD.Rules.Log.GrappleMiss",
  BrokeFree: "AOD.Rules.Log.BrokeFree",
  StillHeld: "AOD.Rules.Log.StillHeld",
  RescueCaught: "AOD.Rules.Log.RescueCaught",
  RescueMissed: "AOD.Rules.Log.RescueMissed",
  ActionAborted: "AOD.Rules.Log.ActionAborted",
  SetDown: "AOD.Rules.Log.SetDown",
  LetFall: "AOD.Rules.Log.LetFall",
  Released: "AOD.Rules.Log.Released",
  BattleAction: "AOD.Rules.Log.BattleAction",
  GrappleEnds: "AOD.Rules.Log.GrappleEnds",
} as const);
