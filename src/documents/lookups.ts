/**
 * Where a document is found from what a card, a sheet or a request names: an actor or token by UUID, the running
 * combat, a combatant by its token or actor, a combat by id. Every lookup reads the documents as they are now.
 */
import { actorSnapshot } from "../data/actor/actor-snapshot";
import type { ActorSnapshot } from "../data/actor/actor-snapshot";
import { AgeOfDragonsCombat } from "./combat";

/** The actor (and token) a UUID names: a token on a scene or an actor; null when it is gone. */
export async function documentsOf(uuid: string): Promise<{ actor: Actor.Implementation; token: TokenDocument.Implementation | null } | null> {
  const found: unknown = await fromUuid(uuid as Parameters<typeof fromUuid>[0]);
  if (found instanceof TokenDocument) {
    const actor = found.actor;
    return actor ? { actor, token: found as TokenDocument.Implementation } : null;
  }
  if (found instanceof Actor) return { actor: found as Actor.Implementation, token: null };
  return null;
}

/** The actor snapshot the rules read, with the world's rank ladder. */
export function snapshotOf(actor: Actor.Implementation): ActorSnapshot {
  return actorSnapshot(
    { _id: actor.id, name: actor.name, type: actor.type, system: actor.system as unknown, items: actor.items },
    { ladder: CONFIG.ageOfDragons.skillLadder },
  );
}

/** The running combat of this system (the active scene's, started), or null for quick play. */
export function runningCombat(): AgeOfDragonsCombat | null {
  const running: unknown = game.combat;
  return running instanceof AgeOfDragonsCombat && running.started ? running : null;
}

/** A participant's documents, as far as finding its combatant needs them. */
interface ParticipantDocs {
  actor: { id: string | null };
  token: { id: string | null } | null;
}

/** The id of the combatant a token (or, without a token, an actor) fights as in the combat, or null when it does not. */
export function combatantIdOf(combat: AgeOfDragonsCombat, docs: ParticipantDocs): string | null {
  const { token, actor } = docs;
  const found = combat.combatants.find((c) => (token ? c.tokenId === token.id : c.actorId === actor.id));
  return found?.id ?? null;
}

/**
 * A participant's id on a card (docs/ATTACK.md "Stored data"): its Combatant id in a combat, its token (or actor)
 * id outside one; null when the combat has no combatant for it.
 */
export function participantIdOf(combat: AgeOfDragonsCombat | null, docs: ParticipantDocs): string | null {
  return combat ? combatantIdOf(combat, docs) : (docs.token?.id ?? docs.actor.id);
}

/** This system's combat with this id (a card's, a request's, a board's), or null when it is gone or another system's. */
export function combatOf(id: string): AgeOfDragonsCombat | null {
  if (id === "") return null;
  const combat = game.combats.get(id);
  return combat instanceof AgeOfDragonsCombat ? combat : null;
}

/** Foundry hands back undefined or null for what is gone, whatever a declaration says: check for it. */
export function maybe<T>(value: T): T | undefined {
  return value ?? undefined;
}

/** Whether a GM authored the message (the server vouches for the author; only a GM's attack message is a card). */
export function authorIsGM(message: ChatMessage.Implementation): boolean {
  return maybe(message.author)?.isGM === true;
}
