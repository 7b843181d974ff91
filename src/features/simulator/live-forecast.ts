/**
 * The live forecast of the running combat (docs/SIMULATOR.md "The forecast in Foundry"): whenever the combat, its
 * combatants or their actors change, this client asks its forecast worker for the fight's odds from where it now
 * stands (`forecastEncounter`, the same translation the round uses) and tells the tracker when the answer comes.
 * Each client that shows the forecast works it out for itself (the GM always; players when the world setting lets
 * them); the only write is the active GM's history of each step's forecast on the combat, for the detail's chart.
 * The encounter holds no declaration, so a secret one cannot leak through it.
 */
import { combatEncounter } from "./combat-encounter";
import { SYSTEM_ID } from "../../constants/system-id";
import { FORECAST_HISTORY_FLAG, readHistory, recordPoint } from "../../data/combat/forecast-history";
import { isActiveGM } from "../../core/requests/requests";
import { AgeOfDragonsCombat } from "../../documents/combat";
import { ForecastJobs } from "./forecast-jobs";
import type { ForecastView } from "./forecast-jobs";
import { readFromWorker } from "./worker-protocol";
import type { ToWorker } from "./worker-protocol";

/** The hook the tracker listens to: a combat's forecast changed (its id is the argument); named as the roll hooks are. */
export const FORECAST_HOOK = "ageOfDragons.forecast";

/** The world setting that shows the forecast to players too. */
export const FORECAST_PLAYERS_SETTING = "forecastForPlayers";

/** The precision the live forecast aims at (the 95% interval's half-width on each side's chance). */
const PRECISION = 0.02;

/** Changes come in bursts (an attack writes the card, the actor and its statuses): ask once the burst is over. */
const SETTLE_MS = 400;

/** A hook of this system's own, which core's hook types do not list. */
const ownHooks = Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean };

const jobs = new ForecastJobs();
let worker: Worker | null = null;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** Whether this user sees the forecast: a GM always, a player when the world setting says so. */
export function showsForecast(): boolean {
  return game.user.isGM || game.settings.get(SYSTEM_ID, FORECAST_PLAYERS_SETTING);
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./simulator.worker.ts", import.meta.url), { type: "module", name: "age-of-dragons-forecast" });
  started.addEventListener("message", (event: MessageEvent) => {
    const message = readFromWorker(event.data);
    if (message?.type === "forecast") {
      const combatId = jobs.answer(message.job, message.forecast);
      if (combatId !== null) {
        ownHooks.callAll(FORECAST_HOOK, combatId);
        void recordHistory(combatId).catch((error: unknown) => {
          console.warn(`${SYSTEM_ID} | the forecast history of combat ${combatId} was not written`, error);
        });
      }
    } else if (message?.type === "error") {
      const combatId = jobs.fail(message.job);
      if (combatId !== null) console.warn(`${SYSTEM_ID} | the forecast of combat ${combatId} failed`, message.problem);
    }
  });
  worker = started;
  return started;
}

/** A document's own flags in the system's scope (the flag types know no system keys). */
type Flagged = { getFlag(scope: string, key: string): unknown; setFlag(scope: string, key: string, value: unknown): Promise<unknown> };

const rounded = (rate: number): number => Math.round(rate * 1000) / 1000;

/**
 * The active GM keeps each step's forecast on the combat (data/combat/forecast-history.ts), for the chart in the
 * forecast detail: the answer to the combat's latest question only (one still being worked out is not the step's),
 * written in the combat's write queue.
 */
async function recordHistory(combatId: string): Promise<void> {
  if (!isActiveGM()) return;
  const combat = game.combats.get(combatId);
  const view = jobs.view(combatId);
  if (!(combat instanceof AgeOfDragonsCombat) || !combat.started || view.forecast === null || view.updating) return;
  const { result } = view.forecast;
  const point = {
    round: combat.stored.cursor.round,
    index: combat.stored.cursor.index,
    wins: Object.fromEntries(result.sides.map((s) => [s.name, rounded(s.wins.rate)])),
    draw: rounded(result.draws.rate),
  };
  const flagged = combat as unknown as Flagged;
  await combat.serially(async () => {
    const next = recordPoint(readHistory(flagged.getFlag(SYSTEM_ID, FORECAST_HISTORY_FLAG)), point);
    if (next !== null) await flagged.setFlag(SYSTEM_ID, FORECAST_HISTORY_FLAG, next);
  });
}

/** Asks for the combat's forecast now, unless it is already asked for this very state. */
function askNow(combat: AgeOfDragonsCombat): void {
  const id = combat.id;
  if (id === null || !combat.started) return;
  const encounter = combatEncounter(combat);
  if (encounter.sides.length < 2) return;
  const before = jobs.pending(id);
  const job = jobs.ask(id, JSON.stringify(encounter));
  if (job === null) return;
  const post = (message: ToWorker) => {
    ensureWorker().postMessage(message);
  };
  if (before !== null) post({ type: "cancel", job: before });
  // One seed for every forecast: the same state always shows the same odds.
  post({ type: "forecast", job, encounter, seed: 1, precision: PRECISION });
  ownHooks.callAll(FORECAST_HOOK, id);
}

/** Asks for the combat's forecast once its changes have settled. */
export function askForecast(combat: unknown): void {
  if (!(combat instanceof AgeOfDragonsCombat) || combat.id === null || !showsForecast()) return;
  const id = combat.id;
  const waiting = timers.get(id);
  if (waiting !== undefined) clearTimeout(waiting);
  timers.set(
    id,
    setTimeout(() => {
      timers.delete(id);
      askNow(combat);
    }, SETTLE_MS),
  );
}

/** The combat's forecast as this client knows it. */
export function forecastView(combatId: string): ForecastView {
  return jobs.view(combatId);
}

/** Forgets a deleted combat's forecast. */
export function forgetForecast(combatId: string): void {
  const before = jobs.pending(combatId);
  if (before !== null) worker?.postMessage({ type: "cancel", job: before } satisfies ToWorker);
  jobs.forget(combatId);
}
