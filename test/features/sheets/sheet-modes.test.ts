// The play/edit mode both sheets keep (src/features/sheets/sheet-modes.ts): opening, render requests, the switch.
import { describe, expect, it } from "vitest";
import { SheetModes } from "../../../src/features/sheets/sheet-modes";

describe("a sheet's play/edit mode", () => {
  it("opens in play, or in edit for an editor who just created the document", () => {
    const fresh = new SheetModes();
    expect(fresh.mode).toBe("play");
    fresh.configure({}, true, "createActor");
    expect(fresh.mode).toBe("play");
    const created = new SheetModes();
    created.configure({ renderContext: "createActor" }, true, "createActor");
    expect(created.mode).toBe("edit");
    const other = new SheetModes();
    other.configure({ renderContext: "createItem" }, true, "createActor");
    expect(other.mode).toBe("play");
    const viewer = new SheetModes();
    viewer.configure({ renderContext: "createActor" }, false, "createActor");
    expect(viewer.mode).toBe("play");
  });
  it("keeps its mode across renders and takes the one a render asks for, editors only", () => {
    const modes = new SheetModes();
    modes.configure({ renderContext: "createItem" }, true, "createItem");
    modes.configure({}, true, "createItem");
    expect(modes.mode).toBe("edit");
    modes.configure({ mode: "play" }, true, "createItem");
    expect(modes.mode).toBe("play");
    modes.configure({ mode: "edit" }, false, "createItem");
    expect(modes.mode).toBe("play");
    modes.configure({ mode: "sideways" }, true, "createItem");
    expect(modes.mode).toBe("play");
  });
  it("switches for an editor and refuses a viewer", () => {
    const modes = new SheetModes();
    expect(modes.toggle(false)).toBe(false);
    expect(modes.mode).toBe("play");
    expect(modes.toggle(true)).toBe(true);
    expect(modes.mode).toBe("edit");
    expect(modes.toggle(true)).toBe(true);
    expect(modes.mode).toBe("play");
  });
  it("opens in the actor sheet's mode, kept to play for a non-editor", () => {
    const modes = new SheetModes();
    modes.open("edit", true);
    expect(modes.mode).toBe("edit");
    modes.open("edit", false);
    expect(modes.mode).toBe("play");
  });
});
