/**
 * The advice's glue, with its Foundry and browser calls injected (docs/SIMULATOR.md "Advice in Foundry", "NPC
 * autopilot"): one question to a Web Worker of its own and its one answer (`askWorker`), the advice window's
 * latest question whose answer alone is shown (`AdviceSlot`), and carrying an option out through the other
 * features' actions (`carryOutWith`). advice-runner.ts hands these the real Worker and `featureAction`.
 * Pure: no Foundry, DOM or browser globals.
 */
import type { DeclareChoiceOptions, MovePayload, StartAttackOptions } from "../../core/action-payloads";
import type { AdviceResult, Encounter, EncounterProblem } from "../../rules/simulator";
import type { MovePhase } from "../../rules/procedures/move";
import type { CarryOut } from "./advice-context";
import { readFromWorker } from "./worker-protocol";
import type { ToWorker } from "./worker-protocol";

/** An answered advice, or why it could not be worked out. */
export type AdviceOutcome = { status: "done"; advice: AdviceResult } | { status: "failed"; problem: EncounterProblem };

/** Advice being worked out: its answer, and a way to stop it (the answer then never comes). */
export interface AdviceAsk {
  answer: Promise<AdviceOutcome>;
  cancel(): void;
}

/** A Web Worker as the advice uses it. */
export interface AdviceWorker {
  postMessage(message: ToWorker): void;
  /** Calls `listener` with each message's data. */
  listen(listener: (data: unknown) => void): void;
  terminate(): void;
}

/** What one advice asks: for whom, in which phase, of which encounter. */
export interface AdviceQuestion {
  job: number;
  encounter: Encounter;
  combatantId: string;
  phase: MovePhase;
}

/**
 * Asks a worker of its own for one combatant's advice (seed 1: the same state, the same advice). The answer is the
 * first advice or error for this job; the worker is stopped once it has answered, or when the ask is cancelled,
 * after which no answer comes.
 */
export function askWorker(worker: AdviceWorker, question: AdviceQuestion): AdviceAsk {
  const { job, encounter, combatantId, phase } = question;
  let settle: (outcome: AdviceOutcome) => void = () => undefined;
  let over = false;
  const answer = new Promise<AdviceOutcome>((resolve) => {
    settle = resolve;
  });
  worker.listen((data) => {
    const message = readFromWorker(data);
    if (over || !message || message.job !== job) return;
    if (message.type === "advice") settle({ status: "done", advice: message.advice });
    else if (message.type === "error") settle({ status: "failed", problem: message.problem });
    else return;
    over = true;
    worker.terminate();
  });
  worker.postMessage({ type: "advise", job, encounter, combatantId, phase, seed: 1 });
  return {
    answer,
    cancel: () => {
      over = true;
      worker.terminate();
    },
  };
}

/**
 * The advice window's question: a new one replaces (and stops) the one before, and only the latest's answer is
 * shown; closing the window stops it.
 */
export class AdviceSlot {
  #current: AdviceAsk | null = null;

  /** Whether a question is being worked out. */
  get working(): boolean {
    return this.#current !== null;
  }

  /** Starts a question; `show` gets its answer unless another has been started or the slot stopped meanwhile. */
  start(ask: AdviceAsk, show: (outcome: AdviceOutcome) => void): void {
    this.#current?.cancel();
    this.#current = ask;
    void ask.answer.then((outcome) => {
      if (this.#current !== ask) return;
      this.#current = null;
      show(outcome);
    });
  }

  /** Stops the question being worked out (the window closed). */
  stop(): void {
    this.#current?.cancel();
    this.#current = null;
  }
}

/** The actions of the features that carry an option out (core/actions.ts `FeatureActions`). */
export interface Carriers {
  startAttack(options?: StartAttackOptions): Promise<void>;
  boardMove(payload: MovePayload): Promise<string | undefined>;
  declareChoice(options: DeclareChoiceOptions): Promise<string | undefined>;
}

/**
 * Carries an option out through the feature that owns it: the attack card (`startAttack`), the board
 * (`boardMove`) or the round's declarations (`declareChoice`; `ask` false declares at once, the autopilot's way).
 * `carrier` gives the feature's action by name. Resolves with a refusal reason (an en.json key), if any.
 */
export async function carryOutWith(
  carrier: <K extends keyof Carriers>(name: K) => Carriers[K],
  action: CarryOut,
  options: { ask: boolean } = { ask: true },
): Promise<string | undefined> {
  switch (action.kind) {
    case "attack":
      await carrier("startAttack")(action.options);
      return undefined;
    case "move":
      return carrier("boardMove")(action.payload);
    case "declare":
      return carrier("declareChoice")({ ...action.options, ask: options.ask });
    case "none":
      return action.refused;
  }
}
