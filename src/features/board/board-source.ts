/**
 * Where the board's application gets its data and sends its changes: the combat it shows, the skirmish state
 * stored on it, the selected combatant's weapons, token images, what the user owns, and the write paths for a
 * move (a request the active GM carries out) and a GM edit. Kept behind one interface so the application
 * itself holds no storage details.
 */
import type { BoardEdit } from "../../rules/board/edits";
import type { MovePhase } from "../../rules/procedures/move";
import type { WeaponSnapshot } from "../../rules/procedures/weapon";
import type { SkirmishState } from "../../rules/state";
import type { MovePayload } from "../../core/actions";
import type { CardAction } from "../../rules/attack-card-checks";

/** A battle action started from the board's selected panel. */
export interface BoardActionRequest {
  action: CardAction;
  actorId: string;
  targetId?: string | undefined;
  weaponId?: string | undefined;
  /** Open the attack's roll dialog (not on Shift-click). */
  configure: boolean;
}

/** What the board shows of one combat. */
export interface BoardData {
  combatId: string;
  state: SkirmishState;
  phase: MovePhase | undefined;
  images: Record<string, string>;
  owned: string[];
  /** The combatants whose own step to move it is now (`isOwnMoveStep`). */
  movers: string[];
}

/** The board's view of the world. */
export interface BoardSource {
  /** The combat to show (the one the tracker shows), or undefined when there is none. */
  read(): BoardData | undefined;
  /** The weapons of one combatant of that combat, each with its item's id. */
  weapons(combatId: string, combatantId: string): { weapon: WeaponSnapshot; itemId: string | null }[];
  /**
   * Starts a battle action on an attack card for one combatant of that combat (its token acting) against another
   * (none for a break-out or a set-down): the attack card checks it and refuses with its reason.
   */
  startAction(combatId: string, action: BoardActionRequest): Promise<void>;
  /** Sends a move: applied by the active GM after checking who asked. Resolves with a refusal reason, if any. */
  move(payload: MovePayload): Promise<string | undefined>;
  /** Applies a GM edit (GM clients only). Resolves with a refusal reason, if any. */
  edit(combatId: string, edit: BoardEdit): Promise<string | undefined>;
  /** Adds the tokens the GM controls to the combat. */
  addControlledTokens(combatId: string): Promise<void>;
}
