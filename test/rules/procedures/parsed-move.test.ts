// resolveParsedMove (move.ts) is resolveMove without parsing a move already well formed: for every such move it
// must give exactly what resolveMove gives, refusals included.
import { describe, expect, it } from "vitest";
import { ALTITUDES, DISTANCES } from "../../../src/rules/bands";
import { MOVE_KINDS, resolveMove, resolveParsedMove } from "../../../src/rules/procedures/move";
import type { MoveDeclaration, MovePhase } from "../../../src/rules/procedures/move";
import { pairKey } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../fixtures";

describe("resolveParsedMove", () => {
  const states = [
    skirmishOf([fighter("a"), fighter("b", { altitude: "grounded" }), fighter("c", { canFly: false, altitude: "grounded" })], {
      distances: { [pairKey("a", "b")]: "middle", [pairKey("a", "c")]: "close" },
    }),
    skirmishOf([fighter("a", { moved: true }), fighter("b", { roundEffects: ["forcedFullMove"] }), fighter("c", { life: { max: 10, wounds: 6 } })], {
      grapples: [pairKey("b", "c")],
      distances: { [pairKey("b", "c")]: "zero" },
    }),
    skirmishOf([fighter("a", { falling: true }), fighter("b"), fighter("c")], { carrying: { a: "b" } }),
  ];
  const phases: MovePhase[] = ["movement", "battle", "fast"];
  it("answers every well-formed move exactly as resolveMove does", () => {
    let allowed = 0;
    let refused = 0;
    for (const state of states) {
      for (const phase of phases) {
        for (const id of ["a", "b", "c"]) {
          for (const kind of MOVE_KINDS) {
            for (const altitude of [undefined, ...ALTITUDES]) {
              for (const reference of [undefined, ...["a", "b", "c"].filter((r) => r !== id)]) {
                for (const distance of reference === undefined ? [undefined] : DISTANCES) {
                  const move: MoveDeclaration = { id, kind };
                  if (altitude !== undefined) move.altitude = altitude;
                  if (reference !== undefined) move.reference = reference;
                  if (distance !== undefined) move.distance = distance;
                  const expected = resolveMove(state, move, phase);
                  expect(resolveParsedMove(state, move, phase)).toEqual(expected);
                  if (expected.allowed) allowed += 1;
                  else refused += 1;
                }
              }
            }
          }
        }
      }
    }
    expect(allowed).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });
});
