// The GM's side and speed overrides (src/data/combat/combatant-overrides.ts) and the config part showing them.
import { describe, expect, it } from "vitest";
import {
  OVERRIDE_REASONS,
  SIDE_MAX_LENGTH,
  checkSide,
  checkSpeed,
  defaultSide,
  overridesRefusal,
  gmOnlyRefusal,
  playerCreationRepair,
  playerOverrideRevert,
} from "../../../src/data/combat/combatant-overrides";
import { sideSpeedContext } from "../../../src/features/round/combatant-config-context";
import { format } from "../../features/round/fight";

describe("checkSide", () => {
  it("keeps a name, trimmed, and lets a blank clear it", () => {
    expect(checkSide("  Wyvern Host ")).toEqual({ ok: true, value: "Wyvern Host" });
    expect(checkSide("")).toEqual({ ok: true, value: "" });
    expect(checkSide("   ")).toEqual({ ok: true, value: "" });
    expect(checkSide("Drachen der Nordmark")).toEqual({ ok: true, value: "Drachen der Nordmark" });
  });

  it("refuses what is not text, control characters and direction overrides", () => {
    for (const bad of [null, 3, {}, ["Dragons"], undefined, "Drag\u0000ons", "tab\there", "line\nbreak", "\u202eenilataD"]) {
      expect(checkSide(bad)).toEqual({ ok: false, reason: OVERRIDE_REASONS.SideText });
    }
  });

  it("refuses a name longer than the limit, counting characters, not UTF-16 units", () => {
    expect(checkSide("x".repeat(SIDE_MAX_LENGTH))).toEqual({ ok: true, value: "x".repeat(SIDE_MAX_LENGTH) });
    expect(checkSide("x".repeat(SIDE_MAX_LENGTH + 1))).toEqual({ ok: false, reason: OVERRIDE_REASONS.SideLength });
    const dragons = "🐉".repeat(SIDE_MAX_LENGTH);
    expect(checkSide(dragons)).toEqual({ ok: true, value: dragons });
  });
});

describe("checkSpeed", () => {
  it("takes a blank or one of the nine categories", () => {
    expect(checkSpeed("")).toEqual({ ok: true, value: "" });
    expect(checkSpeed("glaciallySlow")).toEqual({ ok: true, value: "glaciallySlow" });
    for (const bad of ["Fast", "warp", " fast", null, 5, {}]) expect(checkSpeed(bad)).toEqual({ ok: false, reason: OVERRIDE_REASONS.Speed });
  });
});

describe("overridesRefusal", () => {
  it("checks only the fields an update carries", () => {
    expect(overridesRefusal({})).toBeNull();
    expect(overridesRefusal({ side: "Dragons" })).toBeNull();
    expect(overridesRefusal({ speed: "fast" })).toBeNull();
    expect(overridesRefusal({ side: "Dragons", speed: "warp" })).toBe(OVERRIDE_REASONS.Speed);
    expect(overridesRefusal({ side: 7, speed: "fast" })).toBe(OVERRIDE_REASONS.SideText);
  });
});

describe("defaultSide", () => {
  it("falls back to the group's name, else the token's disposition", () => {
    expect(defaultSide({ group: "Riders", disposition: -1, actorSpeed: null })).toEqual({ side: "Riders", source: "group" });
    expect(defaultSide({ group: "  ", disposition: -1, actorSpeed: null })).toEqual({ side: "hostile", source: "disposition" });
    expect(defaultSide({ group: null, disposition: 1, actorSpeed: null })).toEqual({ side: "friendly", source: "disposition" });
    expect(defaultSide({ group: null, disposition: null, actorSpeed: null })).toEqual({ side: "neutral", source: "disposition" });
  });
});

describe("the combatant config's side and speed part", () => {
  it("shows the group default and the actor's speed for blank fields", () => {
    const ctx = sideSpeedContext({ side: "", speed: "", group: "Riders", disposition: -1, actorSpeed: "fast", editable: true }, format);
    expect(ctx.side.placeholder).toBe("Riders");
    expect(ctx.side.hint).toBe("Blank: Riders, from its combatant group.");
    expect(ctx.speed.options[0]).toEqual({ value: "", label: "Its actor's speed (Fast)", selected: true });
    expect(ctx.effective).toBe("It acts for Riders in the Fast phase.");
  });

  it("shortens a long group name in the empty field, and gives it whole in the hint", () => {
    const group = "Mercenaries of the Long Valley and the Northern Marches";
    const ctx = sideSpeedContext({ side: "", speed: "", group, disposition: -1, actorSpeed: "fast", editable: true }, format);
    expect(ctx.side.placeholder).toBe("Mercenaries of the Long … Marches");
    expect(ctx.side.hint).toContain(group);
  });

  it("shows the disposition default, and the overrides once set", () => {
    const ctx = sideSpeedContext({ side: "Wyvern Host", speed: "slow", group: null, disposition: 1, actorSpeed: "veryFast", editable: false }, format);
    expect(ctx.side.hint).toBe("Blank: friendly, from its token's disposition.");
    expect(ctx.speed.options.find((o) => o.selected)?.value).toBe("slow");
    expect(ctx.speed.options).toHaveLength(10);
    expect(ctx.effective).toBe("It acts for Wyvern Host in the Slow phase.");
    expect(ctx.editable).toBe(false);
  });

  it("says when there is no actor speed to fall back to", () => {
    const ctx = sideSpeedContext({ side: "", speed: "", group: null, disposition: null, actorSpeed: null, editable: true }, format);
    expect(ctx.speed.options[0]?.label).toBe("Its actor's speed (none: Average)");
    expect(ctx.effective).toBe("It acts for neutral in the Average phase.");
  });
});

describe("playerCreationRepair: a player's own choice of side, speed or group at creation is put back", () => {
  const blank = { side: "", speed: "", group: null };
  it("puts back each field a player set, and only those", () => {
    expect(playerCreationRepair({ ...blank, side: "Dragons" }, { isGM: false })).toEqual({ "system.side": "" });
    expect(playerCreationRepair({ ...blank, speed: "fast" }, { isGM: false })).toEqual({ "system.speed": "" });
    expect(playerCreationRepair({ ...blank, group: "g1" }, { isGM: false })).toEqual({ group: null });
    expect(playerCreationRepair({ side: "Dragons", speed: "fast", group: "g1" }, { isGM: false })).toEqual({
      "system.side": "",
      "system.speed": "",
      group: null,
    });
  });
  it("puts back a player's own forecast tactics", () => {
    expect(playerCreationRepair({ ...blank, tactics: "brawler" }, { isGM: false })).toEqual({ "system.tactics": "" });
    expect(playerCreationRepair({ ...blank, tactics: "brawler" }, { isGM: true })).toBeNull();
  });
  it("leaves a GM's creation and a player's plain one alone", () => {
    expect(playerCreationRepair({ side: "Dragons", speed: "fast", group: "g1" }, { isGM: true })).toBeNull();
    expect(playerCreationRepair(blank, { isGM: false })).toBeNull();
    expect(playerCreationRepair({ ...blank, group: "" }, { isGM: false })).toBeNull();
  });
});

describe("side, speed and group after creation are the GM's", () => {
  const before = { side: "Dragons", speed: "slow", group: "g1" };

  it("refuses on the player's own client a change of side or speed to its own combatant", () => {
    expect(gmOnlyRefusal({ system: { side: "Loners" } }, before, { isGM: false })).toBe(OVERRIDE_REASONS.GMOnly);
    expect(gmOnlyRefusal({ system: { speed: "lightningFast" } }, before, { isGM: false })).toBe(OVERRIDE_REASONS.GMOnly);
    expect(gmOnlyRefusal({ group: null }, before, { isGM: false })).toBe(OVERRIDE_REASONS.GMOnly);
  });

  it("lets a player's other updates through, and a GM change anything", () => {
    expect(gmOnlyRefusal({ initiative: 4, flags: { x: 1 } }, before, { isGM: false })).toBeNull();
    expect(gmOnlyRefusal({ system: { side: "Dragons", speed: "slow" } }, before, { isGM: false })).toBeNull();
    expect(gmOnlyRefusal({ system: { side: "Loners", speed: "fast" }, group: null }, before, { isGM: true })).toBeNull();
  });

  it("has the active GM put back exactly what a player changed, to the values before the change", () => {
    expect(playerOverrideRevert({ _id: "c1", system: { speed: "lightningFast" } }, before, { isGM: false })).toEqual({
      revert: { "system.speed": "slow" },
      changed: { "system.speed": "lightningFast" },
    });
    expect(playerOverrideRevert({ system: { side: "Loners", speed: "slow" }, group: null }, before, { isGM: false })).toEqual({
      revert: { "system.side": "Dragons", group: "g1" },
      changed: { "system.side": "Loners", group: null },
    });
    const blank = { side: "", speed: "", group: null };
    expect(playerOverrideRevert({ system: { side: "Loners" } }, blank, { isGM: false })?.revert).toEqual({ "system.side": "" });
  });

  it("keeps the forecast tactics the GM's too", () => {
    const set = { ...before, tactics: "skirmisher" };
    expect(gmOnlyRefusal({ system: { tactics: "passive" } }, set, { isGM: false })).toBe(OVERRIDE_REASONS.GMOnly);
    expect(gmOnlyRefusal({ system: { tactics: "skirmisher" } }, set, { isGM: false })).toBeNull();
    expect(gmOnlyRefusal({ system: { tactics: "passive" } }, set, { isGM: true })).toBeNull();
    expect(playerOverrideRevert({ system: { tactics: "passive" } }, set, { isGM: false })).toEqual({
      revert: { "system.tactics": "skirmisher" },
      changed: { "system.tactics": "passive" },
    });
    expect(playerOverrideRevert({ system: { tactics: "brawler" } }, before, { isGM: false })?.revert).toEqual({ "system.tactics": "" });
  });

  it("puts back nothing for a GM's change or a player's update that leaves them alone", () => {
    expect(playerOverrideRevert({ system: { side: "Loners" } }, before, { isGM: true })).toBeNull();
    expect(playerOverrideRevert({ initiative: 3, defeated: true }, before, { isGM: false })).toBeNull();
    expect(playerOverrideRevert({ system: { side: "Dragons" } }, before, { isGM: false })).toBeNull();
  });
});
