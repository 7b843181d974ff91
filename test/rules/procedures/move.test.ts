import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALTITUDES, DISTANCES, altitudeIndex, distanceIndex } from "../../../src/rules/bands";
import { MOVE_LOG, MOVE_REASONS, legalMoveTargets, resolveMove, validateMove } from "../../../src/rules/procedures/move";
import type { MoveDeclaration, MovePhase, MoveRuling } from "../../../src/rules/procedures/move";
import { applyChanges, distanceBetween, pairKey } from "../../../src/rules/state";
import type { CombatantState, SkirmishState } from "../../../src/rules/state";
import type { Altitude, Distance } from "../../../src/rules/types";
import { fighter } from "../fixtures";

const PHASE: MovePhase = "movement";

/** Dragon a and b at close quarters, a knight on the ground at middle distance from a, and a tower landmark. */
function skirmish(values: Partial<Record<string, Partial<CombatantState>>> = {}, extra: Partial<SkirmishState> = {}): SkirmishState {
  return {
    combatants: {
      a: fighter("a", values.a),
      b: fighter("b", values.b),
      k: fighter("k", { canFly: false, altitude: "grounded", ...values.k }),
    },
    landmarks: { tower: { id: "tower", name: "Tower", altitude: "grounded" } },
    distances: { [pairKey("a", "b")]: "close", [pairKey("a", "k")]: "middle", [pairKey("a", "tower")]: "long" },
    grapples: [],
    carrying: {},
    surface: "normal",
    ...extra,
  };
}

function move(state: SkirmishState, declaration: MoveDeclaration, phase: MovePhase = PHASE): MoveRuling {
  return resolveMove(state, declaration, phase);
}

function refusal(ruling: MoveRuling): string | undefined {
  return ruling.allowed ? undefined : ruling.reason;
}

describe("000 Phase One: The Tactical Movement Phase", () => {
  it("refuses a move declared in any other phase", () => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", altitude: "high" }, "battle");
    expect(refusal(ruling)).toBe(MOVE_REASONS.NotMovementPhase);
  });
  it.each<MovePhase>(["end", "starting", "endOfRound"])("refuses a move in the %s phase", (phase) => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", altitude: "high" }, phase);
    expect(refusal(ruling)).toBe(MOVE_REASONS.NotMovementPhase);
  });
  it("001 Combat Phases: allows a move in a speed phase, where each combatant moves and then fights", () => {
    expect(move(skirmish(), { id: "a", kind: "standard", altitude: "high" }, "slow").allowed).toBe(true);
  });
  it("throws a RangeError for a phase no round mode has", () => {
    expect(() => move(skirmish(), { id: "a", kind: "standard", altitude: "high" }, "lunch" as MovePhase)).toThrow(RangeError);
  });
  it("refuses a declaration that changes nothing", () => {
    expect(refusal(move(skirmish(), { id: "a", kind: "full", altitude: "mid" }))).toBe(MOVE_REASONS.NoMoveDeclared);
  });
  it("validateMove answers a legal move with a plain Legality", () => {
    const declaration: MoveDeclaration = { id: "a", kind: "standard", altitude: "high" };
    expect(validateMove(skirmish(), declaration, PHASE)).toEqual({ allowed: true });
  });
  it("validateMove gives the same reason as resolveMove for a refused move", () => {
    const declaration: MoveDeclaration = { id: "a", kind: "standard", altitude: "ceiling" };
    expect(validateMove(skirmish(), declaration, PHASE)).toEqual(resolveMove(skirmish(), declaration, PHASE));
  });
});

describe("000 Manoeuvres: standard aerial move", () => {
  it("moves an airborne flyer one altitude band and one distance step", () => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", altitude: "high", reference: "b", distance: "middle" });
    expect(ruling.allowed && ruling.changes).toEqual([
      { type: "altitude", id: "a", altitude: "high" },
      { type: "distance", a: "a", b: "b", distance: "middle" },
      { type: "flag", id: "a", flag: "moved", value: true },
    ]);
  });
  it("logs the altitude and distance change with names and bands", () => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", altitude: "low", reference: "b", distance: "middle" });
    expect(ruling.allowed && ruling.log).toEqual([
      { key: MOVE_LOG.Altitude, data: { name: "A", from: "mid", to: "low" } },
      { key: MOVE_LOG.Distance, data: { name: "A", reference: "B", from: "close", to: "middle" } },
    ]);
  });
  it("refuses two altitude bands with a standard move", () => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", altitude: "ceiling" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.TooManyAltitudeSteps);
  });
  it("refuses two distance steps with a standard move", () => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", reference: "b", distance: "long" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.TooManyDistanceSteps);
  });
  it("sets no full-move flag, so the combatant may still act", () => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", altitude: "high" });
    if (!ruling.allowed) throw new Error("the move was refused");
    expect(ruling.changes.some((c) => c.type === "flag" && c.flag === "fullMove")).toBe(false);
  });
  it("allows one move a round: a second move, standard or full, is refused", () => {
    const first = move(skirmish(), { id: "a", kind: "standard", altitude: "high" });
    if (!first.allowed) throw new Error("the first move was refused");
    const after = applyChanges(skirmish(), first.changes);
    expect(refusal(move(after, { id: "a", kind: "standard", altitude: "ceiling" }))).toBe(MOVE_REASONS.AlreadyMoved);
    expect(refusal(move(after, { id: "a", kind: "full", reference: "b", distance: "long" }))).toBe(MOVE_REASONS.AlreadyMoved);
  });
  it("refuses a full move to one who has already taken its battle action (d10 mode)", () => {
    const ruling = move(skirmish({ a: { acted: true } }), { id: "a", kind: "full", altitude: "high" }, "average");
    expect(refusal(ruling)).toBe(MOVE_REASONS.ActedNoFullMove);
    expect(move(skirmish({ a: { acted: true } }), { id: "a", kind: "standard", altitude: "high" }, "average").allowed).toBe(true);
  });
});

describe("000 Manoeuvres: full aerial move", () => {
  it("moves an airborne flyer two altitude bands and two distance steps", () => {
    const ruling = move(skirmish(), { id: "a", kind: "full", altitude: "grounded", reference: "tower", distance: "close" });
    expect(ruling.allowed && ruling.changes.slice(0, 2)).toEqual([
      { type: "altitude", id: "a", altitude: "grounded" },
      { type: "distance", a: "a", b: "tower", distance: "close" },
    ]);
  });
  it("sets the fullMove flag so no other action follows this round", () => {
    const ruling = move(skirmish(), { id: "a", kind: "full", altitude: "ceiling" });
    expect(ruling.allowed && ruling.changes).toContainEqual({ type: "flag", id: "a", flag: "fullMove", value: true });
    expect(ruling.allowed && ruling.log).toContainEqual({ key: MOVE_LOG.FullMove, data: { name: "A" } });
  });
  it("refuses three altitude bands even with a full move", () => {
    const ruling = move(skirmish({ a: { altitude: "low" } }), { id: "a", kind: "full", altitude: "ceiling" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.TooManyAltitudeSteps);
  });
  it("refuses three distance steps even with a full move", () => {
    const ruling = move(skirmish(), { id: "a", kind: "full", reference: "b", distance: "disengaged" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.TooManyDistanceSteps);
  });
  it("clears the falling flag of a flyer that flies on after choosing to fall", () => {
    const ruling = move(skirmish({ a: { falling: true } }), { id: "a", kind: "standard", altitude: "high" });
    expect(ruling.allowed && ruling.changes).toContainEqual({ type: "flag", id: "a", flag: "falling", value: false });
  });
  it("refuses a second move after a full move this round", () => {
    const ruling = move(skirmish({ a: { fullMove: true } }), { id: "a", kind: "standard", altitude: "high" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.FullMoveTaken);
  });
});

describe("000 Manoeuvres: taking off (RULES.md Movement)", () => {
  it("gives a grounded flyer no standard move", () => {
    const ruling = move(skirmish({ a: { altitude: "grounded" } }), { id: "a", kind: "standard", altitude: "low" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.NoStandardMove);
  });
  it("lets a grounded flyer take off with a full move", () => {
    const ruling = move(skirmish({ a: { altitude: "grounded" } }), { id: "a", kind: "full", altitude: "mid" });
    expect(ruling.allowed && ruling.changes).toEqual([
      { type: "altitude", id: "a", altitude: "mid" },
      { type: "flag", id: "a", flag: "moved", value: true },
      { type: "flag", id: "a", flag: "fullMove", value: true },
    ]);
  });
  it("tells a fast grounded flyer that taking off needs a full move", () => {
    const state = skirmish({ a: { altitude: "grounded", fastGround: true } });
    expect(refusal(move(state, { id: "a", kind: "standard", altitude: "low" }))).toBe(MOVE_REASONS.TakeOffNeedsFullMove);
  });
  it("lets an airborne flyer land with a standard move from low altitude", () => {
    const ruling = move(skirmish({ a: { altitude: "low" } }), { id: "a", kind: "standard", altitude: "grounded" });
    expect(ruling.allowed).toBe(true);
  });
});

describe("000 Manoeuvres: ground troops", () => {
  it("gives a non-flyer no standard move", () => {
    const ruling = move(skirmish(), { id: "k", kind: "standard", reference: "a", distance: "close" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.NoStandardMove);
  });
  it("lets a non-flyer make a full ground move of one distance step", () => {
    const ruling = move(skirmish(), { id: "k", kind: "full", reference: "a", distance: "close" });
    expect(ruling.allowed && ruling.changes).toEqual([
      { type: "distance", a: "k", b: "a", distance: "close" },
      { type: "flag", id: "k", flag: "moved", value: true },
      { type: "flag", id: "k", flag: "fullMove", value: true },
    ]);
  });
  it("refuses a non-flyer two distance steps with a full ground move", () => {
    const ruling = move(skirmish(), { id: "k", kind: "full", reference: "b", distance: "close" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.TooManyDistanceSteps);
  });
  it("never lets a non-flyer change altitude", () => {
    const ruling = move(skirmish(), { id: "k", kind: "full", altitude: "low" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.CannotFly);
  });
  it("lets fast ground troops move one distance step with a standard move", () => {
    const ruling = move(skirmish({ k: { fastGround: true } }), { id: "k", kind: "standard", reference: "a", distance: "close" });
    expect(ruling.allowed && ruling.changes).toEqual([
      { type: "distance", a: "k", b: "a", distance: "close" },
      { type: "flag", id: "k", flag: "moved", value: true },
    ]);
  });
  it("moves a flyer that stays on the ground as ground troops move: one distance step with a full move", () => {
    const grounded = skirmish({ a: { altitude: "grounded" } }, { distances: { [pairKey("a", "b")]: "long" } });
    expect(move(grounded, { id: "a", kind: "full", reference: "b", distance: "middle" }).allowed).toBe(true);
    const twoSteps = move(grounded, { id: "a", kind: "full", reference: "b", distance: "close" });
    expect(refusal(twoSteps)).toBe(MOVE_REASONS.TooManyDistanceSteps);
  });
  it("lets a flyer that takes off cover two distance steps with its full aerial move", () => {
    const grounded = skirmish({ a: { altitude: "grounded" } }, { distances: { [pairKey("a", "b")]: "long" } });
    const ruling = move(grounded, { id: "a", kind: "full", altitude: "low", reference: "b", distance: "close" });
    expect(ruling.allowed).toBe(true);
  });
});

describe("000 Manoeuvres: who cannot move", () => {
  it("refuses a pinned combatant", () => {
    const state = skirmish({}, { grapples: [pairKey("a", "b")], distances: { [pairKey("a", "b")]: "zero" } });
    expect(refusal(move(state, { id: "a", kind: "full", altitude: "high" }))).toBe(MOVE_REASONS.Pinned);
  });
  it("000 Severe injury and Death: refuses a severely injured combatant", () => {
    const ruling = move(skirmish({ a: { life: { max: 12, wounds: 7 } } }), { id: "a", kind: "full", altitude: "high" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.SeverelyInjured);
  });
  it("000 Severe injury and Death: refuses a dead combatant", () => {
    const ruling = move(skirmish({ a: { life: { max: 12, wounds: 13 } } }), { id: "a", kind: "full", altitude: "high" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.Dead);
  });
  it("000 Catching: refuses a combatant that is being carried", () => {
    const state = skirmish({}, { carrying: { b: "a" } });
    expect(refusal(move(state, { id: "a", kind: "standard", altitude: "high" }))).toBe(MOVE_REASONS.Carried);
  });
});

describe("001 Combat Events: a forced full move (Stampede)", () => {
  it("refuses a standard move and allows a full one", () => {
    const state = skirmish({ k: { fastGround: true, roundEffects: ["forcedFullMove"] } });
    const standard = move(state, { id: "k", kind: "standard", reference: "a", distance: "close" });
    expect(refusal(standard)).toBe(MOVE_REASONS.ForcedFullMove);
    expect(move(state, { id: "k", kind: "full", reference: "a", distance: "close" }).allowed).toBe(true);
  });
});

describe("000 Distance: limits of movement", () => {
  it("never closes to zero range by movement", () => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", reference: "b", distance: "zero" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.NoZeroRangeByMove);
  });
  it("throws a RangeError for a band beyond disengaged", () => {
    const declaration = { id: "a", kind: "full", reference: "b", distance: "beyond" } as unknown as MoveDeclaration;
    expect(() => move(skirmish(), declaration)).toThrow(RangeError);
  });
  it("changes only the distance to the chosen reference (RULES.md Movement)", () => {
    const state = skirmish();
    const ruling = move(state, { id: "a", kind: "standard", reference: "b", distance: "middle" });
    const next = applyChanges(state, ruling.allowed ? ruling.changes : []);
    expect(distanceBetween(next, "a", "b")).toBe("middle");
    expect(distanceBetween(next, "a", "k")).toBe("middle");
    expect(distanceBetween(next, "a", "tower")).toBe("long");
  });
  it("000 Stationary Landmarks: moves relative to a landmark", () => {
    const ruling = move(skirmish(), { id: "a", kind: "standard", reference: "tower", distance: "middle" });
    expect(ruling.allowed && ruling.log[0]).toEqual({
      key: MOVE_LOG.Distance, data: { name: "A", reference: "Tower", from: "long", to: "middle" },
    });
  });
  it("counts an unrecorded distance as long (RULES.md Movement)", () => {
    const ruling = move(skirmish(), { id: "b", kind: "standard", reference: "k", distance: "middle" });
    expect(ruling.allowed).toBe(true);
  });
});

describe("000 Catching / Mid air rescues: a carrier moves with its passenger", () => {
  const carrying = skirmish({ b: { canFly: false } }, { carrying: { a: "b" } });
  it("takes the passenger to the carrier's new altitude and distance", () => {
    const ruling = move(carrying, { id: "a", kind: "standard", altitude: "low", reference: "tower", distance: "middle" });
    expect(ruling.allowed && ruling.changes).toEqual([
      { type: "altitude", id: "a", altitude: "low" },
      { type: "altitude", id: "b", altitude: "low" },
      { type: "distance", a: "a", b: "tower", distance: "middle" },
      { type: "distance", a: "b", b: "tower", distance: "middle" },
      { type: "flag", id: "a", flag: "moved", value: true },
    ]);
    expect(ruling.allowed && ruling.log).toContainEqual({ key: MOVE_LOG.CarriedAlong, data: { name: "B", carrier: "A" } });
  });
  it("refuses a move nearer to or farther from the passenger", () => {
    const ruling = move(carrying, { id: "a", kind: "standard", reference: "b", distance: "middle" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.MovesWithPassenger);
  });
});

describe("malformed declarations", () => {
  it.each<[string, unknown]>([
    ["an unknown mover", { id: "zz", kind: "standard", altitude: "high" }],
    ["an unknown reference", { id: "a", kind: "standard", reference: "zz", distance: "middle" }],
    ["a distance without a reference", { id: "a", kind: "standard", distance: "middle" }],
    ["the mover as its own reference", { id: "a", kind: "standard", reference: "a", distance: "middle" }],
    ["an unknown kind of move", { id: "a", kind: "sprint", altitude: "high" }],
    ["an unknown altitude", { id: "a", kind: "standard", altitude: "space" }],
  ])("throws a RangeError for %s", (_label, declaration) => {
    expect(() => move(skirmish(), declaration as MoveDeclaration)).toThrow(RangeError);
  });
});

describe("000 Manoeuvres: legal targets for the range board", () => {
  it("lists the bands one step away for a standard aerial move, never zero range", () => {
    const targets = legalMoveTargets(skirmish(), "a", "standard", PHASE);
    expect(targets.altitudes).toEqual(["low", "high"]);
    expect(targets.distances).toEqual({ b: ["middle"], k: ["close", "long"], tower: ["middle", "disengaged"] });
  });
  it("lists the take-off bands of a full move for a grounded flyer", () => {
    const targets = legalMoveTargets(skirmish({ a: { altitude: "grounded" } }), "a", "full", PHASE);
    expect(targets.altitudes).toEqual(["low", "mid"]);
  });
  it("lists nothing for a pinned combatant", () => {
    const state = skirmish({}, { grapples: [pairKey("a", "b")] });
    expect(legalMoveTargets(state, "a", "full", PHASE)).toEqual({ altitudes: [], distances: { b: [], k: [], tower: [] } });
  });
  it("lists nothing outside the movement phase", () => {
    expect(legalMoveTargets(skirmish(), "a", "full", "end").altitudes).toEqual([]);
  });
});

describe("every move key has an English string", () => {
  const lang = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../lang/en.json"), "utf8")) as unknown;
  const lookup = (key: string): unknown =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], lang);
  it.each([...Object.values(MOVE_REASONS), ...Object.values(MOVE_LOG)])("%s", (key) => {
    expect(typeof lookup(key)).toBe("string");
  });
});

describe("000 Manoeuvres: properties", () => {
  const altitude = fc.constantFrom<Altitude>(...ALTITUDES);
  const distance = fc.constantFrom<Distance>(...DISTANCES);
  const scenario = fc.record({
    mover: fc.record({
      altitude, canFly: fc.boolean(), fastGround: fc.boolean(), fullMove: fc.boolean(),
      // Mostly fit movers, so most scenarios have legal moves; some severely injured or dead ones too.
      wounds: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 6 }) }, { weight: 1, arbitrary: fc.integer({ min: 7, max: 14 }) }),
    }),
    start: distance.filter((d) => d !== "zero"),
    kind: fc.constantFrom("standard" as const, "full" as const),
    carrying: fc.boolean(),
  });

  /** Every legal declaration the range board offers: each altitude, each distance to b, and each of both. */
  function legalDeclarations(state: SkirmishState, kind: MoveDeclaration["kind"]): MoveDeclaration[] {
    const targets = legalMoveTargets(state, "a", kind, PHASE);
    const distances = targets.distances.b ?? [];
    const all: MoveDeclaration[] = [
      ...targets.altitudes.map((altitude) => ({ id: "a", kind, altitude })),
      ...distances.map((distance) => ({ id: "a", kind, reference: "b", distance })),
      ...targets.altitudes.flatMap((altitude) => distances.map((distance) => ({ id: "a", kind, altitude, reference: "b", distance }))),
    ];
    return all.filter((declaration) => validateMove(state, declaration, PHASE).allowed);
  }

  it("a legal move keeps every band inside the band lists and within its steps, and loses no combatant", () => {
    let checked = 0;
    fc.assert(
      fc.property(scenario, ({ mover, start, kind, carrying }) => {
        const state = skirmish(
          { a: { altitude: mover.altitude, canFly: mover.canFly, fastGround: mover.fastGround, fullMove: mover.fullMove,
            life: { max: 12, wounds: mover.wounds } }, k: { altitude: carrying ? mover.altitude : "grounded" } },
          { distances: { [pairKey("a", "b")]: start }, carrying: carrying ? { a: "k" } : {} },
        );
        const steps = kind === "standard" ? 1 : 2;
        for (const declaration of legalDeclarations(state, kind)) {
          const ruling = move(state, declaration);
          expect(ruling.allowed).toBe(true);
          if (!ruling.allowed) continue;
          checked += 1;
          const next = applyChanges(state, ruling.changes);
          expect(Object.keys(next.combatants)).toEqual(Object.keys(state.combatants));
          expect(ALTITUDES).toContain(next.combatants.a?.altitude);
          expect(DISTANCES).toContain(distanceBetween(next, "a", "b"));
          expect(distanceBetween(next, "a", "b")).not.toBe("zero");
          expect(next.combatants.a?.altitude).toBe(declaration.altitude ?? mover.altitude);
          expect(distanceBetween(next, "a", "b")).toBe(declaration.distance ?? start);
          expect(Math.abs(altitudeIndex(next.combatants.a?.altitude ?? "grounded") - altitudeIndex(mover.altitude))).toBeLessThanOrEqual(steps);
          expect(Math.abs(distanceIndex(distanceBetween(next, "a", "b")) - distanceIndex(start))).toBeLessThanOrEqual(steps);
          if (carrying) expect(next.combatants.k?.altitude).toBe(next.combatants.a?.altitude);
          expect(next.combatants.a?.moved).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
    // The property must have met many legal moves, not a handful.
    expect(checked).toBeGreaterThan(200);
  });
});

describe("001 Surprise and Ambush: no movement in the first round (RULES.md)", () => {
  it("refuses a move to the surprised and to the ambushed", () => {
    expect(refusal(move(skirmish({ a: { roundEffects: ["surprised"] } }), { id: "a", kind: "standard", altitude: "high" }))).toBe(
      MOVE_REASONS.Surprised,
    );
    expect(refusal(move(skirmish({ a: { roundEffects: ["ambushed"] } }), { id: "a", kind: "full", altitude: "high" }))).toBe(
      MOVE_REASONS.Ambushed,
    );
  });
});

describe("000 Manoeuvres: the range board's targets for a grounded flyer", () => {
  it("lists the distances a full move reaches only by taking off", () => {
    const grounded = skirmish({ a: { altitude: "grounded" } }, { distances: { [pairKey("a", "b")]: "long" } });
    const targets = legalMoveTargets(grounded, "a", "full", PHASE);
    expect(targets.distances.b).toEqual(["close", "middle", "disengaged"]);
    expect(targets.altitudes).toEqual(["low", "mid"]);
  });
});

describe("000 Falling out of the Sky, Catching: a non-flyer in the air cannot walk", () => {
  // The knight was let go by its carrier at high altitude: it is falling and has no ground under it.
  const aloft = (values: Partial<CombatantState> = {}): SkirmishState =>
    skirmish({ k: { altitude: "high", falling: true, fastGround: true, ...values } });
  it.each<MoveDeclaration["kind"]>(["standard", "full"])("refuses a %s ground move", (kind) => {
    const ruling = move(aloft(), { id: "k", kind, reference: "a", distance: "long" });
    expect(refusal(ruling)).toBe(MOVE_REASONS.NoGroundToWalk);
  });
  it("refuses it at every airborne band, and allows the same move once on the ground", () => {
    for (const altitude of ALTITUDES) {
      const ruling = move(aloft({ altitude }), { id: "k", kind: "full", reference: "a", distance: "long" });
      if (altitude === "grounded") expect(ruling.allowed).toBe(true);
      else expect(refusal(ruling)).toBe(MOVE_REASONS.NoGroundToWalk);
    }
  });
  it("offers no move targets on the range board", () => {
    for (const kind of ["standard", "full"] as const) {
      const targets = legalMoveTargets(aloft(), "k", kind, PHASE);
      expect(targets.altitudes).toEqual([]);
      expect(Object.values(targets.distances).flat()).toEqual([]);
    }
  });
  it("keeps its falling flag: no move clears it", () => {
    const state = aloft();
    expect(resolveMove(state, { id: "k", kind: "full", reference: "a", distance: "long" }, PHASE).allowed).toBe(false);
    expect(state.combatants.k?.falling).toBe(true);
  });
});
