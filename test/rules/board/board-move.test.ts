import { describe, expect, it } from "vitest";
import { ALTITUDES, DISTANCES } from "../../../src/rules/bands";
import { BOARD_MOVE_KINDS, boardMoveTargets, moveKindBlocked, resolveBoardMove, validateBoardMove } from "../../../src/rules/board/board-move";
import type { BoardMove } from "../../../src/rules/board/board-move";
import { BOARD_REASONS } from "../../../src/rules/board/reasons";
import { attackLegality } from "../../../src/rules/board/attack-legality";
import { MOVE_REASONS } from "../../../src/rules/procedures/move";
import type { MoveRuling } from "../../../src/rules/procedures/move";
import { RULE_REASONS } from "../../../src/rules/reasons";
import { applyChanges, distanceBetween, pairKey } from "../../../src/rules/state";
import type { CombatantState, SkirmishState } from "../../../src/rules/state";
import { fighter, skirmishOf } from "../fixtures";
import { SWORD } from "./weapons";

/** Dragon d in the air, grounded dragon g, knight k on the ground, a tower; everyone at middle distance from d. */
function field(values: Partial<Record<string, Partial<CombatantState>>> = {}, extra: Partial<SkirmishState> = {}): SkirmishState {
  return skirmishOf(
    [
      fighter("d", values.d),
      fighter("g", { altitude: "grounded", ...values.g }),
      fighter("k", { canFly: false, altitude: "grounded", ...values.k }),
      fighter("p", values.p),
    ],
    {
      landmarks: { tower: { id: "tower", name: "Tower", altitude: "grounded" } },
      distances: {
        [pairKey("d", "g")]: "middle",
        [pairKey("d", "k")]: "middle",
        [pairKey("g", "k")]: "middle",
        [pairKey("k", "tower")]: "middle",
      },
      ...extra,
    },
  );
}

function reason(ruling: MoveRuling): string | undefined {
  return ruling.allowed ? undefined : ruling.reason;
}

function moved(state: SkirmishState, move: BoardMove): SkirmishState {
  const ruling = resolveBoardMove(state, move, "movement");
  if (!ruling.allowed) throw new Error(ruling.reason);
  return applyChanges(state, ruling.changes);
}

describe("board moves (000 Manoeuvres, RULES.md Movement)", () => {
  it("a standard aerial move takes one distance step and one altitude step", () => {
    const after = moved(field(), { id: "d", kind: "standard", altitude: "high", reference: "g", distance: "close" });
    expect(after.combatants.d?.altitude).toBe("high");
    expect(distanceBetween(after, "d", "g")).toBe("close");
    expect(after.combatants.d?.fullMove).toBe(false);
  });
  it("enforces the allowance: two steps need a full move", () => {
    const two: BoardMove = { id: "d", kind: "standard", reference: "g", distance: "disengaged" };
    expect(reason(resolveBoardMove(field(), two, "movement"))).toBe(MOVE_REASONS.TooManyDistanceSteps);
    expect(resolveBoardMove(field(), { ...two, kind: "full" }, "movement").allowed).toBe(true);
  });
  it("a full move leaves no other action that round", () => {
    const after = moved(field(), { id: "d", kind: "full", altitude: "ceiling" });
    expect(after.combatants.d?.fullMove).toBe(true);
    expect(attackLegality(after, { attackerId: "d", targetId: "g", weapon: SWORD }).reason).toBe(RULE_REASONS.FullMoveNoAction);
  });
  it("pinned and severely injured combatants cannot move", () => {
    const pinned = field({}, { grapples: [pairKey("d", "p")], distances: { [pairKey("d", "p")]: "zero" } });
    expect(reason(resolveBoardMove(pinned, { id: "d", kind: "standard", altitude: "high" }, "movement"))).toBe(MOVE_REASONS.Pinned);
    const hurt = field({ d: { life: { max: 12, wounds: 7 } } });
    expect(reason(resolveBoardMove(hurt, { id: "d", kind: "standard", altitude: "high" }, "movement"))).toBe(
      MOVE_REASONS.SeverelyInjured,
    );
  });
  it("taking off is a full move", () => {
    expect(reason(resolveBoardMove(field(), { id: "g", kind: "standard", altitude: "low" }, "movement"))).toBe(
      MOVE_REASONS.NoStandardMove,
    );
    const fast = field({ g: { fastGround: true } });
    expect(reason(resolveBoardMove(fast, { id: "g", kind: "standard", altitude: "low" }, "movement"))).toBe(
      MOVE_REASONS.TakeOffNeedsFullMove,
    );
    expect(moved(field(), { id: "g", kind: "full", altitude: "mid" }).combatants.g?.altitude).toBe("mid");
  });
  it("a full ground move is one distance step on the ground, without climbing", () => {
    const after = moved(field(), { id: "k", kind: "fullGround", reference: "tower", distance: "close" });
    expect(distanceBetween(after, "k", "tower")).toBe("close");
    expect(after.combatants.k?.fullMove).toBe(true);
    expect(reason(resolveBoardMove(field(), { id: "g", kind: "fullGround", altitude: "low" }, "movement"))).toBe(
      BOARD_REASONS.GroundMoveNoClimb,
    );
    expect(reason(resolveBoardMove(field(), { id: "d", kind: "fullGround", reference: "g", distance: "close" }, "movement"))).toBe(
      BOARD_REASONS.GroundMoveOnGround,
    );
  });
  it("the full move is aerial: it needs wings, and from the ground a take-off", () => {
    expect(reason(resolveBoardMove(field(), { id: "k", kind: "full", reference: "tower", distance: "close" }, "movement"))).toBe(
      MOVE_REASONS.CannotFly,
    );
    expect(reason(resolveBoardMove(field(), { id: "g", kind: "full", reference: "d", distance: "close" }, "movement"))).toBe(
      BOARD_REASONS.FullMoveTakesOff,
    );
    const tookOff = moved(field(), { id: "g", kind: "full", altitude: "low", reference: "d", distance: "close" });
    expect([tookOff.combatants.g?.altitude, distanceBetween(tookOff, "g", "d")]).toEqual(["low", "close"]);
  });
  it("ground troops have no standard move", () => {
    expect(reason(resolveBoardMove(field(), { id: "k", kind: "standard", reference: "tower", distance: "close" }, "movement"))).toBe(
      MOVE_REASONS.NoStandardMove,
    );
  });
  it("a combatant without wings in the air, carried by nobody, cannot walk (the engine's rule, on every kind)", () => {
    const dropped = field({ k: { altitude: "mid" } });
    expect(reason(resolveBoardMove(dropped, { id: "k", kind: "fullGround", reference: "tower", distance: "close" }, "movement"))).toBe(
      MOVE_REASONS.NoGroundToWalk,
    );
    expect(reason(resolveBoardMove(dropped, { id: "k", kind: "full", reference: "tower", distance: "close" }, "movement"))).toBe(
      MOVE_REASONS.NoGroundToWalk,
    );
    expect(boardMoveTargets(dropped, "k", "full", "movement").distances.tower).toEqual([]);
  });
  it("the carried move with the carrier, and cannot move themselves", () => {
    const carrying = field({ k: { altitude: "mid" } }, { carrying: { d: "k" } });
    const after = moved(carrying, { id: "d", kind: "standard", altitude: "low", reference: "g", distance: "close" });
    expect(after.combatants.k?.altitude).toBe("low");
    expect(distanceBetween(after, "k", "g")).toBe("close");
    expect(validateBoardMove(carrying, { id: "k", kind: "full", reference: "g", distance: "close" }, "movement").reason).toBe(
      MOVE_REASONS.Carried,
    );
  });
  it("refuses a move outside the movement phase", () => {
    expect(validateBoardMove(field(), { id: "d", kind: "standard", altitude: "high" }, "battle").reason).toBe(
      MOVE_REASONS.NotMovementPhase,
    );
  });
  it("lists the reachable bands of each kind: no altitudes for a full ground move", () => {
    const standard = boardMoveTargets(field(), "d", "standard", "movement");
    expect(standard.altitudes).toEqual(["low", "high"]);
    expect(standard.distances.g).toEqual(["close", "long"]);
    const full = boardMoveTargets(field(), "g", "full", "movement");
    expect(full.altitudes).toEqual(["low", "mid"]);
    const ground = boardMoveTargets(field(), "g", "fullGround", "movement");
    expect(ground.altitudes).toEqual([]);
    expect(ground.distances.d).toEqual(["close", "long"]);
  });
  it("lists exactly the bands some legal board move reaches, for every mover and kind", () => {
    const states = [field(), field({ g: { fastGround: true } }), field({ k: { altitude: "mid" } }), field({ d: { moved: true } })];
    for (const state of states) {
      for (const id of ["d", "g", "k"]) {
        for (const kind of BOARD_MOVE_KINDS) {
          const ok = (move: Omit<BoardMove, "id" | "kind">) => validateBoardMove(state, { id, kind, ...move }, "movement").allowed;
          const here = state.combatants[id]?.altitude;
          const altitudes = ALTITUDES.filter((a) => a !== here && ok({ altitude: a }));
          const targets = boardMoveTargets(state, id, kind, "movement");
          expect(targets.altitudes).toEqual(altitudes);
          for (const reference of ["d", "g", "k", "p", "tower"].filter((r) => r !== id)) {
            const current = distanceBetween(state, id, reference);
            const bands = DISTANCES.filter(
              (d) => d !== current && (ok({ reference, distance: d }) || ALTITUDES.some((a) => a !== here && ok({ altitude: a, reference, distance: d }))),
            );
            expect(targets.distances[reference], `${id} ${kind} ${reference}`).toEqual(bands);
          }
          const open = altitudes.length > 0 || Object.values(targets.distances).some((b) => b.length > 0);
          expect(moveKindBlocked(state, id, kind, "movement") === undefined).toBe(open);
        }
      }
    }
  });
  it("says why a kind of move is closed: no standard move on the ground, pinned, already moved", () => {
    expect(moveKindBlocked(field(), "k", "standard", "movement")).toBe(MOVE_REASONS.NoStandardMove);
    expect(moveKindBlocked(field(), "k", "fullGround", "movement")).toBeUndefined();
    const pinned = field({}, { grapples: [pairKey("d", "p")], distances: { [pairKey("d", "p")]: "zero" } });
    expect(moveKindBlocked(pinned, "d", "full", "movement")).toBe(MOVE_REASONS.Pinned);
    expect(moveKindBlocked(field({ d: { moved: true } }), "d", "standard", "movement")).toBe(MOVE_REASONS.AlreadyMoved);
    expect(moveKindBlocked(field(), "d", "fullGround", "movement")).toBe(BOARD_REASONS.GroundMoveOnGround);
  });
});
