/**
 * The public rules API of Age of Dragons: every game rule, pure and Foundry-free.
 * Macros reach it as the `rules` of the system API (README "The public API").
 */

// Vocabulary and argument checks
export type { Altitude, ArmourSlot, Attribute, DiceSource, Distance, Legality, SkillRank, Surface } from "./types";
/** 000 "Melee Attacks" (Soma and Pneuma checks), 001 "Combat Events" (armour pieces): the word lists. */
export { ARMOUR_SLOTS, ATTRIBUTES } from "./types";
export { ALTITUDES, DISTANCES, altitudeIndex, altitudeValue, distanceIndex } from "./bands";
export { SPEED_CATEGORIES, SPEED_PHASES } from "./speed";
export type { SpeedCategory, SpeedPhase } from "./speed";

// Dice, checks and skills (000 "Melee Attacks", "Killer Blows")
export { MAX_POOL, MAX_TN, MIN_TN, clampPool, countSuccesses, effectiveTN, facesMeeting, isAchievableTN } from "./pools";
export { DEFAULT_SKILL_LADDER, SKILL_RANKS, attackTN, damageTN, skillTN } from "./skills";
export type { SkillLadder } from "./skills";
export { DIE_SIZES, rollFrom, scriptedDice, seededDice } from "./roll-sources";
export type { DiceRequest, DieSize, ScriptedDice, SeededDice } from "./roll-sources";

// Contests, reach, damage and health (000 "Phase Two: The Battle Phase", "Damage and Health states")
export { applyArmour, damagePool, resolveContest } from "./contest";
export type { ContestInput, ContestResult } from "./contest";
export { canMelee, canRanged } from "./legality";
export { woundState, woundThresholds } from "./health";
export type { WoundState } from "./health";
export { BATTLE_LOG, RULE_REASONS } from "./reasons";
export type { RuleReason } from "./reasons";

// Movement and falling (000 "Manoeuvres", "Falling out of the Sky")
export { movementAllowance } from "./movement";
export type { MoveSteps, MovementAllowance, Mover } from "./movement";
export { SURFACES, crashTN, fallStep } from "./falling";
export type { FallStep } from "./falling";

// Characters: derived values for sheets and tokens
export { SKILL_USE_NAMES, deriveCharacter, skillIdentifier, woundsForLife } from "./character";
export type {
  ArmourSnapshot,
  CharacterSnapshot,
  CheckValues,
  CommonCheck,
  DeriveOptions,
  DerivedCharacter,
  SkillSnapshot,
  SkillUse,
} from "./character";

// The skirmish as plain data, and the changes procedures return
export {
  DEFAULT_DISTANCE,
  applyChange,
  applyChanges,
  carrierOf,
  combatant,
  distanceBetween,
  grapplePartners,
  hasRoundEffect,
  isPinned,
  pairKey,
  ROUND_EFFECTS,
  ROUND_FLAGS,
} from "./state";
export type {
  CombatantState,
  LandmarkState,
  LogEntry,
  Outcome,
  RoundEffect,
  RoundFlag,
  SkirmishState,
  StateChange,
} from "./state";

/** 000 "Distance": every living pair of enemies disengaged, so the skirmish may return to ordinary combat. */
export { allDisengaged } from "./state";

// Procedures: battle phase (attack, grapple, break-out, rescue), movement phase, end phase
export { WEAPON_RANGES, checkWeapon } from "./procedures/weapon";
export type { WeaponSnapshot } from "./procedures/weapon";
export { mayDefend } from "./procedures/readiness";
export { takeBattleAction } from "./procedures/battle-action";
export type { Refusal } from "./types";
export {
  attackTNs,
  contestAttack,
  damageCheck,
  performAttack,
  resolveAttack,
  validateAttack,
} from "./procedures/attack";
export type {
  AttackContest,
  AttackDeclaration,
  AttackOutcome,
  AttackPools,
  AttackResult,
  AttackRollInput,
  AttackTNs,
  DamageCheck,
} from "./procedures/attack";
/** 000 "Breaking out of a Grapple": the grapple is the connected cluster of grapple links. */
export { grappleCluster } from "./procedures/grapple";
export {
  breakOut,
  breakOutDefenders,
  performBreakOut,
  performGrapple,
  resolveBreakOut,
  resolveGrapple,
  validateBreakOut,
  validateGrapple,
} from "./procedures/grapple";
export type {
  BreakOutDefence,
  BreakOutDeclaration,
  BreakOutDefenceRoll,
  BreakOutOutcome,
  BreakOutPools,
  BreakOutRolls,
  GrappleDeclaration,
  GrappleOutcome,
  GrapplePools,
} from "./procedures/grapple";
export {
  BASE_RESCUE_TN,
  performRescue,
  rescueCheckTN,
  rescuePool,
  rescueTN,
  resolveRescue,
  setDown,
  validateRescue,
} from "./procedures/rescue";
export type { RescueDeclaration, RescueOutcome, SetDownRuling } from "./procedures/rescue";
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
export { checkDeclaredAction } from "./procedures/declared";
export type { DeclaredAction, DeclaredRuling } from "./procedures/declared";
/** 000 "Alternative Option: Secret Declaration": a group of equal Pneuma resolves at once against the state before it. */
export { SIMULTANEOUS_LOG, mergeSimultaneous, resolveSimultaneous } from "./procedures/simultaneous";
export type { SimultaneousAction, SimultaneousOutcome, SimultaneousResult } from "./procedures/simultaneous";
export { END_PHASE_LOG, FALL_CHOICE_REASONS, chooseToFall, resolveEndPhase } from "./procedures/end-phase";
export type { CrashReport, EndPhaseOutcome, FallCause, FallChoiceRuling, FallReport } from "./procedures/end-phase";

// Initiative and the round plan (000 "Initiative: Action Order"; 001 "Initiative", "Combat Phases")
export {
  MAX_SIDES,
  MAX_SIDE_PASSES,
  MAX_TIE_ROUNDS,
  PNEUMA_TIE_TN,
  phaseShiftFor,
  pneumaOrder,
  sideInitiative,
} from "./initiative";
export type { PneumaOrderResult, SideInitiativeResult, TieCheck } from "./initiative";
/** 000 "Initiative: Action Order": the order holds "barring any change in the base calculation". */
export { pneumaOrderHolds } from "./initiative";
/** 000 "Default Option": the tie TN, usually 6, for everyone (`options.tieTN`) or for one combatant (`tieTN`). */
export type { PneumaEntry, PneumaOrderOptions } from "./initiative";
export { ROUND_MODES, advance, current, isComplete, planRound, shiftedSpeed, startCursor } from "./round-plan";
export type {
  PlanCombatant,
  RoundCursor,
  RoundInput,
  RoundMode,
  RoundPlan,
  RoundStep,
  StepKind,
  TacticalPhase,
} from "./round-plan";

// Surprise, ambush and combat events (001 "Surprise and Ambush", "Combat Events")
export {
  AMBUSH_TEN_BONUS,
  DEFAULT_SURPRISE_CHANCE,
  DEFAULT_TAG_MODIFIERS,
  ambushChance,
  ambushCheck,
  sideAgility,
  sideTagModifier,
  surpriseChance,
  surpriseCheck,
  surpriseEffects,
} from "./surprise";
export type { AmbushResult, SurpriseResult, TagModifiers } from "./surprise";
/** 001 "Surprise vs. Ambush": ambushers must perceive their opponents; a hider's attack is an ambush untested. */
export { ambushKind } from "./surprise";
export type { AmbushAttempt, AmbushKind } from "./surprise";
export {
  COMBAT_EVENTS,
  MAX_EVENT_DRAWS,
  MAX_PICK_ROLLS,
  NOTHING_HAPPENS_KEY,
  armourSlotFor,
  combatEventFor,
  pickDie,
  pickIndex,
  resolveCombatEvent,
} from "./combat-events";
export type {
  CombatEventChange,
  CombatEventEntry,
  CombatEventId,
  CombatEventResult,
  EventCombatant,
  EventSnapshot,
} from "./combat-events";

// Exact odds for the roll dialog
export { damageDistribution, hitProbability, marginDistribution } from "./odds";
export type { ContestOddsInput, DamageOddsInput } from "./odds";
export { attackOdds } from "./odds-attack";
export type { AttackOdds, AttackOddsInput } from "./odds-attack";

// The encounter simulator (README "Simulator": `simulate(encounter, { runs, seed })`)
export {
  DEFAULT_ROUND_LIMIT,
  MAX_COMBATANTS,
  MAX_ROUND_LIMIT,
  MAX_RUNS,
  SIMULATOR_ERRORS,
  STANDARD_TACTICS,
  SimulationInputError,
  TACTIC_NAMES,
  advise,
  checkEncounter,
  checkOptions,
  forecast,
  showRate,
  simulate,
  simulationReport,
  simulationDice,
  startingAltitude,
  widest,
  wilson,
} from "./simulator";
export type {
  Advice,
  AdviceChoice,
  AdviceResult,
  AdviseOptions,
  BattleChoice,
  Forecast,
  ForecastOptions,
  RoundBar,
  ShownRate,
  SimulationReport,
  CombatantResult,
  Encounter,
  EncounterCombatant,
  EncounterProblem,
  EncounterSide,
  EncounterStart,
  EncounterWeapon,
  Rate,
  SideResult,
  SimulateOptions,
  SimulationOptions,
  SimulationResult,
  SkillCheck,
  TacticView,
  Tactics,
} from "./simulator";

// The range and altitude board: the one attack-legality answer, what the selected combatant could do to each
// other one, board moves and the GM's direct edits
export {
  BOARD_ACTIONS,
  BOARD_MOVE_KINDS,
  BOARD_REASONS,
  MAX_LANDMARK_NAME,
  applyBoardEdit,
  attackLegality,
  boardMoveTargets,
  directLink,
  meansOf,
  moveDeclaration,
  moveKindBlocked,
  moveOptions,
  positionGroup,
  resolveBoardMove,
  targetOptions,
  validateBoardMove,
  weaponActions,
  withoutStale,
} from "./board";
export type {
  ActionOption,
  AttackQuestion,
  BoardAction,
  BoardEdit,
  BoardMove,
  BoardMoveKind,
  EditRuling,
  MoveOptions,
  TargetOption,
} from "./board";

// The attack card: one battle action carried across users on one chat card (RULES.md "Attack card")
export {
  ANSWER_SOURCES,
  CARD_REASONS,
  CARD_STAGES,
  SETTLED_STATUSES,
  answerDefence,
  applyCard,
  attackSuccesses,
  autoApplies,
  cardAttackTN,
  cardDamageTN,
  cardOutcome,
  contestFor,
  damageFor,
  declarationFor,
  declareCard,
  isResolved,
  recordDamage,
  refuseCard,
  rollCard,
  targetStatus,
  undoCard,
} from "./attack-card";
export type {
  AnswerSource,
  AttackCard,
  CardApplication,
  CardDamage,
  CardDeclaration,
  CardOutcome,
  CardParticipant,
  CardResult,
  CardStage,
  CardTarget,
  DefenceAnswer,
  TargetReport,
  TargetStatus,
} from "./attack-card";
export {
  CARD_ACTIONS,
  MODIFIER_LIMITS,
  actionCheck,
  bestCheck,
  checkCardCheck,
  checkModifiers,
  defenceChecks,
  modified,
  sameCheck,
} from "./attack-card-checks";
export type { CardAction, CardCheck, CardWeapon, CheckModifiers, CombatantChecks } from "./attack-card-checks";
export { cardLegality, quickPlayState, roundAllows } from "./attack-card-legality";
export type { CardLegality, RoundContext } from "./attack-card-legality";
export { changeParticipants, inverseChanges } from "./state-undo";
