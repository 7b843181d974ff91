/** Registers the system's sheets as the default for its actor and item subtypes, and loads their templates. */
import { SYSTEM_ID } from "../../config/settings";
import { AgeOfDragonsActorSheet } from "./actor-sheet";
import { AgeOfDragonsItemSheet } from "./item-sheet";
import { SHEET_TEMPLATES } from "./sheet-bases";

/** Every sheet template and partial, loaded once at init so partials resolve on first render. */
export const SHEET_TEMPLATE_FILES = [
  "actor/header.hbs",
  "actor/tabs.hbs",
  "actor/combat.hbs",
  "actor/gear.hbs",
  "actor/story.hbs",
  "actor/item-controls.hbs",
  "item/header.hbs",
  "item/summary.hbs",
  "item/weapon.hbs",
  "item/armour.hbs",
  "item/skill.hbs",
  "item/description.hbs",
] as const;

/** Registers the actor and item sheets (call in `init`). */
export function registerSheets(): void {
  const { Actors, Items } = foundry.documents.collections;
  Actors.registerSheet(SYSTEM_ID, AgeOfDragonsActorSheet, {
    types: ["dragon", "adversary"],
    makeDefault: true,
    label: "AOD.Sheet.Label.Actor",
  });
  Items.registerSheet(SYSTEM_ID, AgeOfDragonsItemSheet, {
    types: ["weapon", "armour", "skill"],
    makeDefault: true,
    label: "AOD.Sheet.Label.Item",
  });
  void foundry.applications.handlebars.loadTemplates(SHEET_TEMPLATE_FILES.map((file) => `${SHEET_TEMPLATES}/${file}`));
}
