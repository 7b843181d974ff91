/**
 * Turns what the sheets' forms submit into document updates: list fields typed as comma-separated text become
 * arrays, a skill's use checkboxes become its `uses` set, and a weapon's defence skill checkboxes its `defenceSkills`. Pure: no Foundry globals.
 */
import { SKILL_USE_NAMES } from "../../rules/character";
import { splitList } from "./choices";

/** The `system` fields the sheets edit as comma-separated text. */
export const LIST_FIELDS = ["tags", "lifepaths", "defenceSkills"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The update for an expanded form submission (`{ name, system: {...}, uses: {...} }`): returns a new object and
 * leaves the input untouched; fields it does not know pass through unchanged.
 */
export function formToUpdate(submitted: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { uses, defence, ...rest } = submitted;
  const system: Record<string, unknown> = isRecord(rest.system) ? { ...rest.system } : {};
  for (const field of LIST_FIELDS) {
    const value = system[field];
    if (typeof value === "string") system[field] = splitList(value);
  }
  if (isRecord(uses)) system.uses = SKILL_USE_NAMES.filter((use) => uses[use] === true);
  // A weapon's defence skill pickers: one checkbox per known skill, named by its identifier.
  if (isRecord(defence)) system.defenceSkills = Object.keys(defence).filter((id) => defence[id] === true);
  return Object.keys(system).length > 0 || isRecord(rest.system) ? { ...rest, system } : { ...rest };
}
