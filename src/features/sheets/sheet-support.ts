/**
 * What the actor and item sheets share on the Foundry side: the viewer's permission as plain data, the mode
 * toggle in the window frame, enrichment and item lookups. The rules of modes and views are in sheet-mode.ts.
 */
import type { Permission, SheetMode } from "./sheet-data";
import { modeToggle } from "./sheet-mode";

/** The current user's permission on a document, by name. */
export function permissionOf(document: { testUserPermission(user: User.Implementation, level: "OWNER" | "OBSERVER" | "LIMITED"): boolean }): Permission {
  const user = game.user;
  if (document.testUserPermission(user, "OWNER")) return "owner";
  if (document.testUserPermission(user, "OBSERVER")) return "observer";
  if (document.testUserPermission(user, "LIMITED")) return "limited";
  return "none";
}

/** Adds the play/edit toggle to a sheet's window header (once: the frame is rendered once per opening). */
export function addModeToggle(header: HTMLElement | undefined, mode: SheetMode): void {
  if (!header || header.querySelector("[data-action='toggleMode']")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "header-control icon aod-mode-toggle";
  button.dataset.action = "toggleMode";
  header.querySelector("[data-action='close']")?.before(button);
  if (!button.isConnected) header.append(button);
  showMode(header, mode);
}

/** Points the header toggle at the other mode (after every render, since the frame is not re-rendered). */
export function showMode(header: HTMLElement | undefined, mode: SheetMode): void {
  const button = header?.querySelector<HTMLButtonElement>("[data-action='toggleMode']");
  if (!button) return;
  const toggle = modeToggle(mode);
  const label = game.i18n.localize(toggle.label);
  button.className = `header-control icon aod-mode-toggle ${toggle.icon}`;
  button.setAttribute("aria-label", label);
  button.dataset.tooltip = label;
  button.setAttribute("aria-pressed", mode === "edit" ? "true" : "false");
}

/** Rich text after Foundry's enrichment (links, rolls; secrets only for owners). */
export async function enrich(html: string, relativeTo: foundry.abstract.Document.Any, owner: boolean): Promise<string> {
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { relativeTo, secrets: owner });
}

/** The item id a clicked control stands for (on the control or its row). */
export function itemIdOf(target: HTMLElement): string | undefined {
  return target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
}
