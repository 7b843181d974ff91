// The system's world settings (src/core/settings/settings-table.ts) as Foundry's settings dialog lists them: every
// shown setting's name, hint and default from en.json, in both themes, axe-clean; screenshot settings-*.png.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { SETTINGS, SHOWN_SETTINGS, eventsTableStatus, pickEventsTable, settingChoiceKey, settingKey } from "../../src/core/settings/settings-table";
import { localizeKey } from "../templates/foundry-helpers";

/** The name of the system's own Combat Events table, as its compendium source gives it. */
const SYSTEM_TABLE = /^name: (.+)$/m.exec(readFileSync("packs/_source/tables/combat-events.yml", "utf8"))?.[1] ?? "";
import { renderView, THEMES } from "./harness";

function settingsContext() {
  return {
    title: localizeKey("AOD.SystemTitle"),
    settings: SHOWN_SETTINGS.map((key) => {
      const spec = SETTINGS[key];
      const base = { key, kind: spec.kind, name: localizeKey(settingKey(key, "name")), hint: localizeKey(settingKey(key, "hint")) };
      if (spec.kind === "choice") {
        return { ...base, choices: spec.choices.map((c) => ({ value: c, label: localizeKey(settingChoiceKey(key, c)), selected: c === spec.default })) };
      }
      if (spec.kind === "boolean") return { ...base, checked: spec.default };
      if (spec.kind === "integer") return { ...base, min: spec.min, max: spec.max, value: spec.default };
      if (spec.kind === "text") return { ...base, value: spec.default };
      // Core's table picker shows the table by its name; the system's line under it names the table in use.
      return { ...base, value: SYSTEM_TABLE, status: eventsTableStatus(pickEventsTable(spec.default, "table"), SYSTEM_TABLE, (key, data) => localizeKey(key, data ?? {})) };
    }),
  };
}

describe("the system's settings", () => {
  it.each(THEMES)("every world setting with its name, hint and default (%s)", async (theme) => {
    let field = { background: "", text: "" };
    const { html } = await renderView({
      inspect: async (page) => {
        field = await page.evaluate(() => {
          const input = document.querySelector('input[type="number"]');
          return input ? { background: getComputedStyle(input).backgroundColor, text: getComputedStyle(input).color } : { background: "", text: "" };
        });
      },
      template: "test/browser/fixtures/settings.hbs",
      context: settingsContext(),
      theme,
      name: "settings",
      width: 640,
      // Core's settings dialog scrolls its list within the screen, as here.
      height: 760,
      frame: { kind: "window", title: "Configure Settings", classes: ["application", "package-configuration"] },
    });
    // As Handlebars escapes text ("Adversaries' tactics" is written "Adversaries&#x27; tactics").
    const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
    for (const key of SHOWN_SETTINGS) expect(html).toContain(escaped(localizeKey(settingKey(key, "name"))));
    expect(html).toContain("Descending Pneuma (recommended)");
    // The events table by its name, never its UUID.
    expect(html).toContain("In use: Combat Events, this system&#x27;s own table");
    expect(html).not.toContain("Compendium.age-of-dragons");
    // The fields take the theme as Foundry draws them (foundry-stand-in.css): dark with light text in the dark theme.
    const lightness = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, v) => sum + Number(v), 0) / 3;
    if (theme === "dark") expect(lightness(field.background)).toBeLessThan(64);
    else expect(lightness(field.background)).toBeGreaterThan(192);
    expect(Math.abs(lightness(field.text) - lightness(field.background))).toBeGreaterThan(128);
  });
});
