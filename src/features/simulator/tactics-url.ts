/**
 * The table's tactics module's URL on the main thread (docs/SIMULATOR.md "A table's tactics module"): the world
 * setting's path made absolute with Foundry's route prefix (`foundry.utils.getRoute`, common/utils/helpers.mjs)
 * and the page's address, for every run, forecast and advice sent to a worker.
 */
import { SYSTEM_ID } from "../../constants/system-id";
import { i18nFormat } from "../../core/i18n";
import { checkTacticsPath, tacticsModuleUrl } from "./tactics-module";
import { withTacticsModule } from "./worker-protocol";
import type { ToWorker } from "./worker-protocol";
import { tacticsNamesAsker } from "./tactics-names";
import type { ModuleTactics } from "../../core/tactics-warning";

/** The world setting: the path of the table's tactics module ("" = none). */
export const TACTICS_MODULE_SETTING = "simulatorTacticsModule" as const;

/** The module's absolute URL, or null when none is set or its path is refused. */
export function tableTacticsUrl(): string | null {
  return tacticsModuleUrl(game.settings.get(SYSTEM_ID, TACTICS_MODULE_SETTING), (path) => foundry.utils.getRoute(path), (path) => new URL(path, location.href).href);
}

/** Warns (localised) when the setting's new path is refused: the workers then play the standard tactics only. */
export function warnRefusedTacticsPath(value: unknown): void {
  const checked = checkTacticsPath(value);
  if (!checked.ok) ui.notifications.warn(i18nFormat(checked.problem.key, checked.problem.data));
}

/** A message to a worker with the table's module, when one is set. */
export function withTableTactics(message: ToWorker): ToWorker {
  return withTacticsModule(message, tableTacticsUrl());
}

/** How long a config waits for the module's names before it says the module will be asked (ms). */
const NAMES_WAIT = 3000;

const askNames = tacticsNamesAsker(
  () => new Worker(new URL("./simulator.worker.ts", import.meta.url), { type: "module", name: "age-of-dragons-tactics-names" }),
  () =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, NAMES_WAIT);
    }),
);

/** What the table's tactics module offers, asked of a worker of its own (tactics-names.ts); none when no module is set. */
export function tableTactics(): Promise<ModuleTactics> {
  return askNames(tableTacticsUrl());
}
