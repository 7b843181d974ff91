/** The range board's rules: attack legality, what the selected combatant could do, board moves and GM edits. */
export { attackLegality } from "./attack-legality";
export type { AttackQuestion } from "./attack-legality";
export { BOARD_ACTIONS, meansOf, targetOptions, weaponActions } from "./target-options";
export type { ActionOption, BoardAction, TargetOption } from "./target-options";
export {
  BOARD_MOVE_KINDS,
  boardMoveTargets,
  moveDeclaration,
  moveKindBlocked,
  resolveBoardMove,
  validateBoardMove,
} from "./board-move";
export type { BoardMove, BoardMoveKind } from "./board-move";
export { MAX_LANDMARK_NAME, applyBoardEdit, withoutStale } from "./edits";
export type { BoardEdit, EditRuling } from "./edits";
export { directLink, positionGroup } from "./groups";
export { BOARD_REASONS } from "./reasons";
