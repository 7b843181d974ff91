/** When a skill's identifier must be filled from its name (docs/DATA.md, Item `skill`). Pure: no Foundry globals. */
import { skillIdentifier } from "../rules/character";

/**
 * The identifier to write when a skill is updated: filled from the (new) name when the skill is renamed or its
 * identifier cleared and it would be left blank; undefined when the update needs no change.
 */
export function identifierAfterUpdate(
  current: { name: string; identifier: string },
  changes: { name?: unknown; identifier?: unknown },
): string | undefined {
  const renamed = typeof changes.name === "string" && changes.name !== current.name;
  const cleared = changes.identifier !== undefined && (typeof changes.identifier !== "string" || changes.identifier.trim() === "");
  const next = changes.identifier === undefined ? current.identifier : changes.identifier;
  const blank = typeof next !== "string" || next.trim() === "";
  if (!blank || !(renamed || cleared || current.identifier === "")) return undefined;
  const name = typeof changes.name === "string" ? changes.name : current.name;
  const filled = skillIdentifier(name);
  return filled === "" ? undefined : filled;
}
