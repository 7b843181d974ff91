// The combatant config's forecast tactics field (src/features/round/combatant-config-context.ts `tacticsContext`):
// the choices it offers and the one it shows chosen, with en.json's labels.
import { describe, expect, it } from "vitest";
import { tacticsContext } from "../../../src/features/round/combatant-config-context";
import { TACTIC_NAMES } from "../../../src/rules/simulator";
import { format } from "./fight";

describe("tacticsContext: the tactics a combatant plays in the forecast", () => {
  it("offers the default then each standard tactic, blank chosen for a combatant with none", () => {
    const field = tacticsContext({ tactics: "", moduleSet: false, editable: true }, format);
    expect(field.name).toBe("system.tactics");
    expect(field.label).toBe("Tactics in the forecast");
    expect(field.text).toBe(false);
    expect(field.options.map((o) => o.value)).toEqual(["", ...TACTIC_NAMES]);
    expect(field.options[0]).toEqual({ value: "", label: "Default: the standard tactics", selected: true });
    expect(field.options.find((o) => o.value === "brawler")?.label).toBe("Brawler");
    // Every standard tactic has its own label (a missing en.json key would show the key itself).
    expect(field.options.every((o) => !o.label.startsWith("AOD."))).toBe(true);
    expect(field.options.filter((o) => o.selected)).toHaveLength(1);
    expect(field.hint).toContain("Now: Standard: the attack with the best expected damage");
  });

  it("shows the stored choice chosen", () => {
    const field = tacticsContext({ tactics: "skirmisher", moduleSet: false, editable: true }, format);
    expect(field.options.filter((o) => o.selected).map((o) => o.value)).toEqual(["skirmisher"]);
    expect(field.hint).toContain("Now: Skirmisher: keeps its range and breathes while its Magic Points last");
  });

  it("keeps a stored name it does not know as a chosen option, so saving the form never drops it", () => {
    const field = tacticsContext({ tactics: "ambushers", moduleSet: false, editable: false }, format);
    expect(field.options.filter((o) => o.selected)).toEqual([{ value: "ambushers", label: "ambushers (not a standard tactic)", selected: true }]);
    expect(field.editable).toBe(false);
  });

  it("with a table's tactics module set, is a text field suggesting the standard names", () => {
    const field = tacticsContext({ tactics: "ambushers", moduleSet: true, editable: true }, format);
    expect(field.text).toBe(true);
    expect(field.value).toBe("ambushers");
    expect(field.suggestions.map((s) => s.value)).toEqual([...TACTIC_NAMES]);
    expect(field.suggestions.every((s) => !s.label.startsWith("AOD."))).toBe(true);
    expect(field.hint).toContain("table's tactics module");
  });

  it("warns under the field about a name neither standard nor the module's, and says nothing of a known one", () => {
    expect(tacticsContext({ tactics: "skirmisher", moduleSet: false, editable: true }, format).warning).toBeNull();
    expect(tacticsContext({ tactics: "ambushers", moduleSet: false, editable: true }, format).warning).toContain(
      '"ambushers" is not a standard tactic (standard, skirmisher, brawler, passive), and no tactics module is set: it will be refused.',
    );
    const module = { kind: "loaded", names: ["ambushers", "statue"] } as const;
    const known = tacticsContext({ tactics: "ambushers", moduleSet: true, module, editable: true }, format);
    expect(known.warning).toBeNull();
    // The module's names are suggested after the standard ones, as they are named.
    expect(known.suggestions.slice(-2)).toEqual([{ value: "ambushers", label: "ambushers" }, { value: "statue", label: "statue" }]);
    expect(tacticsContext({ tactics: "ambusher", moduleSet: true, module, editable: true }, format).warning).toContain("nor the tactics module's (ambushers, statue)");
    // A module set but not asked yet: it will be asked; a module since unset is not consulted.
    expect(tacticsContext({ tactics: "ambusher", moduleSet: true, editable: true }, format).warning).toContain("will be asked");
    expect(tacticsContext({ tactics: "ambushers", moduleSet: false, module, editable: true }, format).warning).toContain("no tactics module is set");
    // A set path the workers refuse: they know the standard tactics only, and the warning says so.
    expect(tacticsContext({ tactics: "ambushers", moduleSet: true, module: { kind: "none" }, editable: true }, format).warning).toContain("no tactics module is set");
  });
});
