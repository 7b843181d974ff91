/**
 * What one feature offers the others: a feature hands its actions over when it registers (`provideActions`), and
 * any other calls them by name (`featureAction`), so no feature imports another. The option types live here so
 * callers and providers agree on them. The same actions are the public API's (config/api.ts).
 */
import type { Attribute } from "../rules";
import type { BoardEdit } from "../rules/board/edits";
import type { Forecast } from "../rules/simulator";
import type { ModuleTactics } from "./tactics-warning";

/** What to roll. Every field is optional: `{}` is a plain Soma check. */
export interface RollCheckOptions {
  /** An untrained attribute check (ignored when `skill` or `weapon` is given). */
  readonly attribute?: Attribute;
  /** A skill by identifier ("toothAndClaw"); its attribute and rank set the pool and TN. */
  readonly skill?: string;
  /** A weapon item id on the actor: rolls the weapon's attack skill, with attack odds against `target`. */
  readonly weapon?: string;
  /** A killer blow with that weapon (attack TN +1). */
  readonly killerBlow?: boolean;
  /** Dice added (or removed, below 0), -30..30. */
  readonly extraDice?: number;
  /** TN raised (or lowered, below 0), -6..6. */
  readonly tnShift?: number;
  /** A core roll mode ("publicroll", "gmroll", "blindroll", "selfroll"); default: the chat's current mode. */
  readonly rollMode?: string;
  /** Open the roll dialog first (sheets pass `!event.shiftKey`, so shift-click rolls at once). Default false. */
  readonly configure?: boolean;
  /** The attack's target for the dialog's odds; default: the user's first targeted token's actor. */
  readonly target?: Actor.Implementation | null;
}

import type { DeclareChoiceOptions, MovePayload, StartAttackOptions } from "./action-payloads";
export type { DeclareChoiceOptions, MovePayload, StartAttackOptions } from "./action-payloads";

/** Every action a feature provides to the others, by name. */
export interface FeatureActions {
  /** features/checks: rolls a check for an actor (a document, its uuid or id) and posts its card; null = nothing rolled. */
  rollCheck(actor: Actor.Implementation | string | null | undefined, options?: RollCheckOptions): Promise<ChatMessage.Implementation | null>;
  /** features/attack: starts a battle action on an attack card against the user's (or the named) targets. */
  startAttack(options?: StartAttackOptions): Promise<void>;
  /** features/attack: `startAttack` for one actor acting for its own token (a sheet's weapon button, a macro). */
  attackWith(actor: Actor.Implementation, options?: Omit<StartAttackOptions, "attacker">): Promise<void>;
  /** features/board: a move on the board, applied by the active GM; resolves with a refusal reason, if any. */
  boardMove(payload: MovePayload): Promise<string | undefined>;
  /**
   * features/round: at a combatant's declare step, fills in its declaration dialog with a choice (`ask`), or
   * declares it at once (the active GM's autopilot); resolves with a refusal reason (an en.json key), if any.
   */
  declareChoice(options: DeclareChoiceOptions): Promise<string | undefined>;
  /** features/board: a GM's edit of the board (GM clients only); resolves with a refusal reason, if any. */
  boardEdit(combatId: string, edit: BoardEdit): Promise<string | undefined>;
  /** features/board: opens (or brings to the front) this client's range and altitude board. */
  openBoard(): void;
  /** features/simulator: opens the encounter simulator, on a combat's sides when one is given, else empty. */
  openSimulator(combat?: Combat | null): void;
  /** features/simulator: the live forecast of a combat as this client knows it; null when this user is not shown it. */
  forecastOf(combatId: string): { forecast: Forecast | null; updating: boolean } | null;
  /** features/simulator: what the table's tactics module offers, its names asked of a worker (none when no module is set). */
  tableTactics(): Promise<ModuleTactics>;
}

const provided: Partial<FeatureActions> = {};

/** Hands over a feature's actions (called from that feature's register, at `init`). */
export function provideActions(actions: Partial<FeatureActions>): void {
  Object.assign(provided, actions);
}

/** The action a feature provides under this name; an error when no feature registered it (a setup fault). */
export function featureAction<K extends keyof FeatureActions>(name: K): FeatureActions[K] {
  const action = provided[name];
  if (action === undefined) throw new Error(`Age of Dragons: no feature provides the action "${name}"`);
  return action;
}
