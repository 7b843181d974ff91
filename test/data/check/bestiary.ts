// Test fixture: actors read from the shipped bestiary sources (packs/_source/bestiary), never invented numbers.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import yaml from "js-yaml";
import type { ActorSource } from "../../../src/data/check/check-source";
import { ROOT } from "../lang";

/** A bestiary entry by file name ("sable-dragon", "knight"), as a fresh plain object. */
export function bestiary(name: string): ActorSource {
  return yaml.load(readFileSync(resolve(ROOT, "packs/_source/bestiary", `${name}.yml`), "utf8")) as ActorSource;
}

/** The same entry with one item's system data changed (for varying a single input). */
export function withItem(source: ActorSource, itemName: string, type: string, system: Record<string, unknown>): ActorSource {
  return {
    ...source,
    items: source.items.map((item) => item.name === itemName && item.type === type
      ? { ...item, system: { ...(item.system as Record<string, unknown>), ...system } }
      : item),
  };
}
