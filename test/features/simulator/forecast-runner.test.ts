// The live forecast's flow (src/features/simulator/forecast-runner.ts, the logic behind live-forecast.ts): a plain
// combat, a recording worker, a manual clock.
import { describe, expect, it } from "vitest";
import { LiveForecasts, PRECISION, SETTLE_MS } from "../../../src/features/simulator/forecast-runner";
import type { ForecastCombat, ForecastIO, TimerHandle } from "../../../src/features/simulator/forecast-runner";
import type { ToWorker } from "../../../src/features/simulator/worker-protocol";
import type { HistoryPoint } from "../../../src/data/combat/forecast-history";
import type { Encounter, Forecast } from "../../../src/rules/simulator";
import { wilson } from "../../../src/rules/simulator";
import { dragon, knight, versus } from "../../rules/simulator/fixtures";

const forecast = (redWins: number, draws = 0, runs = 1000): Forecast => ({
  result: {
    runs, seed: 1, mode: "descending", roundLimit: 20, cancelled: false,
    sides: [{ name: "Red", wins: wilson(redWins, runs) }, { name: "Blue", wins: wilson(runs - redWins - draws, runs) }],
    draws: wilson(draws, runs),
    endings: { sideOut: runs - draws, disengaged: 0, roundLimit: draws },
    rounds: { mean: 4, median: 4, p90: 6, histogram: [] },
    combatants: [],
  },
  precision: 0.02,
  roundsLeft: 2,
});

/** A combat as the documents hold it. */
class Combat implements ForecastCombat {
  id: string | null = "c1";
  started = true;
  cursor = { round: 2, index: 1 };
  state: Encounter = versus([dragon("a")], [knight("b")]);
  flag: unknown = undefined;
  writes: HistoryPoint[][] = [];
  failWrite = false;
  encounter(): Encounter {
    return structuredClone(this.state);
  }
  serially<T>(task: () => Promise<T>): Promise<T> {
    return task();
  }
  history(): unknown {
    return this.flag;
  }
  writeHistory(points: HistoryPoint[]): Promise<unknown> {
    if (this.failWrite) return Promise.reject(new Error("offline"));
    this.writes.push(points);
    this.flag = points;
    return Promise.resolve();
  }
  /** A change to the fight (a wound): the encounter differs. */
  wound(): void {
    this.state = versus([dragon("a", { life: { max: 8, wounds: this.writes.length + 1 } })], [knight("b")]);
  }
}

/** One client: a manual clock, the messages to its worker, the tracker's redraws. */
class Client implements ForecastIO {
  readonly forecasts = new LiveForecasts(this);
  readonly combats = new Map<string, Combat>([["c1", new Combat()]]);
  readonly posted: ToWorker[] = [];
  readonly redraws: string[] = [];
  readonly logs: string[] = [];
  activeGM = true;
  showing = true;
  now = 0;
  #timers = new Map<number, { at: number; run: () => void }>();
  #next = 0;

  get combat1(): Combat {
    const c = this.combats.get("c1");
    if (!c) throw new Error("no combat");
    return c;
  }
  shows(): boolean {
    return this.showing;
  }
  isActiveGM(): boolean {
    return this.activeGM;
  }
  combat(id: string): ForecastCombat | null {
    return this.combats.get(id) ?? null;
  }
  post(message: ToWorker): void {
    this.posted.push(structuredClone(message));
  }
  changed(combatId: string): void {
    this.redraws.push(combatId);
  }
  setTimer(run: () => void, ms: number): TimerHandle {
    this.#next += 1;
    this.#timers.set(this.#next, { at: this.now + ms, run });
    return this.#next;
  }
  clearTimer(handle: TimerHandle): void {
    this.#timers.delete(handle as number);
  }
  log(message: string): void {
    this.logs.push(message);
  }
  /** Moves the clock on, running each timer that comes due. */
  advance(ms: number): void {
    this.now += ms;
    for (const [id, t] of [...this.#timers]) {
      if (t.at > this.now) continue;
      this.#timers.delete(id);
      t.run();
    }
  }
  /** The forecast questions sent to the worker. */
  questions(): Extract<ToWorker, { type: "forecast" }>[] {
    return this.posted.filter((m): m is Extract<ToWorker, { type: "forecast" }> => m.type === "forecast");
  }
  /** Asks and lets the burst settle. */
  askSettled(): void {
    this.forecasts.ask(this.combat1);
    this.advance(SETTLE_MS);
  }
}

describe("the live forecast asks once a burst of changes has settled", () => {
  it("asks the worker once, the settling time after the last of several changes", () => {
    const client = new Client();
    client.forecasts.ask(client.combat1);
    client.advance(300);
    client.forecasts.ask(client.combat1);
    client.advance(SETTLE_MS - 1);
    expect(client.posted).toEqual([]);
    client.advance(1);
    expect(client.posted).toEqual([{ type: "forecast", job: 1, encounter: client.combat1.state, seed: 1, precision: PRECISION }]);
    expect(client.redraws).toEqual(["c1"]);
    expect(client.forecasts.view("c1")).toEqual({ forecast: null, updating: true });
  });

  it("asks nothing for a user not shown the forecast, a combat not started, or a fight with one side", () => {
    const hidden = new Client();
    hidden.showing = false;
    hidden.askSettled();
    const notStarted = new Client();
    notStarted.combat1.started = false;
    notStarted.askSettled();
    const oneSide = new Client();
    oneSide.combat1.state = { sides: [{ name: "Red", combatants: [dragon("a")] }] };
    oneSide.askSettled();
    for (const client of [hidden, notStarted, oneSide]) expect(client.posted).toEqual([]);
  });

  it("reads the combat when the wait ends, not when the change came", () => {
    const client = new Client();
    client.forecasts.ask(client.combat1);
    client.combat1.wound();
    client.advance(SETTLE_MS);
    expect(client.questions()[0]?.encounter).toEqual(client.combat1.state);
  });

  it("does not ask again for the same state", () => {
    const client = new Client();
    client.askSettled();
    client.askSettled();
    expect(client.questions()).toHaveLength(1);
  });
});

describe("a change mid-computation restarts the forecast", () => {
  it("cancels the question being worked out and asks for the new state", () => {
    const client = new Client();
    client.askSettled();
    client.combat1.wound();
    client.askSettled();
    expect(client.posted.map((m) => [m.type, m.job])).toEqual([["forecast", 1], ["cancel", 1], ["forecast", 2]]);
    expect(client.questions()[1]?.encounter).toEqual(client.combat1.state);
  });

  it("drops the old question's answer, and shows the new one's", async () => {
    const client = new Client();
    client.askSettled();
    client.combat1.wound();
    client.askSettled();
    client.redraws.length = 0;
    await client.forecasts.receive({ type: "forecast", job: 1, forecast: forecast(900) });
    expect(client.forecasts.view("c1")).toEqual({ forecast: null, updating: true });
    expect(client.redraws).toEqual([]);
    expect(client.combat1.writes).toEqual([]);
    await client.forecasts.receive({ type: "forecast", job: 2, forecast: forecast(300) });
    expect(client.forecasts.view("c1")).toEqual({ forecast: forecast(300), updating: false });
    expect(client.redraws).toEqual(["c1"]);
  });

  it("keeps showing the last answer, marked as updating, while a new one is worked out", async () => {
    const client = new Client();
    client.askSettled();
    await client.forecasts.receive({ type: "forecast", job: 1, forecast: forecast(600) });
    client.combat1.wound();
    client.askSettled();
    expect(client.posted.filter((m) => m.type === "cancel")).toEqual([]);
    expect(client.forecasts.view("c1")).toEqual({ forecast: forecast(600), updating: true });
  });

  it("keeps the last answer when the worker fails, and asks the same state again later", async () => {
    const client = new Client();
    client.askSettled();
    await client.forecasts.receive({ type: "error", job: 1, problem: { key: "AOD.Simulator.Error.Failed", data: {} } });
    expect(client.logs).toEqual(["the forecast of combat c1 failed"]);
    expect(client.forecasts.view("c1")).toEqual({ forecast: null, updating: false });
    client.askSettled();
    expect(client.questions()).toHaveLength(2);
  });

  it("ignores a malformed message from the worker", async () => {
    const client = new Client();
    client.askSettled();
    await client.forecasts.receive({ type: "forecast", job: 1, forecast: null });
    await client.forecasts.receive("junk");
    expect(client.forecasts.view("c1")).toEqual({ forecast: null, updating: true });
  });

  it("stops the question being worked out when the combat is deleted", () => {
    const client = new Client();
    client.askSettled();
    client.forecasts.forget("c1");
    expect(client.posted.at(-1)).toEqual({ type: "cancel", job: 1 });
    expect(client.forecasts.view("c1")).toEqual({ forecast: null, updating: false });
  });
});

describe("the history: written by the active GM alone", () => {
  it("writes the answered step's chances, rounded, on the active GM", async () => {
    const client = new Client();
    client.askSettled();
    await client.forecasts.receive({ type: "forecast", job: 1, forecast: forecast(6004, 1000, 10_000) });
    expect(client.combat1.writes).toEqual([[{ round: 2, index: 1, wins: { Red: 0.6, Blue: 0.3 }, draw: 0.1 }]]);
  });

  it("writes nothing on a client that is not the active GM, though it shows the answer", async () => {
    const client = new Client();
    client.activeGM = false;
    client.askSettled();
    await client.forecasts.receive({ type: "forecast", job: 1, forecast: forecast(600) });
    expect(client.forecasts.view("c1").forecast).toEqual(forecast(600));
    expect(client.combat1.writes).toEqual([]);
  });

  it("writes nothing when the point is already there, or the combat has ended its run", async () => {
    const client = new Client();
    client.askSettled();
    await client.forecasts.receive({ type: "forecast", job: 1, forecast: forecast(600) });
    client.forecasts.forget("c1");
    client.askSettled();
    await client.forecasts.receive({ type: "forecast", job: 2, forecast: forecast(600) });
    expect(client.combat1.writes).toHaveLength(1);
    client.combat1.wound();
    client.askSettled();
    client.combat1.started = false;
    await client.forecasts.receive({ type: "forecast", job: 3, forecast: forecast(100) });
    expect(client.combat1.writes).toHaveLength(1);
  });

  it("logs a failed write and still shows the answer", async () => {
    const client = new Client();
    client.combat1.failWrite = true;
    client.askSettled();
    await client.forecasts.receive({ type: "forecast", job: 1, forecast: forecast(600) });
    expect(client.logs).toEqual(["the forecast history of combat c1 was not written"]);
    expect(client.forecasts.view("c1").forecast).toEqual(forecast(600));
  });
});
