/**
 * A typed tactics name checked where the GM types it (docs/SIMULATOR.md "Who plays what in the forecast"): the
 * combatant config's *Tactics in the forecast* and each side's *Tactics* in the simulator window. Pure: what the
 * table's tactics module offers comes in as `ModuleTactics` (a worker imports the module and names its tactics,
 * src/features/simulator/tactics-names.ts; the main thread never runs it), so the check and its words are tested
 * without Foundry.
 */
import { TACTIC_NAMES } from "../rules/simulator/tactics";
import type { EncounterProblem } from "../rules/simulator";
import type { Format } from "./format";

/** What the world's tactics module is known to offer. */
export type ModuleTactics =
  /** No module is set: the standard tactics only. */
  | { kind: "none" }
  /** A worker imported it: the names of its tactics. */
  | { kind: "loaded"; names: readonly string[] }
  /** It is set but was refused or did not load: why (an en.json key and its data). */
  | { kind: "failed"; problem: EncounterProblem }
  /** It is set but its names are not known (not asked yet, or no answer in time): the workers will ask it. */
  | { kind: "unknown" };

/** The names a field may offer: the standard tactics, then the module's when they are known. */
export function tacticsSuggestions(module: ModuleTactics): string[] {
  return [...TACTIC_NAMES, ...(module.kind === "loaded" ? module.names.filter((name) => !TACTIC_NAMES.includes(name)) : [])];
}

/**
 * The warning for a typed name, in words, or null when it is blank (the standard tactics) or a name the simulator
 * knows: a standard one, or one the loaded module exports. A module whose names are not known yet cannot refuse a
 * name: the warning then says the module will be asked when a forecast or a run plays it.
 */
export function tacticsWarning(typed: string, module: ModuleTactics, format: Format): string | null {
  const name = typed.trim();
  if (name === "" || TACTIC_NAMES.includes(name)) return null;
  const standard = TACTIC_NAMES.join(", ");
  switch (module.kind) {
    case "none":
      return format("AOD.Simulator.TacticsWarning.NotStandard", { name, standard });
    case "loaded":
      if (module.names.includes(name)) return null;
      return format("AOD.Simulator.TacticsWarning.NotInModule", {
        name,
        standard,
        module: module.names.length > 0 ? module.names.join(", ") : format("AOD.Simulator.TacticsWarning.NoneInModule"),
      });
    case "failed":
      return format("AOD.Simulator.TacticsWarning.ModuleFailed", { name, reason: format(module.problem.key, module.problem.data) });
    case "unknown":
      return format("AOD.Simulator.TacticsWarning.ModuleAsked", { name, standard });
  }
}

/**
 * Whether a typed name would be refused when a forecast or a run plays it: a warning is due and it is not only the
 * note that a module whose names are not known yet will be asked. A refused name marks its field invalid and keeps
 * the simulator window's Simulate button disabled; the note does neither.
 */
export function tacticsRefused(typed: string, module: ModuleTactics): boolean {
  const name = typed.trim();
  if (name === "" || TACTIC_NAMES.includes(name)) return false;
  if (module.kind === "loaded") return !module.names.includes(name);
  return module.kind !== "unknown";
}

/** The parts of a form field the live check uses (an `<input>` or a `<select>`). */
export interface TacticsField {
  readonly value: string;
  addEventListener(type: "input" | "change", listener: () => void): void;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * Checks a tactics field as the GM types (on `input` and `change`): `words` gets the warning, `box` (the element
 * that holds it, hidden while there is none) is shown or hidden, and the field is marked `aria-invalid` while the
 * name would be refused (`refused`; a note that the module will be asked marks nothing).
 */
export function watchTacticsField(
  field: TacticsField,
  words: { textContent: string | null },
  box: { hidden: boolean },
  warn: (typed: string) => string | null,
  refused: (typed: string) => boolean,
): void {
  const check = (): void => {
    const text = warn(field.value);
    words.textContent = text ?? "";
    box.hidden = text === null;
    if (refused(field.value)) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  };
  field.addEventListener("input", check);
  field.addEventListener("change", check);
}
