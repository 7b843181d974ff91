/**
 * Foundry side of choosing who attacks and the board an attack is judged on: the actor's own token (pure choice
 * in sheet-attacker.ts) and, for the roll dialog, the running combat's skirmish with the combatant ids of the
 * attacker and the target, so the dialog asks the board's `attackLegality` before anything is rolled.
 */
import { cardWeapon } from "../data/message/attack-actors";
import { combatantIdOf, maybe, runningCombat, snapshotOf } from "./lookups";
import type { AttackBoard } from "../core/rolls/roll-dialog-context";
import { sheetAttacker } from "./sheet-attacker";

/** The token (or actor) UUID an actor's attack acts for: its own token, never another controlled token. */
export function attackerUuid(actor: Actor.Implementation): string {
  const board = maybe(canvas)?.ready ? maybe(canvas.tokens) : null;
  return sheetAttacker({
    actorUuid: actor.uuid,
    actorId: actor.id,
    syntheticTokenUuid: actor.isToken ? (actor.token?.uuid ?? null) : null,
    controlled: (board?.controlled ?? []).map((t) => ({ uuid: t.document.uuid, actorId: t.document.actorId })),
    sceneTokens: actor.getActiveTokens(true, true).map((t) => t.uuid),
  });
}

/**
 * The board an attack is judged on, or null outside a running combat, without a target, or when the attacker is
 * not in the combat (the card then plays it as quick play). A target outside the combat keeps an id the skirmish
 * lacks, so the dialog says it is not on the board, as the card would.
 */
export function attackBoard(
  attacker: { actor: Actor.Implementation; token: TokenDocument.Implementation | null },
  target: TokenDocument.Implementation | null,
  weaponId: string,
): AttackBoard | null {
  const running = runningCombat();
  if (running === null || target === null) return null;
  const weapon = cardWeapon(snapshotOf(attacker.actor), weaponId);
  const attackerId = combatantIdOf(running, attacker);
  if (weapon === null || attackerId === null) return null;
  // The target is the token the user targets: its combatant (by token), as the card will name it.
  const targetId = combatantIdOf(running, { actor: { id: null }, token: target }) ?? "";
  return { state: running.skirmish, attackerId, targetId, weapon };
}
