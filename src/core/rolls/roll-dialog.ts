/**
 * The roll dialog (ApplicationV2 with Handlebars): choose the check, add extra dice or shift the TN, pick the
 * roll mode, and see the exact odds update as the inputs change. `RollDialog.configure(...)` opens it and
 * resolves with what the player chose, or null when they cancel (the dnd5e pattern). Keyboard: the check
 * select has focus, Tab walks the inputs, Enter rolls, Escape cancels.
 */
import { i18nFormat } from "../i18n";
import { AnswerDialog } from "../dialogs/answer-dialog";
import { templatePath } from "../../constants/template-paths";
import { rollDialogContext } from "./roll-dialog-context";
import type { RollDialogState } from "./roll-dialog-context";
import { readRollInputs } from "./roll-inputs";
import type { RollInputs } from "./roll-inputs";

/** What `configure` needs: the dialog state without what the dialog fills in itself. */
export type RollDialogRequest = Omit<RollDialogState, "idPrefix" | "rollModes" | "rollMode"> & { readonly rollMode?: string };

/** Foundry's roll modes, localised (v13 keeps `{ label }` objects; older data kept plain labels). */
function rollModeLabels(): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [mode, entry] of Object.entries(CONFIG.Dice.rollModes as Record<string, string | { label: string }>)) {
    labels[mode] = game.i18n.localize(typeof entry === "string" ? entry : entry.label);
  }
  return labels;
}

/** The dialog; open it with `RollDialog.configure`. */
export class RollDialog extends AnswerDialog<RollInputs> {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["age-of-dragons", "aod-roll-dialog"],
    position: { width: 480, height: "auto" as const },
    window: { resizable: false },
    // Foundry calls form handlers and actions with the application as `this`.
    form: {
      handler: function (this: RollDialog): Promise<void> { return RollDialog.#onSubmit(this); },
      submitOnChange: false,
      closeOnSubmit: false,
    },
    actions: { cancel: function (this: RollDialog): Promise<void> { return RollDialog.#onCancel(this); } },
  };

  /** The two parts: the inputs stay put while the summary re-renders as they change. */
  static PARTS = {
    inputs: { template: templatePath("core/rolls/roll-dialog-inputs.hbs") },
    summary: { template: templatePath("core/rolls/roll-dialog-summary.hbs") },
  };

  #state: RollDialogState;

  constructor(state: RollDialogState) {
    super({ id: state.idPrefix });
    this.#state = state;
  }

  /** Opens the dialog and resolves with the player's choices, or null if it was closed without rolling. */
  static configure(request: RollDialogRequest): Promise<RollInputs | null> {
    const state: RollDialogState = {
      ...request,
      rollMode: request.rollMode ?? game.settings.get("core", "rollMode") ?? "publicroll",
      rollModes: rollModeLabels(),
      idPrefix: `aod-roll-${foundry.utils.randomID()}`,
    };
    return new RollDialog(state).ask();
  }

  override get title(): string {
    return this.#context().title;
  }

  #context() {
    return rollDialogContext(this.#state, i18nFormat);
  }

  protected override async _prepareContext(
    options: foundry.applications.api.ApplicationV2.RenderOptions,
  ): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    return Object.assign(await super._prepareContext(options), this.#context());
  }

  protected override _onFormChange(): void {
    this.#state = { ...this.#state, ...this.#read() };
    void this.render({ parts: ["summary"] });
  }

  #read(): RollInputs {
    const value = (name: string): string | undefined => this.fieldValue(name);
    const killer = (this.element as HTMLFormElement).elements.namedItem("killerBlow");
    return readRollInputs({
      check: value("check"),
      extraDice: value("extraDice"),
      tnShift: value("tnShift"),
      rollMode: value("rollMode"),
      killerBlow: killer instanceof HTMLInputElement && killer.checked,
    }, this.#state.rollMode);
  }

  static async #onSubmit(dialog: RollDialog): Promise<void> {
    const inputs = dialog.#read();
    dialog.#state = { ...dialog.#state, ...inputs };
    const context = dialog.#context();
    if (!context.canRoll) {
      ui.notifications.warn(context.refusal ?? game.i18n.localize("AOD.Roll.Refusal.NoDice"));
      return;
    }
    await dialog.answer(inputs);
  }

  static async #onCancel(dialog: RollDialog): Promise<void> {
    await dialog.answer(null);
  }
}
