import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import yaml from "js-yaml";
import {
  COMBAT_EVENTS_TABLE_UUID,
  SETTINGS,
  SHOWN_SETTINGS,
  TABLE_ADVERSARIES_TACTICS,
  TABLE_TACTICS_CHOICE,
  eventsTableStatus,
  eventsToDraw,
  integerSetting,
  pickEventsTable,
  settingChoiceKey,
  settingKey,
  storedEventsTable,
} from "../../../src/core/settings/settings-table";
import { localizeKey } from "../../templates/foundry-helpers";
import { ROOT } from "../../data/lang";

describe("RULES.md (setting) items: defaults", () => {
  it("RULES.md Initiative: defaults to descending Pneuma, with both declaration modes and the 001 side d10", () => {
    expect(SETTINGS.initiativeMode.default).toBe("descending");
    expect(SETTINGS.initiativeMode.choices).toEqual(["descending", "reverseDeclaration", "secretDeclaration", "sideD10"]);
  });
  it("RULES.md End phase: the default crash surface is normal ground", () => {
    expect(SETTINGS.crashSurface.default).toBe("normal");
    expect(SETTINGS.crashSurface.choices).toContain("normal");
  });
  it("RULES.md Movement: new combatants enter at long distance, never at zero range", () => {
    expect(SETTINGS.newCombatantDistance.default).toBe("long");
    expect(SETTINGS.newCombatantDistance.choices).not.toContain("zero");
  });
  it("RULES.md Surprise and ambush: surprise effects are on and Stealthy adds 2", () => {
    expect(SETTINGS.surpriseEffects.default).toBe(true);
    expect(SETTINGS.stealthyModifier.default).toBe(2);
  });
  it("RULES.md Attack card: a player may ask up to 2 extra dice and a TN 1 lower, within the roll dialog's own limits", () => {
    expect([SETTINGS.attackModifierDice.default, SETTINGS.attackModifierTN.default]).toEqual([2, 1]);
    expect([SETTINGS.attackModifierDice.max, SETTINGS.attackModifierTN.max]).toEqual([30, 6]);
    expect(integerSetting("attackModifierDice", 31)).toBe(2);
    expect(integerSetting("attackModifierTN", 0)).toBe(0);
    expect(integerSetting("attackModifierTN", -1)).toBe(1);
  });
  it("RULES.md Side initiative: the combat events table defaults to the one in the Tables compendium", () => {
    const source = yaml.load(readFileSync(resolve(ROOT, "packs/_source/tables/combat-events.yml"), "utf8")) as { _id: string };
    expect(SETTINGS.combatEventsTable.default).toBe(COMBAT_EVENTS_TABLE_UUID);
    expect(COMBAT_EVENTS_TABLE_UUID).toBe(`Compendium.age-of-dragons.tables.RollTable.${source._id}`);
  });
});

describe("RULES.md Side initiative: the combat events table setting (a RollTable picker)", () => {
  const world = "RollTable.AbCdEfGhIjKlMnOp";
  const pack = "Compendium.my-module.tables.RollTable.QrStUvWxYz012345";
  it("uses the system's own table when nothing is picked, without a warning", () => {
    for (const stored of [null, undefined, "", COMBAT_EVENTS_TABLE_UUID]) {
      expect(pickEventsTable(stored, "missing")).toEqual({ uuid: COMBAT_EVENTS_TABLE_UUID, system: true, warning: "" });
    }
    expect(storedEventsTable(COMBAT_EVENTS_TABLE_UUID)).toEqual({ uuid: null, invalid: false });
  });
  it("uses the GM's world or compendium table when it exists", () => {
    expect(pickEventsTable(world, "table")).toEqual({ uuid: world, system: false, warning: "" });
    expect(pickEventsTable(pack, "table")).toEqual({ uuid: pack, system: false, warning: "" });
  });
  it("reads a value older versions stored as plain text, spaces around it included", () => {
    expect(storedEventsTable(` ${world}\n`)).toEqual({ uuid: world, invalid: false });
    expect(pickEventsTable(` ${world}\n`, "table").uuid).toBe(world);
  });
  it("falls back to the system's table with a warning when the picked table is deleted or is no table", () => {
    expect(pickEventsTable(world, "missing")).toEqual({ uuid: COMBAT_EVENTS_TABLE_UUID, system: true, warning: "AOD.Settings.combatEventsTable.missing" });
    expect(pickEventsTable(pack, "other").warning).toBe("AOD.Settings.combatEventsTable.missing");
  });
  it("falls back with a warning for a stored value that is no RollTable UUID, whatever the look-up says", () => {
    for (const stored of ["Actor.AbCdEfGhIjKlMnOp", "RollTable.short", `${world}.TableResult.AbCdEfGhIjKlMnOp`, "hello", 42, { uuid: world }]) {
      expect(storedEventsTable(stored)).toEqual({ uuid: null, invalid: true });
      expect(pickEventsTable(stored, "table")).toEqual({ uuid: COMBAT_EVENTS_TABLE_UUID, system: true, warning: "AOD.Settings.combatEventsTable.invalid" });
    }
  });
  it("is declared as a RollTable document setting defaulting to the shipped table", () => {
    expect(SETTINGS.combatEventsTable).toEqual({ kind: "document", documentName: "RollTable", default: COMBAT_EVENTS_TABLE_UUID });
  });
});

describe("RULES.md Side initiative: the cap on combat events per round", () => {
  it("defaults to no cap: 001 draws one event per forced re-roll", () => {
    expect(SETTINGS.combatEventsCap.default).toBe(0);
    expect(eventsToDraw(5, undefined)).toEqual({ draw: 5, skipped: 0, cap: 0 });
  });
  it("draws every event up to the cap and skips the rest", () => {
    expect(eventsToDraw(0, 3)).toEqual({ draw: 0, skipped: 0, cap: 3 });
    expect(eventsToDraw(2, 3)).toEqual({ draw: 2, skipped: 0, cap: 3 });
    expect(eventsToDraw(3, 3)).toEqual({ draw: 3, skipped: 0, cap: 3 });
    expect(eventsToDraw(7, 3)).toEqual({ draw: 3, skipped: 4, cap: 3 });
    expect(eventsToDraw(7, 1)).toEqual({ draw: 1, skipped: 6, cap: 1 });
    expect(eventsToDraw(4, 5)).toEqual({ draw: 4, skipped: 0, cap: 5 });
  });
  it("draws them all with a cap of 0", () => {
    expect(eventsToDraw(9, 0)).toEqual({ draw: 9, skipped: 0, cap: 0 });
  });
  it("reads an unusable cap as the default and a bad count as none", () => {
    for (const cap of [-1, 2.5, 21, "3", null]) expect(eventsToDraw(6, cap)).toEqual({ draw: 6, skipped: 0, cap: 0 });
    expect(eventsToDraw(-2, 3)).toEqual({ draw: 0, skipped: 0, cap: 3 });
    expect(eventsToDraw(1.5, 3)).toEqual({ draw: 0, skipped: 0, cap: 3 });
  });
  it("checks the integer settings against their own ranges", () => {
    expect(integerSetting("stealthyModifier", 10)).toBe(10);
    expect(integerSetting("stealthyModifier", 11)).toBe(2);
    expect(integerSetting("combatEventsCap", 20)).toBe(20);
    expect(integerSetting("combatEventsCap", 0)).toBe(0);
  });
});

describe("the settings dialog's line under the events table picker", () => {
  const format = (key: string, data?: Readonly<Record<string, string | number>>) => localizeKey(key, data ?? {});
  const uuid = "RollTable.AbCdEfGhIjKlMnOp";

  it("names the table in use, never its UUID", () => {
    expect(eventsTableStatus(pickEventsTable("", "table"), "Combat Events", format)).toBe("In use: Combat Events, this system's own table; its events apply by themselves.");
    const other = eventsTableStatus(pickEventsTable(uuid, "table"), "Hailstorms", format);
    expect(other).toBe("In use: Hailstorms; its results are drawn and shown for you to apply.");
  });

  it("says a chosen table is not found, or not a table, and names the system's own used instead", () => {
    const missing = eventsTableStatus(pickEventsTable(uuid, "missing"), "Combat Events", format);
    expect(missing).toMatch(/^Table not found: .*Combat Events/);
    expect(missing).not.toContain(uuid);
    expect(eventsTableStatus(pickEventsTable("not a uuid", "missing"), "Combat Events", format)).toMatch(/^Not a roll table: /);
  });
});

describe("docs/SIMULATOR.md: the table's tactics module", () => {
  it("is a shown world text setting, empty (no module) by default, labelled in en.json", () => {
    expect(SETTINGS.simulatorTacticsModule).toEqual({ kind: "text", default: "" });
    expect(SHOWN_SETTINGS).toContain("simulatorTacticsModule");
    expect(localizeKey(settingKey("simulatorTacticsModule", "name"))).toBe("Table's tactics module");
    expect(localizeKey(settingKey("simulatorTacticsModule", "hint"))).toMatch(/worlds\/my-world\/tactics\.mjs/);
  });

  it("lets the autopilot's adversaries play the module's \"adversaries\"", () => {
    expect(SETTINGS.npcAutopilotTactics.choices).toContain(TABLE_TACTICS_CHOICE);
    expect(TABLE_ADVERSARIES_TACTICS).toBe("adversaries");
    expect(localizeKey(settingChoiceKey("npcAutopilotTactics", TABLE_TACTICS_CHOICE))).toMatch(/"adversaries"/);
  });
});
