/**
 * The GM's surprise and ambush dialog, opened from the tracker's banner before round 1: a DialogV2 over the pure
 * context (surprise-dialog-context.ts); its form is parsed there and handed to `combat.rollSurprise`, which rolls
 * on the surprise card and sets the round-one effects. A refused form is said in a notification and the dialog
 * opens again with what the GM entered and the reason at its top, so nothing is lost.
 */
import type { AgeOfDragonsCombat } from "../../documents/combat";
import { templatePath } from "../../constants/template-paths";
import { i18nFormat } from "../../core/i18n";
import { parseSurpriseForm, surpriseDialogContext, surpriseRoster } from "./surprise-dialog-context";
import { isActiveGM, sendRequest } from "../../core/requests/requests";
import { SURPRISE_REQUEST } from "./combat-requests";

/** Opens the dialog for a combat (GM only, before it starts); resolves once the GM rolled or closed it. */
export async function openSurpriseDialog(
  combat: AgeOfDragonsCombat,
  previous: Readonly<Record<string, unknown>> = {},
  refusal = "",
): Promise<void> {
  const refused = combat.surpriseRefusal();
  if (refused !== null) {
    ui.notifications.warn(game.i18n.localize(refused));
    return;
  }
  const roster = surpriseRoster(combat.entries);
  const content = await foundry.applications.handlebars.renderTemplate(
    templatePath("round/surprise-dialog.hbs"),
    surpriseDialogContext(roster, i18nFormat, previous, refusal),
  );
  const submitted: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n.localize("AOD.Combat.SurpriseDialog.Title") },
    classes: ["age-of-dragons", "aod-surprise-window"],
    position: { width: 640 },
    content,
    rejectClose: false,
    // Every dialog of the system puts Cancel first and its one action last (the roll and declaration dialogs too).
    buttons: [
      { action: "cancel", label: game.i18n.localize("AOD.Combat.SurpriseDialog.Cancel") },
      {
        action: "roll",
        label: game.i18n.localize("AOD.Combat.SurpriseDialog.Roll"),
        class: "aod-primary",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) =>
          button.form ? (new foundry.applications.ux.FormDataExtended(button.form).object as Record<string, unknown>) : null,
      },
    ],
  } as unknown as foundry.applications.api.DialogV2.WaitOptions);
  if (typeof submitted !== "object" || submitted === null) return;
  const parsed = parseSurpriseForm(submitted, roster);
  if (!parsed.ok) {
    ui.notifications.warn(game.i18n.localize(parsed.reason));
    await openSurpriseDialog(combat, submitted as Record<string, unknown>, parsed.reason);
    return;
  }
  if (!isActiveGM()) {
    // Only the active GM rolls, in the combat's write queue: two GMs pressing Roll at once roll once.
    await sendRequest(SURPRISE_REQUEST, { combatId: combat.id ?? "", form: submitted }, game.i18n.localize("AOD.Combat.Walk.surprise"));
    return;
  }
  const reason = await combat.rollSurprise(parsed.choice);
  if (reason !== null) ui.notifications.warn(game.i18n.localize(reason));
}
