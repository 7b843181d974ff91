/**
 * Hotbar macros for checks: what a dropped skill, weapon or attribute check becomes, as plain data and a script
 * that calls `game.system.api.rollCheck` (README "Sheets"). Pure: no Foundry globals; hotbar.ts does the Foundry side.
 */

/** The drag data type of an attribute check dragged from a sheet. */
export const CHECK_DRAG_TYPE = "age-of-dragons.check";

/** The check a macro rolls: an attribute check, a skill check, or a weapon's attack check (by item id). */
export interface MacroCheck {
  attribute: "soma" | "pneuma" | null;
  skill: string | null;
  weapon: string | null;
}

/** What a check macro is made from. */
export interface CheckMacroSource {
  actorUuid: string;
  actorName: string;
  /** What the macro is called after the actor: a skill, a weapon or an attribute name, already localised. */
  label: string;
  img: string;
  check: MacroCheck;
}

/** The data of the Macro document to create. */
export interface CheckMacroData {
  name: string;
  type: "script";
  img: string;
  command: string;
}

/** An attribute check dragged from a sheet, read from untrusted drag data; null when it is not one. */
export function readCheckDrag(data: unknown): { actorUuid: string; attribute: "soma" | "pneuma" } | null {
  if (typeof data !== "object" || data === null) return null;
  const { type, actorUuid, attribute } = data as Record<string, unknown>;
  if (type !== CHECK_DRAG_TYPE || typeof actorUuid !== "string" || actorUuid === "") return null;
  if (attribute !== "soma" && attribute !== "pneuma") return null;
  return { actorUuid, attribute };
}

/** The options object the macro passes to rollCheck: the keys that are set, and the roll dialog opened. */
function rollOptions(check: MacroCheck): Record<string, string | boolean> {
  const options: Record<string, string | boolean> = {};
  if (check.attribute !== null) options.attribute = check.attribute;
  if (check.skill !== null) options.skill = check.skill;
  if (check.weapon !== null) options.weapon = check.weapon;
  options.configure = true;
  return options;
}

/**
 * The macro for a check. Its script finds the actor by UUID each time it runs and says so, by name, when the actor
 * is gone; every value is embedded as JSON, so names with quotes cannot break the script.
 */
export function checkMacro(source: CheckMacroSource): CheckMacroData {
  const command = [
    `const actor = await fromUuid(${JSON.stringify(source.actorUuid)});`,
    "if (!actor) {",
    `  ui.notifications.warn(game.i18n.format("AOD.Sheet.Macro.ActorMissing", { name: ${JSON.stringify(source.actorName)} }));`,
    "  return null;",
    "}",
    `return game.system.api.rollCheck(actor, ${JSON.stringify(rollOptions(source.check))});`,
  ].join("\n");
  return {
    name: `${source.actorName}: ${source.label}`,
    type: "script",
    img: source.img,
    command,
  };
}
