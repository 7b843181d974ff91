/**
 * The advice window (docs/SIMULATOR.md "Advice in Foundry"): at a combatant's own step its owner (a player for its
 * dragon, the GM for each adversary) sees every option of the step with the exact odds of its roll and its side's
 * chance to win when it is taken, worked out in a Web Worker; *Do this* starts the attack card or makes the board
 * move, which the rules check as ever. The rows and the buttons' actions come from advice-context.ts.
 */
import { featureAction } from "../../core/actions";
import { i18nFormat } from "../../core/i18n";
import { templatePath } from "../../constants/template-paths";
import { SYSTEM_ID } from "../../constants/system-id";
import { forecastEncounter } from "../../data/combat/forecast-encounter";
import type { ActorEntry } from "../../data/simulator-encounter";
import { AgeOfDragonsCombat } from "../../documents/combat";
import type { AdviceResult, EncounterProblem } from "../../rules/simulator";
import { adviceContext, carryOut } from "./advice-context";
import { readFromWorker } from "./worker-protocol";
import type { ToWorker } from "./worker-protocol";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
// TOOLCHAIN.md: cast the mixed base once, or tsc spends minutes on it.
const Base = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
type RenderContext = foundry.applications.api.ApplicationV2.RenderContext;

/** The window's template. */
export const ADVICE_TEMPLATE = templatePath("simulator/advice.hbs");

/** The round modes where an action is declared first, so the advice names it but does not carry it out. */
const DECLARING: readonly string[] = ["reverseDeclaration", "secretDeclaration"];

type AdviceState = { status: "working" } | { status: "done"; advice: AdviceResult } | { status: "failed"; problem: EncounterProblem };

let nextJob = 0;

/** Whether this user may ask for a combatant's advice: the GM, or an owner of its actor. */
export function mayAdvise(combatant: Combatant.Implementation): boolean {
  return game.user.isGM || (combatant.actor?.isOwner ?? false);
}

/** The combatants of the combat's current step this user may ask advice for. */
export function advisable(combat: unknown): Combatant.Implementation[] {
  if (!(combat instanceof AgeOfDragonsCombat) || !combat.started) return [];
  const step = combat.step;
  if (!step || step.phase === "end" || step.kind === "end" || step.kind === "start") return [];
  return step.combatants.map((id) => combat.combatants.get(id)).filter((c): c is Combatant.Implementation => c !== undefined && mayAdvise(c));
}

/** The advice window for one combatant at its step. */
export class AdviceApp extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["age-of-dragons", "aod-advice-app"],
    window: { title: "AOD.Simulator.Advice.Window.Title", icon: "fa-solid fa-chess-knight", resizable: true },
    position: { width: 560, height: "auto" as const },
    /* eslint-disable @typescript-eslint/unbound-method -- ApplicationV2 calls each handler with `this` bound to the app */
    actions: { carryOut: AdviceApp.#carryOut },
    /* eslint-enable @typescript-eslint/unbound-method */
  };

  static PARTS = { body: { template: ADVICE_TEMPLATE, scrollable: [""] } };

  #state: AdviceState = { status: "working" };
  #worker: Worker | null = null;
  readonly #combat: AgeOfDragonsCombat;
  readonly #combatant: Combatant.Implementation;
  readonly #names: Record<string, string>;

  constructor(combat: AgeOfDragonsCombat, combatant: Combatant.Implementation) {
    super({ id: `aod-advice-${combatant.id ?? "none"}` });
    this.#combat = combat;
    this.#combatant = combatant;
    this.#names = Object.fromEntries(combat.combatants.contents.map((c) => [c.id ?? "", c.name ?? ""]));
  }

  /** Opens the advice for a combatant at its own step, when this user may ask for it. */
  static open(combat: unknown, combatantId: string): void {
    const combatant = advisable(combat).find((c) => c.id === combatantId);
    if (!(combat instanceof AgeOfDragonsCombat) || combatant === undefined) {
      ui.notifications.warn(game.i18n.localize("AOD.Simulator.Advice.Window.NoStep"));
      return;
    }
    const app = new AdviceApp(combat, combatant);
    void app.render({ force: true });
    app.#ask();
  }

  #ask(): void {
    const actors: Record<string, ActorEntry> = {};
    for (const c of this.#combat.combatants) {
      const actor = c.actor;
      if (c.id !== null && actor !== null) actors[c.id] = actor.toObject() as unknown as ActorEntry;
    }
    const encounter = forecastEncounter(this.#combat.stored, this.#combat.entries, actors);
    const phase = this.#combat.step?.phase ?? "battle";
    const job = (nextJob += 1);
    const worker = new Worker(new URL("./simulator.worker.ts", import.meta.url), { type: "module", name: "age-of-dragons-advice" });
    worker.addEventListener("message", (event: MessageEvent) => {
      const message = readFromWorker(event.data);
      if (!message || message.job !== job) return;
      if (message.type === "advice") this.#show({ status: "done", advice: message.advice });
      else if (message.type === "error") this.#show({ status: "failed", problem: message.problem });
    });
    this.#worker = worker;
    this.#state = { status: "working" };
    worker.postMessage({ type: "advise", job, encounter, combatantId: this.#combatant.id ?? "", phase, seed: 1 } satisfies ToWorker);
  }

  #show(state: AdviceState): void {
    this.#state = state;
    this.#worker?.terminate();
    this.#worker = null;
    void this.render();
  }

  protected override async _prepareContext(options: RenderOptions): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const state = this.#state;
    let own: { working: string } | { failed: string } | { advice: ReturnType<typeof adviceContext> };
    if (state.status === "working") own = { working: i18nFormat("AOD.Simulator.Advice.Window.Working") };
    else if (state.status === "failed") {
      const reason = i18nFormat(state.problem.key, state.problem.data);
      own = { failed: i18nFormat("AOD.Simulator.Advice.Window.Failed", { reason }) };
    } else own = { advice: adviceContext(state.advice, this.#names, !DECLARING.includes(this.#combat.stored.mode), i18nFormat) };
    return { ...base, ...own };
  }

  protected override _onClose(options: RenderOptions): void {
    this.#worker?.terminate();
    this.#worker = null;
    super._onClose(options);
  }

  static async #carryOut(this: AdviceApp, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (this.#state.status !== "done") return;
    const choice = this.#state.advice.options[Number(target.dataset.index)]?.choice;
    if (choice === undefined) return;
    const combatant = this.#combatant;
    const uuidOf = (id: string): string | null => {
      const c = this.#combat.combatants.get(id);
      return c?.token?.uuid ?? c?.actor?.uuid ?? null;
    };
    const canFly = this.#combat.skirmish.combatants[combatant.id ?? ""]?.canFly ?? false;
    const action = carryOut(choice, { combatId: this.#combat.id ?? "", combatantId: combatant.id ?? "", uuidOf, canFly });
    if (action.kind === "attack") await featureAction("startAttack")(action.options);
    else if (action.kind === "move") {
      const refused = await featureAction("boardMove")(action.payload);
      if (refused !== undefined) {
        ui.notifications.warn(i18nFormat(refused));
        return;
      }
    }
    console.debug(`${SYSTEM_ID} | advice carried out for ${combatant.name ?? ""}`, choice);
    await this.close();
  }
}
