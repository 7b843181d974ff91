/**
 * Surprise and ambush at the start of a skirmish (001 "Surprise and Ambush"), composed from the engine's
 * procedures: each unaware side's d10 + Agility (its scout's or its average) against the Surprise Chance, or, in an
 * ambush, the ambushers' roll setting the chance first; then the one-round effects on every member. Returns the
 * card's data and the changes. Pure: dice come in through a DiceSource.
 */
import { rollFrom } from "../../rules/roll-sources";
import type { StateChange } from "../../rules/state";
import {
  ambushChance,
  ambushCheck,
  sideAgility,
  sideTagModifier,
  surpriseChance,
  surpriseCheck,
  surpriseEffects,
} from "../../rules/surprise";
import type { AmbushResult, TagModifiers } from "../../rules/surprise";
import type { DiceSource } from "../../rules/types";

/** One side's surprise roll on the card. */
export interface SurpriseRoll {
  side: string;
  roll: number;
  agility: number;
  chance: number;
  result: AmbushResult;
}

/** What the surprise card stores. */
export interface SurpriseCardData {
  kind: "surprise" | "ambush";
  /** The ambusher's roll setting the chance (ambush only). */
  ambusher: { side: string; roll: number; agility: number; modifier: number; chance: number; failed: boolean } | null;
  rolls: SurpriseRoll[];
  /** Whether the results cost the first round (the world setting). */
  costsRoundOne: boolean;
  /** Personal ambushes from hiding (no roll): who struck whom, by name. Absent on older cards. */
  personal?: { attacker: string; target: string }[];
}

/** One side as the surprise step sees it. */
export interface SurpriseSide {
  side: string;
  members: readonly { id: string; agility: number; tags: readonly string[] }[];
  /** The nominated scout's Agility, if the side named one. */
  scout?: number;
}

/** What the GM set in the surprise dialog. */
export interface SurpriseSetup {
  kind: "surprise" | "ambush";
  /** The sides caught unaware (they roll). */
  unaware: readonly SurpriseSide[];
  /** Everyone else: in an ambush, the ambushers (their roll sets the chance); in a surprise, the unseen. */
  others: readonly SurpriseSide[];
  /** Whether the results cost the first round (the world setting). */
  costsRoundOne: boolean;
  /** Tag modifiers (Stealthy from the world setting). */
  modifiers: TagModifiers;
  /**
   * Combatants personally Hiding in Shadows or Moving Silently, each with the one it attacks: no roll on either side,
   * the target is ambushed (RULES.md "Surprise and ambush"). Absent: none.
   */
  personal?: readonly PersonalAmbush[];
}

/** A personal ambush from hiding: who strikes and whom (ids for the effects, names for the card). */
export interface PersonalAmbush {
  id: string;
  name: string;
  target: string;
  targetName: string;
}

const tagsOf = (sides: readonly SurpriseSide[]): string[][] => sides.flatMap((s) => s.members.map((m) => [...m.tags]));
const agilityOf = (side: SurpriseSide): number => sideAgility(side.members.map((m) => m.agility), side.scout);

/**
 * Rolls the surprise or ambush step; returns the card's data and the one-round effects for every member. Personal
 * ambushes (hiding in shadows, moving silently) roll nothing and ambush their targets whatever the sides' rolls.
 */
export async function rollSurprise(setup: SurpriseSetup, dice: DiceSource): Promise<{ card: SurpriseCardData; changes: StateChange[] }> {
  const rolled = setup.unaware.length > 0 ? await rollSides(setup, dice) : { card: { kind: setup.kind, ambusher: null, rolls: [], costsRoundOne: setup.costsRoundOne }, changes: [] };
  const personal = setup.personal ?? [];
  if (personal.length === 0) return rolled;
  const changes = [...rolled.changes];
  const ambushed = new Set<string>();
  for (const p of personal) {
    if (ambushed.has(p.target)) continue;
    ambushed.add(p.target);
    changes.push(...surpriseEffects(p.target, "ambushed", setup.costsRoundOne));
  }
  const card: SurpriseCardData = { ...rolled.card, personal: personal.map((p) => ({ attacker: p.name, target: p.targetName })) };
  return { card, changes };
}

async function rollSides(setup: SurpriseSetup, dice: DiceSource): Promise<{ card: SurpriseCardData; changes: StateChange[] }> {
  const rolls: SurpriseCardData["rolls"] = [];
  const changes: StateChange[] = [];
  let ambusher: SurpriseCardData["ambusher"] = null;
  let chance = surpriseChance(tagsOf(setup.others), setup.modifiers);
  if (setup.kind === "ambush") {
    const lead = setup.others[0] ?? { side: "", members: [] };
    const [roll = 1] = await rollFrom(dice, 1, 10);
    const agility = agilityOf(lead);
    const modifier = sideTagModifier(tagsOf(setup.others), setup.modifiers);
    const set = ambushChance({ roll, agility, modifier });
    ambusher = { side: lead.side, roll, agility, modifier, chance: set.chance, failed: set.failed };
    chance = set.chance;
    if (set.failed) return { card: { kind: "ambush", ambusher, rolls, costsRoundOne: setup.costsRoundOne }, changes };
  }
  for (const side of setup.unaware) {
    const [roll = 1] = await rollFrom(dice, 1, 10);
    const agility = agilityOf(side);
    const result: AmbushResult = setup.kind === "ambush" ? ambushCheck({ roll, agility, chance }) : surpriseCheck({ roll, agility, chance });
    rolls.push({ side: side.side, roll, agility, chance, result });
    for (const m of side.members) changes.push(...surpriseEffects(m.id, result, setup.costsRoundOne));
  }
  return { card: { kind: setup.kind, ambusher, rolls, costsRoundOne: setup.costsRoundOne }, changes };
}

/** What the GM chooses for the surprise step: surprise or ambush, which sides were unaware, and their scouts. */
export interface SurpriseChoice {
  kind: "surprise" | "ambush";
  unaware: readonly string[];
  /** A side's nominated scout, by combatant id (else the side's average Agility). */
  scouts?: Readonly<Record<string, string>>;
  /**
   * Combatants personally Hiding in Shadows or Moving Silently, each with the combatant it attacks (ids): no roll,
   * the target is ambushed in round 1 (RULES.md "Surprise and ambush").
   */
  personal?: readonly { id: string; target: string }[];
}

/** A combatant as the surprise step reads it (the snapshot's CombatantEntry is one). */
export interface SurpriseEntry {
  id: string;
  name: string;
  side: string;
  body: { agility: number; tags: readonly string[] } | null;
}

/**
 * The GM's choice turned into the sides the step rolls for, re-checked against the combat as it is now: only
 * combatants with an actor count; a scout that is not of its side is ignored (the average is used); a personal
 * ambush whose attacker or target is gone, or who are on one side, is dropped. null when nothing is left to settle
 * (no unaware side and nobody hiding) or when an ambush finds every side unaware.
 */
export function surpriseSides(
  entries: readonly SurpriseEntry[],
  choice: SurpriseChoice,
): Pick<SurpriseSetup, "unaware" | "others"> & { personal: PersonalAmbush[] } | null {
  const present = entries.filter((e) => e.body !== null);
  const sides = [...new Set(present.map((e) => e.side))];
  const sideOf = (side: string): SurpriseSide => {
    const members = present.filter((e) => e.side === side).map((e) => ({ id: e.id, agility: e.body?.agility ?? 0, tags: [...(e.body?.tags ?? [])] }));
    const scoutId = choice.scouts?.[side];
    const scout = members.find((m) => m.id === scoutId);
    return scout ? { side, members, scout: scout.agility } : { side, members };
  };
  const unaware = sides.filter((s) => choice.unaware.includes(s)).map(sideOf);
  const others = sides.filter((s) => !choice.unaware.includes(s)).map(sideOf);
  const byId = new Map(present.map((e) => [e.id, e]));
  const personal: PersonalAmbush[] = [];
  for (const p of choice.personal ?? []) {
    const hider = byId.get(p.id);
    const target = byId.get(p.target);
    if (!hider || !target || hider.side === target.side) continue;
    personal.push({ id: hider.id, name: hider.name, target: target.id, targetName: target.name });
  }
  if (unaware.length === 0 && personal.length === 0) return null;
  if (choice.kind === "ambush" && unaware.length > 0 && others.length === 0) return null;
  return { unaware, others, personal };
}

/** A combat card in the chat log, as the surprise check reads it: its kind, its combat and whether a GM wrote it. */
export interface PostedCard {
  card: string;
  combatId: string;
  authoredByGM: boolean;
}

/**
 * Whether the surprise step of combat `combatId` was already rolled: a surprise card for it is in the log, written by
 * a GM. Only a GM posts the round's cards, so one a player made (core lets anyone create a message it authors) is no
 * roll and does not block the GM's.
 */
export function surpriseRolled(cards: Iterable<PostedCard>, combatId: string): boolean {
  for (const c of cards) if (c.card === "surprise" && c.combatId === combatId && c.authoredByGM) return true;
  return false;
}

/** Why the surprise step cannot be rolled now (en.json keys). */
export const SURPRISE_MOMENT_REASONS = Object.freeze({
  GMOnly: "AOD.Combat.Errors.GMOnly",
  Gone: "AOD.Combat.SurpriseDialog.Errors.Gone",
  Started: "AOD.Combat.SurpriseDialog.Errors.Started",
  Rolled: "AOD.Combat.SurpriseDialog.Errors.Rolled",
});

/**
 * Whether the surprise step may be rolled now: by a GM, on a combat that still exists, before round 1, and once (a
 * surprise card for this combat already posted, by this GM or another, means it was rolled: delete that card to
 * roll again). Asked when the dialog opens and again after it closes, since the GM may take a while. null = go.
 */
export function surpriseMomentRefusal(moment: { isGM: boolean; exists: boolean; started: boolean; rolled: boolean }): string | null {
  if (!moment.isGM) return SURPRISE_MOMENT_REASONS.GMOnly;
  if (!moment.exists) return SURPRISE_MOMENT_REASONS.Gone;
  if (moment.started) return SURPRISE_MOMENT_REASONS.Started;
  if (moment.rolled) return SURPRISE_MOMENT_REASONS.Rolled;
  return null;
}
