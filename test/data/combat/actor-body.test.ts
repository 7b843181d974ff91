// An actor's body for the skirmish (src/data/combat/actor-body.ts), read through the project's actor translation.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { armourPieces } from "../../../src/data/actor/actor-snapshot";
import { bodyFromActor } from "../../../src/data/combat/actor-body";

interface PackActor {
  type: string;
  system: Record<string, unknown>;
  items: { _id: string; name: string; type: string; system: Record<string, unknown> }[];
}

const knight = load(readFileSync(resolve(__dirname, "../../../packs/_source/bestiary/knight.yml"), "utf8")) as PackActor;
const items = (actor: PackActor) => actor.items.map((i) => ({ _id: i._id, name: i.name, type: i.type, system: i.system }));

describe("bodyFromActor", () => {
  it("reads the shipped Knight: Soma 3, Pneuma 2, no wings, armour 2 + 1 from mail and shield", () => {
    const body = bodyFromActor(knight.type, knight.system, items(knight));
    expect(body).toMatchObject({ soma: 3, pneuma: 2, agility: 1, canFly: false, weight: 1, speed: "average", armour: 3 });
    expect(body?.life).toEqual({ max: 4, wounds: 0 });
    expect(body?.armourSlots.sort()).toEqual(["body", "shield"]);
  });

  it("counts damaged armour less and leaves unequipped pieces out", () => {
    const hurt = items(knight).map((i) =>
      i.type === "armour" && i.system.slot === "body" ? { ...i, system: { ...i.system, damage: 1 } } : i.type === "armour" ? { ...i, system: { ...i.system, equipped: false } } : i,
    );
    const body = bodyFromActor(knight.type, knight.system, hurt);
    expect(body?.armour).toBe(1);
    expect(body?.armourSlots).toEqual(["body"]);
  });

  it("reads the speed and tags the combat needs", () => {
    const body = bodyFromActor("dragon", { ...knight.system, canFly: true, speed: "veryFast", tags: new Set(["stealthy"]) }, []);
    expect(body).toMatchObject({ speed: "veryFast", tags: ["stealthy"], canFly: true, armour: 0 });
  });

  it("has no body for another system's actor type", () => {
    expect(bodyFromActor("vehicle", knight.system, [])).toBeNull();
  });
});

describe("armourPieces", () => {
  it("lists equipped armour with its item id, slot, rating and damage", () => {
    expect(
      armourPieces([
        { _id: "a", name: "Helm", type: "armour", system: { slot: "helmet", equipped: true, rating: 1, damage: 0 } },
        { _id: "b", name: "Shield", type: "armour", system: { slot: "shield", equipped: false, rating: 1, damage: 0 } },
        { _id: "c", name: "Sword", type: "weapon", system: {} },
      ]),
    ).toEqual([{ itemId: "a", slot: "helmet", rating: 1, damage: 0 }]);
  });
});
