/**
 * The declaration dialog (ApplicationV2 with Handlebars): the action, its weapon, target or move intent, and a
 * short text. `DeclarationDialog.choose(input)` opens it and resolves with the checked choice, or null when the
 * user cancels or closes it. The words and options come from the pure declarationDialogContext; the form's values
 * are read back through parseDeclarationChoice, like any untrusted input.
 */
import { isChoiceRefusal, parseDeclarationChoice } from "../../data/combat/declaration";
import type { DeclarationChoice } from "../../data/combat/declaration";
import { templatePath } from "../template-paths";
import { choiceFromForm, declarationDialogContext, defaultChoice } from "./declaration-context";
import type { DeclarationDialogInput, DeclarationFormValues } from "./declaration-context";
import { i18nFormat } from "../i18n";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
// TOOLCHAIN.md: the mixed class is cast once, or tsc runs out of memory on it.
const Base = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2;

/** What `choose` needs: the dialog input without the id prefix it makes itself. */
export type DeclarationRequest = Omit<DeclarationDialogInput, "idPrefix">;

/** The dialog; open it with `DeclarationDialog.choose`. */
export class DeclarationDialog extends Base {
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

  static PARTS = { form: { template: templatePath("combat/declaration-dialog.hbs") } };

  #input: DeclarationDialogInput;
  #resolve: ((choice: DeclarationChoice | null) => void) | null = null;

  constructor(input: DeclarationDialogInput) {
    super({ id: input.idPrefix });
    this.#input = input;
  }

  /** Opens the dialog and resolves with the declared choice, or null. */
  static choose(request: DeclarationRequest): Promise<DeclarationChoice | null> {
    const input: DeclarationDialogInput = { ...request, idPrefix: `aod-declare-${foundry.utils.randomID()}` };
    return new Promise((resolve) => {
      const dialog = new DeclarationDialog(input);
      dialog.#resolve = resolve;
      void dialog.render({ force: true });
    });
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

  protected override async _onRender(
    context: foundry.applications.api.ApplicationV2.RenderContext,
    options: foundry.applications.api.ApplicationV2.RenderOptions,
  ): Promise<void> {
    await super._onRender(context, options);
    const form = this.element;
    if (form.dataset.aodListening === "true") return;
    form.dataset.aodListening = "true";
    // The fields shown depend on the action: keep what was typed and draw the form again.
    form.addEventListener("change", (event) => {
      const name = (event.target as { name?: unknown } | null)?.name;
      if (name === "text") return;
      const values = this.#values();
      const parsed = parseDeclarationChoice(choiceFromForm(values));
      // A new action whose own fields are not on the form yet (a move's kind) starts from that action's defaults.
      const fallback = { ...defaultChoice({ ...this.#input, phase: this.#input.phase }), ...(values.action ? { action: values.action as DeclarationChoice["action"] } : {}) };
      const next = isChoiceRefusal(parsed) ? (isChoiceRefusal(parseDeclarationChoice(fallback)) ? this.#input.choice : fallback) : parsed;
      this.#input = { ...this.#input, choice: next, error: "" };
      void this.render();
    });
  }

  #values(): DeclarationFormValues {
    const form = this.element as HTMLFormElement;
    const value = (name: string): string | undefined => {
      const field = form.elements.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement ? field.value : undefined;
    };
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

  #finish(choice: DeclarationChoice | null): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.(choice);
  }

  static async #onSubmit(dialog: DeclarationDialog): Promise<void> {
    const parsed = parseDeclarationChoice(choiceFromForm(dialog.#values()));
    if (isChoiceRefusal(parsed)) {
      const data = parsed.data ?? {};
      ui.notifications.warn(game.i18n.format(parsed.refused, data));
      return;
    }
    dialog.#finish(parsed);
    await dialog.close();
  }

  static async #onCancel(dialog: DeclarationDialog): Promise<void> {
    dialog.#finish(null);
    await dialog.close();
  }

  protected override _onClose(options: foundry.applications.api.ApplicationV2.RenderOptions): void {
    super._onClose(options);
    this.#finish(null);
  }
}
