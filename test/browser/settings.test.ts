// The system's world settings (src/core/settings/settings-table.ts) as Foundry's settings dialog lists them: every
// setting's name, hint and default from en.json, in both themes, axe-clean; screenshot settings-*.png.
import { describe, expect, it } from "vitest";
import { SETTINGS, settingChoiceKey, settingKey } from "../../src/core/settings/settings-table";
import type { SettingValues } from "../../src/core/settings/settings-table";
import { localizeKey } from "../templates/foundry-helpers";
import { renderView, THEMES } from "./harness";

function settingsContext() {
  const keys = Object.keys(SETTINGS) as (keyof SettingValues)[];
  return {
    title: localizeKey("AOD.SystemTitle"),
    settings: keys.map((key) => {
      const spec = SETTINGS[key];
      const base = { key, kind: spec.kind, name: localizeKey(settingKey(key, "name")), hint: localizeKey(settingKey(key, "hint")) };
      if (spec.kind === "choice") {
        return { ...base, choices: spec.choices.map((c) => ({ value: c, label: localizeKey(settingChoiceKey(key, c)), selected: c === spec.default })) };
      }
      if (spec.kind === "boolean") return { ...base, checked: spec.default };
      if (spec.kind === "integer") return { ...base, min: spec.min, max: spec.max, value: spec.default };
      return { ...base, value: spec.default };
    }),
  };
}

describe("the system's settings", () => {
  it.each(THEMES)("every world setting with its name, hint and default (%s)", async (theme) => {
    const { html } = await renderView({
      template: "test/browser/fixtures/settings.hbs",
      context: settingsContext(),
      theme,
      name: "settings",
      width: 640,
      frame: { kind: "window", title: "Configure Settings", classes: ["application", "package-configuration"] },
    });
    for (const key of Object.keys(SETTINGS) as (keyof SettingValues)[]) expect(html).toContain(localizeKey(settingKey(key, "name")));
    expect(html).toContain("Descending Pneuma (recommended)");
  });
});
