/**
 * The en.json keys the range board answers with when the engine's own reasons do not apply: a combatant that
 * is not on the board, a weapon the rules cannot read, a board action nobody has the means for.
 */

/** Why the board refuses something; each value is an en.json key. */
export const BOARD_REASONS = Object.freeze({
  AttackerNotOnBoard: "AOD.Board.Reason.AttackerNotOnBoard",
  TargetNotOnBoard: "AOD.Board.Reason.TargetNotOnBoard",
  BadWeapon: "AOD.Board.Reason.BadWeapon",
  Landmark: "AOD.Board.Reason.Landmark",
  NoMeans: "AOD.Board.Reason.NoMeans",
  UnknownCombatant: "AOD.Board.Reason.UnknownCombatant",
  UnknownReference: "AOD.Board.Reason.UnknownReference",
  UnknownLandmark: "AOD.Board.Reason.UnknownLandmark",
  UnknownBand: "AOD.Board.Reason.UnknownBand",
  UnknownSurface: "AOD.Board.Reason.UnknownSurface",
  CarrierAndPassenger: "AOD.Board.Reason.CarrierAndPassenger",
  SamePair: "AOD.Board.Reason.SamePair",
  ZeroNeedsGrapple: "AOD.Board.Reason.ZeroNeedsGrapple",
  LinkedThroughOthers: "AOD.Board.Reason.LinkedThroughOthers",
  LandmarkName: "AOD.Board.Reason.LandmarkName",
  LandmarkExists: "AOD.Board.Reason.LandmarkExists",
  CombatantExists: "AOD.Board.Reason.CombatantExists",
  EntryAtZero: "AOD.Board.Reason.EntryAtZero",
  NotOwner: "AOD.Board.Reason.NotOwner",
  GMOnly: "AOD.Board.Reason.GMOnly",
  NoCombat: "AOD.Board.Reason.NoCombat",
  GroundMoveOnGround: "AOD.Board.Reason.GroundMoveOnGround",
  GroundMoveNoClimb: "AOD.Board.Reason.GroundMoveNoClimb",
  FullMoveTakesOff: "AOD.Board.Reason.FullMoveTakesOff",
  NoMoveOpen: "AOD.Board.Reason.NoMoveOpen",
  Malformed: "AOD.Board.Reason.Malformed",
} as const);
