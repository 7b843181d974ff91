/**
 * The token status effects of the system (000 "Grapple Attacks", "Severe injury and Death", "Falling out of the
 * Sky", "Catching / Mid air rescues", "Manoeuvres"; 001 "Surprise vs. Ambush"), as plain data so tests can check
 * every icon and label. Pure: no Foundry globals.
 */
import { SYSTEM_PATH } from "./system-id";

/** One status: its id, its en.json name key and its icon path inside the installed system. */
export interface StatusEffectSpec {
  id: string;
  name: string;
  img: string;
}

/** The status ids, in the order the token HUD shows them. */
export const STATUS_IDS = [
  "pinned",
  "severelyInjured",
  "dead",
  "falling",
  "carrying",
  "carried",
  "surprised",
  "ambushed",
  "fullMove",
] as const;

/** A status id. */
export type StatusId = (typeof STATUS_IDS)[number];

/** The status that marks a combatant defeated in the tracker. */
export const DEFEATED_STATUS: StatusId = "dead";

/** Where the icons live relative to the system's root folder. */
export const STATUS_ICON_FOLDER = "assets/icons/status";

/**
 * The en.json key of a status or health state's word (`dead` -> `AOD.Status.Dead`): the glossary's one home for
 * them, read by the token HUD, the sheets, the board and the cards.
 */
export function statusNameKey(id: string): string {
  return `AOD.Status.${id.charAt(0).toUpperCase()}${id.slice(1)}`;
}

/** Every status effect: name key `AOD.Status.<Id>`, icon `<SYSTEM_PATH>assets/icons/status/<id>.svg`. */
export const STATUS_EFFECTS: readonly StatusEffectSpec[] = STATUS_IDS.map((id) => ({
  id,
  name: statusNameKey(id),
  img: `${SYSTEM_PATH}${STATUS_ICON_FOLDER}/${id}.svg`,
}));
