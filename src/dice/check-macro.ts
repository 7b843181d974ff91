/**
 * The command of a hotbar macro that rolls a check (issue 7 "Hotbar and API"): it calls
 * `game.system.api.rollCheck` with the actor's uuid, so a macro whose actor was deleted says so instead of
 * failing. Pure: the hotbar drop handler (sheets) makes the Macro document from this.
 */

/** What a check macro rolls: a skill, a weapon's attack, or an attribute. */
export interface CheckMacroTarget {
  readonly skill?: string;
  readonly weapon?: string;
  readonly attribute?: "soma" | "pneuma";
}

/** The macro's script: opens the roll dialog unless Shift is held, like a roll button on the sheet. */
export function checkMacroCommand(actorUuid: string, target: CheckMacroTarget): string {
  const options: Record<string, string> = {};
  if (target.skill !== undefined) options.skill = target.skill;
  if (target.weapon !== undefined) options.weapon = target.weapon;
  if (target.attribute !== undefined) options.attribute = target.attribute;
  const json = JSON.stringify(options).slice(0, -1);
  const configure = `${json === "{" ? "{" : `${json}, `}"configure": !(event?.shiftKey ?? false)}`;
  return `await game.system.api.rollCheck(${JSON.stringify(actorUuid)}, ${configure});`;
}
