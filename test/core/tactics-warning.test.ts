// A typed tactics name checked where the GM types it (src/core/tactics-warning.ts), in en.json's words.
import { describe, expect, it } from "vitest";
import { tacticsRefused, tacticsSuggestions, tacticsWarning, watchTacticsField } from "../../src/core/tactics-warning";
import type { ModuleTactics } from "../../src/core/tactics-warning";
import { TACTIC_NAMES } from "../../src/rules/simulator";
import { TACTICS_MODULE_ERRORS } from "../../src/features/simulator/tactics-module";
import { localizeKey } from "../templates/foundry-helpers";

const format = (key: string, data: Readonly<Record<string, string | number>> = {}) => localizeKey(key, data);
const none: ModuleTactics = { kind: "none" };
const loaded: ModuleTactics = { kind: "loaded", names: ["statue", "adversaries"] };
const failed: ModuleTactics = { kind: "failed", problem: { key: TACTICS_MODULE_ERRORS.BadEntry, data: { name: "half" } } };
const unknown: ModuleTactics = { kind: "unknown" };

describe("tacticsWarning", () => {
  it("says nothing of a blank name or a standard one, whatever the module", () => {
    for (const module of [none, loaded, failed, unknown]) {
      for (const name of ["", "  ", ...TACTIC_NAMES, " brawler "]) expect(tacticsWarning(name, module, format)).toBeNull();
    }
  });

  it("without a module, names the standard tactics a typed name is not", () => {
    expect(tacticsWarning("brawlr", none, format)).toBe(
      '"brawlr" is not a standard tactic (standard, skirmisher, brawler, passive), and no tactics module is set: it will be refused.',
    );
  });

  it("with the module's names known, accepts them and names both lists for anything else", () => {
    expect(tacticsWarning("statue", loaded, format)).toBeNull();
    expect(tacticsWarning(" adversaries", loaded, format)).toBeNull();
    expect(tacticsWarning("statues", loaded, format)).toBe(
      '"statues" is neither a standard tactic (standard, skirmisher, brawler, passive) nor the tactics module\'s (statue, adversaries): it will be refused.',
    );
    expect(tacticsWarning("statue", { kind: "loaded", names: [] }, format)).toContain("(it exports none)");
  });

  it("with a module that did not load, says why in the module's own words", () => {
    expect(tacticsWarning("statue", failed, format)).toBe(
      '"statue" is not a standard tactic, and the tactics module could not be read to check it: The tactics module\'s "half" needs letGo, moves and actions functions.',
    );
  });

  it("with a module whose names are not known yet, says it will be asked", () => {
    expect(tacticsWarning("statue", unknown, format)).toContain("the tactics module will be asked for it");
  });
});

describe("tacticsRefused: a name a forecast or run would refuse", () => {
  it("refuses a name that is neither standard nor the loaded module's, or any non-standard name without a module or with one that failed", () => {
    expect(tacticsRefused("", none)).toBe(false);
    expect(tacticsRefused("brawler", none)).toBe(false);
    expect(tacticsRefused("statue", none)).toBe(true);
    expect(tacticsRefused("statue", loaded)).toBe(false);
    expect(tacticsRefused("statu", loaded)).toBe(true);
    expect(tacticsRefused("statue", { kind: "failed", problem: { key: "AOD.Simulator.Error.BadStart", data: {} } })).toBe(true);
  });

  it("does not refuse a name a module whose names are not known yet will be asked for: that is only a note", () => {
    expect(tacticsWarning("statue", unknown, format)).not.toBeNull();
    expect(tacticsRefused("statue", unknown)).toBe(false);
  });
});

describe("tacticsSuggestions", () => {
  it("offers the standard names, then the module's when known", () => {
    expect(tacticsSuggestions(none)).toEqual([...TACTIC_NAMES]);
    expect(tacticsSuggestions(unknown)).toEqual([...TACTIC_NAMES]);
    expect(tacticsSuggestions(loaded)).toEqual([...TACTIC_NAMES, "statue", "adversaries"]);
  });
});

describe("watchTacticsField: the warning as the GM types", () => {
  it("fills and shows the warning on each input, marks the field, and clears both for a known name", () => {
    const listeners: Record<string, (() => void)[]> = {};
    const attributes = new Map<string, string>();
    const field = {
      value: "",
      addEventListener: (type: "input" | "change", listener: () => void) => (listeners[type] ??= []).push(listener),
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      removeAttribute: (name: string) => attributes.delete(name),
    };
    const words = { textContent: "" as string | null };
    const box = { hidden: true };
    watchTacticsField(field, words, box, (typed) => tacticsWarning(typed, loaded, format), (typed) => tacticsRefused(typed, loaded));
    const type = (value: string, event: "input" | "change" = "input") => {
      field.value = value;
      for (const listen of listeners[event] ?? []) listen();
    };
    type("statu");
    expect(words.textContent).toContain('"statu" is neither a standard tactic');
    expect(box.hidden).toBe(false);
    expect(attributes.get("aria-invalid")).toBe("true");
    type("statue");
    expect({ words: words.textContent, hidden: box.hidden, invalid: attributes.has("aria-invalid") }).toEqual({ words: "", hidden: true, invalid: false });
    type("brawlr", "change");
    expect(box.hidden).toBe(false);
  });
});
