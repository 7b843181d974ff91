/**
 * What the attack card is drawn from for one user (attack-card-render.ts is the Foundry side, which reads the
 * documents): the card's stored state with, from the participants' documents as they are now, the defences this user
 * may answer, the damage due, the preview of what Apply would write, the skills' names, Life Points and the
 * attacker's portrait (attack-card-context.ts builds the view from this). Pure: no Foundry, DOM or browser globals.
 */
import type { AttackSource } from "../../data/message/attack-source";
import { cardOutcome, damageFor, isResolved } from "../../rules/attack-card";
import type { CardOutcome } from "../../rules/attack-card";
import type { CardCheck } from "../../rules/attack-card-checks";
import type { SkirmishState } from "../../rules/state";
import type { CardContextInput } from "./attack-card-context";

/** One participant as the view reads it from its actor. */
export interface ViewParticipant {
  /** Whether this user owns its actor. */
  owned: boolean;
  /** Its actor's portrait ("" for none). */
  img: string;
  /** Its skill items, in order: identifier and name. */
  skills: readonly { identifier: string; name: string }[];
}

/** The card's world as the view reads it: the skirmish now and the participants found (by participant id). */
export interface ViewSituation {
  state: SkirmishState;
  participants: Readonly<Record<string, ViewParticipant>>;
}

/** What applying would do now, once the card is resolved; null before, or when the world no longer reads. */
export function cardPreview(source: AttackSource, state: SkirmishState): CardOutcome | null {
  if (!isResolved(source.card)) return null;
  try {
    return cardOutcome(source.card, state);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * The view input for a user: only the defences of targets it may answer (it owns them, or it is a GM) are offered;
 * the damage due only while the attacker is in the skirmish; a skill's name from the first participant that has it.
 */
export function cardViewInput(
  source: AttackSource,
  authoredByGM: boolean,
  world: ViewSituation,
  viewer: { isGM: boolean; gmOnline: boolean },
  options: (targetId: string) => CardCheck[],
): CardContextInput {
  const card = source.card;
  const owns = Object.entries(world.participants).filter(([, p]) => p.owned).map(([id]) => id);
  const mayAnswer = (id: string) => viewer.isGM || owns.includes(id);
  const skillNames: Record<string, string> = {};
  for (const p of Object.values(world.participants)) {
    for (const skill of p.skills) if (skill.identifier !== "") skillNames[skill.identifier] ??= skill.name;
  }
  return {
    source,
    authoredByGM,
    viewer: { isGM: viewer.isGM, owns },
    gmOnline: viewer.gmOnline,
    defenceOptions: Object.fromEntries(card.targets.filter((t) => mayAnswer(t.id)).map((t) => [t.id, options(t.id)])),
    damageChecks: Object.fromEntries(
      card.targets.map((t) => [t.id, world.state.combatants[card.attacker.id] ? damageFor(card, t.id, world.state) : null]),
    ),
    preview: cardPreview(source, world.state),
    skillNames,
    lifeMax: Object.fromEntries(Object.values(world.state.combatants).map((c) => [c.id, c.life.max])),
    attackerImg: world.participants[card.attacker.id]?.img ?? "",
  };
}
