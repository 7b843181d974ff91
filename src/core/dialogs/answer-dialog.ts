/**
 * A form dialog that answers one question (ApplicationV2 with Handlebars): `ask` renders it and resolves with the
 * answer, or null when the user cancels or closes it. The roll dialog and the declaration dialog are two. The form
 * element outlives its renders, so its change listener is added once (`_onFormChange` says what a change does).
 */
const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
// The mixed class is cast once, or tsc runs out of memory on it (README, "Foundry's types").
const Base = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2;

export abstract class AnswerDialog<T> extends Base {
  #resolve: ((answer: T | null) => void) | null = null;

  /** Renders the dialog and waits for its answer. */
  protected ask(): Promise<T | null> {
    return new Promise((resolve) => {
      this.#resolve = resolve;
      void this.render({ force: true });
    });
  }

  /** Answers (only the first answer counts) and closes the dialog. */
  protected async answer(value: T | null): Promise<void> {
    this.#settle(value);
    await this.close();
  }

  #settle(value: T | null): void {
    const resolve = this.#resolve;
    this.#resolve = null;
    resolve?.(value);
  }

  /** What a change of one of the form's fields does: keep what was entered and draw again what depends on it. */
  protected abstract _onFormChange(event: Event): void;

  /** A named field's value, or undefined when the form has no input, select or text area by that name. */
  protected fieldValue(name: string): string | undefined {
    const field = (this.element as HTMLFormElement).elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement
      ? field.value
      : undefined;
  }

  protected override async _onRender(
    context: foundry.applications.api.ApplicationV2.RenderContext,
    options: foundry.applications.api.ApplicationV2.RenderOptions,
  ): Promise<void> {
    await super._onRender(context, options);
    const form = this.element;
    if (form.dataset.aodListening === "true") return;
    form.dataset.aodListening = "true";
    form.addEventListener("change", (event) => {
      this._onFormChange(event);
    });
  }

  protected override _onClose(options: foundry.applications.api.ApplicationV2.RenderOptions): void {
    super._onClose(options);
    this.#settle(null);
  }
}
