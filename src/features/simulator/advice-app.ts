/**
 * The advice window (docs/SIMULATOR.md "Advice in Foundry"): at a combatant's own step its owner (a player for its
 * dragon, the GM for each adversary) sees every option of the step with the exact odds of its roll and its side's
 * chance to win when it is taken, worked out in a Web Worker; *Do this* starts the attack card or makes the board
 * move, which the rules check as ever, and in the declaration modes *Declare this* fills in the declaration. The
 * rows and the buttons' actions come from advice-context.ts.
 */
import { i18nFormat } from "../../core/i18n";
import { templatePath } from "../../constants/template-paths";
import { SYSTEM_ID } from "../../constants/system-id";
import { AgeOfDragonsCombat } from "../../documents/combat";
import { adviceContext, carryOut } from "./advice-context";
import type { CarryOut } from "./advice-context";
import { DECLARING, askAdvice, carryContextOf, performCarryOut } from "./advice-runner";
import type { AdviceOutcome } from "./advice-runner";
import { AdviceSlot } from "./advice-asks";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
// The mixed base is cast once, or tsc spends minutes on it (README, "Foundry's types").
const Base = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
type RenderContext = foundry.applications.api.ApplicationV2.RenderContext;

/** The window's template. */
export const ADVICE_TEMPLATE = templatePath("simulator/advice.hbs");

type AdviceState = { status: "working" } | AdviceOutcome;

/** Whether this user may ask for a combatant's advice: the GM, or an owner of its actor. */
export function mayAdvise(combatant: Combatant.Implementation): boolean {
  return game.user.isGM || (combatant.actor?.isOwner ?? false);
}

/**
 * The combatants of the combat's current step this user may ask advice for: a step where they act, or in the
 * declaration modes where they declare (their resolve step carries out what was declared).
 */
export function advisable(combat: unknown): Combatant.Implementation[] {
  if (!(combat instanceof AgeOfDragonsCombat) || !combat.started) return [];
  const step = combat.step;
  if (!step || step.phase === "end" || step.kind === "end" || step.kind === "start" || step.kind === "resolve") return [];
  return step.combatants.map((id) => combat.combatants.get(id)).filter((c): c is Combatant.Implementation => c !== undefined && mayAdvise(c));
}

/** The advice window for one combatant at its step. */
export class AdviceApp extends Base {
  static override DEFAULT_OPTIONS = {
    classes: ["age-of-dragons", "aod-advice-app"],
    window: { title: "AOD.Simulator.Advice.Window.Title", icon: "fa-solid fa-chess-knight", resizable: true },
    position: { width: 620, height: "auto" as const },
    /* eslint-disable @typescript-eslint/unbound-method -- ApplicationV2 calls each handler with `this` bound to the app */
    actions: { carryOut: AdviceApp.#carryOut },
    /* eslint-enable @typescript-eslint/unbound-method */
  };

  static PARTS = { body: { template: ADVICE_TEMPLATE, scrollable: [""] } };

  #state: AdviceState = { status: "working" };
  /** The question being worked out: only its answer is shown, and closing the window stops it. */
  readonly #asked = new AdviceSlot();
  /** What each option's button does, worked out when the advice came (the rules' check as things then stood). */
  #actions: CarryOut[] = [];
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
    this.#state = { status: "working" };
    this.#asked.start(askAdvice(this.#combat, this.#combatant.id ?? ""), (outcome) => {
      this.#show(outcome);
    });
  }

  #show(state: AdviceOutcome): void {
    this.#state = state;
    if (state.status === "done") {
      const ctx = carryContextOf(this.#combat, this.#combatant.id ?? "");
      this.#actions = state.advice.options.map((o) => carryOut(o.choice, ctx));
    }
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
    } else own = { advice: adviceContext(state.advice, this.#names, this.#actions, DECLARING.includes(this.#combat.stored.mode), i18nFormat) };
    return { ...base, ...own };
  }

  protected override _onClose(options: RenderOptions): void {
    this.#asked.stop();
    super._onClose(options);
  }

  static async #carryOut(this: AdviceApp, _event: PointerEvent, target: HTMLElement): Promise<void> {
    if (this.#state.status !== "done") return;
    const index = Number(target.dataset.index);
    const choice = this.#state.advice.options[index]?.choice;
    if (choice === undefined) return;
    // Checked again as things stand now: the combat may have moved on since the advice came.
    const action = carryOut(choice, carryContextOf(this.#combat, this.#combatant.id ?? ""));
    const refused = await performCarryOut(action);
    if (refused !== undefined) {
      ui.notifications.warn(i18nFormat(refused));
      return;
    }
    console.debug(`${SYSTEM_ID} | advice carried out for ${this.#combatant.name ?? ""}`, choice);
    await this.close();
  }
}
