import { describe, expect, it } from "vitest";
import { LEGACY_FLAG, keepLegacyValues } from "../../src/data/migrations/legacy-flags";

const legacyOf = (source: Record<string, unknown>): unknown =>
  (source.flags as Record<string, Record<string, unknown>> | undefined)?.[LEGACY_FLAG.scope]?.[LEGACY_FLAG.key];

describe("DATA.md migrations: discarded values kept in flags", () => {
  it("keeps an unusable value of an actor without a biography in its flags", () => {
    const source: Record<string, unknown> = { type: "dragon", system: { soma: "strong", biography: null } };
    keepLegacyValues("Actor", source);
    expect(legacyOf(source)).toEqual({ soma: "strong" });
  });
  it("keeps nested paths with slashes so Foundry does not expand them into objects", () => {
    const source: Record<string, unknown> = { type: "adversary", system: { life: { max: "lots" } } };
    keepLegacyValues("Actor", source);
    expect(legacyOf(source)).toEqual({ "life/max": "lots" });
  });
  it("keeps an item's unusable choice and leaves its other flags alone", () => {
    const source: Record<string, unknown> = {
      type: "armour",
      system: { slot: "tail" },
      flags: { core: { sheetClass: "x" }, "age-of-dragons": { note: 1 } },
    };
    keepLegacyValues("Item", source);
    expect(source.flags).toEqual({ core: { sheetClass: "x" }, "age-of-dragons": { note: 1, legacy: { slot: "tail" } } });
  });
  it("writes the same flags when the same raw data is migrated again", () => {
    const source: Record<string, unknown> = { type: "dragon", system: { soma: "strong" } };
    keepLegacyValues("Actor", source);
    const once = structuredClone(source.flags);
    keepLegacyValues("Actor", source);
    expect(source.flags).toEqual(once);
  });
  it("adds no flags when nothing is discarded, and ignores partial or foreign data", () => {
    const clean: Record<string, unknown> = { type: "dragon", system: { soma: "5" } };
    keepLegacyValues("Actor", clean);
    expect(clean.flags).toBeUndefined();
    for (const odd of [null, "x", { system: { soma: "x" } }, { type: "vehicle", system: { soma: "x" } }]) {
      expect(() => { keepLegacyValues("Actor", odd); }).not.toThrow();
    }
  });
});
