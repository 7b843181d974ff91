/**
 * The declaration dialog (ApplicationV2 with Handlebars): the action, its weapon, target or move intent, and a
 * short text. `DeclarationDialog.choose(input)` opens it and resolves with the checked choice, or null when the
 * user cancels or closes it. The words and options come from the pure declarationDialogContext; the form's values
 * are read back through parseDeclarationChoice, like any untrusted input.
 */
import { isChoiceRefusal, parseDeclarationChoice } from "../../../data/combat/declaration";
import type { DeclarationChoice } from "../../../data/combat/declaration";
import { AnswerDialog } from "../../../core/dialogs/answer-dialog";
import { templatePath } from "../../../constants/template-paths";
import { choiceFromForm, declarationDialogContext, defaultChoice } from "./declaration-context";
import type { DeclarationDialogInput, DeclarationFormValues } from "./declaration-context";
import { i18nFormat } from "../../../core/i18n";

/** What `choose` needs: the dialog input without the id prefix it makes itself. */
export type DeclarationRequest = Omit<DeclarationDialogInput, "idPrefix">;

/** The dialog; open it with `DeclarationDialog.choose`. */
export class DeclarationDialog extends AnswerDialog<DeclarationChoice> {
  static override DEFAULT_OPTIONS = {
    tag: "form",
    classes: ["age-of-dragons", "aod-declaration-dialog"],
    position: { width: 460, height: "auto" as const },
    window: { resizable: false },
    form: {
      handler: function (this: DeclarationDialog): Promise<void> {
        return DeclarationDialog.#onSubmit(this);
      },
      submitOnChange: false,
      closeOnSubmit: false,
    },
    actions: {
      cancel: function (this: DeclarationDialog): Promise<void> {
        return DeclarationDialog.#onCancel(this);
      },
    },
  };

  static PARTS = { form: { template: templatePath("round/declarations/declaration-dialog.hbs") } };

  #input: DeclarationDialogInput;

  /** The dialogs open on this client, by the declaring combatant's id. */
  static readonly #open = new Map<string, DeclarationDialog>();

  constructor(input: DeclarationDialogInput) {
    super({ id: input.idPrefix });
    this.#input = input;
  }

  /** Fills in the open dialog of a combatant with a choice and brings it to the front; false when none is open. */
  static fillIn(combatantId: string, choice: DeclarationChoice): boolean {
    const dialog = DeclarationDialog.#open.get(combatantId);
    if (!dialog) return false;
    dialog.#input = { ...dialog.#input, choice, error: "" };
    void dialog.render({ force: true });
    dialog.bringToFront();
    return true;
  }

  protected override async _onFirstRender(
    context: foundry.applications.api.ApplicationV2.RenderContext,
    options: foundry.applications.api.ApplicationV2.RenderOptions,
  ): Promise<void> {
    await super._onFirstRender(context, options);
    DeclarationDialog.#open.set(this.#input.combatant.id, this);
  }

  protected override _onClose(options: foundry.applications.api.ApplicationV2.RenderOptions): void {
    if (DeclarationDialog.#open.get(this.#input.combatant.id) === this) DeclarationDialog.#open.delete(this.#input.combatant.id);
    super._onClose(options);
  }

  /** Opens the dialog and resolves with the declared choice, or null. */
  static choose(request: DeclarationRequest): Promise<DeclarationChoice | null> {
    const input: DeclarationDialogInput = { ...request, idPrefix: `aod-declare-${foundry.utils.randomID()}` };
    return new DeclarationDialog(input).ask();
  }

  override get title(): string {
    return this.#context().title;
  }

  #context() {
    return declarationDialogContext(this.#input, i18nFormat);
  }

  protected override async _prepareContext(
    options: foundry.applications.api.ApplicationV2.RenderOptions,
  ): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    return Object.assign(await super._prepareContext(options), this.#context());
  }

  /** The fields shown depend on the action: keep what was typed and draw the form again. */
  protected override _onFormChange(event: Event): void {
    const name = (event.target as { name?: unknown } | null)?.name;
    if (name === "text") return;
    const values = this.#values();
    const parsed = parseDeclarationChoice(choiceFromForm(values));
    // A new action whose own fields are not on the form yet (a move's kind) starts from that action's defaults.
    const fallback = { ...defaultChoice({ ...this.#input, phase: this.#input.phase }), ...(values.action ? { action: values.action as DeclarationChoice["action"] } : {}) };
    const next = isChoiceRefusal(parsed) ? (isChoiceRefusal(parseDeclarationChoice(fallback)) ? this.#input.choice : fallback) : parsed;
    this.#input = { ...this.#input, choice: next, error: "" };
    void this.render();
  }

  #values(): DeclarationFormValues {
    const value = (name: string): string | undefined => this.fieldValue(name);
    return {
      action: value("action"),
      weaponId: value("weaponId"),
      targetId: value("targetId"),
      kind: value("kind"),
      altitude: value("altitude"),
      reference: value("reference"),
      distance: value("distance"),
      text: value("text"),
    };
  }

  static async #onSubmit(dialog: DeclarationDialog): Promise<void> {
    const parsed = parseDeclarationChoice(choiceFromForm(dialog.#values()));
    if (isChoiceRefusal(parsed)) {
      const data = parsed.data ?? {};
      ui.notifications.warn(game.i18n.format(parsed.refused, data));
      return;
    }
    await dialog.answer(parsed);
  }

  static async #onCancel(dialog: DeclarationDialog): Promise<void> {
    await dialog.answer(null);
  }
}
