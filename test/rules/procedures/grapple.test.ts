import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WeaponSnapshot } from "../../../src/rules/procedures/weapon";
import {
  breakOutDefenders,
  performBreakOut,
  performGrapple,
  resolveBreakOut,
  resolveGrapple,
  validateBreakOut,
  validateGrapple,
} from "../../../src/rules/procedures/grapple";
import type { GrappleDeclaration } from "../../../src/rules/procedures/grapple";
import { resolveContest } from "../../../src/rules/contest";
import { BATTLE_LOG, RULE_REASONS } from "../../../src/rules/reasons";
import { applyChanges, distanceBetween, isPinned, pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { fighter, rollScript, withFighter } from "../fixtures";

function skirmish(over: Partial<SkirmishState> = {}): SkirmishState {
  return {
    combatants: { a: fighter("a"), b: fighter("b"), c: fighter("c"), d: fighter("d") },
    landmarks: {},
    distances: { [pairKey("a", "b")]: "close", [pairKey("a", "c")]: "close", [pairKey("a", "d")]: "close" },
    grapples: [],
    carrying: {},
    surface: "normal",
    ...over,
  };
}

/** a is held by b and c at once. */
function heldByTwo(): SkirmishState {
  return applyChanges(skirmish(), [
    { type: "grapple", a: "b", b: "a" },
    { type: "grapple", a: "c", b: "a" },
  ]);
}

/** The change that spends a's battle action, which every resolved grapple or break-out by a makes first. */
const aActs = { type: "flag", id: "a", flag: "acted", value: true } as const;

const claws: WeaponSnapshot = {
  name: "Tooth and Claw", range: "melee", longRange: false, damageTN: 5, killerBlow: true, grapple: true, magicCost: 0,
};
const grab: GrappleDeclaration = { attackerId: "a", targetId: "b", weapon: claws };

describe("000 Grapple Attacks: validateGrapple", () => {
  it("allows a grapple at close quarters at the same altitude", () => {
    expect(validateGrapple(skirmish(), grab)).toEqual({ allowed: true });
  });
  it("000 Catching: refuses to grapple a combatant being carried, or to grapple while carried", () => {
    expect(validateGrapple(skirmish({ carrying: { c: "b" } }), grab).reason).toBe(RULE_REASONS.CarriedCannotGrapple);
    expect(validateGrapple(skirmish({ carrying: { c: "a" } }), grab).reason).toBe(RULE_REASONS.CarriedCannotGrapple);
  });
  it("000 Non-attack Battle Actions: refuses a second battle action in the same round", () => {
    const state = withFighter(skirmish(), fighter("a", { acted: true }));
    expect(validateGrapple(state, grab).reason).toBe(RULE_REASONS.AlreadyActed);
  });
  it("refuses a weapon without the grapple trait", () => {
    expect(validateGrapple(skirmish(), { ...grab, weapon: { ...claws, grapple: false } }).reason).toBe(
      RULE_REASONS.WeaponCannotGrapple,
    );
  });
  it("refuses a ranged weapon even when it is marked for grappling", () => {
    expect(validateGrapple(skirmish(), { ...grab, weapon: { ...claws, range: "ranged" } }).reason).toBe(
      RULE_REASONS.WrongWeaponRange,
    );
  });
  it("refuses a grapple at middle distance", () => {
    const state = skirmish({ distances: { [pairKey("a", "b")]: "middle" } });
    expect(validateGrapple(state, grab).reason).toBe(RULE_REASONS.TooFarForMelee);
  });
  it("refuses a grapple between different altitudes", () => {
    expect(validateGrapple(withFighter(skirmish(), fighter("b", { altitude: "high" })), grab).reason).toBe(
      RULE_REASONS.NotSameAltitude,
    );
  });
  it("refuses grappling a partner already held", () => {
    const state = applyChanges(skirmish(), [{ type: "grapple", a: "a", b: "b" }]);
    expect(validateGrapple(state, grab).reason).toBe(RULE_REASONS.AlreadyGrappling);
  });
  it("refuses a grappling combatant's grapple on anyone else", () => {
    const state = applyChanges(skirmish(), [{ type: "grapple", a: "a", b: "c" }]);
    expect(validateGrapple(state, grab).reason).toBe(RULE_REASONS.OnlyGrapplePartners);
  });
  it("refuses a grapple at zero range without a grapple", () => {
    const state = skirmish({ distances: { [pairKey("a", "b")]: "zero" } });
    expect(validateGrapple(state, grab).reason).toBe(RULE_REASONS.ZeroRangeNotGrappled);
  });
  it("lets a free combatant join a grapple by grabbing one of its members", () => {
    const state = applyChanges(skirmish(), [{ type: "grapple", a: "b", b: "c" }]);
    expect(validateGrapple(state, grab)).toEqual({ allowed: true });
  });
  it("000 Severe injury and Death: refuses a severely injured grappler", () => {
    const state = withFighter(skirmish(), fighter("a", { life: { max: 12, wounds: 8 } }));
    expect(validateGrapple(state, grab).reason).toBe(RULE_REASONS.ActorSeverelyInjured);
  });
  it("000 Manoeuvres: refuses a grapple after a full move", () => {
    expect(validateGrapple(withFighter(skirmish(), fighter("a", { fullMove: true })), grab).reason).toBe(
      RULE_REASONS.FullMoveNoAction,
    );
  });
  it("000 Catching: refuses a grapple while carrying someone as heavy as the carrier", () => {
    expect(validateGrapple(skirmish({ carrying: { a: "d" } }), grab).reason).toBe(RULE_REASONS.CarryingTooHeavy);
  });
  it("refuses a dead target", () => {
    const state = withFighter(skirmish(), fighter("b", { life: { max: 12, wounds: 20 } }));
    expect(validateGrapple(state, grab).reason).toBe(RULE_REASONS.TargetDead);
  });
});

describe("000 Grapple Attacks: resolveGrapple", () => {
  it("locks both at zero range and pins them on a hit, with no damage", () => {
    const contest = resolveContest({ attackDice: [5, 6], attackTN: 5, defenceDice: [6], defenceTN: 5 });
    const outcome = resolveGrapple(skirmish(), grab, contest);
    expect(outcome.changes).toEqual([aActs, { type: "grapple", a: "a", b: "b" }]);
    const next = applyChanges(skirmish(), outcome.changes);
    expect(distanceBetween(next, "a", "b")).toBe("zero");
    expect(isPinned(next, "a") && isPinned(next, "b")).toBe(true);
    expect(next.combatants.b?.life.wounds).toBe(0);
  });
  it("changes nothing on a miss and says so in the log", () => {
    const contest = resolveContest({ attackDice: [5], attackTN: 5, defenceDice: [6], defenceTN: 5 });
    const outcome = resolveGrapple(skirmish(), grab, contest);
    expect(outcome.changes).toEqual([aActs]);
    expect(outcome.log[0]?.key).toBe(BATTLE_LOG.GrappleMiss);
  });
  it("grapples with scripted dice in one call", async () => {
    const dice = rollScript([6, 6], [1, 1]);
    const result = await performGrapple(skirmish(), grab, { attackPool: 2, attackTN: 5, defence: { pool: 2, tn: 5 } }, dice);
    expect(result).toMatchObject({ allowed: true, changes: [aActs, { type: "grapple", a: "a", b: "b" }] });
    expect(dice.left()).toBe(0);
  });
  it("returns the refusal of an impossible grapple without rolling", async () => {
    const state = skirmish({ distances: { [pairKey("a", "b")]: "long" } });
    const result = await performGrapple(state, grab, { attackPool: 2, attackTN: 5, defence: null }, rollScript());
    expect(result).toEqual({ allowed: false, reason: RULE_REASONS.TooFarForMelee });
  });
});

describe("000 Breaking out of a Grapple: procedure", () => {
  it("refuses a break-out by a combatant that is not grappled", () => {
    expect(validateBreakOut(skirmish(), { breakerId: "a" }).reason).toBe(RULE_REASONS.NotGrappled);
  });
  it("allows a break-out by a grappled combatant", () => {
    expect(validateBreakOut(heldByTwo(), { breakerId: "a" })).toEqual({ allowed: true });
  });
  it("000 Severe injury and Death: refuses a break-out by a severely injured combatant", () => {
    const state = withFighter(heldByTwo(), fighter("a", { life: { max: 12, wounds: 9 } }));
    expect(validateBreakOut(state, { breakerId: "a" }).reason).toBe(RULE_REASONS.ActorSeverelyInjured);
  });
  it("asks every grappler to defend", () => {
    expect(breakOutDefenders(heldByTwo(), "a")).toEqual(["b", "c"]);
  });
  it("shakes off only the grapplers that defend worse, back to close quarters", () => {
    const outcome = resolveBreakOut(heldByTwo(), { breakerId: "a" }, {
      attackDice: [6, 5, 2],
      attackTN: 5,
      defences: [
        { id: "b", dice: [6], tn: 5 },
        { id: "c", dice: [6, 6], tn: 5 },
      ],
    });
    expect(outcome).toMatchObject({ attackSuccesses: 2, shakenOff: ["b"], stillHeld: ["c"], stillPinned: true });
    const next = applyChanges(heldByTwo(), outcome.changes);
    expect(distanceBetween(next, "a", "b")).toBe("close");
    expect(distanceBetween(next, "a", "c")).toBe("zero");
  });
  it("000 Defence is Optional: a grappler that does not defend is shaken off by any success", () => {
    const outcome = resolveBreakOut(heldByTwo(), { breakerId: "a" }, {
      attackDice: [5],
      attackTN: 5,
      defences: [
        { id: "b", dice: null, tn: 5 },
        { id: "c", dice: null, tn: 5 },
      ],
    });
    expect(outcome).toMatchObject({ shakenOff: ["b", "c"], stillPinned: false });
    expect(isPinned(applyChanges(heldByTwo(), outcome.changes), "a")).toBe(false);
  });
  it("shakes off nobody when the break-out scores no successes, even if nobody defends", () => {
    const outcome = resolveBreakOut(heldByTwo(), { breakerId: "a" }, {
      attackDice: [1, 4],
      attackTN: 5,
      defences: [
        { id: "b", dice: null, tn: 5 },
        { id: "c", dice: null, tn: 5 },
      ],
    });
    expect(outcome.changes).toEqual([aActs]);
    expect(outcome.log.map((l) => l.key)).toEqual([BATTLE_LOG.StillHeld, BATTLE_LOG.StillHeld]);
  });
  it("refuses defences that leave out a grappler", () => {
    const rolls = { attackDice: [6], attackTN: 5, defences: [{ id: "b", dice: null, tn: 5 }] };
    expect(() => resolveBreakOut(heldByTwo(), { breakerId: "a" }, rolls)).toThrow(/defences/);
  });
  it("breaks out with scripted dice, rolling the attack then each grappler's defence", async () => {
    const dice = rollScript([6, 6], [6, 6, 6]);
    const pools = { attackPool: 2, attackTN: 5, defences: { b: null, c: { pool: 3, tn: 5 } } };
    const result = await performBreakOut(heldByTwo(), { breakerId: "a" }, pools, dice);
    expect(result).toMatchObject({ allowed: true, shakenOff: ["b"], stillHeld: ["c"] });
    expect(dice.left()).toBe(0);
  });
  it("returns the refusal of a break-out by a free combatant without rolling", async () => {
    const result = await performBreakOut(skirmish(), { breakerId: "a" }, { attackPool: 2, attackTN: 5, defences: {} }, rollScript());
    expect(result).toEqual({ allowed: false, reason: RULE_REASONS.NotGrappled });
  });
  it("shakes off exactly the grapplers that defend worse than a successful break-out, and ends only their links", () => {
    const face = fc.integer({ min: 1, max: 6 });
    const faces = fc.array(face, { maxLength: 6 });
    const successes = (d: readonly number[] | null) => (d ?? []).filter((f) => f >= 5).length;
    fc.assert(
      fc.property(faces, fc.option(faces), fc.option(faces), (attackDice, b, c) => {
        const state = heldByTwo();
        const outcome = resolveBreakOut(state, { breakerId: "a" }, {
          attackDice,
          attackTN: 5,
          defences: [
            { id: "b", dice: b, tn: 5 },
            { id: "c", dice: c, tn: 5 },
          ],
        });
        const hits = successes(attackDice);
        const expected = (["b", "c"] as const).filter((id) => hits > 0 && successes(id === "b" ? b : c) < hits);
        expect(outcome.shakenOff).toEqual(expected);
        const held = ["b", "c"].filter((id) => !expected.includes(id as "b" | "c"));
        expect(applyChanges(state, outcome.changes).grapples).toEqual(held.map((id) => pairKey(id, "a")));
        expect(outcome.stillPinned).toBe(held.length > 0);
      }),
    );
  });
});

describe("000 Breaking out of a Grapple: every enemy in the grapple cluster", () => {
  /** The chain a-b, b-d, d-e: a and d fight for one side, b and e for the other; c stands apart. */
  function chain(sides: Record<string, string> = { a: "friendly", b: "hostile", d: "friendly", e: "hostile" }): SkirmishState {
    const base = skirmish();
    const combatants: SkirmishState["combatants"] = { ...base.combatants, e: fighter("e") };
    for (const [id, side] of Object.entries(sides)) combatants[id] = { ...(combatants[id] ?? fighter(id)), side };
    return applyChanges({ ...base, combatants }, [
      { type: "grapple", a: "a", b: "b" },
      { type: "grapple", a: "b", b: "d" },
      { type: "grapple", a: "d", b: "e" },
    ]);
  }
  const roll = (dice: Record<string, number[] | null>) =>
    Object.entries(dice).map(([id, faces]) => ({ id, dice: faces, tn: 5 }));

  it("is defended by every enemy of the breaker in the cluster, not only its partner", () => {
    expect(breakOutDefenders(chain(), "a")).toEqual(["b", "e"]);
    expect(breakOutDefenders(chain({ a: "friendly", b: "hostile", d: "hostile", e: "hostile" }), "a")).toEqual(["b", "d", "e"]);
  });
  it("is defended by a direct partner on the breaker's own side too, since it holds the breaker", () => {
    expect(breakOutDefenders(chain({ a: "friendly", b: "friendly", d: "friendly", e: "hostile" }), "a")).toEqual(["b", "e"]);
  });
  it("leaves out those outside the cluster", () => {
    expect(breakOutDefenders(chain(), "a")).not.toContain("c");
  });
  it("refuses dice that leave out a distant enemy of the cluster", () => {
    const rolls = { attackDice: [6, 6], attackTN: 5, defences: roll({ b: null }) };
    expect(() => resolveBreakOut(chain(), { breakerId: "a" }, rolls)).toThrow(/one entry for each grappler/);
  });
  it("a shaken-off distant enemy leaves the whole grapple; the breaker stays held by the partner that held", () => {
    const state = chain();
    const outcome = resolveBreakOut(state, { breakerId: "a" }, { attackDice: [6], attackTN: 5, defences: roll({ b: [6, 6], e: null }) });
    expect([outcome.shakenOff, outcome.stillHeld, outcome.stillPinned]).toEqual([["e"], ["b"], true]);
    const after = applyChanges(state, outcome.changes);
    expect(after.grapples).toEqual([pairKey("a", "b"), pairKey("b", "d")]);
    expect(distanceBetween(after, "d", "e")).toBe("close");
  });
  it("shaking off the partner frees the breaker, and that partner leaves its other grapples too", () => {
    const state = chain();
    const outcome = resolveBreakOut(state, { breakerId: "a" }, { attackDice: [6, 6], attackTN: 5, defences: roll({ b: [1], e: [6, 6] }) });
    expect([outcome.shakenOff, outcome.stillHeld, outcome.stillPinned]).toEqual([["b"], ["e"], false]);
    const after = applyChanges(state, outcome.changes);
    expect(after.grapples).toEqual([pairKey("d", "e")]);
    expect([isPinned(after, "a"), isPinned(after, "b"), distanceBetween(after, "a", "b"), distanceBetween(after, "b", "d")]).toEqual([
      false, false, "close", "close",
    ]);
  });
  it("rolls the attack, then each defender's defence in cluster order", async () => {
    const dice = rollScript([6, 6], [1], [6]);
    const pools = { attackPool: 2, attackTN: 5, defences: { b: { pool: 1, tn: 5 }, e: { pool: 1, tn: 5 } } };
    const result = await performBreakOut(chain(), { breakerId: "a" }, pools, dice);
    expect(result.allowed && [result.shakenOff, result.stillHeld]).toEqual([["b", "e"], []]);
    expect(dice.left()).toBe(0);
  });
});
