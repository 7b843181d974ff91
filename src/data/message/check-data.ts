/**
 * The data a check card keeps in `message.system` (README "Rolling checks"): who rolled what, with which pool and TN, and how
 * many successes. The dice themselves are the message's roll (so Dice So Nice shows them). Pure: built from a
 * prepared check, rendered by checkCardContext.
 */
import type { Attribute, SkillRank } from "../../rules";
import type { PreparedCheck } from "../check/prepare-check";

/** A check card's stored data. */
export interface CheckCardData {
  actorUuid: string;
  actorName: string;
  actorImg: string;
  attribute: Attribute;
  /** The skill's identifier, or "" for an untrained attribute check. */
  skill: string;
  skillName: string;
  /** The rank the TN came from ("untrained" for an attribute check). */
  rank: SkillRank;
  /** The weapon whose attack this was, or "". */
  weapon: string;
  killerBlow: boolean;
  basePool: number;
  baseTN: number;
  extraDice: number;
  tnShift: number;
  pool: number;
  tn: number;
  successes: number;
}

/** Who the card is for: the actor's uuid, name and portrait. */
export interface CardActor {
  readonly uuid: string;
  readonly name: string;
  readonly img: string;
}

/** The card data of a rolled check; null when the check was refused (nothing was rolled). */
export function checkCardData(actor: CardActor, prepared: PreparedCheck, successes: number): CheckCardData | null {
  const { resolved, check } = prepared;
  if (resolved === null || check === null) return null;
  return {
    actorUuid: actor.uuid,
    actorName: actor.name,
    actorImg: actor.img,
    attribute: resolved.attribute,
    skill: resolved.skill?.identifier ?? "",
    skillName: resolved.skill?.name ?? "",
    rank: resolved.skill?.rank ?? "untrained",
    weapon: prepared.weapon?.name ?? "",
    killerBlow: prepared.killerBlow,
    basePool: check.basePool,
    baseTN: check.baseTN,
    extraDice: check.extraDice,
    tnShift: check.tnShift,
    pool: check.pool,
    tn: check.tn,
    successes,
  };
}
