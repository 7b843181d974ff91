/**
 * The roll pipeline: every roll the system makes (checks, attacks, defences, damage, and the engine's initiative,
 * side d10, End Phase, event, surprise and declaration-group dice) passes through `runRoll`, in three stages with a hook at each (README
 * "The public API", "Roll hooks"):
 *
 * 1. configure: `ageOfDragons.preRoll` (may change the caller's data, skip the dialog, or cancel), the dialog
 *    (skippable), the caller's resolve step (a check's plan turns its request into a pool and TN, or refuses), then
 *    `ageOfDragons.rollConfigured` (may change the roll mode, or cancel);
 * 2. evaluate: the Roll is built and evaluated, then `ageOfDragons.rollEvaluated` sees it;
 * 3. post or hand back: a roll that posts its own message builds it, `ageOfDragons.preRollMessage` may change it or
 *    keep it from being posted, and it is posted; a roll for a card or the engine is handed back to its caller.
 *
 * The shape follows dnd5e's `BasicRoll.build(config, dialog, message)` (its module/dice/basic-roll.mjs). Pure: the
 * Foundry side (Hooks, Roll, notifications, ChatMessage) comes in as a `RollEnv` (foundry-rolls.ts builds the real
 * one), so the stages are tested with stand-ins.
 */
import type { DiceSource } from "../../rules/types";
import { checkTerms, diceOf } from "./roll-config";
import type { RollKind, RollRefusal, RollTerms } from "./roll-config";

/** The hooks of the pipeline, in the order they are called. */
export const ROLL_HOOKS = Object.freeze({
  preRoll: "ageOfDragons.preRoll",
  rollConfigured: "ageOfDragons.rollConfigured",
  rollEvaluated: "ageOfDragons.rollEvaluated",
  preRollMessage: "ageOfDragons.preRollMessage",
});

/** What one roll is, handed to every hook; README "Roll hooks" says what each hook may change. */
export interface RollConfig<D = unknown> {
  readonly kind: RollKind;
  /**
   * The dice: the caller's, or null until its resolve step sets them (a check's follow from its request). Hooks
   * read them; a change to them is not rolled (the card counts the faces against the dice it asked for).
   */
  terms: RollTerms | null;
  /** The roll mode of a posted roll (`CONFIG.Dice.rollModes`); null for rolls that are handed back. */
  rollMode: string | null;
  /**
   * Whether a hook may cancel it. False for the engine's dice and a defence: a step already under way needs them.
   * A hook's `false` is then ignored.
   */
  readonly cancellable: boolean;
  /** The caller's own data (a check's actor and request); hooks may read it, and change a check's request in preRoll. */
  data: D;
}

/** The configure stage's dialog. */
export interface RollDialogStage<D> {
  /** False skips the dialog (a shift-click, a hook); the roll goes on with its config as it is. */
  configure?: boolean;
  /** Opens the dialog: resolves with the config as chosen, or null when it was cancelled. */
  open?: (config: RollConfig<D>) => Promise<RollConfig<D> | null>;
  /** After the dialog: sets `config.terms` from `config.data`, or says why the roll is refused. */
  resolve?: (config: RollConfig<D>) => RollRefusal | null;
}

/** The post stage of a roll that posts its own message. */
export interface RollMessageStage<D, R> {
  /** False: hand the roll back without posting. */
  create?: boolean;
  /** Builds the message's data from the evaluated roll, or null to post nothing. */
  data: (roll: R, faces: readonly number[], config: RollConfig<D>) => Promise<Record<string, unknown> | null>;
}

/** The hooks as the pipeline calls them (Foundry's `Hooks.call` and `Hooks.callAll`). */
export interface RollHooks {
  /** Calls every listener until one returns false; false when one did. */
  call(hook: string, ...args: unknown[]): boolean;
  /** Calls every listener. */
  callAll(hook: string, ...args: unknown[]): unknown;
}

/** The Foundry side of the pipeline, kept thin: foundry-rolls.ts builds the real one. */
export interface RollEnv<R, M> {
  readonly hooks: RollHooks;
  /** A new, unevaluated Roll of the terms (a PoolRoll for a pool). */
  make(terms: RollTerms): R;
  /** Evaluates it (`await roll.evaluate()`, which Dice So Nice sees). */
  evaluate(roll: R): Promise<void>;
  /** The faces rolled, in order. */
  faces(roll: R, terms: RollTerms): number[];
  /** Tells the user why a roll was refused (a localised warning). */
  refuse(refusal: RollRefusal): void;
  /** Posts a roll's message in its roll mode. */
  post(data: Record<string, unknown>, rollMode: string | null): Promise<M | null>;
}

/** A roll that went through: the config as it ended, the roll (null for no dice), its faces, its message if posted. */
export interface RollDone<D, R, M> {
  readonly ok: true;
  readonly config: RollConfig<D>;
  readonly roll: R | null;
  readonly faces: readonly number[];
  readonly message: M | null;
}

/** A roll that stopped before its dice: cancelled (the dialog or a hook) or refused (bad terms; the user was told). */
export interface RollStopped {
  readonly ok: false;
  readonly stopped: "cancelled" | "refused";
  readonly refusal: RollRefusal | null;
}

/** What `runRoll` resolves with. */
export type RollResult<D, R, M> = RollDone<D, R, M> | RollStopped;

const cancelled: RollStopped = Object.freeze({ ok: false, stopped: "cancelled", refusal: null });

/** Whether a hook's answer stops the roll: false from a hook, on a roll that may be cancelled. */
function stops(answer: boolean, config: RollConfig): boolean {
  return !answer && config.cancellable;
}

/** Runs one roll through the pipeline (see the header); `message` null hands the roll back without posting. */
export async function runRoll<D, R, M>(
  config: RollConfig<D>,
  dialog: RollDialogStage<D>,
  message: RollMessageStage<D, R> | null,
  env: RollEnv<R, M>,
): Promise<RollResult<D, R, M>> {
  const refused = (refusal: RollRefusal): RollStopped => {
    env.refuse(refusal);
    return { ok: false, stopped: "refused", refusal };
  };
  // The dice are the caller's: given with the config, or set by its resolve step; a hook's change is not rolled.
  const given = config.terms;
  // 1. configure
  if (stops(env.hooks.call(ROLL_HOOKS.preRoll, config, dialog, message), config)) return cancelled;
  let current = config;
  if (dialog.configure !== false && dialog.open !== undefined) {
    const chosen = await dialog.open(current);
    if (chosen === null) return cancelled;
    current = chosen;
  }
  const refusal = dialog.resolve?.(current) ?? null;
  if (refusal !== null) return refused(refusal);
  const checked = checkTerms(dialog.resolve === undefined ? given : current.terms);
  if (!checked.ok) return refused(checked.refusal);
  // The terms are the pipeline's from here: a hook sees them frozen, and rolls what was checked.
  const terms = Object.freeze({ ...checked.terms });
  current.terms = terms;
  if (stops(env.hooks.call(ROLL_HOOKS.rollConfigured, current), current)) return cancelled;
  // 2. evaluate (no Roll for no dice)
  if (diceOf(terms) === 0) return { ok: true, config: current, roll: null, faces: [], message: null };
  const roll = env.make(terms);
  await env.evaluate(roll);
  const faces = env.faces(roll, terms);
  env.hooks.callAll(ROLL_HOOKS.rollEvaluated, roll, current);
  // 3. post, or hand back
  if (message === null || message.create === false) return { ok: true, config: current, roll, faces, message: null };
  const data = await message.data(roll, faces, current);
  if (data === null || !env.hooks.call(ROLL_HOOKS.preRollMessage, data, roll, current)) {
    return { ok: true, config: current, roll, faces, message: null };
  }
  return { ok: true, config: current, roll, faces, message: await env.post(data, current.rollMode) };
}

/** A roll of a card or of the engine: no dialog, no message; the faces and the Roll handed back. */
export async function rollTerms<R, M>(
  kind: RollKind,
  terms: RollTerms,
  cancellable: boolean,
  env: RollEnv<R, M>,
): Promise<RollResult<null, R, M>> {
  return runRoll<null, R, M>({ kind, terms, rollMode: null, cancellable, data: null }, { configure: false }, null, env);
}

/**
 * A DiceSource (README "Simulator") whose every roll goes through the pipeline, so every die the engine asks for
 * is a Roll that hooks, Dice So Nice and the chat log see; the rolls are kept to put on the card. The engine needs
 * its dice: these rolls cannot be cancelled, and a refused one (bad dice asked) throws.
 */
export class PipelineDice<R> implements DiceSource {
  readonly rolls: R[] = [];
  readonly #kind: RollKind;
  readonly #env: RollEnv<R, unknown>;

  constructor(kind: RollKind, env: RollEnv<R, unknown>) {
    this.#kind = kind;
    this.#env = env;
  }

  async roll(count: number, faces: 6 | 10 | 20): Promise<number[]> {
    const result = await rollTerms(this.#kind, { type: "faces", count, faces }, false, this.#env);
    if (!result.ok) throw new RangeError(`${this.#kind} roll of ${count}d${faces} refused: ${result.refusal?.key ?? result.stopped}`);
    if (result.roll !== null) this.rolls.push(result.roll);
    return [...result.faces];
  }
}
