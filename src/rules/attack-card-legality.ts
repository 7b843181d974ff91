/**
 * Whether an attack card may go ahead: the round (one battle action, in the battle phase, on the attacker's
 * step) and the procedures' own legality for every target (000 "Phase Two: The Battle Phase"; RULES.md "Attack
 * card"). Outside combat (quick play) the round is not checked and positions come from `quickPlayState`.
 */
import { ALLOWED, RULE_REASONS, refuse } from "./reasons";
import { attackLegality } from "./board/attack-legality";
import { BOARD_REASONS } from "./board/reasons";
import { readyToAct } from "./procedures/readiness";
import { breakOutDefenders, validateBreakOut } from "./procedures/grapple";
import { validateRescue } from "./procedures/rescue";
import type { RoundStep } from "./round-plan";
import { combatant, pairKey } from "./state";
import type { CombatantState, SkirmishState } from "./state";
import type { Legality } from "./types";
import { CARD_REASONS, declarationFor } from "./attack-card";
import { declaredAllows } from "./declaration";
import type { DeclaredLimit } from "./declaration";
import type { AttackCard } from "./attack-card";

/**
 * Where the round stands for the card: out of combat, or the combat's current step (null once the round is over).
 * At a resolve step of the declaration modes, `declared` holds the declarations by combatant id (none for the
 * attacker: it declared nothing), and only the declared action may be taken (RULES.md "Declaration modes").
 */
export type RoundContext = { inCombat: false } | { inCombat: true; step: RoundStep | null; declared?: Readonly<Record<string, DeclaredLimit>> };

/** A legality that may name the target it is about. */
export type CardLegality = Legality & { targetId?: string };

/** Phases in which nobody takes a battle action (000 "The Passage of Time"; 001 "Combat Phases"). */
const NO_BATTLE_PHASES: readonly string[] = Object.freeze(["movement", "end", "starting", "endOfRound"]);

/**
 * Whether the round lets this combatant take a battle action now: in the battle phase of 000 (or a speed phase
 * of 001), on a step that is its own, and not a declaration step. Setting a passenger down costs no action.
 */
export function roundAllows(
  round: RoundContext,
  card: Pick<AttackCard, "action" | "attacker" | "killerBlow" | "targets" | "weapon">,
): Legality {
  if (!round.inCombat || card.action === "setDown") return ALLOWED;
  const { step } = round;
  if (step === null) return refuse(CARD_REASONS.RoundOver);
  if (NO_BATTLE_PHASES.includes(step.phase) || (step.kind !== "act" && step.kind !== "resolve")) {
    return refuse(CARD_REASONS.NotBattlePhase);
  }
  if (!step.combatants.includes(card.attacker.id)) return refuse(CARD_REASONS.NotYourStep);
  if (step.kind === "resolve" && round.declared !== undefined) return declaredAllows(round.declared[card.attacker.id] ?? null, card);
  return ALLOWED;
}

function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** Whether the card's action is legal now, for the round and for every target; the first refusal wins. */
export function cardLegality(card: AttackCard, state: SkirmishState, round: RoundContext): CardLegality {
  const turn = roundAllows(round, card);
  if (!turn.allowed) return turn;
  const attackerId = card.attacker.id;
  // Someone no longer on the board (removed from the combat, a deleted token) is a refusal, never an exception.
  if (!Object.hasOwn(state.combatants, attackerId)) return refuse(BOARD_REASONS.AttackerNotOnBoard);
  const gone = card.targets.find((t) => !Object.hasOwn(state.combatants, t.id));
  if (gone !== undefined) return { ...refuse(BOARD_REASONS.TargetNotOnBoard), targetId: gone.id };
  const per = (targetId: string, legality: Legality): CardLegality =>
    legality.allowed ? legality : { ...legality, targetId };
  switch (card.action) {
    case "attack": {
      if (card.targets.length === 0) {
        // An attack at nobody is a plain roll for quick play; in combat a battle action needs a target.
        if (round.inCombat) return refuse(CARD_REASONS.NeedsTarget);
        const attacker = combatant(state, attackerId, "card.attacker");
        const ready = readyToAct(attacker);
        if (!ready.allowed) return ready;
        return (card.weapon?.magicCost ?? 0) > attacker.magic.value ? refuse(RULE_REASONS.NotEnoughMagic) : ALLOWED;
      }
      for (const t of card.targets) {
        const legality = per(t.id, attackLegality(state, declarationFor(card, t.id)));
        if (!legality.allowed) return legality;
      }
      return ALLOWED;
    }
    case "grapple": {
      const t = card.targets[0];
      if (t === undefined) return refuse(CARD_REASONS.OneTarget);
      return per(t.id, attackLegality(state, { ...declarationFor(card, t.id), grapple: true }));
    }
    case "breakOut": {
      const legality = validateBreakOut(state, { breakerId: attackerId });
      if (!legality.allowed) return legality;
      const grapplers = breakOutDefenders(state, attackerId);
      const ids = card.targets.map((t) => t.id);
      return sameMembers(grapplers, ids) ? ALLOWED : refuse(CARD_REASONS.GrapplersChanged);
    }
    case "rescue": {
      const t = card.targets[0];
      if (t === undefined) return refuse(CARD_REASONS.OneTarget);
      return per(t.id, validateRescue(state, { rescuerId: attackerId, targetId: t.id }));
    }
    case "setDown":
      return state.carrying[attackerId] === undefined ? refuse(RULE_REASONS.NotCarrying) : ALLOWED;
  }
}

/**
 * The skirmish for a card outside combat (quick play): the given combatants, all at the same altitude and at
 * close quarters from each other, so only what does not depend on the board (health, weapon traits, Magic
 * Points) can refuse an attack. Round flags start clear.
 */
export function quickPlayState(combatants: readonly CombatantState[]): SkirmishState {
  const distances: SkirmishState["distances"] = {};
  combatants.forEach((a, i) => {
    for (const b of combatants.slice(i + 1)) if (a.id !== b.id) distances[pairKey(a.id, b.id)] = "close";
  });
  const fresh = (c: CombatantState): CombatantState => ({
    ...c,
    altitude: "mid",
    moved: false,
    fullMove: false,
    acted: false,
    roundEffects: [],
  });
  return {
    combatants: Object.fromEntries(combatants.map((c) => [c.id, fresh(c)])),
    landmarks: {},
    distances,
    grapples: [],
    carrying: {},
    surface: "normal",
  };
}
