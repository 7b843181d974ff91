// The one reader of actor data (src/data/actor/actor-data.ts `actorDataOf`): a pack source, a document's
// `toObject()` or a live document read into ActorData, and malformed values refused with each reason named.
import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { actorDataOf, describeDataProblem } from "../../../src/data/actor/actor-data";
import type { DataProblem } from "../../../src/data/actor/actor-data";
import { actorSnapshot } from "../../../src/data/actor/actor-snapshot";

const knight = (): Record<string, unknown> => load(readFileSync("packs/_source/bestiary/knight.yml", "utf8")) as Record<string, unknown>;

describe("actorDataOf", () => {
  it("reads a pack source: name, type, image, system as stored, every item with its id", () => {
    const source = knight();
    const problems: DataProblem[] = [];
    const data = actorDataOf(source, problems);
    expect(problems).toEqual([]);
    expect(data?.name).toBe("Knight");
    expect(data?.type).toBe("adversary");
    expect(data?.system).toBe(source.system);
    expect(data?.items.map((i) => [i.type, i.name])).toEqual((source.items as { type: string; name: string }[]).map((i) => [i.type, i.name]));
    expect(data?.items.every((i) => typeof i._id === "string")).toBe(true);
    // What it reads is what the rules' translation reads.
    expect(actorSnapshot(data ?? { type: "none" }).derived.armour).toBe(3);
  });

  it("keeps only the fields an actor's data has (flags, ownership and the like are left out)", () => {
    const data = actorDataOf({ _id: "a1", name: "X", type: "dragon", img: "x.webp", system: {}, items: [], flags: { any: 1 }, ownership: {} });
    expect(data).toEqual({ _id: "a1", name: "X", type: "dragon", img: "x.webp", system: {}, items: [] });
  });

  it("reads items from any iterable, as a live document's collection is", () => {
    const items = new Map([["i1", { _id: "i1", name: "Sword", type: "weapon", system: { damageTN: 4 } }]]);
    const live = { name: "X", type: "adversary", system: {}, items: { [Symbol.iterator]: () => items.values() } };
    expect(actorDataOf(live)?.items).toEqual([{ _id: "i1", name: "Sword", type: "weapon", system: { damageTN: 4 } }]);
  });

  it("refuses what is not an actor object, and says so", () => {
    for (const value of [null, undefined, 3, "knight", [knight()]]) {
      const problems: DataProblem[] = [];
      expect(actorDataOf(value, problems)).toBeNull();
      expect(problems).toEqual([{ path: "", value, expected: "an actor object" }]);
    }
  });

  it("names every missing or malformed field of the actor", () => {
    const problems: DataProblem[] = [];
    expect(actorDataOf({ name: 7, items: "sword" }, problems)).toBeNull();
    expect(problems).toEqual([
      { path: "name", value: 7, expected: "a string" },
      { path: "type", value: undefined, expected: "a string" },
      { path: "items", value: "sword", expected: "a list of items" },
    ]);
  });

  it("names each malformed item by its place in the list", () => {
    const source = knight();
    const items = [...(source.items as unknown[])];
    items[1] = { name: 3 };
    items[2] = null;
    const problems: DataProblem[] = [];
    expect(actorDataOf({ ...source, items }, problems)).toBeNull();
    expect(problems).toEqual([
      { path: "items[1].type", value: undefined, expected: "a string" },
      { path: "items[1].name", value: 3, expected: "a string" },
      { path: "items[2]", value: null, expected: "an item object" },
    ]);
  });

  it("describes a problem in words", () => {
    expect(describeDataProblem({ path: "items[1].name", value: 3, expected: "a string" })).toBe("items[1].name: expected a string, got 3");
    expect(describeDataProblem({ path: "type", value: undefined, expected: "a string" })).toBe("type: expected a string, got nothing");
    expect(describeDataProblem({ path: "", value: null, expected: "an actor object" })).toBe("actor: expected an actor object, got null");
  });
});

describe("actorSnapshot: what the combat's body reads, read once", () => {
  it("reads the speed, the tags and the equipped armour pieces with the other fields", () => {
    const data = actorDataOf(knight());
    if (data === null) throw new Error("the Knight does not read");
    const snapshot = actorSnapshot(data);
    expect(snapshot.speed).toBe("average");
    expect(snapshot.tags).toEqual((data.system as { tags: string[] }).tags);
    expect(snapshot.armourPieces.map((p) => p.slot).sort()).toEqual(["body", "shield"]);
    expect(snapshot.armourPieces.every((p) => data.items.some((i) => i._id === p.itemId))).toBe(true);
  });

  it("repairs an unknown speed and reports it, as it does every other field", () => {
    const source = knight();
    const snapshot = actorSnapshot({ ...(actorDataOf(source) ?? { type: "none" }), system: { ...(source.system as object), speed: "warp" } });
    expect(snapshot.speed).toBe("average");
    expect(snapshot.problems).toEqual([{ path: "system.speed", value: "warp", used: "average" }]);
  });
});
