import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_BAND_ELEVATIONS,
  bandChangeForElevation,
  bandForElevation,
  elevationForBand,
  elevationUpdates,
  formatBandElevations,
  parseBandElevations,
} from "../../../src/features/board/board-elevation";
import { ALTITUDES } from "../../../src/rules/bands";
import { SETTINGS } from "../../../src/core/settings/settings-table";

describe("token elevation and altitude bands", () => {
  it("puts each band at its configured elevation", () => {
    expect(ALTITUDES.map((band) => elevationForBand(band))).toEqual([0, 25, 50, 100, 150]);
    const custom = parseBandElevations("0, 10, 40, 90, 300");
    expect(custom && elevationForBand("high", custom)).toBe(90);
  });
  it("maps every band's own elevation back to that band", () => {
    for (const band of ALTITUDES) expect(bandForElevation(DEFAULT_BAND_ELEVATIONS[band])).toBe(band);
  });
  it("maps a hand-set elevation to the nearest band, the lower on a tie", () => {
    expect(bandForElevation(30)).toBe("low");
    expect(bandForElevation(40)).toBe("mid");
    expect(bandForElevation(75)).toBe("mid");
    expect(bandForElevation(76)).toBe("high");
    expect(bandForElevation(-20)).toBe("grounded");
    expect(bandForElevation(5000)).toBe("ceiling");
  });
  it("uses the configured elevations both ways", () => {
    const custom = parseBandElevations("0, 10, 40, 90, 300");
    expect(custom && bandForElevation(200, custom)).toBe("ceiling");
    expect(custom && bandForElevation(30, custom)).toBe("mid");
  });
  it("reads back what it writes", () => {
    expect(parseBandElevations(formatBandElevations(DEFAULT_BAND_ELEVATIONS))).toEqual(DEFAULT_BAND_ELEVATIONS);
  });
  it.each([["0, 25, 50, 100"], ["0, 25, x, 100, 150"], ["0, 50, 50, 100, 150"], ["150, 100, 50, 25, 0"], [""], ["0,,1,2,3"]])(
    "refuses the setting text %j",
    (text) => {
      expect(parseBandElevations(text)).toBeUndefined();
    },
  );
  it("refuses a setting that is not text", () => {
    expect(parseBandElevations(42)).toBeUndefined();
  });
  it("a band's elevation always maps back to the band, for any rising set of elevations", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: -1000, max: 10000 }), { minLength: 5, maxLength: 5 }), (raw) => {
        const values = parseBandElevations([...raw].sort((x, y) => x - y).join(", "));
        expect(values).toBeDefined();
        if (values) for (const band of ALTITUDES) expect(bandForElevation(values[band], values)).toBe(band);
      }),
    );
  });
});

describe("keeping tokens and bands in step", () => {
  it("writes only the tokens whose elevation differs from their band's", () => {
    const tokens = [
      { tokenId: "t1", combatantId: "a", elevation: 50 },
      { tokenId: "t2", combatantId: "b", elevation: 0 },
      { tokenId: "t3", combatantId: "gone", elevation: 7 },
    ];
    expect(elevationUpdates({ a: "mid", b: "high" }, tokens)).toEqual([{ tokenId: "t2", elevation: 100 }]);
    const custom = parseBandElevations("0, 5, 10, 20, 30");
    expect(custom && elevationUpdates({ a: "mid", b: "high" }, tokens, custom)).toEqual([
      { tokenId: "t1", elevation: 10 },
      { tokenId: "t2", elevation: 20 },
    ]);
  });
  it("moves a combatant to the band of a hand-set elevation, and not when it stays in its band", () => {
    expect(bandChangeForElevation("mid", 110)).toBe("high");
    expect(bandChangeForElevation("mid", 60)).toBeUndefined();
    expect(bandChangeForElevation("grounded", 0)).toBeUndefined();
  });
});

describe("the band elevations setting (core/settings/settings-table.ts)", () => {
  it("defaults to the board's own elevations, and reads back as them", () => {
    expect(SETTINGS.boardBandElevations.default).toBe(formatBandElevations(DEFAULT_BAND_ELEVATIONS));
    expect(parseBandElevations(SETTINGS.boardBandElevations.default)).toEqual(DEFAULT_BAND_ELEVATIONS);
  });
});
