/**
 * The live forecast's flow, with its Foundry calls behind a small injected interface (docs/SIMULATOR.md "The
 * forecast in Foundry"); live-forecast.ts is the Foundry side and hands this the combat documents, the forecast
 * worker, the tracker's hook, the world setting and the clock. Changes come in bursts, so a question is asked once
 * they have settled; a question for a new state cancels the one still being worked out, and its answer, should it
 * come anyway, is dropped (forecast-jobs.ts). The only write is the active GM's history of each step's forecast.
 * Pure: no Foundry, DOM or browser globals.
 */
import { recordPoint, readHistory } from "../../data/combat/forecast-history";
import type { HistoryPoint } from "../../data/combat/forecast-history";
import type { Encounter } from "../../rules/simulator";
import { ForecastJobs } from "./forecast-jobs";
import type { ForecastView } from "./forecast-jobs";
import { readFromWorker } from "./worker-protocol";
import type { ToWorker } from "./worker-protocol";

/** The precision the live forecast aims at (the 95% interval's half-width on each side's chance). */
export const PRECISION = 0.02;

/** Changes come in bursts (an attack writes the card, the actor and its statuses): ask once the burst is over. */
export const SETTLE_MS = 400;

/** What the forecast reads of a combat and writes to it. Read live: every property says how the combat stands now. */
export interface ForecastCombat {
  readonly id: string | null;
  readonly started: boolean;
  readonly cursor: { readonly round: number; readonly index: number };
  /** The combat as it stands as an encounter (combat-encounter.ts). */
  encounter(): Encounter;
  /** Runs an operation in the combat's write queue. */
  serially<T>(task: () => Promise<T>): Promise<T>;
  /** The history flag as stored (untrusted JSON). */
  history(): unknown;
  /** Writes the history flag (every client receives it). */
  writeHistory(points: HistoryPoint[]): Promise<unknown>;
}

/** A timer's handle, whatever the clock makes of it. */
export type TimerHandle = unknown;

/** The Foundry and browser calls the forecast makes. */
export interface ForecastIO {
  /** Whether this user sees the forecast (a GM always, a player when the world setting says so). */
  shows(): boolean;
  /** Whether this client is the active GM (`game.users.activeGM`). */
  isActiveGM(): boolean;
  /** A combat of this system by id, or null when it is gone. */
  combat(id: string): ForecastCombat | null;
  /** Sends the forecast worker a message (the worker is started on the first). */
  post(message: ToWorker): void;
  /** Tells the tracker a combat's forecast changed (the forecast hook). */
  changed(combatId: string): void;
  /** The clock the asks wait on. */
  setTimer(run: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
  /** Logs a warning for the console. */
  log(message: string, error: unknown): void;
}

const rounded = (rate: number): number => Math.round(rate * 1000) / 1000;

/** The forecasts of every combat this client follows. */
export class LiveForecasts {
  readonly #io: ForecastIO;
  readonly #jobs = new ForecastJobs();
  readonly #timers = new Map<string, TimerHandle>();

  constructor(io: ForecastIO) {
    this.#io = io;
  }

  /** Asks for the combat's forecast once its changes have settled (each change starts the wait again). */
  ask(combat: ForecastCombat): void {
    const id = combat.id;
    if (id === null || !this.#io.shows()) return;
    const waiting = this.#timers.get(id);
    if (waiting !== undefined) this.#io.clearTimer(waiting);
    this.#timers.set(
      id,
      this.#io.setTimer(() => {
        this.#timers.delete(id);
        this.#askNow(combat);
      }, SETTLE_MS),
    );
  }

  /** Asks for the combat's forecast now, unless it is already asked for this very state. */
  #askNow(combat: ForecastCombat): void {
    const id = combat.id;
    if (id === null || !combat.started) return;
    const encounter = combat.encounter();
    if (encounter.sides.length < 2) return;
    const before = this.#jobs.pending(id);
    const job = this.#jobs.ask(id, JSON.stringify(encounter));
    if (job === null) return;
    if (before !== null) this.#io.post({ type: "cancel", job: before });
    // One seed for every forecast: the same state always shows the same odds.
    this.#io.post({ type: "forecast", job, encounter, seed: 1, precision: PRECISION });
    this.#io.changed(id);
  }

  /**
   * Takes a message from the worker: an answer to the combat's latest question is shown (and written to the
   * history), one to an older question is dropped. Resolves once the history is written.
   */
  async receive(data: unknown): Promise<void> {
    const message = readFromWorker(data);
    if (message?.type === "forecast") {
      const combatId = this.#jobs.answer(message.job, message.forecast);
      if (combatId === null) return;
      this.#io.changed(combatId);
      try {
        await this.#recordHistory(combatId);
      } catch (error) {
        this.#io.log(`the forecast history of combat ${combatId} was not written`, error);
      }
    } else if (message?.type === "error") {
      const combatId = this.#jobs.fail(message.job);
      if (combatId !== null) this.#io.log(`the forecast of combat ${combatId} failed`, message.problem);
    }
  }

  /**
   * The active GM keeps each step's forecast on the combat (data/combat/forecast-history.ts), for the chart in the
   * forecast detail: the answer to the combat's latest question only (one still being worked out is not the
   * step's), written in the combat's write queue.
   */
  async #recordHistory(combatId: string): Promise<void> {
    if (!this.#io.isActiveGM()) return;
    const combat = this.#io.combat(combatId);
    const view = this.#jobs.view(combatId);
    if (!combat?.started || view.forecast === null || view.updating) return;
    const { result } = view.forecast;
    const point = {
      round: combat.cursor.round,
      index: combat.cursor.index,
      wins: Object.fromEntries(result.sides.map((s) => [s.name, rounded(s.wins.rate)])),
      draw: rounded(result.draws.rate),
    };
    await combat.serially(async () => {
      const next = recordPoint(readHistory(combat.history()), point);
      if (next !== null) await combat.writeHistory(next);
    });
  }

  /** The combat's forecast as this client knows it. */
  view(combatId: string): ForecastView {
    return this.#jobs.view(combatId);
  }

  /** Forgets a deleted combat's forecast (and stops the question still being worked out). */
  forget(combatId: string): void {
    const before = this.#jobs.pending(combatId);
    if (before !== null) this.#io.post({ type: "cancel", job: before });
    this.#jobs.forget(combatId);
  }
}
