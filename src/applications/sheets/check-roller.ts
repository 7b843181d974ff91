/**
 * The one function the sheets' roll buttons and the hotbar macros go through to roll a check:
 * `game.system.api.rollCheck(actor, { attribute, skill })`, from the dice module (README "Sheets").
 */

/** The check a button asks for. */
export interface CheckOptions {
  attribute?: "soma" | "pneuma";
  skill?: string;
}

/** What the dice module publishes on the system API. */
type RollCheck = (actor: Actor.Implementation, options: CheckOptions) => Promise<unknown>;

function rollCheckApi(): RollCheck | undefined {
  const api: unknown = Reflect.get(game.system, "api");
  const rollCheck: unknown = typeof api === "object" && api !== null ? Reflect.get(api, "rollCheck") : undefined;
  return typeof rollCheck === "function" ? (rollCheck as RollCheck) : undefined;
}

/** Rolls a check for an actor through the system API; says so, localised, when rolling is unavailable. */
export async function rollCheck(actor: Actor.Implementation, options: CheckOptions): Promise<unknown> {
  const roll = rollCheckApi();
  if (!roll) {
    ui.notifications.warn(game.i18n.localize("AOD.Sheet.Roll.Unavailable"));
    return null;
  }
  return roll(actor, options);
}

/** The check a roll button's dataset names. */
export function checkFromDataset(dataset: DOMStringMap): CheckOptions | null {
  const { attribute, skill } = dataset;
  if (skill) return { skill };
  if (attribute === "soma" || attribute === "pneuma") return { attribute };
  return null;
}
