import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareRoundTrip, diffValues } from "../../tools/lib/doc-compare";
import { copy, knight } from "./fixtures";

/** The same value with every object's keys in reverse order. */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reorder(v)]));
  }
  return value;
}

describe("document comparison", () => {
  it("ignores key order at every depth", () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => diffValues(value, reorder(value)).length === 0));
  });
  it("names the path of a changed value", () => {
    expect(diffValues({ a: { b: [1, 2] } }, { a: { b: [1, 3] } })).toEqual(["a.b[1]: 2 became 3"]);
  });
  it("names lost and added fields", () => {
    expect(diffValues({ a: 1, b: 2 }, { b: 2, c: 3 })).toEqual(["a: lost", "c: added (3)"]);
  });
  it("tells a list from an object", () => {
    expect(diffValues({ a: [] }, { a: {} })).toEqual(["a: [] became {}"]);
  });
});

describe("round-trip comparison", () => {
  it("ignores the empty embedded lists the CLI adds to actors and their items", () => {
    const source = copy(knight);
    const extracted = copy(knight) as typeof knight & { items: Record<string, unknown>[] };
    extracted.effects = [];
    extracted.items = extracted.items.map((item) => ({ ...item, effects: [] }));
    expect(compareRoundTrip(source, extracted, "actors")).toEqual([]);
  });
  it("still reports an embedded list that came back with entries", () => {
    const extracted = { ...copy(knight), effects: [{ _id: "x" }] };
    expect(compareRoundTrip(copy(knight), extracted, "actors")).toEqual(['effects: added ([{"_id":"x"}])']);
  });
  it("still reports a lost embedded document", () => {
    expect(compareRoundTrip(copy(knight), { ...copy(knight), items: [] }, "actors")).toEqual(["items: 1 entries became 0"]);
  });
});
