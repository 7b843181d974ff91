/**
 * Hotbar macros for checks: what a dropped skill, weapon or attribute check becomes, as plain data and a script
 * that calls `game.system.api.rollCheck`, or for a weapon `game.system.api.attackWith` (the attack card, as the
 * sheet's weapon button), README "Sheets". Pure: no Foundry globals; hotbar.ts does the Foundry side.
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

/** The script lines that start a weapon's attack card, once the weapon is found on the actor. */
function attackLines(source: CheckMacroSource, weapon: string): string[] {
  const names = JSON.stringify({ name: source.actorName, weapon: source.label });
  return [
    `if (!actor.items.get(${JSON.stringify(weapon)})) {`,
    `  ui.notifications.warn(game.i18n.format("AOD.Sheet.Macro.WeaponMissing", ${names}));`,
    "  return null;",
    "}",
    `return game.system.api.attackWith(actor, ${JSON.stringify({ weaponId: weapon, configure: true })});`,
  ];
}

/**
 * The macro for a check. Its script finds the actor by UUID each time it runs and says so, by name, when the actor
 * is gone; a weapon's macro starts the attack card (its weapon must still be on the actor), any other rolls the
 * check. Every value is embedded as JSON, so names with quotes cannot break the script.
 */
export function checkMacro(source: CheckMacroSource): CheckMacroData {
  const weapon = source.check.weapon;
  const command = [
    `const actor = await fromUuid(${JSON.stringify(source.actorUuid)});`,
    "if (!actor) {",
    `  ui.notifications.warn(game.i18n.format("AOD.Sheet.Macro.ActorMissing", { name: ${JSON.stringify(source.actorName)} }));`,
    "  return null;",
    "}",
    ...(weapon !== null ? attackLines(source, weapon) : [`return game.system.api.rollCheck(actor, ${JSON.stringify(rollOptions(source.check))});`]),
  ].join("\n");
  return {
    name: `${source.actorName}: ${source.label}`,
    type: "script",
    img: source.img,
    command,
  };
}
