/**
 * The range board at scale (docs/BOARD.md): 100 combatants and 10 landmarks. Measures one move (rules and the
 * changes it writes), the board context for a selected combatant, and the Handlebars render of the whole board
 * window. Prints, once, how many entries one move changes and how large the stored state is. Run with
 * `npx vitest bench --run bench/board.bench.ts`. Informs, never gates.
 */
import { readFileSync } from "node:fs";
import Handlebars from "handlebars";
import { bench, describe } from "vitest";
import { buildBoardContext } from "../src/features/board/board-context";
import { resolveBoardMove } from "../src/rules/board/board-move";
import { applyBoardEdit } from "../src/rules/board/edits";
import { applyChanges } from "../src/rules/state";
import { foundryPath, templateFile, templateFiles } from "../test/templates/render";
import { registerFoundryHelpers } from "../test/templates/foundry-helpers";
import { BENCH_INPUT, flyer, ids, move, neighbour, state } from "./board-fight";

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
const input = BENCH_INPUT;

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
