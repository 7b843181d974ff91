import { describe, expect, it } from "vitest";
import { repairStoredSource } from "../../../src/data/migrations/repair";

const note = (path: string, text: string): string => `<p class="aod-legacy" data-path="${path}">${path}: ${text}</p>`;

describe("DATA.md migration: a stored document is repaired once, when Foundry builds it", () => {
  it("repairs an actor's system data and notes a discarded value in its biography, its one record", () => {
    const source: Record<string, unknown> = { type: "dragon", system: { soma: "strong", weight: 0, biography: "<p>Bio</p>" } };
    expect(repairStoredSource("Actor", source)).toEqual([
      { path: "soma", value: "strong" },
      { path: "weight", value: 0 },
    ]);
    expect(source.system).toEqual({ biography: `<p>Bio</p>${note("soma", "strong")}${note("weight", "0")}` });
    expect(source.flags).toBeUndefined();
  });
  it("converts a stored life.value against the stored life.max", () => {
    const source: Record<string, unknown> = { type: "adversary", system: { life: { max: 6, value: 2 } } };
    expect(repairStoredSource("Actor", source)).toEqual([]);
    expect(source.system).toEqual({ life: { max: 6, wounds: 4 } });
  });
  it("repairs every embedded item of an actor, naming the item in the paths", () => {
    const source: Record<string, unknown> = {
      type: "dragon",
      system: {},
      items: [
        { type: "armour", system: { rating: "3", slot: "tail" } },
        { type: "weapon", system: { tn: 4 } },
        "junk",
      ],
    };
    expect(repairStoredSource("Actor", source)).toEqual([{ path: "items[0].slot", value: "tail" }]);
    const items = source.items as Record<string, unknown>[];
    expect(items[0]?.system).toEqual({ rating: 3, description: note("slot", "tail") });
    expect(items[1]?.system).toEqual({ damageTN: 4 });
    expect(items[2]).toBe("junk");
  });
  it("writes the note only once however often the same stored value is built again", () => {
    const stored = { type: "armour", system: { slot: "tail", description: "" } };
    const first = structuredClone(stored);
    repairStoredSource("Item", first);
    const again = { type: "armour", system: { slot: "tail", description: (first.system as { description: string }).description } };
    repairStoredSource("Item", again);
    expect(again.system.description).toBe(note("slot", "tail"));
  });
  it("leaves other subtypes, documents already built and non-objects alone", () => {
    const foreign = { type: "vehicle", system: { soma: "x" } };
    repairStoredSource("Actor", foreign);
    expect(foreign.system).toEqual({ soma: "x" });
    class Built {
      type = "dragon";
      system = { soma: "x" };
    }
    const built = new Built();
    repairStoredSource("Actor", built);
    expect(built.system).toEqual({ soma: "x" });
    for (const odd of [null, "x", 3, []]) expect(repairStoredSource("Actor", odd)).toEqual([]);
  });
});
