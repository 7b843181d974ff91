/**
 * The live forecast of the running combat (docs/SIMULATOR.md "The forecast in Foundry"): whenever the combat, its
 * combatants or their actors change, this client asks its forecast worker for the fight's odds from where it now
 * stands (`combatEncounter`, the same translation the round uses) and tells the tracker when the answer comes.
 * Each client that shows the forecast works it out for itself (the GM always; players when the world setting lets
 * them); the only write is the active GM's history of each step's forecast on the combat, for the detail's chart.
 * The encounter holds no declaration, so a secret one cannot leak through it. The flow is forecast-runner.ts;
 * here are only its Foundry calls: the documents, the worker, the hook, the setting and the clock.
 */
import { combatEncounter } from "./combat-encounter";
import { SYSTEM_ID } from "../../constants/system-id";
import { FORECAST_HISTORY_FLAG } from "../../data/combat/forecast-history";
import { isActiveGM } from "../../core/requests/requests";
import { AgeOfDragonsCombat } from "../../documents/combat";
import type { ForecastView } from "./forecast-jobs";
import { LiveForecasts } from "./forecast-runner";
import { LiveCombat } from "../../documents/live-combat";
import { setSystemFlag, systemFlag } from "../../documents/combat-writer";
import type { ForecastCombat, ForecastIO } from "./forecast-runner";
import { withTableTactics } from "./tactics-url";

/** The hook the tracker listens to: a combat's forecast changed (its id is the argument); named as the roll hooks are. */
export const FORECAST_HOOK = "ageOfDragons.forecast";

/** The world setting that shows the forecast to players too. */
export const FORECAST_PLAYERS_SETTING = "forecastForPlayers";

/** A hook of this system's own, which core's hook types do not list. */
const ownHooks = Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean };

/** Whether this user sees the forecast: a GM always, a player when the world setting says so. */
export function showsForecast(): boolean {
  return game.user.isGM || game.settings.get(SYSTEM_ID, FORECAST_PLAYERS_SETTING);
}

/** The combat document as the forecast reads it: every property read from the document when asked. */
function forecastCombat(combat: AgeOfDragonsCombat): ForecastCombat {
  const extra: Omit<ForecastCombat, keyof LiveCombat> = {
    encounter: () => combatEncounter(combat, { leaveOutHidden: !game.user.isGM }),
    serially: (task) => combat.serially(task),
    history: () => systemFlag(combat, FORECAST_HISTORY_FLAG),
    writeHistory: (points) => setSystemFlag(combat, FORECAST_HISTORY_FLAG, points),
  };
  return Object.assign(new LiveCombat(combat), extra);
}

let worker: Worker | null = null;

function ensureWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./simulator.worker.ts", import.meta.url), { type: "module", name: "age-of-dragons-forecast" });
  started.addEventListener("message", (event: MessageEvent) => {
    void forecasts.receive(event.data);
  });
  worker = started;
  return started;
}

const foundryIO: ForecastIO = {
  shows: showsForecast,
  isActiveGM,
  combat: (id) => {
    const combat = game.combats.get(id);
    return combat instanceof AgeOfDragonsCombat ? forecastCombat(combat) : null;
  },
  post: (message) => {
    ensureWorker().postMessage(withTableTactics(message));
  },
  changed: (combatId) => {
    ownHooks.callAll(FORECAST_HOOK, combatId);
  },
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
  log: (message, error) => {
    console.warn(`${SYSTEM_ID} | ${message}`, error);
  },
};

/** This client's live forecasts. */
const forecasts = new LiveForecasts(foundryIO);

/** Asks for the combat's forecast once its changes have settled. */
export function askForecast(combat: unknown): void {
  if (!(combat instanceof AgeOfDragonsCombat)) return;
  forecasts.ask(forecastCombat(combat));
}

/** The combat's forecast as this client knows it. */
export function forecastView(combatId: string): ForecastView {
  return forecasts.view(combatId);
}

/** Forgets a deleted combat's forecast. */
export function forgetForecast(combatId: string): void {
  forecasts.forget(combatId);
}
