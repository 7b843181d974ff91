/**
 * The play/edit mode both sheets keep (README "Sheets"): which mode a render opens in, the switch, and the header
 * toggle that shows it. One object per sheet; the actor and item sheets delegate to it.
 */
import type { SheetMode } from "./sheet-data";
import { allowedMode, initialMode, toggledMode } from "./sheet-mode";
import { addModeToggle, showMode } from "./sheet-support";

/** A sheet's play/edit mode. */
export class SheetModes {
  #mode: SheetMode | null = null;

  /** Play or edit; play until a render has chosen. */
  get mode(): SheetMode {
    return this.#mode ?? "play";
  }

  /**
   * At each render: the mode the render asks for (`render({ mode })`, kept to play for non-editors); else, on the
   * first render, edit mode for an editor who just created the document (`renderContext` is `created`), else play.
   */
  configure(options: object, editable: boolean, created: string): void {
    const requested: unknown = Reflect.get(options, "mode");
    if (requested === "play" || requested === "edit") this.#mode = allowedMode(requested, editable);
    else this.#mode ??= initialMode({ editable, created: Reflect.get(options, "renderContext") === created });
  }

  /** Opens in a mode (an item sheet opened from an actor sheet takes its mode), kept to play for non-editors. */
  open(mode: SheetMode, editable: boolean): void {
    this.#mode = allowedMode(mode, editable);
  }

  /** Switches to the other mode; false (and nothing changes) for a non-editor. */
  toggle(editable: boolean): boolean {
    if (!editable) return false;
    this.#mode = toggledMode(this.mode, editable);
    return true;
  }

  /** Puts the toggle in a freshly drawn window header (editors only). */
  decorate(header: HTMLElement | undefined, editable: boolean): void {
    if (editable) addModeToggle(header, this.mode);
  }

  /** Points the header toggle at the other mode after a render (the frame is not drawn again). */
  show(header: HTMLElement | undefined): void {
    showMode(header, this.mode);
  }
}

/** The header toggle's action handler, for either sheet: Foundry calls it with the sheet as `this`. */
export async function onToggleMode(this: { switchMode(): Promise<void> }): Promise<void> {
  await this.switchMode();
}
