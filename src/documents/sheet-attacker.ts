/**
 * Which token (or actor) a sheet's attack button acts for. Pure: the sheet passes what Foundry knows, this picks
 * the reference `startAttack` sends as the attacker (docs/ATTACK.md "For players").
 */

/** A token on the board, as the chooser reads it. */
export interface TokenRef {
  uuid: string;
  actorId: string | null;
}

/** What a sheet knows about its actor and the board. */
export interface SheetAttackerInput {
  /** The actor's UUID (a world actor, or a token's synthetic actor). */
  actorUuid: string;
  actorId: string | null;
  /** The token a synthetic (unlinked) actor belongs to; null for a world actor. */
  syntheticTokenUuid: string | null;
  /** The tokens this user controls, in order. */
  controlled: readonly TokenRef[];
  /** The actor's tokens on the scene being viewed, in order. */
  sceneTokens: readonly string[];
}

/**
 * The sheet's own actor always attacks, never another controlled token: its synthetic token; else a controlled
 * token of that actor; else its first token on the viewed scene; else the actor itself (quick play without a token).
 */
export function sheetAttacker(input: SheetAttackerInput): string {
  if (input.syntheticTokenUuid !== null) return input.syntheticTokenUuid;
  const controlled = input.actorId === null ? undefined : input.controlled.find((t) => t.actorId === input.actorId);
  return controlled?.uuid ?? input.sceneTokens[0] ?? input.actorUuid;
}
