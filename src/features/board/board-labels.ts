/** The en.json keys of the board's words: bands, actions, statuses, move kinds, links. One home for each. */
import type { BoardAction } from "../../rules/board/target-options";
import type { BoardMoveKind } from "../../rules/board/board-move";
import type { Altitude, Distance, Surface } from "../../rules/types";
import { statusNameKey } from "../../constants/status-effects";

/** The label of an altitude band. */
export function altitudeLabel(band: Altitude): string {
  return `AOD.Board.Altitude.${band}`;
}

/** The label of a distance band. */
export function distanceLabel(band: Distance): string {
  return `AOD.Choices.distance.${band}`;
}

/** The label of a board action. */
export function actionLabel(action: BoardAction): string {
  return `AOD.Board.Action.${action}`;
}

/** The label of a move kind. */
export function moveKindLabel(kind: BoardMoveKind): string {
  return `AOD.Board.Move.Kind.${kind}`;
}

/** The label of a crash surface. */
export function surfaceLabel(surface: Surface): string {
  return `AOD.Choices.surface.${surface}`;
}

/** What the board marks on a combatant's token. */
export type TokenStatus = "pinned" | "carrying" | "carried" | "falling" | "severelyInjured" | "dead" | "fullMove" | "moved" | "acted";

/** The label of a token status. */
export function statusLabel(status: TokenStatus): string {
  return statusNameKey(status);
}
