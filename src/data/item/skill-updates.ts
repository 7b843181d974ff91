/** When a skill's identifier must be filled from its name (docs/DATA.md, Item `skill`). Pure: no Foundry globals. */
import { skillIdentifier } from "../../rules/character";

/**
 * The identifier to write when a skill is updated: whenever the update would leave it blank (a rename of a skill
 * without one, or the identifier cleared), it is filled from the new or current name; undefined means no change.
 */
export function identifierAfterUpdate(
  current: { name: string; identifier: string },
  changes: { name?: unknown; identifier?: unknown },
): string | undefined {
  const next = changes.identifier === undefined ? current.identifier : changes.identifier;
  if (typeof next === "string" && next.trim() !== "") return undefined;
  const name = typeof changes.name === "string" ? changes.name : current.name;
  const filled = skillIdentifier(name);
  return filled === "" ? undefined : filled;
}
