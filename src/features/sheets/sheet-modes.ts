/**
 * The play/edit mode both sheets keep (README "Sheets"): which mode a render opens in and the switch. One object
 * per sheet; the actor and item sheets delegate to it (the header toggle is sheet-support.ts). Pure.
 */
import type { SheetMode } from "./sheet-data";
import { allowedMode, initialMode, toggledMode } from "./sheet-mode";

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
}

/** The header toggle's action handler, for either sheet: Foundry calls it with the sheet as `this`. */
export async function onToggleMode(this: { switchMode(): Promise<void> }): Promise<void> {
  await this.switchMode();
}
