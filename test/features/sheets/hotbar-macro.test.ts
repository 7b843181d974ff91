import { describe, expect, it, vi } from "vitest";
import { CHECK_DRAG_TYPE, checkMacro, readCheckDrag } from "../../../src/features/sheets/hotbar-macro";
import { translation } from "../../data/lang";

type Runner = (fromUuid: (uuid: string) => Promise<unknown>, game: unknown, ui: unknown) => Promise<unknown>;

/** Runs a macro's script the way Foundry runs a script macro: as the body of an async function, given these names. */
function compile(command: string): Runner {
  const asyncPrototype = Object.getPrototypeOf(async () => {
    await Promise.resolve();
  }) as { constructor: new (...args: string[]) => Runner };
  const AsyncFunction = asyncPrototype.constructor;
  return new AsyncFunction("fromUuid", "game", "ui", command);
}

function world(actors: Record<string, unknown>) {
  const rollCheck = vi.fn((..._args: unknown[]) => "rolled");
  const attackWith = vi.fn((..._args: unknown[]) => "attacking");
  const warn = vi.fn();
  const format = vi.fn((key: string, data: Record<string, string>) =>
    (translation(key) ?? key).replace(/\{(\w+)\}/g, (_m, k: string) => data[k] ?? ""),
  );
  const game = { system: { api: { rollCheck, attackWith } }, i18n: { format } };
  const ui = { notifications: { warn } };
  const fromUuid = (uuid: string) => Promise.resolve(actors[uuid] ?? null);
  return { rollCheck, attackWith, warn, game, ui, fromUuid };
}

describe("hotbar check macros", () => {
  const sable = { name: "Sable Dragon" };

  it("rolls the skill on the actor it was made for", async () => {
    const macro = checkMacro({
      actorUuid: "Actor.rL5dSGUwvS02DhaG",
      actorName: "Sable Dragon",
      label: "Tooth and Claw",
      img: "claw.svg",
      check: { attribute: null, skill: "toothAndClaw", weapon: null },
    });
    expect(macro.name).toBe("Sable Dragon: Tooth and Claw");
    const w = world({ "Actor.rL5dSGUwvS02DhaG": sable });
    expect(await compile(macro.command)(w.fromUuid, w.game, w.ui)).toBe("rolled");
    expect(w.rollCheck).toHaveBeenCalledWith(sable, { skill: "toothAndClaw", configure: true });
    expect(w.warn).not.toHaveBeenCalled();
  });

  it("rolls an attribute check", async () => {
    const macro = checkMacro({ actorUuid: "Actor.k", actorName: "Knight", label: "Pneuma", img: "", check: { attribute: "pneuma", skill: null, weapon: null } });
    const w = world({ "Actor.k": sable });
    await compile(macro.command)(w.fromUuid, w.game, w.ui);
    expect(w.rollCheck).toHaveBeenCalledWith(sable, { attribute: "pneuma", configure: true });
    expect(macro).toMatchObject({ name: "Knight: Pneuma", type: "script" });
  });

  it("says by name that the actor is gone, and rolls nothing, when it was deleted", async () => {
    const macro = checkMacro({ actorUuid: "Actor.gone", actorName: 'The "Black" Wyrm', label: "Soma", img: "", check: { attribute: "soma", skill: null, weapon: null } });
    const w = world({});
    expect(await compile(macro.command)(w.fromUuid, w.game, w.ui)).toBeNull();
    expect(w.rollCheck).not.toHaveBeenCalled();
    expect(w.warn).toHaveBeenCalledWith('The actor The "Black" Wyrm of this macro no longer exists.');
  });
});

describe("weapon macros", () => {
  const breath = (actorName = "Sable Dragon", label = "Dragonsbreath") =>
    checkMacro({ actorUuid: "Actor.s", actorName, label, img: "", check: { attribute: null, skill: null, weapon: "og1cUrsaFwrwlmvL" } });
  const carrying = (...ids: string[]) => ({ name: "Sable Dragon", items: { get: (id: string) => (ids.includes(id) ? { id } : undefined) } });

  it("start the weapon's attack card for the actor, as the sheet's weapon button does, not a bare check", async () => {
    const dragon = carrying("og1cUrsaFwrwlmvL");
    const w = world({ "Actor.s": dragon });
    expect(await compile(breath().command)(w.fromUuid, w.game, w.ui)).toBe("attacking");
    expect(w.attackWith).toHaveBeenCalledWith(dragon, { weaponId: "og1cUrsaFwrwlmvL", configure: true });
    expect(w.rollCheck).not.toHaveBeenCalled();
  });
  it("say by name that the weapon is gone, and start nothing, when the actor no longer carries it", async () => {
    const w = world({ "Actor.s": carrying("someOtherWeapon1") });
    expect(await compile(breath('The "Black" Wyrm', "Fire's Breath").command)(w.fromUuid, w.game, w.ui)).toBeNull();
    expect(w.attackWith).not.toHaveBeenCalled();
    expect(w.warn).toHaveBeenCalledWith('The "Black" Wyrm no longer carries the Fire\'s Breath of this macro.');
  });
  it("say the actor is gone before looking for the weapon", async () => {
    const w = world({});
    expect(await compile(breath().command)(w.fromUuid, w.game, w.ui)).toBeNull();
    expect(w.warn).toHaveBeenCalledWith("The actor Sable Dragon of this macro no longer exists.");
    expect(w.attackWith).not.toHaveBeenCalled();
  });
});

describe("attribute checks dragged from a sheet", () => {
  it("are read from their drag data", () => {
    expect(readCheckDrag({ type: CHECK_DRAG_TYPE, actorUuid: "Actor.a", attribute: "soma" })).toEqual({ actorUuid: "Actor.a", attribute: "soma" });
  });
  it("refuse anything else", () => {
    expect(readCheckDrag({ type: "Item", uuid: "Item.x" })).toBeNull();
    expect(readCheckDrag({ type: CHECK_DRAG_TYPE, actorUuid: "Actor.a", attribute: "agility" })).toBeNull();
    expect(readCheckDrag({ type: CHECK_DRAG_TYPE, actorUuid: "", attribute: "soma" })).toBeNull();
    expect(readCheckDrag(null)).toBeNull();
    expect(readCheckDrag("Actor.a")).toBeNull();
  });
});
