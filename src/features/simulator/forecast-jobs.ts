/**
 * Which forecast of a combat is current (docs/SIMULATOR.md "The forecast in Foundry"). The live forecast is asked
 * anew whenever the combat's state changes; only the answer to the latest question of a combat counts, an answer
 * to an older one is dropped, and the same state is never asked twice. Pure: no Foundry globals, no Worker.
 */
import type { Forecast } from "../../rules/simulator";

/** What a combat's forecast stands at: the state it was asked for, its job, and the answer once it came. */
interface Entry {
  key: string;
  job: number;
  forecast: Forecast | null;
  /** The last answered forecast, kept while a newer one is worked out (the tracker shows it, marked as updating). */
  previous: Forecast | null;
}

/** A combat's forecast as the tracker shows it: the latest answer and whether a newer one is on its way. */
export interface ForecastView {
  forecast: Forecast | null;
  updating: boolean;
}

/** The forecasts of every combat this client follows. */
export class ForecastJobs {
  #job = 0;
  readonly #entries = new Map<string, Entry>();

  /**
   * A new question for the combat in the state named by `key`: its job number, or null when that state is already
   * asked or answered. A question replaces the combat's earlier one (its answer, when it comes, is dropped).
   */
  ask(combatId: string, key: string): number | null {
    const entry = this.#entries.get(combatId);
    if (entry?.key === key) return null;
    this.#job += 1;
    const previous = entry ? (entry.forecast ?? entry.previous) : null;
    this.#entries.set(combatId, { key, job: this.#job, forecast: null, previous });
    return this.#job;
  }

  /** Takes an answer: the combat it belongs to, or null when it answers a question since replaced or forgotten. */
  answer(job: number, forecast: Forecast): string | null {
    for (const [combatId, entry] of this.#entries) {
      if (entry.job !== job) continue;
      entry.forecast = forecast;
      entry.previous = null;
      return combatId;
    }
    return null;
  }

  /** A question that failed: the combat keeps its last answer, and the same state may be asked again. */
  fail(job: number): string | null {
    for (const [combatId, entry] of this.#entries) {
      if (entry.job !== job) continue;
      this.#entries.set(combatId, { key: "", job: 0, forecast: entry.previous, previous: null });
      return combatId;
    }
    return null;
  }

  /** The combat's forecast as it stands. */
  view(combatId: string): ForecastView {
    const entry = this.#entries.get(combatId);
    if (!entry) return { forecast: null, updating: false };
    return { forecast: entry.forecast ?? entry.previous, updating: entry.forecast === null && entry.job > 0 };
  }

  /** The job still being worked out for a combat, if any (to cancel it). */
  pending(combatId: string): number | null {
    const entry = this.#entries.get(combatId);
    return entry && entry.forecast === null && entry.job > 0 ? entry.job : null;
  }

  /** Forgets a combat (deleted or ended). */
  forget(combatId: string): void {
    this.#entries.delete(combatId);
  }
}
