import { describe, expect, it } from "vitest";
import { joinList, selectOptions, splitList } from "../../../src/features/sheets/choices";
import { formToUpdate } from "../../../src/features/sheets/form-data";
import { lifeTrack, woundsAfterClick } from "../../../src/features/sheets/life-track";
import { allowedMode, initialMode, modeToggle, sheetView, toggledMode, visibleParts } from "../../../src/features/sheets/sheet-mode";

describe("sheet modes", () => {
  it("opens a new document in edit mode for someone who may edit it, in play mode otherwise", () => {
    expect(initialMode({ editable: true, created: true })).toBe("edit");
    expect(initialMode({ editable: true, created: false })).toBe("play");
    expect(initialMode({ editable: false, created: true })).toBe("play");
  });
  it("toggles between the modes only for an editor", () => {
    expect(toggledMode("play", true)).toBe("edit");
    expect(toggledMode("edit", true)).toBe("play");
    expect(toggledMode("play", false)).toBe("play");
    expect(allowedMode("edit", false)).toBe("play");
    expect(allowedMode("edit", true)).toBe("edit");
  });
  it("labels the toggle with the mode it switches to", () => {
    expect(modeToggle("play").label).toBe("AOD.Sheet.Mode.ToEdit");
    expect(modeToggle("edit").label).toBe("AOD.Sheet.Mode.ToPlay");
  });
  it("shows a limited viewer only the public parts, others every part", () => {
    const parts = ["header", "tabs", "combat", "story"];
    expect(visibleParts(parts, sheetView("limited"), ["header", "story"])).toEqual(["header", "story"]);
    expect(visibleParts(parts, sheetView("none"), ["header", "story"])).toEqual(["header", "story"]);
    expect(visibleParts(parts, sheetView("observer"), ["header", "story"])).toEqual(parts);
  });
  it("lets only owners roll and edit", () => {
    expect(sheetView("owner")).toEqual({ limited: false, details: true, canRoll: true, canEdit: true });
    expect(sheetView("observer")).toEqual({ limited: false, details: true, canRoll: false, canEdit: false });
  });
});

describe("the life track (000 Severe injury and Death)", () => {
  it("has a box per wound up to death, zoned by the thresholds", () => {
    const track = lifeTrack(3, { severelyInjured: 4, dead: 7 });
    expect(track.map((b) => b.zone)).toEqual(["fit", "fit", "fit", "severelyInjured", "severelyInjured", "severelyInjured", "dead"]);
    expect(track.map((b) => b.filled)).toEqual([true, true, true, false, false, false, false]);
    expect(track.map((b) => b.marks)).toEqual([null, null, null, "severelyInjured", null, null, "dead"]);
  });
  it("fills every box when the wounds go past death", () => {
    expect(lifeTrack(9, { severelyInjured: 2, dead: 3 }).every((b) => b.filled)).toBe(true);
  });
  it("sets the wounds to the clicked box, or one fewer on the last filled box", () => {
    expect(woundsAfterClick(2, 5)).toBe(5);
    expect(woundsAfterClick(5, 5)).toBe(4);
    expect(woundsAfterClick(5, 1)).toBe(1);
  });
});

describe("form lists and choices", () => {
  it("splits comma lists, trimming and dropping blanks and repeats", () => {
    expect(splitList(" stealthy, ,swift,stealthy ")).toEqual(["stealthy", "swift"]);
    expect(splitList("")).toEqual([]);
    expect(joinList(["a", "b"])).toBe("a, b");
  });
  it("labels options with the data models' choice keys and marks the selected one", () => {
    expect(selectOptions("slot", ["body", "shield"], "shield")).toEqual([
      { value: "body", label: "AOD.Choices.slot.body", selected: false },
      { value: "shield", label: "AOD.Choices.slot.shield", selected: true },
    ]);
  });
  it("turns list text and use checkboxes into the stored arrays", () => {
    const update = formToUpdate({
      name: "Aerobatics",
      system: { tags: "a, b", lifepaths: "Hatchling,, Exile", defenceSkills: "aerobatics", rank: "expert" },
      uses: { meleeAttack: false, rangedDefence: true, meleeDefence: true, bogus: true },
    });
    expect(update).toEqual({
      name: "Aerobatics",
      system: {
        tags: ["a", "b"],
        lifepaths: ["Hatchling", "Exile"],
        defenceSkills: ["aerobatics"],
        rank: "expert",
        uses: ["meleeDefence", "rangedDefence"],
      },
    });
  });
  it("leaves a submission without lists or uses as it was", () => {
    const submitted = { name: "Knight", system: { soma: 4 } };
    expect(formToUpdate(submitted)).toEqual(submitted);
    expect(formToUpdate({ name: "x" })).toEqual({ name: "x" });
  });
});
