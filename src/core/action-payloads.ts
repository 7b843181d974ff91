/**
 * The plain payloads of three cross-feature actions (core/actions.ts): an attack card to start, a board move and a
 * declaration. Kept apart from actions.ts, whose other options name Foundry documents, so pure code can build them.
 * Pure: no Foundry globals.
 */
import type { CardAction, CheckModifiers } from "../rules/attack-card-checks";
import type { BoardMoveKind } from "../rules/board/board-move";
import type { Altitude, Distance } from "../rules/types";
import type { DeclarationChoice } from "../data/combat/declaration";

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

/** A declaration for a combatant at its declare step (the declaration modes), as the advice or the autopilot chose it. */
export interface DeclareChoiceOptions {
  combatId: string;
  combatantId: string;
  choice: DeclarationChoice;
  /** Open the declaration dialog filled in with it (the user declares), rather than declaring it at once. */
  ask: boolean;
}
