/**
 * Play and edit modes and what each viewer may see and do, as pure rules of the sheets (README "Sheets"):
 * owners read, roll and edit; observers read; limited viewers see the portrait, the name and the public
 * description. Pure: no Foundry globals.
 */
import type { Permission, SheetMode } from "./sheet-data";

/** What a viewer may see and do on a sheet. */
export interface SheetView {
  /** Only the portrait, the name and the public description. */
  limited: boolean;
  /** The numbers, items and biography. */
  details: boolean;
  /** Roll buttons work. */
  canRoll: boolean;
  /** The mode toggle, item creation and deletion, inline changes. */
  canEdit: boolean;
}

/** What each permission level allows. */
export function sheetView(permission: Permission): SheetView {
  const owner = permission === "owner";
  return {
    limited: permission === "limited" || permission === "none",
    details: owner || permission === "observer",
    canRoll: owner,
    canEdit: owner,
  };
}

/** The mode a sheet opens in: edit for a document just created by someone who may edit it, play otherwise. */
export function initialMode(options: { editable: boolean; created: boolean }): SheetMode {
  return options.editable && options.created ? "edit" : "play";
}

/** The mode a render asks for, kept to play when the viewer may not edit. */
export function allowedMode(requested: SheetMode, editable: boolean): SheetMode {
  return editable ? requested : "play";
}

/** The other mode (the frame's toggle), or play for a viewer who may not edit. */
export function toggledMode(mode: SheetMode, editable: boolean): SheetMode {
  return allowedMode(mode === "play" ? "edit" : "play", editable);
}

/** The toggle's label and icon: it names the mode a click switches to. */
export function modeToggle(mode: SheetMode): { label: string; icon: string } {
  return mode === "play"
    ? { label: "AOD.Sheet.Mode.ToEdit", icon: "fa-solid fa-pen-to-square" }
    : { label: "AOD.Sheet.Mode.ToPlay", icon: "fa-solid fa-dice-d6" };
}

/** The sheet parts a viewer is shown, in order, out of the parts a sheet declares. */
export function visibleParts(declared: readonly string[], view: SheetView, publicParts: readonly string[]): string[] {
  return view.limited ? declared.filter((part) => publicParts.includes(part)) : [...declared];
}
