/**
 * The documents behind an attack card, Foundry side (docs/ATTACK.md): who its participants are, the skirmish
 * and round they act in (the combat's, or a quick-play state outside combat), and how changes are written back.
 * Everything is re-read from documents each time; nothing is taken from a payload or the card's HTML.
 */
import { declaredLimits } from "../../data/combat/declaration";
import { AttackMessageModel } from "../../data/message/attack-model";
import type { AttackSource, ParticipantRef } from "../../data/message/attack-source";
import { combatantChecks, statusToggles } from "../../data/message/attack-actors";
import { defenceChecks } from "../../rules/attack-card-checks";
import type { CardCheck } from "../../rules/attack-card-checks";
import { mayDefend } from "../../rules/procedures/readiness";
import { combatantState } from "../../data/actor/actor-snapshot";
import type { ActorSnapshot } from "../../data/actor/actor-snapshot";
import type { AgeOfDragonsCombat } from "../../documents/combat";
import type { AttackCard } from "../../rules/attack-card";
import { quickPlayState } from "../../rules/attack-card-legality";
import type { RoundContext } from "../../rules/attack-card-legality";
import { applyChanges } from "../../rules/state";
import type { SkirmishState, StateChange } from "../../rules/state";
import type { DocumentUpdates } from "../../data/combat/updates";
import type { OpTargets } from "../../core/writes/write-once";
import { combatTargets, opActor } from "../../documents/combat-writer";
import { authorIsGM, combatOf, documentsOf, maybe, snapshotOf } from "../../documents/lookups";

/** One participant's documents, freshly read. */
export interface Participant {
  id: string;
  actor: Actor.Implementation;
  token: TokenDocument.Implementation | null;
  snapshot: ActorSnapshot;
}

/** The world an attack card acts in, read from documents now. */
export interface CardSituation {
  combat: AgeOfDragonsCombat | null;
  state: SkirmishState;
  round: RoundContext;
  participants: Record<string, Participant>;
  /** Names of participants whose actor or token is gone. */
  missing: string[];
}

/**
 * The combat's current step as the card's round check reads it (null when not started or past the end), with the
 * public declarations of its phase at a resolve step of the declaration modes.
 */
export function roundOf(combat: AgeOfDragonsCombat | null): RoundContext {
  if (combat === null) return { inCombat: false };
  const { plan, cursor, mode, declarations } = combat.stored;
  const step = combat.started ? (plan[cursor.index] ?? null) : null;
  // RULES.md "Declaration modes": a resolve step takes only the declared action.
  const declaring = mode === "reverseDeclaration" || mode === "secretDeclaration";
  if (declaring && step?.kind === "resolve") return { inCombat: true, step, declared: declaredLimits(declarations, step.phase) };
  return { inCombat: true, step };
}

/** Reads the participants named by refs; those gone are listed by name in `missing`. */
export async function participantsOf(
  refs: Readonly<Record<string, ParticipantRef>>,
  names: Readonly<Record<string, string>>,
): Promise<{ participants: Record<string, Participant>; missing: string[] }> {
  const participants: Record<string, Participant> = {};
  const missing: string[] = [];
  for (const [id, ref] of Object.entries(refs)) {
    const docs = await documentsOf(ref.tokenUuid ?? ref.actorUuid);
    if (docs === null) {
      missing.push(names[id] ?? id);
      continue;
    }
    participants[id] = { id, ...docs, snapshot: snapshotOf(docs.actor) };
  }
  return { participants, missing };
}

/** The world for participants: the combat's skirmish, or everyone at close quarters for quick play. */
export function situationOf(combat: AgeOfDragonsCombat | null, participants: Record<string, Participant>, missing: string[]): CardSituation {
  const state =
    combat !== null
      ? combat.skirmish
      : quickPlayState(
          Object.values(participants).map((p) =>
            combatantState(p.snapshot, { id: p.id, side: "", altitude: "mid", name: p.token?.name ?? p.actor.name }),
          ),
        );
  return { combat, state, round: roundOf(combat), participants, missing };
}

/** The whole world of an existing card. */
export async function cardSituation(source: AttackSource): Promise<CardSituation> {
  const card = source.card;
  const names = Object.fromEntries([card.attacker, ...card.targets].map((p) => [p.id, p.name]));
  const { participants, missing } = await participantsOf(source.refs, names);
  return situationOf(combatOf(source.combatId), participants, missing);
}

/** The attack card message with this id, if it is one, and whether a GM authored it (only those are cards). */
export function cardMessage(id: string): { message: ChatMessage.Implementation; model: AttackMessageModel; authoredByGM: boolean } | null {
  const message = maybe(game.messages.get(id));
  if (message === undefined || !(message.system instanceof AttackMessageModel)) return null;
  return { message, model: message.system, authoredByGM: authorIsGM(message) };
}

/**
 * The document updates of changes to a card's world: through the combat (skirmish, actors, armour, statuses) in
 * combat; outside combat, the wounds and Magic Points on the actors and the health statuses on them, since quick
 * play keeps no board. Keyed by participant id; nothing is written here.
 */
export function cardUpdates(situation: CardSituation, changes: readonly StateChange[]): DocumentUpdates {
  if (changes.length === 0) return { combat: {}, actors: {}, items: {}, statuses: {} };
  if (situation.combat !== null) return situation.combat.engineUpdates(changes).updates;
  const after = applyChanges(situation.state, changes);
  const updates: DocumentUpdates = { combat: {}, actors: {}, items: {}, statuses: {} };
  for (const p of Object.values(situation.participants)) {
    const before = situation.state.combatants[p.id];
    const now = after.combatants[p.id];
    if (before === undefined || now === undefined) continue;
    const update: Record<string, number> = {};
    if (now.life.wounds !== before.life.wounds) update["system.life.wounds"] = now.life.wounds;
    if (now.magic.value !== before.magic.value) update["system.magic.value"] = now.magic.value;
    if (Object.keys(update).length > 0) updates.actors[p.id] = update;
    for (const toggle of statusToggles(situation.state, after, p.id)) {
      if (toggle.id === "severelyInjured" || toggle.id === "dead") (updates.statuses[p.id] ??= {})[toggle.id] = toggle.active;
    }
  }
  return updates;
}

/** The documents a card's updates land on: the combat's (its combatants' actors), or the participants' actors. */
export function cardTargets(situation: CardSituation): OpTargets {
  if (situation.combat !== null) return combatTargets(situation.combat);
  return {
    combat: null,
    actor: (id) => {
      const actor = situation.participants[id]?.actor;
      return actor === undefined ? null : opActor(actor);
    },
  };
}

/** The participant ids on a card. */
export function participantIds(card: AttackCard): string[] {
  return [card.attacker.id, ...card.targets.map((t) => t.id)];
}

/** The checks a target may defend with now, from its actor and the skirmish (none when it may not defend). */
export function optionsFor(card: AttackCard, situation: CardSituation, targetId: string): CardCheck[] {
  const defender = situation.participants[targetId];
  if (defender === undefined) return [];
  const may = situation.state.combatants[targetId] !== undefined && mayDefend(situation.state, targetId).allowed;
  return defenceChecks(card.action, card.weapon, combatantChecks(defender.snapshot), may);
}
