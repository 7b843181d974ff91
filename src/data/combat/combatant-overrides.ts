/**
 * The GM's side and speed overrides on a combatant (`system.side`, `system.speed`): what an edit may hold, and
 * where a blank field falls back to (RULES.md "Side initiative": its combatant group's name, else its token's
 * disposition; its actor's speed category). Pure: the Combatant document refuses a bad edit in _preUpdate, the
 * combatant config and the tracker show the fallback.
 */
import { SPEED_CATEGORIES } from "../../rules/speed";
import type { SpeedCategory } from "../../rules/speed";
import { DISPOSITION_SIDES, sideOf } from "./combat-snapshot";

/** The longest side name kept (it heads a group in the tracker and a row on the initiative card). */
export const SIDE_MAX_LENGTH = 40;

/** The en.json keys of the refusals. */
export const OVERRIDE_REASONS = Object.freeze({
  SideText: "AOD.Combat.Combatant.Errors.SideText",
  SideLength: "AOD.Combat.Combatant.Errors.SideLength",
  Speed: "AOD.Combat.Combatant.Errors.Speed",
  GMOnly: "AOD.Combat.Combatant.Errors.GMOnly",
  Reverted: "AOD.Combat.Combatant.Errors.Reverted",
});

/** A checked value, or the reason it is refused. */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

// Control characters (C0, DEL, C1) and the bidirectional overrides that could disguise a name.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

/** A side name as typed: trimmed; "" clears it (back to the group or disposition); no control characters. */
export function checkSide(value: unknown): Checked<string> {
  if (typeof value !== "string") return { ok: false, reason: OVERRIDE_REASONS.SideText };
  const side = value.trim();
  if (UNPRINTABLE.test(side)) return { ok: false, reason: OVERRIDE_REASONS.SideText };
  if (Array.from(side).length > SIDE_MAX_LENGTH) return { ok: false, reason: OVERRIDE_REASONS.SideLength };
  return { ok: true, value: side };
}

/** A speed override: "" (its actor's speed) or one of the nine speed categories. */
export function checkSpeed(value: unknown): Checked<SpeedCategory | ""> {
  if (value === "") return { ok: true, value: "" };
  if (typeof value === "string" && (SPEED_CATEGORIES as readonly string[]).includes(value)) {
    return { ok: true, value: value as SpeedCategory };
  }
  return { ok: false, reason: OVERRIDE_REASONS.Speed };
}

/** Checks whichever of `system.side` and `system.speed` an update carries; the first refusal, or null. */
export function overridesRefusal(system: { side?: unknown; speed?: unknown }): string | null {
  if ("side" in system) {
    const side = checkSide(system.side);
    if (!side.ok) return side.reason;
  }
  if ("speed" in system) {
    const speed = checkSpeed(system.speed);
    if (!speed.ok) return speed.reason;
  }
  return null;
}

/**
 * Core lets a player create a combatant for its own token with any data (its client's _preCreate is the player's
 * to skip), so a player could pick its own side, speed or combatant group, which only the GM sets. The active GM
 * puts them back for a combatant a non-GM created: returns the update, or null when there is nothing to undo.
 */
export function playerCreationRepair(
  created: { side: string; speed: string; tactics?: string; group: string | null },
  by: { isGM: boolean },
): Record<string, string | null> | null {
  if (by.isGM) return null;
  const update: Record<string, string | null> = {};
  if (created.side !== "") update["system.side"] = "";
  if (created.speed !== "") update["system.speed"] = "";
  if ((created.tactics ?? "") !== "") update["system.tactics"] = "";
  if (created.group !== null && created.group !== "") update.group = null;
  return Object.keys(update).length > 0 ? update : null;
}

/**
 * The GM-only fields of a combatant as they stand: its side and speed overrides, the tactics it plays in the
 * forecast (absent: "") and its combatant group.
 */
export interface GMOnlyFields {
  side: string;
  speed: string;
  tactics?: string;
  group: string | null;
}

function has(value: unknown, key: string): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && key in value;
}

/** Each GM-only field an (expanded) update names with a value other than the current one: flat path -> new value. */
function touchedFields(change: unknown, current: GMOnlyFields): Record<string, unknown> {
  const touched: Record<string, unknown> = {};
  const system: unknown = has(change, "system") ? change.system : undefined;
  if (has(system, "side") && system.side !== current.side) touched["system.side"] = system.side;
  if (has(system, "speed") && system.speed !== current.speed) touched["system.speed"] = system.speed;
  if (has(system, "tactics") && system.tactics !== (current.tactics ?? "")) touched["system.tactics"] = system.tactics;
  if (has(change, "group") && (change.group ?? null) !== current.group) touched.group = change.group ?? null;
  return touched;
}

/**
 * Side, speed and group are the GM's (RULES.md "Side initiative"), but core lets the owner of a combatant update
 * its `system` (common/documents/combatant.mjs `#canUpdate`), and `_preUpdate` runs only on the client that
 * updates, so a player's own client is asked first (this refusal) and the active GM puts back what gets through
 * (`playerOverrideRevert`). Returns the en.json key of the refusal, or null for a GM or an update that changes
 * none of them. `change` is the update, expanded.
 */
export function gmOnlyRefusal(change: unknown, current: GMOnlyFields, by: { isGM: boolean }): string | null {
  if (by.isGM) return null;
  return Object.keys(touchedFields(change, current)).length > 0 ? OVERRIDE_REASONS.GMOnly : null;
}

/** What the active GM puts back after a non-GM's update: the update restoring the values before it, and what it had set. */
export interface OverrideRevert {
  /** Flat paths -> the values before the player's change. */
  revert: Record<string, string | null>;
  /** Flat paths -> the values the player set: the revert is written only while they still stand. */
  changed: Record<string, unknown>;
}

/**
 * What the active GM puts back when a non-GM's update of a combatant reaches it (`change` expanded, `before` the
 * combatant's fields before the update is applied), or null when the update came from a GM or changes none of
 * the GM-only fields.
 */
export function playerOverrideRevert(change: unknown, before: GMOnlyFields, by: { isGM: boolean }): OverrideRevert | null {
  if (by.isGM) return null;
  const changed = touchedFields(change, before);
  const paths = Object.keys(changed);
  if (paths.length === 0) return null;
  const revert: Record<string, string | null> = {};
  const was: Record<string, string | null> = {
    group: before.group,
    "system.side": before.side,
    "system.speed": before.speed,
    "system.tactics": before.tactics ?? "",
  };
  for (const path of paths) revert[path] = was[path] ?? null;
  return { revert, changed };
}

/** What a combatant's blank fields fall back to. */
export interface OverrideDefaults {
  /** Its v13 combatant group's name, if it is in one. */
  group: string | null;
  /** Its token's disposition (CONST.TOKEN_DISPOSITIONS), null without a token. */
  disposition: number | null;
  /** Its actor's speed category, null without an actor of this system. */
  actorSpeed: SpeedCategory | null;
}

/** Where a blank side comes from, and the side it gives. */
export function defaultSide(defaults: OverrideDefaults): { side: string; source: "group" | "disposition" } {
  const side = sideOf("", defaults.group, defaults.disposition);
  const fromGroup = defaults.group !== null && defaults.group.trim() !== "";
  return { side, source: fromGroup ? "group" : "disposition" };
}

/** The disposition names sideOf can give, for a label. */
export const DISPOSITION_NAMES: readonly string[] = Object.freeze(Object.values(DISPOSITION_SIDES));
