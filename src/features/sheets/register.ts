/** Registers the system's sheets as the default for its actor and item subtypes (partials: template-paths.ts). */
import { SYSTEM_ID } from "../../constants/system-id";
import { AgeOfDragonsActorSheet } from "./actor-sheet";
import { AgeOfDragonsItemSheet } from "./item-sheet";

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
  // The Fight tab shows the altitude from the combat's skirmish state: redraw open sheets when it changes.
  Hooks.on("updateCombat", (combat) => {
    for (const combatant of combat.combatants) {
      const sheet = combatant.actor?.sheet;
      if (sheet instanceof AgeOfDragonsActorSheet && sheet.rendered) void sheet.render();
    }
  });
}
