/**
 * A check's part in the roll pipeline (core/rolls/pipeline.ts): its config (the actor and the request, which a
 * `preRoll` hook may change), and its resolve step, which plans the check and sets the pool and TN or refuses. Pure:
 * no Foundry globals, so a check is run through the pipeline with stand-ins in its tests; roll-check.ts adds the
 * dialog and the card.
 */
import type { ActorData } from "../../data/actor/actor-data";
import { prepareCheck } from "../../data/check/prepare-check";
import type { CheckRequest, PreparedCheck } from "../../data/check/prepare-check";
import type { SkillLadder } from "../../rules";
import type { RollConfig } from "../../core/rolls/pipeline";
import type { RollRefusal } from "../../core/rolls/roll-config";

/** The check's part of the roll pipeline's config (`config.data` to the roll hooks). */
export interface CheckRollData {
  readonly actorUuid: string;
  /** What is asked: a hook of `ageOfDragons.preRoll` may change it; the dialog sets it from the player's choices. */
  request: Required<CheckRequest>;
  /** What the check's plan made of the request (set when the roll is configured). */
  prepared: PreparedCheck | null;
}

/** A check's config: no dice until its resolve step plans it. */
export function checkRollConfig(actorUuid: string, request: Required<CheckRequest>, rollMode: string): RollConfig<CheckRollData> {
  return { kind: "check", terms: null, rollMode, cancellable: true, data: { actorUuid, request, prepared: null } };
}

/** The resolve step: plans the check as asked; sets its pool and TN, or says why it cannot be rolled. */
export function checkResolveStep(source: ActorData, ladder: SkillLadder): (config: RollConfig<CheckRollData>) => RollRefusal | null {
  return (config) => {
    const prepared = prepareCheck(source, config.data.request, ladder);
    config.data.prepared = prepared;
    if (prepared.check === null) return prepared.refusal ?? { key: "AOD.Roll.Refusal.NoDice", data: {} };
    config.terms = { type: "pool", pool: prepared.check.pool, tn: prepared.check.tn };
    return null;
  };
}
