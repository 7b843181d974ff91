// Test fixture: actors read from the shipped bestiary sources (packs/_source/bestiary), never invented numbers.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import yaml from "js-yaml";
import type { ActorData } from "../../../src/data/actor/actor-data";
import { ROOT } from "../lang";

/** A bestiary entry by file name ("sable-dragon", "knight"), as a fresh plain object. */
export function bestiary(name: string): ActorData {
  return yaml.load(readFileSync(resolve(ROOT, "packs/_source/bestiary", `${name}.yml`), "utf8")) as ActorData;
}

/** The same entry with one item's system data changed (for varying a single input). */
export function withItem(source: ActorData, itemName: string, type: string, system: Record<string, unknown>): ActorData {
  return {
    ...source,
    items: source.items.map((item) => item.name === itemName && item.type === type
      ? { ...item, system: { ...(item.system as Record<string, unknown>), ...system } }
      : item),
  };
}
