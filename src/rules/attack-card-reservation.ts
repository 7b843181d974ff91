/**
 * What an open attack card holds for its attacker (000 "Phase Two: The Battle Phase": one battle action a round;
 * "Dragonsbreath": one Magic Point a breath). A card holds its attacker's battle action (in combat) and its breath's
 * Magic Points from the moment it is rolled until it is applied, refused or withdrawn, so a second card at the
 * same step is refused at once; Apply checks again (`spentSince`, attack-card.ts), so two cards can never spend one action twice.
 */
import { refuse } from "./reasons";
import type { AttackCard } from "./attack-card";
import { CARD_REASONS, cardMagicCost } from "./attack-card";
import { cardLegality } from "./attack-card-legality";
import type { CardLegality, RoundContext } from "./attack-card-legality";
import type { SkirmishState } from "./state";

/** What one open card holds: the battle action (not for a set-down, which costs none) and Magic Points. */
export interface Reservation {
  action: boolean;
  magic: number;
}

/** What the card holds while it is open (rolled, not yet applied, refused or withdrawn); null once it is closed. */
export function cardReservation(card: AttackCard): Reservation | null {
  if (card.stage !== "rolled") return null;
  return { action: card.action !== "setDown", magic: cardMagicCost(card) };
}

/**
 * The skirmish as a new card of the same world sees it: every open card's attacker has spent its battle action (in
 * combat only: quick play keeps no round) and the Magic Points its card holds.
 */
export function withReservations(state: SkirmishState, open: readonly AttackCard[], inCombat: boolean): SkirmishState {
  const combatants = { ...state.combatants };
  for (const card of open) {
    const held = cardReservation(card);
    const c = combatants[card.attacker.id];
    if (held === null || c === undefined) continue;
    combatants[c.id] = {
      ...c,
      acted: c.acted || (inCombat && held.action),
      magic: { ...c.magic, value: Math.max(0, c.magic.value - held.magic) },
    };
  }
  return { ...state, combatants };
}

/**
 * A new card's legality with the other open cards of its world counted: in combat, an attacker whose battle action
 * another open card holds is refused (`ActionReserved`); a breath needs Magic Points no open card holds.
 */
export function reservedLegality(card: AttackCard, state: SkirmishState, round: RoundContext, open: readonly AttackCard[]): CardLegality {
  const others = open.filter((o) => o !== card && o.attacker.id === card.attacker.id && cardReservation(o) !== null);
  if (round.inCombat && card.action !== "setDown" && others.some((o) => cardReservation(o)?.action === true)) {
    return refuse(CARD_REASONS.ActionReserved);
  }
  return cardLegality(card, withReservations(state, others, round.inCombat), round);
}
