/**
 * From actors to what the attack card needs, pure: the checks a combatant can roll, a weapon as the card keeps
 * it, and the token statuses a skirmish state implies for each participant (docs/ATTACK.md). The GM's client
 * calls these with freshly read documents; tests call them with pack sources.
 */
import type { CardWeapon, CombatantChecks } from "../../rules/attack-card-checks";
import { rescuePool } from "../../rules/procedures/rescue";
import { statusChanges, statusesFor } from "../combat/updates";
import type { SkirmishState } from "../../rules/state";
import type { ActorSnapshot, ActorWeapon } from "../actor/actor-snapshot";

/** The checks a combatant can roll on an attack card, from its actor snapshot. */
export function combatantChecks(actor: ActorSnapshot): CombatantChecks {
  const { derived, character } = actor;
  const check = (c: { tn: number; pool: number; skill: string | null }) => ({ skill: c.skill, pool: c.pool, tn: c.tn });
  return {
    skills: derived.skills,
    grapple: check(derived.pools.grapple),
    breakOut: check(derived.pools.breakOut),
    untrained: check(derived.pools.soma),
    rescuePool: rescuePool(character.soma, derived.encumbrance),
  };
}

/** A weapon of the actor as the card keeps it; null when the actor has no such item. */
export function cardWeapon(actor: ActorSnapshot, itemId: string | null): CardWeapon | null {
  if (itemId === null) return null;
  const found: ActorWeapon | undefined = actor.weapons.find((w) => w.itemId === itemId);
  if (found === undefined) return null;
  return { ...found.weapon, id: itemId, attackSkill: found.attackSkill, defenceSkills: [...found.defenceSkills] };
}

/** The statuses the attack card keeps in step with the skirmish (ids of src/constants/status-effects.ts). */
export const CARD_STATUSES = Object.freeze(["pinned", "severelyInjured", "dead", "falling", "carrying", "carried"] as const);

/** One of the statuses the card keeps. */
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Which of the card's statuses a combatant should show in this state (the combat's own reading, `statusesFor`). */
export function statusesOf(state: SkirmishState, id: string): Record<CardStatus, boolean> {
  const on = statusesFor(state, id);
  return Object.fromEntries(CARD_STATUSES.map((status) => [status, on.has(status)])) as Record<CardStatus, boolean>;
}

/** The statuses to switch on or off for a combatant when the state goes from `before` to `after`. */
export function statusToggles(before: SkirmishState, after: SkirmishState, id: string): { id: CardStatus; active: boolean }[] {
  const switches = statusChanges(after, id, statusesFor(before, id), CARD_STATUSES);
  return CARD_STATUSES.flatMap((s) => {
    const active = switches[s];
    return active === undefined ? [] : [{ id: s, active }];
  });
}
