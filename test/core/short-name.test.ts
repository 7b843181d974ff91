// Long names shortened in the middle (src/core/short-name.ts), for the tracker's rows and the board's menus.
import { describe, expect, it } from "vitest";
import { shortName } from "../../src/core/short-name";

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
