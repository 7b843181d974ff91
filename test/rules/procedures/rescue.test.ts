import { describe, expect, it } from "vitest";
import { performRescue, rescueCheckTN, resolveRescue, setDown, validateRescue } from "../../../src/rules/procedures/rescue";
import type { RescueDeclaration } from "../../../src/rules/procedures/rescue";
import { BATTLE_LOG, RULE_REASONS } from "../../../src/rules/reasons";
import { applyChanges, carrierOf, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { fighter, rollScript, withFighter } from "../fixtures";

/** r (rescuer) and f (falling) at close quarters, both at mid altitude; e is an enemy. */
function skirmish(over: Partial<SkirmishState> = {}): SkirmishState {
  return {
    combatants: { r: fighter("r"), f: fighter("f", { falling: true }), e: fighter("e") },
    landmarks: {},
    distances: { [pairKey("r", "f")]: "close", [pairKey("f", "e")]: "close" },
    grapples: [],
    carrying: {},
    surface: "normal",
    ...over,
  };
}

const catchIt: RescueDeclaration = { rescuerId: "r", targetId: "f" };

describe("000 Catching / Mid air rescues: validateRescue", () => {
  it("allows a flyer to catch a combatant falling alone at close quarters at the same altitude", () => {
    expect(validateRescue(skirmish(), catchIt)).toEqual({ allowed: true });
  });
  it("allows a rescue at zero range at the same altitude", () => {
    expect(validateRescue(skirmish({ distances: { [pairKey("r", "f")]: "zero" } }), catchIt)).toEqual({ allowed: true });
  });
  it("refuses a rescuer that cannot fly", () => {
    expect(validateRescue(withFighter(skirmish(), fighter("r", { canFly: false })), catchIt).reason).toBe(
      RULE_REASONS.RescuerCannotFly,
    );
  });
  it("refuses a grounded rescuer", () => {
    const state = withFighter(skirmish(), fighter("r", { altitude: "grounded" }));
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.RescuerGrounded);
  });
  it("refuses a rescuer that is itself pinned in a grapple", () => {
    const state = applyChanges(skirmish({ distances: { [pairKey("r", "e")]: "close" } }), [
      { type: "grapple", a: "r", b: "e" },
    ]);
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.RescuerPinned);
  });
  it("refuses a rescuer already carrying someone", () => {
    expect(validateRescue(skirmish({ carrying: { r: "e" } }), catchIt).reason).toBe(RULE_REASONS.RescuerAlreadyCarrying);
  });
  it("000 Severe injury and Death: refuses a severely injured rescuer", () => {
    const state = withFighter(skirmish(), fighter("r", { life: { max: 12, wounds: 7 } }));
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.ActorSeverelyInjured);
  });
  it("000 Manoeuvres: refuses a rescue after a full move", () => {
    const state = withFighter(skirmish(), fighter("r", { fullMove: true }));
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.FullMoveNoAction);
  });
  it("refuses a target that is not falling", () => {
    const state = withFighter(skirmish(), fighter("f", { falling: false }));
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.TargetNotFalling);
  });
  it("refuses a target falling in a grapple", () => {
    const state = applyChanges(skirmish(), [{ type: "grapple", a: "f", b: "e" }]);
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.TargetInGrapple);
  });
  it("refuses a target someone already carries", () => {
    expect(validateRescue(skirmish({ carrying: { e: "f" } }), catchIt).reason).toBe(RULE_REASONS.TargetAlreadyCarried);
  });
  it("refuses a target at middle distance", () => {
    const state = skirmish({ distances: { [pairKey("r", "f")]: "middle" } });
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.RescueOutOfReach);
  });
  it("refuses a target at close quarters but another altitude (project reading)", () => {
    const state = withFighter(skirmish(), fighter("f", { falling: true, altitude: "high" }));
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.RescueOutOfReach);
  });
  it("refuses as impossible a target four times the rescuer's weight (TN 7)", () => {
    const state = withFighter(skirmish(), fighter("f", { falling: true, weight: 40 }));
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.RescueImpossible);
  });
  it("refuses a dead target", () => {
    const state = withFighter(skirmish(), fighter("f", { falling: true, life: { max: 12, wounds: 13 } }));
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.TargetDead);
  });
  it("refuses a rescuer catching itself", () => {
    expect(validateRescue(skirmish(), { rescuerId: "f", targetId: "f" }).reason).toBe(RULE_REASONS.SelfTarget);
  });
  it("refuses an unknown rescuer id with a RangeError naming it", () => {
    expect(() => validateRescue(skirmish(), { rescuerId: "x", targetId: "f" })).toThrow(/rescuerId.*x/);
  });
});

describe("000 Catching / Mid air rescues: resolveRescue", () => {
  it("uses the weight TN: 6 for a target twice as heavy", () => {
    expect(rescueCheckTN(withFighter(skirmish(), fighter("f", { weight: 20, falling: true })), catchIt)).toBe(6);
  });
  it("catches on one success: the rescuer carries the target, which stops falling", () => {
    const outcome = resolveRescue(skirmish(), catchIt, [5, 1]);
    expect(outcome).toMatchObject({ tn: 5, successes: 1, caught: true });
    const next = applyChanges(skirmish(), outcome.changes);
    expect(carrierOf(next, "f")).toBe("r");
    expect(next.combatants.f?.falling).toBe(false);
  });
  it("changes nothing without a success", () => {
    const outcome = resolveRescue(skirmish(), catchIt, [4, 4]);
    expect(outcome).toMatchObject({ caught: false, changes: [{ type: "flag", id: "r", flag: "acted", value: true }] });
    expect(outcome.log[0]?.key).toBe(BATTLE_LOG.RescueMissed);
  });
  it("rescues with scripted dice in one call", async () => {
    const dice = rollScript([6, 2, 2]);
    const result = await performRescue(skirmish(), catchIt, 3, dice);
    expect(result).toMatchObject({ allowed: true, caught: true });
    expect(dice.left()).toBe(0);
  });
  it("returns the refusal of an impossible rescue without rolling", async () => {
    const state = withFighter(skirmish(), fighter("f", { falling: false }));
    expect(await performRescue(state, catchIt, 3, rollScript())).toEqual({
      allowed: false,
      reason: RULE_REASONS.TargetNotFalling,
    });
  });
});

describe("000 Catching / Mid air rescues: laying the burden down", () => {
  /** r carries f, which fell severely injured; both at mid altitude. */
  const carried = (r = {}, f = {}): SkirmishState =>
    withFighter(
      withFighter(skirmish({ carrying: { r: "f" } }), fighter("r", r)),
      fighter("f", { life: { max: 12, wounds: 7 }, ...f }),
    );

  it("sets the passenger down safely once the carrier has landed", () => {
    const state = carried({ altitude: "grounded" }, { altitude: "grounded" });
    const ruling = setDown(state, "r");
    expect(ruling).toMatchObject({ allowed: true, log: [{ key: BATTLE_LOG.SetDown }] });
    if (!ruling.allowed) return;
    const after = applyChanges(state, ruling.changes);
    expect(carrierOf(after, "f")).toBeUndefined();
    expect(after.combatants.f).toMatchObject({ altitude: "grounded", falling: false });
  });
  it("lets a passenger that cannot fly properly fall when released in the air", () => {
    const ruling = setDown(carried(), "r");
    if (!ruling.allowed) throw new Error("refused");
    const after = applyChanges(carried(), ruling.changes);
    expect(after.combatants.f).toMatchObject({ altitude: "mid", falling: true });
    expect(ruling.log[0]?.key).toBe(BATTLE_LOG.LetFall);
  });
  it("lets a fit flyer released in the air fly on", () => {
    const ruling = setDown(carried({}, { life: { max: 12, wounds: 0 } }), "r");
    expect(ruling).toMatchObject({ allowed: true, changes: [{ type: "drop", carrier: "r" }] });
    if (!ruling.allowed) throw new Error("refused");
    expect(ruling.log[0]?.key).toBe(BATTLE_LOG.Released);
  });
  it("puts the passenger at the carrier's altitude", () => {
    const ruling = setDown(carried({ altitude: "low" }, { altitude: "mid" }), "r");
    if (!ruling.allowed) throw new Error("refused");
    expect(ruling.changes).toContainEqual({ type: "altitude", id: "f", altitude: "low" });
  });
  it("refuses a carrier that carries nobody", () => {
    expect(setDown(skirmish(), "r")).toEqual({ allowed: false, reason: RULE_REASONS.NotCarrying });
  });
});

describe("000 Catching / Mid air rescues: who cannot catch", () => {
  it("refuses a passenger as rescuer, so two can never end up carrying each other", () => {
    // e carries r; f is falling alone within reach, but a passenger cannot catch anyone.
    const state = skirmish({ carrying: { e: "r" } });
    expect(validateRescue(state, catchIt).reason).toBe(RULE_REASONS.RescuerCarried);
  });
});

describe("000 Catching / Mid air rescues: the weights set the TN of the catch itself", () => {
  /** The rescuer r weighs 10; the faller f weighs `weight`. */
  const weighing = (weight: number): SkirmishState => withFighter(skirmish(), fighter("f", { falling: true, weight }));
  it.each([
    { weight: 20, tn: 6, misses: [5, 5], catches: [6, 1] },
    { weight: 5, tn: 4, misses: [3, 3], catches: [4, 1] },
    { weight: 2.5, tn: 3, misses: [2, 2], catches: [3, 1] },
  ])("rolls at TN $tn against a faller of weight $weight", ({ weight, tn, misses, catches }) => {
    expect(resolveRescue(weighing(weight), catchIt, misses)).toMatchObject({ tn, successes: 0, caught: false });
    expect(resolveRescue(weighing(weight), catchIt, catches)).toMatchObject({ tn, successes: 1, caught: true });
  });
  it("rolls the all-in-one rescue at the weight TN too: a 5 cannot catch a faller twice as heavy", async () => {
    const result = await performRescue(weighing(20), catchIt, 2, rollScript([5, 5]));
    expect(result).toMatchObject({ allowed: true, tn: 6, caught: false });
  });
  it("reads the rescuer's weight as well as the target's", () => {
    const heavy = withFighter(weighing(20), fighter("r", { weight: 40 }));
    expect(resolveRescue(heavy, catchIt, [4, 1])).toMatchObject({ tn: 4, caught: true });
  });
});
