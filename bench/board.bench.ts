/**
 * The range board at scale (issue 9 "Speed"): 100 combatants and 10 landmarks. Measures one move (rules and the
 * changes it writes), the board context for a selected combatant, and the Handlebars render of the whole board
 * window. Prints, once, how many entries one move changes and how large the stored state is. Run with
 * `npx vitest bench --run bench/board.bench.ts`. Informs, never gates.
 */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { bench, describe } from "vitest";
import { buildBoardContext } from "../src/applications/board/board-context";
import { ALTITUDES, DISTANCES } from "../src/rules/bands";
import { resolveBoardMove } from "../src/rules/board/board-move";
import { applyBoardEdit } from "../src/rules/board/edits";
import { applyChanges, pairKey } from "../src/rules/state";
import type { CombatantState, SkirmishState } from "../src/rules/state";
import type { WeaponSnapshot } from "../src/rules/procedures/battle-common";
import { foundryPath, templateFile, templateFiles } from "../test/templates/render";
import { registerFoundryHelpers } from "../test/templates/foundry-helpers";

const COMBATANTS = 100;
const LANDMARKS = 10;

function combatantAt(i: number): CombatantState {
  return {
    id: `c${String(i).padStart(15, "0")}`, // Foundry ids are 16 characters
    name: `Combatant number ${i}`,
    side: i % 2 === 0 ? "friendly" : "hostile",
    soma: 4, pneuma: 4, agility: 2,
    life: { max: 12, wounds: i % 7 },
    magic: { value: 3, max: 3 },
    weight: 10, canFly: i % 3 !== 0, fastGround: false, armour: 1,
    altitude: i % 3 === 0 ? "grounded" : (ALTITUDES[1 + (i % 4)] ?? "mid"),
    moved: false, fullMove: false, acted: false, choseToFall: false, falling: false, roundEffects: [],
  };
}

/** 100 combatants, 10 landmarks; each combatant near its next six neighbours, some grapples and carries. */
function bigFight(): SkirmishState {
  const combatants = Array.from({ length: COMBATANTS }, (_, i) => combatantAt(i));
  const landmarks = Array.from({ length: LANDMARKS }, (_, i) => ({
    id: `l${String(i).padStart(15, "0")}`,
    name: `Landmark ${i}`,
    altitude: ALTITUDES[i % ALTITUDES.length] ?? "grounded",
  }));
  const distances: SkirmishState["distances"] = {};
  combatants.forEach((c, i) => {
    for (let step = 1; step <= 6; step += 1) {
      const other = combatants[(i + step) % COMBATANTS];
      if (other) distances[pairKey(c.id, other.id)] = DISTANCES[1 + (step % 3)] ?? "middle";
    }
    const landmark = landmarks[i % LANDMARKS];
    if (landmark) distances[pairKey(c.id, landmark.id)] = "middle";
  });
  return {
    combatants: Object.fromEntries(combatants.map((c) => [c.id, c])),
    landmarks: Object.fromEntries(landmarks.map((l) => [l.id, l])),
    distances,
    grapples: [],
    carrying: {},
    surface: "normal",
  };
}

const state = bigFight();
const ids = Object.keys(state.combatants);
const flyer = ids.find((id) => state.combatants[id]?.canFly === true && state.combatants[id].altitude === "mid") ?? "";
const neighbour = ids[(ids.indexOf(flyer) + 1) % ids.length] ?? "";
const WEAPONS: WeaponSnapshot[] = [
  { name: "Tooth and Claw", range: "melee", longRange: false, damageTN: 5, killerBlow: true, grapple: true, magicCost: 0 },
  { name: "Dragonsbreath", range: "ranged", longRange: false, damageTN: 5, killerBlow: false, grapple: false, magicCost: 1 },
];
const move = { id: flyer, kind: "standard" as const, altitude: "high" as const, reference: neighbour, distance: "close" as const };

// What one move writes, and what the fight weighs when stored (the positions; actor data lives on the actors).
const ruling = resolveBoardMove(state, move, "movement");
if (ruling.allowed) {
  const after = applyChanges(state, ruling.changes);
  const changedPairs = Object.keys(after.distances).filter((k) => after.distances[k] !== state.distances[k]).length;
  const changedPlaces = ids.filter((id) => after.combatants[id] !== state.combatants[id]).length;
  console.log(`one move: ${ruling.changes.length} changes, ${changedPairs} distance entries and ${changedPlaces} combatant written`);
}
const places = Object.fromEntries(
  Object.values(state.combatants).map((c) => [c.id, { altitude: c.altitude, moved: c.moved, fullMove: c.fullMove, acted: c.acted,
    choseToFall: c.choseToFall, falling: c.falling, roundEffects: c.roundEffects }]),
);
const stored = JSON.stringify({ combatants: places, landmarks: state.landmarks, distances: state.distances, grapples: [], carrying: {}, surface: "normal" });
console.log(`stored positions: ${(stored.length / 1024).toFixed(1)} KB; whole SkirmishState with actor snapshots: ${(JSON.stringify(state).length / 1024).toFixed(1)} KB (target < 50 KB)`);

const hb = Handlebars.create();
registerFoundryHelpers(hb);
for (const file of templateFiles()) hb.registerPartial(foundryPath(file), readFileSync(file, "utf8"));
const template = hb.compile(readFileSync(templateFile("systems/age-of-dragons/templates/board/board.hbs"), "utf8"));
const input = { state, selectedId: flyer, weapons: WEAPONS, images: {}, isGM: true, owned: [flyer], phase: "movement" as const };

describe("range board, 100 combatants and 10 landmarks", () => {
  bench("one move: rules and the state after it", () => {
    const r = resolveBoardMove(state, move, "movement");
    if (r.allowed) applyChanges(state, r.changes);
  });
  bench("one GM distance edit", () => {
    applyBoardEdit(state, { type: "distance", a: flyer, b: neighbour, distance: "middle" });
  });
  bench("board context for a selected combatant", () => {
    buildBoardContext(input);
  });
  bench("board context and Handlebars render of the window", () => {
    template(buildBoardContext(input), { allowProtoPropertiesByDefault: true });
  });
});
