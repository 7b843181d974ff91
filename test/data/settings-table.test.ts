import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import yaml from "js-yaml";
import { COMBAT_EVENTS_TABLE_UUID, SETTINGS } from "../../src/config/settings-table";
import { ROOT } from "./lang";

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
  it("RULES.md Side initiative: the combat events table defaults to the one in the Tables compendium", () => {
    const source = yaml.load(readFileSync(resolve(ROOT, "packs/_source/tables/combat-events.yml"), "utf8")) as { _id: string };
    expect(SETTINGS.combatEventsTable.default).toBe(COMBAT_EVENTS_TABLE_UUID);
    expect(COMBAT_EVENTS_TABLE_UUID).toBe(`Compendium.age-of-dragons.tables.RollTable.${source._id}`);
  });
});
