/**
 * The encounter simulator for the GM (ApplicationV2 + Handlebars): sides built from dragged actors or from the
 * current combat, the simulation run in a Web Worker (simulator.worker.ts) with a progress bar and a cancel
 * button, and the result as a table and a chart of the rounds. The state and the context live in
 * simulator-state.ts, free of Foundry; this class only wires Foundry's events to them.
 */
import { combatEncounter } from "./combat-encounter";
import { i18nFormat } from "../../core/i18n";
import { actorDataOf } from "../../data/actor/actor-data";
import type { ActorData } from "../../data/actor/actor-data";
import {
  addActor,
  initialState,
  onWorkerMessage,
  removeActor,
  runEncounter,
  setField,
  sidesFromCombatants,
  simulatorContext,
  startRun,
} from "./simulator-state";
import type { SideInput, SimulatorState } from "./simulator-state";
import { readFromWorker } from "./worker-protocol";
import type { ToWorker } from "./worker-protocol";
import { tableTactics, withTableTactics } from "./tactics-url";
import { tacticsRefused, tacticsWarning, watchTacticsField } from "../../core/tactics-warning";
import type { ModuleTactics } from "../../core/tactics-warning";
import { templatePath } from "../../constants/template-paths";
import { encounterFile, exportFileName } from "../../data/combat/forecast-encounter";
import { AgeOfDragonsCombat } from "../../documents/combat";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
// The mixed base is cast once, or tsc spends minutes on it (README, "Foundry's types").
const Base = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2;

type Configuration = foundry.applications.api.ApplicationV2.Configuration;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
type RenderContext = foundry.applications.api.ApplicationV2.RenderContext;
type ActorUuid = `Actor.${string}`;

/** The template of the app. */
export const SIMULATOR_TEMPLATE = templatePath("simulator/simulator.hbs");

/** The worker's file, emitted beside the system's module by the build (vite.config.ts). */
function startWorker(): Worker {
  return new Worker(new URL("./simulator.worker.ts", import.meta.url), { type: "module", name: "age-of-dragons-simulator" });
}

/** The GM's encounter simulator window. */
export class SimulatorApp extends Base {
  static override DEFAULT_OPTIONS = {
    id: "aod-simulator",
    tag: "form",
    classes: ["age-of-dragons", "aod-simulator-app"],
    window: {
      title: "AOD.Simulator.Title",
      icon: "fa-solid fa-dice-d20",
      resizable: true,
      controls: [{ icon: "fa-solid fa-file-export", label: "AOD.Simulator.Export.Control", action: "exportCombat" }],
    },
    position: { width: 1100, height: "auto" as const },
    /* eslint-disable @typescript-eslint/unbound-method -- ApplicationV2 calls each handler with `this` bound to the app */
    form: { handler: SimulatorApp.#onChange, submitOnChange: true, closeOnSubmit: false },
    actions: {
      run: SimulatorApp.#run,
      cancel: SimulatorApp.#cancel,
      removeActor: SimulatorApp.#removeActor,
      fromCombat: SimulatorApp.#fromCombat,
      exportCombat: SimulatorApp.#exportCombat,
    },
    /* eslint-enable @typescript-eslint/unbound-method */
  };

  static PARTS = { form: { template: SIMULATOR_TEMPLATE, scrollable: [""] } };

  #state: SimulatorState;
  #worker: Worker | null = null;
  /** What the table's tactics module offers, asked of a worker when the window first renders (tactics-names.ts). */
  #module: ModuleTactics | null = null;

  constructor(sides: SideInput[] = [], options: Partial<Configuration> = {}) {
    super(options);
    this.#state = initialState(sides);
  }

  /** Opens the simulator with the current combat's sides (the combat tracker's hook point calls this too). */
  static openForCombat(combat: Combat | null = game.combat): SimulatorApp {
    const app = new SimulatorApp(combat ? combatSides(combat) : []);
    void app.render({ force: true });
    return app;
  }

  #update(state: SimulatorState): void {
    this.#state = state;
    void this.render();
  }

  protected override async _prepareContext(options: RenderOptions): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    this.#module ??= await tableTactics();
    return { ...base, ...simulatorContext(this.#state, i18nFormat, this.#module) };
  }

  protected override async _onRender(context: RenderContext, options: RenderOptions): Promise<void> {
    await super._onRender(context, options);
    // A side's tactics name is checked as the GM types it, in the words the context gives (core/tactics-warning.ts).
    for (const field of this.element.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-tactics-warning]")) {
      const warning = this.element.querySelector<HTMLElement>(`#${field.dataset.tacticsWarning ?? ""}`);
      const words = warning?.querySelector<HTMLElement>("[data-warning-text]");
      if (!warning || !words) continue;
      const module = this.#module ?? { kind: "unknown" };
      watchTacticsField(field, words, warning, (typed) => tacticsWarning(typed, module, i18nFormat), (typed) => tacticsRefused(typed, module));
    }
    for (const zone of this.element.querySelectorAll<HTMLElement>("[data-drop-side]")) {
      zone.addEventListener("dragover", (event) => {
        event.preventDefault();
        zone.classList.add("aod-drop-target");
      });
      zone.addEventListener("dragleave", () => {
        zone.classList.remove("aod-drop-target");
      });
      zone.addEventListener("drop", (event) => {
        event.preventDefault();
        zone.classList.remove("aod-drop-target");
        void this.#onDrop(Number(zone.dataset.dropSide), event);
      });
    }
  }

  async #onDrop(side: number, event: DragEvent): Promise<void> {
    const data: unknown = foundry.applications.ux.TextEditor.implementation.getDragEventData(event);
    const uuid = typeof data === "object" && data !== null ? (data as { type?: unknown; uuid?: unknown }) : {};
    const actor = uuid.type === "Actor" && typeof uuid.uuid === "string" ? await fromUuid(uuid.uuid as ActorUuid) : null;
    if (!(actor instanceof Actor)) {
      ui.notifications.warn(game.i18n.localize("AOD.Simulator.NotAnActor"));
      return;
    }
    this.#update(addActor(this.#state, side, { uuid: actor.uuid, name: actor.name, img: actor.img ?? "" }));
  }

  static #onChange(this: SimulatorApp, _event: Event | SubmitEvent, form: HTMLFormElement): Promise<void> {
    let state = this.#state;
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) state = setField(state, element.name, element.value);
    }
    // A refused field changed: its message goes and Simulate comes back, so the form is drawn again.
    if (this.#state.run.status === "failed" && state.run.status !== "failed") this.#update(state);
    else this.#state = state;
    return Promise.resolve();
  }

  static async #run(this: SimulatorApp): Promise<void> {
    const sides = await Promise.all(
      this.#state.sides.map(async (side) => {
        const actors: ActorData[] = [];
        for (const ref of side.actors) {
          const actor = await fromUuid(ref.uuid as ActorUuid);
          const data = actor instanceof Actor ? actorDataOf(actor.toObject()) : null;
          if (data !== null) actors.push(data);
        }
        return actors;
      }),
    );
    const { settings } = this.#state;
    const encounter = runEncounter(this.#state, sides);
    const state = startRun(this.#state);
    if (state.run.status !== "running") return;
    const worker = this.#ensureWorker();
    const message: ToWorker = { type: "run", job: state.run.job, encounter, runs: settings.runs, seed: settings.seed };
    this.#update(state);
    worker.postMessage(withTableTactics(message));
  }

  static #cancel(this: SimulatorApp): void {
    if (this.#state.run.status !== "running") return;
    const message: ToWorker = { type: "cancel", job: this.#state.run.job };
    this.#worker?.postMessage(message);
  }

  static #removeActor(this: SimulatorApp, _event: PointerEvent, target: HTMLElement): void {
    this.#update(removeActor(this.#state, Number(target.dataset.side), Number(target.dataset.index)));
  }

  static #fromCombat(this: SimulatorApp): void {
    const combat = game.combat;
    if (!combat) {
      ui.notifications.warn(game.i18n.localize("AOD.Simulator.NoCombat"));
      return;
    }
    const sides = combatSides(combat);
    if (sides.length < 2) {
      ui.notifications.warn(game.i18n.localize("AOD.Simulator.CombatOneSide"));
      return;
    }
    this.#update({ ...this.#state, sides });
  }

  /**
   * Saves the current combat, where it stands, as an encounter file (data/combat/forecast-encounter.ts) for
   * `npm run simulate -- --from FILE`. It reads no declaration, so nothing secret leaves the table.
   */
  static #exportCombat(this: SimulatorApp): void {
    const combat: unknown = game.combat;
    if (!(combat instanceof AgeOfDragonsCombat)) {
      ui.notifications.warn(game.i18n.localize("AOD.Simulator.NoCombat"));
      return;
    }
    const encounter = combatEncounter(combat, { leaveOutHidden: !game.user.isGM });
    if (encounter.sides.length < 2) {
      ui.notifications.warn(game.i18n.localize("AOD.Simulator.CombatOneSide"));
      return;
    }
    const file = exportFileName(combat.name, encounter.start?.round ?? 1);
    foundry.utils.saveDataToFile(JSON.stringify(encounterFile(encounter), null, 2), "application/json", file);
    ui.notifications.info(game.i18n.format("AOD.Simulator.Export.Saved", { file }));
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const worker = startWorker();
    worker.addEventListener("message", (event: MessageEvent) => {
      const message = readFromWorker(event.data);
      if (message) this.#update(onWorkerMessage(this.#state, message));
    });
    this.#worker = worker;
    return worker;
  }

  protected override _onClose(options: RenderOptions): void {
    super._onClose(options);
    this.#worker?.terminate();
    this.#worker = null;
  }
}

/**
 * The sides of a combat: its combatants grouped by the side the combat gives them (`system.side`, docs/COMBAT.md), or by
 * token disposition (friendly, neutral, hostile) where none is set.
 */
function combatSides(combat: Combat): SideInput[] {
  const list: { uuid: string; name: string; img: string; side: string; tactics: string }[] = [];
  for (const combatant of combat.combatants) {
    const actor = combatant.actor;
    if (!actor) continue;
    const system = combatant.system as { side?: unknown; tactics?: unknown };
    const stored: unknown = system.side;
    const side = typeof stored === "string" && stored !== "" ? stored : `disposition:${String(combatant.token?.disposition ?? 0)}`;
    const tactics = typeof system.tactics === "string" ? system.tactics : "";
    list.push({ uuid: actor.uuid, name: combatant.name ?? actor.name, img: actor.img ?? "", side, tactics });
  }
  return sidesFromCombatants(list);
}
