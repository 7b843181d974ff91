/**
 * The benchmarks' fights, made from the bestiary pack sources as the command line makes them: `entry(name)` and
 * `matchup(a, b, mode)`, both sides at mid altitude and middle distance. `AOD_BESTIARY` says where the sources
 * are when a bench runs from elsewhere (bench/bundled.mjs and bench/instructions.mjs run bundles of it).
 */
import { resolve } from "node:path";
import { findEntry, loadBestiary } from "../src/cli/bestiary";
import { encounterFromActors } from "../src/data/simulator-encounter";
import type { ActorData } from "../src/data/actor/actor-data";
import type { Encounter, RoundMode } from "../src/rules";

export const bestiary = loadBestiary(process.env.AOD_BESTIARY ?? resolve(import.meta.dirname, "../packs/_source/bestiary"));

/** A bestiary entry by name; a name the bestiary lacks throws. */
export function entry(name: string): ActorData {
  const found = findEntry(name, bestiary);
  if (!("found" in found)) throw new Error(`bestiary has no ${name}`);
  return found.found;
}

/** Side `a` against side `b` by bestiary names, at mid altitude and middle distance. */
export function matchup(a: string[], b: string[], mode: RoundMode = "descending"): Encounter {
  return encounterFromActors(
    [
      { actors: a.map(entry), altitude: "mid" },
      { actors: b.map(entry), altitude: "mid" },
    ],
    { distance: "middle", mode },
  );
}
