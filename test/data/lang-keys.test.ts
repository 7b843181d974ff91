import { describe, expect, it } from "vitest";
import { SETTINGS, SHOWN_SETTINGS, settingChoiceKey, settingKey } from "../../src/core/settings/settings-table";
import { ACTOR_SPECS, ITEM_SPECS } from "../../src/data/spec";
import type { ModelSpec } from "../../src/data/spec";
import { translation } from "./lang";

/** Every LOCALIZATION_PREFIXES label key of a spec: <prefix>.FIELDS.<path>.label, nested groups included. */
function labelKeys(prefix: string, spec: ModelSpec, path = ""): string[] {
  return Object.entries(spec).flatMap(([name, field]) => {
    const here = `${path}${name}`;
    const own = `${prefix}.FIELDS.${here}.label`;
    return field.kind === "schema" ? [own, ...labelKeys(prefix, field.fields, `${here}.`)] : [own];
  });
}

const fieldKeys = [
  ...Object.entries(ACTOR_SPECS).flatMap(([type, spec]) => labelKeys(`AOD.Actor.${type}`, spec)),
  ...Object.entries(ITEM_SPECS).flatMap(([type, spec]) => labelKeys(`AOD.Item.${type}`, spec)),
];

describe("DATA.md field labels in en.json", () => {
  it("finds a label key for every spec field", () => {
    expect(fieldKeys.length).toBeGreaterThan(50);
  });
  it.each(fieldKeys)("%s exists", (key) => {
    expect(translation(key)).toBeTruthy();
  });
  it("names every subtype under TYPES", () => {
    for (const type of Object.keys(ACTOR_SPECS)) expect(translation(`TYPES.Actor.${type}`)).toBeTruthy();
    for (const type of Object.keys(ITEM_SPECS)) expect(translation(`TYPES.Item.${type}`)).toBeTruthy();
  });
});

describe("every shown setting: labels in en.json", () => {
  const keys = SHOWN_SETTINGS;
  it.each(keys)("%s has a name and a hint", (key) => {
    expect(translation(settingKey(key, "name"))).toBeTruthy();
    expect(translation(settingKey(key, "hint"))).toBeTruthy();
  });
  it.each(keys)("%s labels each of its choices", (key) => {
    const setting = SETTINGS[key];
    const choices = setting.kind === "choice" ? setting.choices : [];
    for (const choice of choices) expect(translation(settingChoiceKey(key, choice)), choice).toBeTruthy();
  });
});
