// Stand-ins for the Foundry side of the roll pipeline (src/core/rolls/pipeline.ts `RollEnv`): hooks that behave as
// Foundry's `Hooks.call` / `Hooks.callAll` (client/helpers/hooks.mjs: `call` stops at the first listener returning
// false and answers false), a Roll that takes its faces from a script, and a log of every stage in order.
import type { RollEnv, RollHooks } from "../../../src/core/rolls/pipeline";
import type { RollRefusal, RollTerms } from "../../../src/core/rolls/roll-config";
import { diceOf } from "../../../src/core/rolls/roll-config";

type Listener = (...args: unknown[]) => unknown;

/** Hooks with listeners by name; every call is logged as `hook:<name>`. */
export class StandInHooks implements RollHooks {
  readonly #listeners = new Map<string, Listener[]>();
  readonly #log: string[];
  constructor(log: string[]) {
    this.#log = log;
  }

  on(hook: string, listener: Listener): void {
    this.#listeners.set(hook, [...(this.#listeners.get(hook) ?? []), listener]);
  }

  call(hook: string, ...args: unknown[]): boolean {
    this.#log.push(`hook:${hook}`);
    for (const listener of this.#listeners.get(hook) ?? []) if (listener(...args) === false) return false;
    return true;
  }

  callAll(hook: string, ...args: unknown[]): boolean {
    this.#log.push(`hook:${hook}`);
    for (const listener of this.#listeners.get(hook) ?? []) listener(...args);
    return true;
  }
}

/** A roll of the stand-in: its terms, and its faces once evaluated. */
export class StandInRoll {
  faces: number[] = [];
  evaluated = false;
  readonly terms: RollTerms;
  constructor(terms: RollTerms) {
    this.terms = terms;
  }
}

/** A message the stand-in posted. */
export interface PostedMessage {
  readonly data: Record<string, unknown>;
  readonly rollMode: string | null;
}

/** The whole stand-in environment: scripted faces, a log, the refusals shown and the messages posted. */
export function standInEnv(script: number[]) {
  const log: string[] = [];
  const hooks = new StandInHooks(log);
  const refusals: RollRefusal[] = [];
  const posted: PostedMessage[] = [];
  const env: RollEnv<StandInRoll, PostedMessage> = {
    hooks,
    make: (terms) => {
      log.push(`make:${terms.type}`);
      return new StandInRoll(terms);
    },
    evaluate: (roll) => {
      log.push("evaluate");
      const count = diceOf(roll.terms);
      if (script.length < count) throw new Error(`the script has ${script.length} faces, ${count} asked`);
      roll.faces = script.splice(0, count);
      roll.evaluated = true;
      return Promise.resolve();
    },
    faces: (roll) => [...roll.faces],
    refuse: (refusal) => {
      log.push(`refuse:${refusal.key}`);
      refusals.push(refusal);
    },
    post: (data, rollMode) => {
      log.push("post");
      const message = { data, rollMode };
      posted.push(message);
      return Promise.resolve(message);
    },
  };
  return { env, hooks, log, refusals, posted };
}
