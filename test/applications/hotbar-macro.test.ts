import { describe, expect, it, vi } from "vitest";
import { CHECK_DRAG_TYPE, checkMacro, readCheckDrag } from "../../src/applications/hotbar-macro";
import { translation } from "../data/lang";

type Runner = (fromUuid: (uuid: string) => Promise<unknown>, game: unknown, ui: unknown) => Promise<unknown>;

/** Runs a macro's script the way Foundry runs a script macro: as the body of an async function, given these names. */
function compile(command: string): Runner {
  const prototype = Object.getPrototypeOf(async () => {
    await Promise.resolve();
  }) as { constructor: new (...args: string[]) => Runner };
  const AsyncFunction = prototype.constructor;
  return new AsyncFunction("fromUuid", "game", "ui", command);
}

function world(actors: Record<string, unknown>) {
  const rollCheck = vi.fn((..._args: unknown[]) => "rolled");
  const warn = vi.fn();
  const format = vi.fn((key: string, data: Record<string, string>) =>
    (translation(key) ?? key).replace(/\{(\w+)\}/g, (_m, k: string) => data[k] ?? ""),
  );
  const game = { system: { api: { rollCheck } }, i18n: { format } };
  const ui = { notifications: { warn } };
  const fromUuid = (uuid: string) => Promise.resolve(actors[uuid] ?? null);
  return { rollCheck, warn, game, ui, fromUuid };
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
  it("roll the weapon's attack by its item id", async () => {
    const macro = checkMacro({ actorUuid: "Actor.s", actorName: "Sable Dragon", label: "Dragonsbreath", img: "", check: { attribute: null, skill: null, weapon: "og1cUrsaFwrwlmvL" } });
    const dragon = { name: "Sable Dragon" };
    const w = world({ "Actor.s": dragon });
    await compile(macro.command)(w.fromUuid, w.game, w.ui);
    expect(w.rollCheck).toHaveBeenCalledWith(dragon, { weapon: "og1cUrsaFwrwlmvL", configure: true });
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
