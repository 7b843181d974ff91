// The update emulation the skirmish walk relies on behaves as core's fields do.
import { describe, expect, it } from "vitest";
import { applyUpdate, expand } from "./foundry-update";

describe("Foundry update semantics (plain-data emulation)", () => {
  it("expands flat keys, keeping a pair key's | and a deletion's -=", () => {
    expect(expand({ "system.skirmish.distances.a|b": "close", "system.skirmish.carrying.-=x": null })).toEqual({
      system: { skirmish: { distances: { "a|b": "close" }, carrying: { "-=x": null } } },
    });
  });
  it("merges records entry by entry: an empty record clears nothing", () => {
    const source = { system: { declarations: { a: { text: "charge" } } } };
    applyUpdate(source, { "system.declarations": {} });
    expect(source.system.declarations).toEqual({ a: { text: "charge" } });
  });
  it("replaces a record whole with ==, deletes an entry with -=, replaces arrays", () => {
    const source = { system: { declarations: { a: { text: "x" } }, pneuma: { a: 1, b: 2 }, grapples: ["a|b", "c|d"] } };
    applyUpdate(source, { "system.==declarations": {}, "system.pneuma.-=a": null, "system.grapples": ["c|d"] });
    expect(source.system).toEqual({ declarations: {}, pneuma: { b: 2 }, grapples: ["c|d"] });
  });
  it("refuses a deletion whose value is not null, as core does", () => {
    expect(() => {
      applyUpdate({}, { "system.-=x": true });
    }).toThrow(/null/);
  });
});
