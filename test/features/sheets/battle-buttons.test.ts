// The fight tab's battle-action buttons: which appear for which weapon, viewer, mode and combat (actor-context.ts).
import { describe, expect, it } from "vitest";
import { buildActorContext, unarmedButtons, weaponButtons } from "../../../src/features/sheets/actor-context";
import { battleRequest } from "../../../src/features/sheets/battle-request";
import { actorInput, bestiary, withSystem } from "./fixtures";
import { keysIn, missingKeys } from "./lang-check";

const sable = bestiary("sable-dragon.yml");
const knight = bestiary("knight.yml");
const inCombat = { combat: { altitude: "high", statuses: [] } } as const;

function buttonsOf(context: ReturnType<typeof buildActorContext>): [string, string[]][] {
  return context.attacks.map((a) => [a.name, a.actions.map((b) => (b.killerBlow ? "killerBlow" : b.action))]);
}

describe("the weapon buttons", () => {
  it("give Tooth and Claw an attack, a killer blow and a grapple, and Dragonsbreath an attack only", () => {
    expect(buttonsOf(buildActorContext(actorInput(sable)))).toEqual([
      ["Tooth and Claw", ["attack", "killerBlow", "grapple"]],
      ["Dragonsbreath", ["attack"]],
    ]);
  });

  it("follow the weapon's traits", () => {
    expect(weaponButtons({ killerBlow: false, grapple: false }).map((b) => b.action)).toEqual(["attack"]);
    expect(weaponButtons({ killerBlow: false, grapple: true }).map((b) => b.action)).toEqual(["attack", "grapple"]);
    const killer = weaponButtons({ killerBlow: true, grapple: false });
    expect(killer.map((b) => [b.action, b.killerBlow])).toEqual([["attack", false], ["attack", true]]);
  });

  it("name the weapon in each button's accessible name", () => {
    const [attack] = weaponButtons({ killerBlow: false, grapple: false });
    expect(attack?.ariaLabel).toBe("AOD.Sheet.Battle.AttackWith");
  });

  it("are shown disabled, with the reason, on a dead actor's sheet (dragon and adversary alike)", () => {
    for (const actor of [sable, knight]) {
      const dead = withSystem(actor, { life: { max: 12, wounds: 13 } });
      const context = buildActorContext(actorInput(dead, inCombat));
      expect(context.actor.dead).toBe(true);
      expect(context.rollsOff).toBe("AOD.Sheet.Check.DeadOff");
      expect(missingKeys(["AOD.Sheet.Check.DeadOff"])).toEqual([]);
    }
    // The living roll; an observer sees no buttons, so nothing is said.
    expect(buildActorContext(actorInput(sable, inCombat)).rollsOff).toBeNull();
    const deadSable = withSystem(sable, { life: { max: 12, wounds: 13 } });
    expect(buildActorContext(actorInput(deadSable, { permission: "observer", ...inCombat })).rollsOff).toBeNull();
  });

  it("are not offered to an observer, nor in edit mode", () => {
    const observer = buildActorContext(actorInput(sable, { permission: "observer", ...inCombat }));
    expect(observer.attacks.every((a) => a.actions.length === 0)).toBe(true);
    expect(observer.battleActions).toEqual([]);
    const edit = buildActorContext(actorInput(sable, { mode: "edit", ...inCombat }));
    expect(edit.attacks.every((a) => a.actions.length === 0)).toBe(true);
    expect(edit.battleActions).toEqual([]);
  });

  it("give the Knight's sword an attack only", () => {
    expect(buttonsOf(buildActorContext(actorInput(knight)))).toEqual([["Sword", ["attack"]]]);
  });
});

describe("the battle actions without a weapon", () => {
  it("are shown in combat only: break out, rescue and set down for a flyer", () => {
    expect(buildActorContext(actorInput(sable)).battleActions).toEqual([]);
    expect(buildActorContext(actorInput(sable, inCombat)).battleActions.map((b) => b.action)).toEqual(["breakOut", "rescue", "setDown"]);
  });

  it("leave the rescue out for a combatant that cannot fly", () => {
    expect(buildActorContext(actorInput(knight, inCombat)).battleActions.map((b) => b.action)).toEqual(["breakOut", "setDown"]);
    expect(unarmedButtons(false).map((b) => b.action)).toEqual(["breakOut", "setDown"]);
  });

  it("name only keys that en.json has", () => {
    const context = buildActorContext(actorInput(sable, inCombat));
    const buttons = [...context.battleActions, ...context.attacks.flatMap((a) => a.actions)];
    expect(keysIn(buttons)).toHaveLength(2 * 7);
    expect(missingKeys(buttons)).toEqual([]);
  });
});

describe("what a clicked button asks for (battle-request.ts)", () => {
  it("reads an attack, a killer blow and a grapple with their weapon", () => {
    expect(battleRequest({ battle: "attack", weapon: "w1" })).toEqual({ action: "attack", weaponId: "w1", killerBlow: false });
    expect(battleRequest({ battle: "attack", weapon: "w1", killerBlow: "true" })).toEqual({ action: "attack", weaponId: "w1", killerBlow: true });
    expect(battleRequest({ battle: "grapple", weapon: "w1", killerBlow: "true" })).toEqual({ action: "grapple", weaponId: "w1", killerBlow: false });
  });

  it("reads the actions without a weapon", () => {
    for (const action of ["breakOut", "rescue", "setDown"] as const) {
      expect(battleRequest({ battle: action })).toEqual({ action, weaponId: null, killerBlow: false });
    }
  });

  it("refuses an unknown action, and an attack or grapple without a weapon", () => {
    expect(battleRequest({ battle: "fireball", weapon: "w1" })).toBeNull();
    expect(battleRequest({ battle: "attack" })).toBeNull();
    expect(battleRequest({ battle: "grapple", weapon: "" })).toBeNull();
  });
});
