/**
 * The roll pipeline's Foundry side (pipeline.ts): `Hooks`, the Roll classes, notifications and `ChatMessage`, each
 * one call. `rollThrough` is the pipeline with these; `rollPoolThrough` is a card's pool roll (attack, defence,
 * damage), handed back to the card.
 */
import { PoolRoll } from "../dice/pool-roll";
import { faceFormula } from "./roll-config";
import type { RollKind, RollRefusal, RollTerms } from "./roll-config";
import { runRoll, rollTerms } from "./pipeline";
import { postCard } from "../cards/post-card";
import type { RollConfig, RollDialogStage, RollEnv, RollHooks, RollMessageStage, RollResult } from "./pipeline";

/** A roll of the pipeline: a PoolRoll for a pool, core's Roll for dice read for their faces. */
export type PipelineRoll = foundry.dice.Roll;

function warn(refusal: RollRefusal): void {
  const text = Object.keys(refusal.data).length > 0
    ? game.i18n.format(refusal.key, refusal.data as Record<string, string>)
    : game.i18n.localize(refusal.key);
  ui.notifications.warn(text);
}

/** The pipeline's Foundry side. */
export function foundryRollEnv(): RollEnv<PipelineRoll, ChatMessage.Implementation> {
  return {
    // The system's own hooks are not in Foundry's list of hook names: called by name, as documented in the README.
    hooks: Hooks as unknown as RollHooks,
    make: (terms: RollTerms): PipelineRoll =>
      terms.type === "pool" ? PoolRoll.fromPool({ pool: terms.pool, tn: terms.tn }) : new Roll(faceFormula(terms.count, terms.faces)),
    evaluate: async (roll) => {
      await roll.evaluate();
    },
    faces: (roll) =>
      roll instanceof PoolRoll ? roll.faces : roll.dice.flatMap((die) => die.results.map((result) => result.result)),
    refuse: warn,
    post: async (data, rollMode) => {
      if (rollMode !== null) ChatMessage.applyRollMode(data as ChatMessage.CreateData, rollMode as foundry.CONST.DICE_ROLL_MODES);
      return (await postCard(data as ChatMessage.CreateData)) ?? null;
    },
  };
}

/** Runs one roll through the pipeline with Foundry's hooks, Roll and chat (pipeline.ts `runRoll`). */
export function rollThrough<D>(
  config: RollConfig<D>,
  dialog: RollDialogStage<D> = {},
  message: RollMessageStage<D, PipelineRoll> | null = null,
): Promise<RollResult<D, PipelineRoll, ChatMessage.Implementation>> {
  return runRoll(config, dialog, message, foundryRollEnv());
}

/** A card's pool roll as its caller takes it: the PoolRoll (null for an empty pool) and faces, or why there is none. */
export type CardPoolRoll =
  | { readonly ok: true; readonly roll: PoolRoll | null; readonly faces: number[] }
  | { readonly ok: false; readonly reason: string; readonly data?: Readonly<Record<string, string | number>> };

/**
 * A card's pool roll (attack, defence, damage) through the pipeline, handed back to the card: refused when the pool
 * or TN is not a whole number (the user is told), or cancelled by a hook (a defence cannot be: `cancellable` false).
 */
export async function rollPoolThrough(kind: RollKind, pool: number, tn: number, cancellable = true): Promise<CardPoolRoll> {
  const result = await rollTerms(kind, { type: "pool", pool, tn }, cancellable, foundryRollEnv());
  if (!result.ok) return result.refusal === null ? { ok: false, reason: "AOD.Roll.Cancelled" } : { ok: false, reason: result.refusal.key, data: result.refusal.data };
  return { ok: true, roll: result.roll instanceof PoolRoll ? result.roll : null, faces: [...result.faces] };
}
