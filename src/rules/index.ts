/**
 * The public rules API of Age of Dragons: every game rule, pure and Foundry-free.
 * Macros reach it as `game.system.api.rules` (also `globalThis.ageOfDragons.rules`).
 */
export type { Altitude, Attribute, DiceSource, Distance, Legality, SkillRank, Surface } from "./types";
export { ALTITUDES, DISTANCES, altitudeIndex, altitudeValue, distanceIndex } from "./bands";
export { MAX_POOL, MAX_TN, MIN_TN, clampPool, countSuccesses, effectiveTN, facesMeeting, isAchievableTN } from "./dice";
export { woundState, woundThresholds } from "./health";
export type { WoundState } from "./health";
export { DEFAULT_SKILL_LADDER, SKILL_RANKS, attackTN, damageTN, skillTN } from "./skills";
export type { SkillLadder } from "./skills";
export { SPEED_CATEGORIES, SPEED_PHASES } from "./speed";
export type { SpeedCategory, SpeedPhase } from "./speed";
export {
  DEFAULT_DISTANCE,
  applyChange,
  applyChanges,
  carrierOf,
  combatant,
  distanceBetween,
  grapplePartners,
  isPinned,
  pairKey,
} from "./state";
export type { CombatantState, LandmarkState, LogEntry, Outcome, SkirmishState, StateChange } from "./state";
export { movementAllowance } from "./movement";
export type { MoveSteps, MovementAllowance, Mover } from "./movement";
export { SURFACES, crashTN, fallStep } from "./falling";
export type { FallStep } from "./falling";
export { SKILL_USE_NAMES, deriveCharacter, skillIdentifier } from "./character";
export type {
  CharacterItem,
  CharacterSnapshot,
  CheckValues,
  CommonCheck,
  DeriveOptions,
  DerivedCharacter,
  SkillUse,
} from "./character";
export { damageDistribution, hitProbability, marginDistribution } from "./odds";
export type { ContestOddsInput, DamageOddsInput } from "./odds";
export { attackOdds } from "./odds-attack";
export type { AttackOdds, AttackOddsInput } from "./odds-attack";
export { applyArmour, damagePool, resolveContest } from "./contest";
export type { ContestInput, ContestResult } from "./contest";
export { canMelee, canRanged } from "./legality";
export { BASE_RESCUE_TN, rescueTN } from "./rescue";
export { breakOut } from "./grapple";
export type { BreakOutDefence } from "./grapple";
export { BATTLE_LOG, RULE_REASONS } from "./reasons";
export type { RuleReason } from "./reasons";
export {
  MOVE_KINDS,
  MOVE_LOG,
  MOVE_REASONS,
  isMovementPhase,
  legalMoveTargets,
  resolveMove,
  validateMove,
} from "./procedures/move";
export type { MoveDeclaration, MoveKind, MovePhase, MoveRuling, MoveTargets } from "./procedures/move";
export { END_PHASE_LOG, FALL_CHOICE_REASONS, chooseToFall, resolveEndPhase } from "./procedures/end-phase";
export type { CrashReport, EndPhaseOutcome, FallCause, FallChoiceRuling, FallReport } from "./procedures/end-phase";
