// Long names shortened in the middle (src/core/short-name.ts), for the tracker's rows and the board's menus.
import { describe, expect, it } from "vitest";
import { nameParts, shortName } from "../../src/core/short-name";

describe("shortName", () => {
  it("shortens a long name in the middle, so names that share a beginning stay apart", () => {
    const one = shortName("Longbowman of the Northern Marches Company");
    const two = shortName("Longbowman of the Northern Marches Company II");
    expect(one).not.toBe(two);
    expect(one.length).toBeLessThanOrEqual(24);
    expect(two.length).toBeLessThanOrEqual(24);
    expect(two).toMatch(/^Longbowman … Company II$/);
    expect(shortName("Argent Dragon II")).toBe("Argent Dragon II");
    expect(shortName("Supercalifragilisticexpialidocious-the-Unbroken")).toHaveLength(24);
  });
});

describe("nameParts", () => {
  it("keeps a closing numeral or number apart from the head a row may cut", () => {
    expect(nameParts("Argent Dragon II")).toEqual({ head: "Argent Dragon", tail: "II" });
    expect(nameParts("Longbowman of the Northern Company 12")).toEqual({ head: "Longbowman of the Northern Company", tail: "12" });
    expect(nameParts("Wyvern Rider #3")).toEqual({ head: "Wyvern Rider", tail: "#3" });
  });

  it("leaves a name with no numeral, or a numeral alone, whole in the head", () => {
    expect(nameParts("Sable Dragon")).toEqual({ head: "Sable Dragon", tail: "" });
    expect(nameParts("  Knight ")).toEqual({ head: "Knight", tail: "" });
    expect(nameParts("II")).toEqual({ head: "II", tail: "" });
    // A capitalised word that only looks like a numeral in part stays in the head.
    expect(nameParts("Captain Vex")).toEqual({ head: "Captain Vex", tail: "" });
  });
});
