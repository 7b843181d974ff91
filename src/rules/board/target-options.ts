/**
 * For the combatant selected on the board: every other combatant and landmark with its distance band and what
 * the selected one could do to it now, and why not (000 "Phase Two: The Battle Phase", "Catching / Mid air
 * rescues"). Every answer comes from the engine's validators through attackLegality and validateRescue.
 */
import type { WeaponSnapshot } from "../procedures/weapon";
import { validateRescue } from "../procedures/rescue";
import { combatant, distanceBetween } from "../state";
import type { SkirmishState } from "../state";
import type { Altitude, Distance } from "../types";
import { attackLegality } from "./attack-legality";
import { BOARD_REASONS } from "./reasons";

/** What the board tells a player the selected combatant could do to another one. */
export type BoardAction = "melee" | "grapple" | "ranged" | "breath" | "rescue";

/** Every board action, in the order the board lists them. */
export const BOARD_ACTIONS: readonly BoardAction[] = Object.freeze(["melee", "grapple", "ranged", "breath", "rescue"]);

/** One action against one target: allowed (with the weapons that allow it) or refused with its en.json reason. */
export interface ActionOption {
  action: BoardAction;
  allowed: boolean;
  /** Names of the weapons that make the action legal (empty for a rescue or a refusal). */
  weapons: string[];
  reason?: string;
}

/** Another combatant or a landmark, seen from the selected combatant. */
export interface TargetOption {
  id: string;
  name: string;
  kind: "combatant" | "landmark";
  altitude: Altitude;
  distance: Distance;
  /** One entry per action the selected combatant has the means for (a weapon of the kind, wings to rescue). */
  actions: ActionOption[];
  /** The allowed actions; empty means "nothing". */
  available: BoardAction[];
  /** Why nothing is possible, when nothing is (one en.json key per refused action, no repeats). */
  reasons: string[];
}

/**
 * The board's kind of a weapon: breath is a ranged weapon that spends Magic Points (Dragonsbreath, 000 "Ranged
 * Attacks"); the grapple trait also allows a grapple attempt (000 "Grapple Attacks", RULES.md "Attacks").
 */
export function weaponActions(weapon: WeaponSnapshot): BoardAction[] {
  if (weapon.range === "ranged") return [weapon.magicCost > 0 ? "breath" : "ranged"];
  return weapon.grapple ? ["melee", "grapple"] : ["melee"];
}

function actionFor(
  state: SkirmishState,
  selectedId: string,
  targetId: string,
  action: BoardAction,
  weapons: readonly WeaponSnapshot[],
): ActionOption {
  if (action === "rescue") {
    const legality = validateRescue(state, { rescuerId: selectedId, targetId });
    return legality.allowed
      ? { action, allowed: true, weapons: [] }
      : { action, allowed: false, weapons: [], reason: legality.reason };
  }
  const grapple = action === "grapple";
  let reason: string | undefined;
  const legal: string[] = [];
  for (const weapon of weapons) {
    if (!weaponActions(weapon).includes(action)) continue;
    const legality = attackLegality(state, { attackerId: selectedId, targetId, weapon, grapple });
    if (legality.allowed) legal.push(weapon.name);
    else reason ??= legality.reason;
  }
  if (legal.length > 0) return { action, allowed: true, weapons: legal };
  return { action, allowed: false, weapons: [], ...(reason === undefined ? {} : { reason }) };
}

/** The actions this combatant has the means for: one per kind of weapon it carries, and rescue if it can fly. */
export function meansOf(state: SkirmishState, selectedId: string, weapons: readonly WeaponSnapshot[]): BoardAction[] {
  const selected = combatant(state, selectedId, "selectedId");
  const kinds = new Set(weapons.flatMap(weaponActions));
  if (selected.canFly) kinds.add("rescue");
  return BOARD_ACTIONS.filter((action) => kinds.has(action));
}

function summary(actions: ActionOption[]): Pick<TargetOption, "available" | "reasons"> {
  if (actions.length === 0) return { available: [], reasons: [BOARD_REASONS.NoMeans] };
  const available = actions.filter((a) => a.allowed).map((a) => a.action);
  const reasons =
    available.length > 0 ? [] : [...new Set(actions.flatMap((a) => (a.reason === undefined ? [] : [a.reason])))];
  return { available, reasons };
}

/**
 * Every other combatant (in the state's order) then every landmark, with its distance band from the selected
 * combatant and what the selected one could do to it now with these weapons. A landmark cannot be attacked.
 */
export function targetOptions(
  state: SkirmishState,
  selectedId: string,
  weapons: readonly WeaponSnapshot[],
): TargetOption[] {
  const means = meansOf(state, selectedId, weapons);
  const options: TargetOption[] = [];
  for (const other of Object.values(state.combatants)) {
    if (other.id === selectedId) continue;
    const actions = means.map((action) => actionFor(state, selectedId, other.id, action, weapons));
    options.push({
      id: other.id,
      name: other.name,
      kind: "combatant",
      altitude: other.altitude,
      distance: distanceBetween(state, selectedId, other.id),
      actions,
      ...summary(actions),
    });
  }
  for (const landmark of Object.values(state.landmarks)) {
    options.push({
      id: landmark.id,
      name: landmark.name,
      kind: "landmark",
      altitude: landmark.altitude,
      distance: distanceBetween(state, selectedId, landmark.id),
      actions: [],
      available: [],
      reasons: [BOARD_REASONS.Landmark],
    });
  }
  return options;
}
