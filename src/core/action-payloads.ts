/**
 * The plain payloads of two cross-feature actions (core/actions.ts): an attack card to start and a board move. Kept
 * apart from actions.ts, whose other options name Foundry documents, so pure code can build them. Pure: no Foundry
 * globals.
 */
import type { CardAction, CheckModifiers } from "../rules/attack-card-checks";
import type { BoardMoveKind } from "../rules/board/board-move";
import type { Altitude, Distance } from "../rules/types";

/** What a player starts. */
export interface StartAttackOptions {
  action?: CardAction;
  /** The weapon item's id on the acting actor (attacks and grapples). */
  weaponId?: string | null;
  killerBlow?: boolean;
  /** Situational modifiers from the roll dialog. */
  modifiers?: CheckModifiers;
  /** The acting token or actor UUID; default: the controlled token, else the user's character. */
  attacker?: string;
  /** Open the roll dialog (with the exact odds against the first target) to choose modifiers and the killer blow. */
  configure?: boolean;
  /** The targets' token (or actor) UUIDs; default: the user's targeted tokens (a declared action names its own). */
  targets?: readonly string[];
}

/** A move as the form sends it (the request payload). */
export interface MovePayload {
  combatId: string;
  moverId: string;
  kind: BoardMoveKind;
  altitude?: Altitude;
  reference?: string;
  distance?: Distance;
}
