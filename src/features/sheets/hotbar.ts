/**
 * Hotbar drops (README "Sheets"): a skill or weapon dragged from an actor's sheet, or an attribute check, becomes a
 * macro: a check macro calls `game.system.api.rollCheck`, a weapon's starts its attack card (`attackWith`).
 * Everything else is left to Foundry.
 */
import { skillKey } from "./actor-context";
import { characterModel } from "./document-data";
import { SkillModel } from "../../data/item/skill-model";
import { WeaponModel } from "../../data/item/weapon-model";
import { checkMacro, readCheckDrag } from "./hotbar-macro";
import type { CheckMacroSource } from "./hotbar-macro";

/** A UUID as fromUuidSync types it; drag data carries plain strings. */
type AnyUuid = Parameters<typeof fromUuidSync>[0];

async function placeMacro(source: CheckMacroSource, slot: number | undefined): Promise<void> {
  const data = checkMacro(source);
  const existing = game.macros.find((macro) => macro.command === data.command && macro.isOwner);
  const macro = existing ?? (await Macro.implementation.create(data));
  if (macro) await game.user.assignHotbarMacro(macro, slot);
}

/** The macro for a dropped owned skill or weapon, or null when the drop is something else. */
function itemSource(uuid: unknown): CheckMacroSource | null {
  if (typeof uuid !== "string") return null;
  const item = fromUuidSync(uuid as AnyUuid);
  if (!(item instanceof Item) || !(item.parent instanceof Actor)) return null;
  const actor = item.parent;
  const system = characterModel(actor);
  if (!system || item.id === null) return null;
  const base = { actorUuid: actor.uuid, actorName: actor.name, label: item.name, img: item.img ?? actor.img ?? "" };
  if (item.system instanceof SkillModel) {
    return { ...base, check: { attribute: null, skill: skillKey(item.name, item.system), weapon: null } };
  }
  if (item.system instanceof WeaponModel) return { ...base, check: { attribute: null, skill: null, weapon: item.id } };
  return null;
}

/** The macro for a dropped attribute check, or null. */
function checkSource(data: unknown): CheckMacroSource | null {
  const drag = readCheckDrag(data);
  if (!drag) return null;
  const actor = fromUuidSync(drag.actorUuid as AnyUuid);
  if (!(actor instanceof Actor)) return null;
  return {
    actorUuid: actor.uuid,
    actorName: actor.name,
    label: game.i18n.localize(`AOD.Actor.${actor.type}.FIELDS.${drag.attribute}.label`),
    img: actor.img ?? "",
    check: { attribute: drag.attribute, skill: null, weapon: null },
  };
}

/** Handles hotbar drops of checks; returns false (Foundry's "handled") when it made the macro. */
export function onHotbarDrop(data: unknown, slot: number | undefined): boolean {
  const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  const source = checkSource(data) ?? (record.type === "Item" ? itemSource(record.uuid) : null);
  if (!source) return true;
  void placeMacro(source, slot);
  return false;
}

/** Registers the hotbar drop handler (call in `init`). */
export function registerHotbar(): void {
  Hooks.on("hotbarDrop", (_hotbar, data, slot) => onHotbarDrop(data, slot));
}
