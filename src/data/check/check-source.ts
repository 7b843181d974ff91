/**
 * Turns an actor's plain data (src/data/actor/actor-data.ts `ActorData`: a document's `toObject()` or a pack
 * entry, read by `actorDataOf`) into the check a player asked for: which attribute and skill, the rank, the base
 * pool and TN (RULES.md "Dice and checks"). Pure: the pool and TN come from `deriveCharacter`, so encumbrance and the rank
 * ladder have one home. A skill whose rank the ladder lacks counts as untrained, with a warning.
 */
import { DEFAULT_SKILL_LADDER, SKILL_RANKS } from "../../rules";
import type { Attribute, SkillLadder, SkillRank } from "../../rules";
import type { ActorData, ItemData } from "../actor/actor-data";
import { actorSnapshot, skillSnapshot } from "../actor/actor-snapshot";
import type { CheckMessage } from "./check-plan";

/** What to check: an attribute alone (untrained), or a skill by identifier (it names its attribute). */
export interface CheckChoice {
  readonly attribute?: Attribute;
  readonly skill?: string | null;
}

/** A skill as a check uses it. */
export interface CheckSkill {
  readonly identifier: string;
  readonly name: string;
  /** The rank the TN comes from (untrained when the stored rank is unknown to the ladder). */
  readonly rank: SkillRank;
}

/** The check an actor makes, before the dialog's extra dice and TN shift. */
export interface ResolvedCheck {
  readonly attribute: Attribute;
  readonly attributeValue: number;
  readonly skill: CheckSkill | null;
  readonly basePool: number;
  readonly baseTN: number;
  /** Things the player should know (an unknown rank counted as untrained). */
  readonly warnings: readonly CheckMessage[];
}

/** A check that cannot be found on this actor. */
export interface CheckNotFound {
  readonly refusal: CheckMessage;
}

function record(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

function integer(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) ? value : 0;
}

/** The ladder with every rank present: a rank the configured ladder lacks is left out (and so counts as untrained). */
function knownRanks(ladder: Partial<Record<string, unknown>>): Set<string> {
  return new Set(SKILL_RANKS.filter((rank) => Number.isInteger(ladder[rank])));
}

/** The identifier a skill item answers to: its stored identifier, else the one its name gives. */
export function skillItemIdentifier(item: ItemData): string {
  return skillSnapshot(item).identifier;
}

/** The skills on an actor, in item order, with the rank that will be used and any warning. */
export function actorSkills(source: ActorData, ladder: SkillLadder = DEFAULT_SKILL_LADDER):
  { skill: CheckSkill; attribute: Attribute; warning: CheckMessage | null }[] {
  const known = knownRanks(ladder);
  return source.items.filter((item) => item.type === "skill").map((item) => {
    const system = record(item.system);
    const stored = typeof system.rank === "string" ? system.rank : "";
    const rank = (known.has(stored) ? stored : "untrained") as SkillRank;
    const attribute: Attribute = system.attribute === "pneuma" ? "pneuma" : "soma";
    const warning = known.has(stored) ? null : { key: "AOD.Roll.Notice.UnknownRank", data: { skill: item.name, rank: stored } };
    return { skill: { identifier: skillItemIdentifier(item), name: item.name, rank }, attribute, warning };
  });
}

/**
 * The check `choice` names on this actor: a skill's pool and TN as the sheet derives them (the better of two
 * skills with one identifier, encumbrance off hampered skills), or an untrained attribute check. A skill the
 * actor does not have is refused.
 */
export function resolveCheck(source: ActorData, choice: CheckChoice, ladder: SkillLadder = DEFAULT_SKILL_LADDER):
  ResolvedCheck | CheckNotFound {
  const system = record(source.system);
  const known = knownRanks(ladder);
  const complete: SkillLadder = { ...DEFAULT_SKILL_LADDER, ...Object.fromEntries([...known].map((r) => [r, ladder[r as SkillRank]])) };
  const skills = actorSkills(source, ladder);
  // Unknown ranks become untrained before deriving, so the derivation never meets a rank the ladder lacks.
  const items: ItemData[] = source.items.map((item) => {
    if (item.type !== "skill") return item;
    const rank = record(item.system).rank;
    const safe = typeof rank === "string" && known.has(rank) ? rank : "untrained";
    return { ...item, system: { ...record(item.system), rank: safe } };
  });
  const { derived } = actorSnapshot({ ...source, items }, { ladder: complete });

  const wanted = choice.skill ?? null;
  if (wanted !== null && wanted !== "") {
    const matches = skills.filter((entry) => entry.skill.identifier === wanted);
    const values = derived.skills[wanted];
    if (matches.length === 0 || values === undefined) {
      return { refusal: { key: "AOD.Roll.Refusal.SkillMissing", data: { actor: source.name, skill: wanted } } };
    }
    // The better of two same-named skills is the one whose TN the derivation kept.
    const best = matches.find((entry) => complete[entry.skill.rank] === values.tn) ?? matches[0];
    if (best === undefined) return { refusal: { key: "AOD.Roll.Refusal.SkillMissing", data: { actor: source.name, skill: wanted } } };
    return {
      attribute: best.attribute,
      attributeValue: integer(system[best.attribute]),
      skill: best.skill,
      basePool: values.pool,
      baseTN: values.tn,
      warnings: best.warning === null ? [] : [best.warning],
    };
  }
  const attribute: Attribute = choice.attribute ?? "soma";
  const pool = derived.pools[attribute];
  return {
    attribute,
    attributeValue: integer(system[attribute]),
    skill: null,
    basePool: pool.pool,
    baseTN: pool.tn,
    warnings: [],
  };
}

/** Whether resolveCheck found the check. */
export function isResolved(result: ResolvedCheck | CheckNotFound): result is ResolvedCheck {
  return !("refusal" in result);
}
