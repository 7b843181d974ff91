// The advice window's rows and what each option's button does (src/features/simulator/advice-context.ts).
import { describe, expect, it } from "vitest";
import { adviceContext, carryOut, declarationOf, playingTactics } from "../../../src/features/simulator/advice-context";
import type { CarryContext } from "../../../src/features/simulator/advice-context";
import type { AdviceResult } from "../../../src/rules/simulator";
import { advise, wilson } from "../../../src/rules/simulator";
import { compileEncounter } from "../../../src/rules/simulator/compile";
import { BREATH as SIM_BREATH, CLAW, archer, dragon, knight, versus } from "../../rules/simulator/fixtures";
import { RULE_REASONS } from "../../../src/rules/reasons";
import { pairKey } from "../../../src/rules/state";
import type { SkirmishState } from "../../../src/rules/state";
import { BREATH, CLAWS } from "../../rules/board/weapons";
import { fighter, skirmishOf } from "../../rules/fixtures";
import { t } from "../attack/attack-card-states";

/** The Sable (sable) at close quarters with a knight, an archer far off, a falling ally (argent); all at mid altitude. */
function board(extra: Partial<SkirmishState> = {}): SkirmishState {
  return skirmishOf(
    [
      fighter("sable", { name: "Sable" }),
      fighter("argent", { name: "Argent", falling: true }),
      fighter("knight", { name: "Knight", side: "hostile" }),
      fighter("archer", { name: "Archer", side: "hostile" }),
      fighter("ghost", { name: "Ghost", side: "hostile" }),
    ],
    { distances: { [pairKey("sable", "knight")]: "close", [pairKey("sable", "argent")]: "close", [pairKey("sable", "archer")]: "long", [pairKey("sable", "ghost")]: "close" }, ...extra },
  );
}

const ctx: CarryContext = {
  combatId: "combat1",
  combatantId: "sable",
  uuidOf: (id) => (id === "ghost" ? null : `Scene.s.Token.${id}`),
  canFly: true,
  situation: { combatantId: "sable", phase: "battle", state: board(), weapons: [{ itemId: "w1", weapon: CLAWS }, { itemId: "w2", weapon: BREATH }] },
  declaring: false,
};
const inMovement: CarryContext = { ...ctx, situation: { ...ctx.situation, phase: "movement" } };

describe("carryOut: an option as the attack card or the board takes it", () => {
  it("an attack or killer blow starts the card with the weapon item, at the one target", () => {
    expect(carryOut({ kind: "attack", targetId: "knight", weapon: "Claws", killerBlow: true, itemId: "w1" }, ctx)).toEqual({
      kind: "attack",
      options: { action: "attack", attacker: "Scene.s.Token.sable", targets: ["Scene.s.Token.knight"], weaponId: "w1", killerBlow: true },
    });
  });
  it("a grapple, a rescue and a break-out start their cards", () => {
    expect(carryOut({ kind: "grapple", targetId: "knight", itemId: "w1" }, ctx)).toMatchObject({ kind: "attack", options: { action: "grapple", weaponId: "w1" } });
    expect(carryOut({ kind: "rescue", targetId: "argent" }, ctx)).toMatchObject({ kind: "attack", options: { action: "rescue", targets: ["Scene.s.Token.argent"] } });
    const pinned = { ...ctx, situation: { ...ctx.situation, state: board({ grapples: [pairKey("knight", "sable")], distances: { [pairKey("knight", "sable")]: "zero" } }) } };
    expect(carryOut({ kind: "breakOut" }, pinned)).toEqual({ kind: "attack", options: { action: "breakOut", attacker: "Scene.s.Token.sable" } });
  });
  it("a move is the board's move, a full one aerial for a flyer and on the ground for the rest", () => {
    const move = { kind: "move" as const, move: { id: "sable", kind: "full" as const, reference: "archer", distance: "middle" as const } };
    expect(carryOut(move, inMovement)).toEqual({ kind: "move", payload: { combatId: "combat1", moverId: "sable", kind: "full", reference: "archer", distance: "middle" } });
    expect(declarationOf(move, false)?.move).toMatchObject({ kind: "fullGround" });
    const climb = { kind: "move" as const, move: { id: "sable", kind: "standard" as const, altitude: "high" as const } };
    expect(carryOut(climb, inMovement)).toEqual({ kind: "move", payload: { combatId: "combat1", moverId: "sable", kind: "standard", altitude: "high" } });
  });
  it("holding, a target with no token or actor, or a weapon with no item carries nothing out", () => {
    expect(carryOut({ kind: "hold" }, ctx)).toEqual({ kind: "none" });
    expect(carryOut({ kind: "attack", targetId: "ghost", weapon: "Claws", killerBlow: false, itemId: "w1" }, ctx)).toEqual({ kind: "none" });
    expect(carryOut({ kind: "attack", targetId: "knight", weapon: "Claws", killerBlow: false, itemId: null }, ctx)).toEqual({ kind: "none" });
  });
  it("in a declaration mode, fills in the declaration with the option instead", () => {
    const declaring = { ...ctx, declaring: true };
    expect(carryOut({ kind: "attack", targetId: "knight", weapon: "Claws", killerBlow: true, itemId: "w1" }, declaring)).toEqual({
      kind: "declare",
      options: { combatId: "combat1", combatantId: "sable", ask: true, choice: { action: "killerBlow", weaponId: "w1", targetId: "knight", move: null, text: "" } },
    });
    const move = { kind: "move" as const, move: { id: "sable", kind: "standard" as const, reference: "archer", distance: "middle" as const } };
    expect(carryOut(move, { ...inMovement, declaring: true })).toMatchObject({
      kind: "declare",
      options: { choice: { action: "move", move: { kind: "standard", altitude: "", reference: "archer", distance: "middle" } } },
    });
  });
});

describe("carryOut never carries out what the rules refuse now", () => {
  it("refuses a melee attack out of reach, a second action, a break-out with no grapple, and a move in the Battle Phase, with the engine's reason", () => {
    expect(carryOut({ kind: "attack", targetId: "archer", weapon: "Claws", killerBlow: false, itemId: "w1" }, ctx)).toEqual({ kind: "none", refused: RULE_REASONS.TooFarForMelee });
    const spent = { ...ctx, situation: { ...ctx.situation, state: board({ combatants: { ...board().combatants, sable: fighter("sable", { acted: true }) } }) } };
    expect(carryOut({ kind: "attack", targetId: "knight", weapon: "Claws", killerBlow: false, itemId: "w1" }, spent)).toEqual({ kind: "none", refused: RULE_REASONS.AlreadyActed });
    expect(carryOut({ kind: "breakOut" }, ctx)).toMatchObject({ kind: "none", refused: expect.any(String) as string });
    expect(carryOut({ kind: "move", move: { id: "sable", kind: "standard", altitude: "high" } }, ctx)).toMatchObject({ kind: "none", refused: expect.any(String) as string });
    expect(carryOut({ kind: "attack", targetId: "archer", weapon: "Claws", killerBlow: false, itemId: "w1" }, { ...ctx, declaring: true })).toMatchObject({ kind: "none" });
  });

  it("every option advise offers from a live state is one the rules allow there: a button for each but holding", async () => {
    const claw = { ...CLAW, itemId: "w1" };
    const breath = { ...SIM_BREATH, itemId: "w2" };
    const encounter = versus(
      [dragon("sable", { altitude: "low" }, { weapons: [claw, breath] }), dragon("argent", { altitude: "low", falling: true }, { weapons: [claw, breath] })],
      [knight("knight", { altitude: "grounded" }), archer("archer", { altitude: "grounded" })],
      { start: { round: 2, distances: { [pairKey("sable", "knight")]: "close", [pairKey("sable", "archer")]: "long", [pairKey("sable", "argent")]: "close" } } },
    );
    const state = compileEncounter(encounter).initial;
    const weapons = [{ itemId: "w1", weapon: claw.weapon }, { itemId: "w2", weapon: breath.weapon }];
    const kinds = new Set<string>();
    for (const phase of ["battle", "movement"] as const) {
      const advice = await advise(encounter, "sable", { seed: 1, phase, runsPerOption: 10 });
      const here: CarryContext = { ...ctx, canFly: true, situation: { combatantId: "sable", phase, state, weapons } };
      expect(advice.options.length).toBeGreaterThan(2);
      for (const o of advice.options) {
        const expected = o.choice.kind === "hold" ? "none" : o.choice.kind === "move" ? "move" : "attack";
        expect(carryOut(o.choice, here).kind, JSON.stringify(o.choice)).toBe(expected);
        kinds.add(o.choice.kind);
      }
    }
    expect([...kinds].sort()).toEqual(["attack", "grapple", "hold", "move", "rescue"]);
  });
});

describe("adviceContext: the window's rows", () => {
  const advice: AdviceResult = {
    combatantId: "sable",
    side: "Dragons",
    phase: "battle",
    baseline: wilson(600, 1000),
    options: [
      { choice: { kind: "attack", targetId: "knight", weapon: "Tooth and Claw", killerBlow: false, itemId: "w1" }, odds: { hit: 0.5, expectedDamage: 1.25, severelyInjured: 0.2, dead: 0.05 }, win: wilson(700, 1000), draw: wilson(0, 1000), runs: 1000, clearlyWorse: false },
      { choice: { kind: "hold" }, odds: null, win: wilson(400, 1000), draw: wilson(0, 1000), runs: 1000, clearlyWorse: false },
    ],
  };
  const names = { sable: "Sable Dragon", knight: "Knight" };
  it("words each option and its odds, the best first, with a button for what can be done now", () => {
    const c = adviceContext(advice, names, advice.options.map((o) => carryOut(o.choice, ctx)), false, t);
    expect(c.heading).toBe("What Sable Dragon could do now");
    expect(c.rows.map((r) => [r.option, r.odds, r.win, r.best, r.act])).toEqual([
      ["Attack Knight with Tooth and Claw", "hits 50.0%, 1.25 wounds expected, kills 5.0%", "70.0%", true, "Do this"],
      ["Hold: no action now", "", "40.0%", false, ""],
    ]);
    expect(c.baseline).toBe("Dragons: 60.0% to win (56.9-63.0%) when Sable Dragon plays its own tactics");
  });
  it("says of an option stopped early as clearly worse that it was, and after how many runs, under its name; its interval stays the wider one", () => {
    const worse: AdviceResult = {
      ...advice,
      options: [
        { ...(advice.options[0] as AdviceResult["options"][number]), win: wilson(1680, 2400), runs: 2400 },
        { ...(advice.options[1] as AdviceResult["options"][number]), win: wilson(100, 500), runs: 500, clearlyWorse: true },
      ],
    };
    const c = adviceContext(worse, names, worse.options.map((o) => carryOut(o.choice, ctx)), false, t);
    expect(c.rows.map((r) => [r.win, r.interval, r.worse])).toEqual([
      ["70.0%", "68.1-71.8%", ""],
      ["20.0%", "16.7-23.7%", "clearly worse, stopped at 500 runs"],
    ]);
  });
  it("in a declaration mode, offers to declare the option and says so", () => {
    const c = adviceContext(advice, names, advice.options.map((o) => carryOut(o.choice, { ...ctx, declaring: true })), true, t);
    expect(c.rows.map((r) => r.act)).toEqual(["Declare this", ""]);
    expect(c.note).toContain("declaration dialog");
  });
  it("gives an option the rules refuse now no button, and says why", () => {
    const c = adviceContext(advice, names, [{ kind: "none", refused: RULE_REASONS.TooFarForMelee }, { kind: "none" }], false, t);
    expect(c.rows.map((r) => r.act)).toEqual(["", ""]);
    expect(c.rows[0]?.refused).toMatch(/^Not allowed now: ./);
    expect(c.rows[1]?.refused).toBe("");
  });
});

describe("playingTactics: the autopilot's tactics for the adversaries", () => {
  it("names the tactics for the combatants picked and leaves the others' own", () => {
    const encounter = versus([dragon("sable", {}, { tactics: "skirmisher" })], [knight("knight"), archer("archer")]);
    const out = playingTactics(encounter, "brawler", (id) => id !== "sable");
    expect(out.sides.flatMap((s) => s.combatants.map((c) => [c.state.id, c.tactics]))).toEqual([["sable", "skirmisher"], ["knight", "brawler"], ["archer", "brawler"]]);
    expect(encounter.sides[1]?.combatants[0]?.tactics).toBeUndefined();
  });
});
