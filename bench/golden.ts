/**
 * A speed-up must not change a single seeded result. This prints the full results of a fixed set of seeded
 * simulations (every bestiary entry, every round mode, every tactic, several altitudes, distances and grounds) as
 * JSON, one per line, so two builds can be compared byte for byte:
 *   npx tsx bench/golden.ts > before.jsonl   (change the code)   npx tsx bench/golden.ts | diff before.jsonl -
 * A development tool, never a test: a change of the rules changes these numbers on purpose.
 */
import { encounterFromActors } from "../src/data/simulator-encounter";
import { ROUND_MODES, simulate } from "../src/rules";
import type { Encounter } from "../src/rules";
import type { Altitude, Distance, Surface } from "../src/rules/types";
import { bestiary, entry } from "./matchups";

const names = bestiary.map((e) => e.name).sort();
const altitudes: Altitude[] = ["grounded", "low", "mid", "high", "ceiling"];
const distances: Distance[] = ["close", "middle", "long"];
const surfaces: Surface[] = ["normal", "rock", "water", "dangerous", "deadly"];
const tactics = ["standard", "skirmisher", "brawler"];

interface Case {
  a: string[];
  b: string[];
  altitudeA: Altitude;
  altitudeB: Altitude;
  distance: Distance;
  surface: Surface;
  tacticsA: string;
}
const cases: Case[] = [];
let k = 0;
for (const a of names) {
  for (const b of [names[(names.indexOf(a) + 3) % names.length] ?? a, "Sable Dragon"]) {
    k += 1;
    cases.push({
      a: [a],
      b: [b],
      altitudeA: altitudes[k % altitudes.length] ?? "mid",
      altitudeB: altitudes[(k * 3) % altitudes.length] ?? "mid",
      distance: distances[k % distances.length] ?? "middle",
      surface: surfaces[k % surfaces.length] ?? "normal",
      tacticsA: tactics[k % tactics.length] ?? "standard",
    });
  }
}
cases.push(
  { a: ["Sable Dragon", "Argent Dragon", "Hunter Dragon"], b: ["Storm Wyrm", "Knight", "Longbowman"], altitudeA: "mid", altitudeB: "mid", distance: "middle", surface: "normal", tacticsA: "standard" },
  { a: ["Griffon", "Wyvern Rider", "Frost Wyvern"], b: ["Ember Drake", "Crossbowman", "Spearman", "Cavalry Lancer"], altitudeA: "high", altitudeB: "low", distance: "long", surface: "rock", tacticsA: "brawler" },
  { a: ["Sable Dragon", "Sable Dragon"], b: ["Storm Wyrm", "War-Engine Crew"], altitudeA: "ceiling", altitudeB: "mid", distance: "close", surface: "deadly", tacticsA: "skirmisher" },
);

const encounterOf = (c: Case, mode: (typeof ROUND_MODES)[number]): Encounter => {
  const e = encounterFromActors(
    [
      { actors: c.a.map(entry), altitude: c.altitudeA },
      { actors: c.b.map(entry), altitude: c.altitudeB },
    ],
    { distance: c.distance, surface: c.surface, mode },
  );
  return { ...e, sides: e.sides.map((s, i) => (i === 0 ? { ...s, combatants: s.combatants.map((x) => ({ ...x, tactics: c.tacticsA })) } : s)) };
};

const runs = Number(process.env.AOD_GOLDEN_RUNS ?? 300);
let seed = 7;
for (const c of cases) {
  for (const mode of ROUND_MODES) {
    seed += 1;
    const result = await simulate(encounterOf(c, mode), { runs, seed });
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
