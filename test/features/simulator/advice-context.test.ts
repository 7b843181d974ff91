// The advice window's rows and what each option's button does (src/features/simulator/advice-context.ts).
import { describe, expect, it } from "vitest";
import { adviceContext, carryOut } from "../../../src/features/simulator/advice-context";
import type { CarryContext } from "../../../src/features/simulator/advice-context";
import type { AdviceResult } from "../../../src/rules/simulator";
import { wilson } from "../../../src/rules/simulator";
import { t } from "../attack/attack-card-states";

const ctx: CarryContext = {
  combatId: "combat1",
  combatantId: "sable",
  uuidOf: (id) => (id === "ghost" ? null : `Scene.s.Token.${id}`),
  canFly: true,
};

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
    expect(carryOut({ kind: "breakOut" }, ctx)).toEqual({ kind: "attack", options: { action: "breakOut", attacker: "Scene.s.Token.sable" } });
  });
  it("a move is the board's move, a full one aerial for a flyer and on the ground for the rest", () => {
    const move = { kind: "move" as const, move: { id: "sable", kind: "full" as const, reference: "knight", distance: "close" as const } };
    expect(carryOut(move, ctx)).toEqual({ kind: "move", payload: { combatId: "combat1", moverId: "sable", kind: "full", reference: "knight", distance: "close" } });
    expect(carryOut(move, { ...ctx, canFly: false })).toMatchObject({ payload: { kind: "fullGround" } });
    const climb = { kind: "move" as const, move: { id: "sable", kind: "standard" as const, altitude: "high" as const } };
    expect(carryOut(climb, ctx)).toEqual({ kind: "move", payload: { combatId: "combat1", moverId: "sable", kind: "standard", altitude: "high" } });
  });
  it("holding, a target with no token or actor, or a weapon with no item carries nothing out", () => {
    expect(carryOut({ kind: "hold" }, ctx)).toEqual({ kind: "none" });
    expect(carryOut({ kind: "rescue", targetId: "ghost" }, ctx)).toEqual({ kind: "none" });
    expect(carryOut({ kind: "attack", targetId: "knight", weapon: "Claws", killerBlow: false, itemId: null }, ctx)).toEqual({ kind: "none" });
  });
});

describe("adviceContext: the window's rows", () => {
  const advice: AdviceResult = {
    combatantId: "sable",
    side: "Dragons",
    phase: "battle",
    baseline: wilson(600, 1000),
    options: [
      { choice: { kind: "attack", targetId: "knight", weapon: "Tooth and Claw", killerBlow: false, itemId: "w1" }, odds: { hit: 0.5, expectedDamage: 1.25, severelyInjured: 0.2, dead: 0.05 }, win: wilson(700, 1000), draw: wilson(0, 1000), runs: 1000 },
      { choice: { kind: "hold" }, odds: null, win: wilson(400, 1000), draw: wilson(0, 1000), runs: 1000 },
    ],
  };
  const names = { sable: "Sable Dragon", knight: "Knight" };
  it("words each option and its odds, the best first, with a button for what can be done now", () => {
    const c = adviceContext(advice, names, true, t);
    expect(c.heading).toBe("What Sable Dragon could do now");
    expect(c.rows.map((r) => [r.option, r.odds, r.win, r.best, r.act])).toEqual([
      ["Attack Knight with Tooth and Claw", "hits 50.0%, 1.25 wounds expected, kills 5.0%", "70.0%", true, "Do this"],
      ["Hold: no action now", "", "40.0%", false, ""],
    ]);
    expect(c.baseline).toBe("Dragons: 60.0% to win (56.9-63.0%) when Sable Dragon plays its own tactics");
  });
  it("offers no buttons in a declaration mode, and says where to declare", () => {
    const c = adviceContext(advice, names, false, t);
    expect(c.rows.every((r) => r.act === "")).toBe(true);
    expect(c.note).toContain("declaration dialog");
  });
});
