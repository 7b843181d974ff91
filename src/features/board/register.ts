/**
 * Registers the range board in `init`: its request kind, the `boardMove` action other features call, its settings (token elevation follows
 * altitude, and each band's elevation), the keybinding, the scene control and tracker button that open it, the
 * live re-render on combat changes, the entry distance of new combatants, the clean-up after a removed one,
 * and token elevation kept in step with the bands both ways.
 */
import { isActiveGM } from "../../core/requests/requests";
import { RangeBoard } from "./range-board";
import { editUpdates, staleUpdates } from "./board-writes";
import { registerBoardRequests } from "./board-request-handlers";
import { actorStatuses, combatBoardSource, writeEdit } from "./combat-board-source";
import { AgeOfDragonsCombat } from "../../documents/combat";
import { applyBoardEdit } from "../../rules/board/edits";
import { DEFAULT_DISTANCE } from "../../rules/state";
import {
  DEFAULT_BAND_ELEVATIONS,
  bandChangeForElevation,
  elevationUpdates,
  parseBandElevations,
} from "./board-elevation";
import type { BandElevations } from "./board-elevation";
import { entryDistance } from "../../core/settings/combat-settings";
import { onSettingChange } from "../../core/settings/register";
import { SYSTEM_ID } from "../../constants/system-id";
import { provideActions } from "../../core/actions";
import { registerCard } from "../../core/cards/card-hook";
import { i18nFormat } from "../../core/i18n";
import { templatePath } from "../../constants/template-paths";

/** The name an override notice stores; throws when the notice does not read. */
function overrideName(message: ChatMessage.Implementation): string {
  const system = message.system as { data?: { name?: unknown } } | undefined;
  const name = system?.data?.name;
  if (typeof name !== "string") throw new Error("an override notice without its name");
  return name;
}

/** An update made by the board itself, so its own hooks do not answer it. */
const OWN_UPDATE = "aodBoard";

/** The band elevations the world set, or the defaults when the text cannot be read. */
function bandElevations(): BandElevations {
  return parseBandElevations(game.settings.get(SYSTEM_ID, "boardBandElevations")) ?? DEFAULT_BAND_ELEVATIONS;
}

function tokenElevationOn(): boolean {
  return game.settings.get(SYSTEM_ID, "boardTokenElevation");
}

function registerBoardSettings(): void {
  onSettingChange("boardBandElevations", (value) => {
    if (parseBandElevations(value) === undefined) ui.notifications.warn("AOD.Board.Settings.bandElevations.invalid", { localize: true });
  });
}

/**
 * Sets each token of the combat to its band's elevation (active GM, setting on), as an operation of the combat's
 * write queue: after the operation whose update called for it, reading the skirmish as that one left it.
 */
async function syncElevations(combat: AgeOfDragonsCombat): Promise<void> {
  if (!isActiveGM() || !tokenElevationOn()) return;
  await combat.serially(() => syncNow(combat));
}

async function syncNow(combat: AgeOfDragonsCombat): Promise<void> {
  if (!isActiveGM()) return;
  const state = combat.skirmish;
  const altitudes = Object.fromEntries(Object.values(state.combatants).map((c) => [c.id, c.altitude]));
  const byScene = new Map<Scene.Implementation, { tokenId: string; combatantId: string; elevation: number }[]>();
  for (const c of combat.combatants) {
    const token = c.token;
    const scene = token?.parent;
    if (!c.id || !token?.id || !scene) continue;
    const list = byScene.get(scene) ?? [];
    list.push({ tokenId: token.id, combatantId: c.id, elevation: token.elevation });
    byScene.set(scene, list);
  }
  for (const [scene, tokens] of byScene) {
    const updates = elevationUpdates(altitudes, tokens, bandElevations()).map((u) => ({ _id: u.tokenId, elevation: u.elevation }));
    // The flag travels in the update's options to every client's updateToken hook (core's Document update: options travel to every client).
    const options = { [OWN_UPDATE]: true } as Parameters<typeof scene.updateEmbeddedDocuments>[2];
    if (updates.length > 0) await scene.updateEmbeddedDocuments("Token", updates, options);
  }
}

/** A GM set a token's elevation by hand: move its combatant to the matching band in every combat it is in. */
async function bandFromToken(token: TokenDocument.Implementation): Promise<void> {
  for (const combat of game.combats) {
    if (!(combat instanceof AgeOfDragonsCombat)) continue;
    const combatant = combat.combatants.find((c) => c.tokenId === token.id && c.sceneId === token.parent?.id);
    const place = combatant?.id ? combat.skirmish.combatants[combatant.id] : undefined;
    const id = combatant?.id;
    if (!id || !place) continue;
    const band = bandChangeForElevation(place.altitude, token.elevation, bandElevations());
    if (band !== undefined) await combat.serially((op) => writeEdit(combat, { type: "altitude", id, altitude: band }, true, op));
  }
}

/** A new combatant enters at the entry distance from everyone (RULES.md "Movement", a world setting): in the combat's write queue. */
async function enter(combatant: Combatant.Implementation): Promise<void> {
  const combat = combatant.parent;
  if (!(combat instanceof AgeOfDragonsCombat) || !combatant.id) return;
  await combat.serially(() => enterNow(combat, combatant));
}

async function enterNow(combat: AgeOfDragonsCombat, combatant: Combatant.Implementation): Promise<void> {
  if (!combatant.id) return;
  const distance = entryDistance();
  const state = combat.skirmish;
  const entering = state.combatants[combatant.id];
  if (!entering || distance === DEFAULT_DISTANCE) return;
  const others = Object.fromEntries(Object.entries(state.combatants).filter(([id]) => id !== entering.id));
  const ruling = applyBoardEdit({ ...state, combatants: others }, { type: "addCombatant", combatant: entering, distance });
  if (!ruling.allowed) return;
  const { combat: paths } = editUpdates(combat.stored.skirmish, state, ruling.state, actorStatuses(combat));
  if (Object.keys(paths).length > 0) await combat.update(paths as Combat.UpdateData);
}

/** A combatant left: forget every entry that names it (in the combat's write queue). */
async function forget(combatant: Combatant.Implementation): Promise<void> {
  const combat = combatant.parent;
  if (!(combat instanceof AgeOfDragonsCombat) || !combatant.id) return;
  const id = combatant.id;
  await combat.serially(async () => {
    const paths = staleUpdates(combat.stored.skirmish, id);
    if (Object.keys(paths).length > 0) await combat.update(paths as Combat.UpdateData);
  });
}

/** Hooks as v13 calls them, for the two hooks whose current form the types in use do not describe. */
const untypedHooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => void): number };

/** The part of v13's scene controls record the board adds its button to. */
type SceneControlSets = Record<string, { tools: Record<string, object> } | undefined>;

function registerOpeners(): void {
  game.keybindings.register(SYSTEM_ID, "openBoard", {
    name: "AOD.Board.Keybinding.name",
    hint: "AOD.Board.Keybinding.hint",
    editable: [{ key: "KeyB", modifiers: ["SHIFT"] }],
    onDown: () => {
      RangeBoard.open();
      return true;
    },
  });
  // v13 passes the controls as a record of control sets (controls.tokens.tools is a record of tools); the types
  // in use do not list this hook, so it is registered through an untyped view of Hooks.on.
  untypedHooks.on("getSceneControlButtons", (controls: SceneControlSets) => {
    const tokens = controls.tokens;
    if (!tokens) return;
    tokens.tools.aodRangeBoard = {
      name: "aodRangeBoard",
      title: "AOD.Board.OpenHint",
      icon: "fa-solid fa-dragon",
      order: Object.keys(tokens.tools).length,
      button: true,
      visible: true,
      onChange: () => {
        RangeBoard.open();
      },
    };
  });
  // v13's ApplicationV2 tracker fires render hooks with an HTMLElement; the types only know the older form.
  untypedHooks.on("renderCombatTracker", (_app: unknown, html: HTMLElement) => {
    if (html.querySelector(".aod-board-open")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "aod-board-open inline-control icon fa-solid fa-dragon";
    button.dataset.tooltip = game.i18n.localize("AOD.Board.OpenHint");
    button.setAttribute("aria-label", game.i18n.localize("AOD.Board.OpenHint"));
    button.addEventListener("click", () => {
      RangeBoard.open();
    });
    (html.querySelector(".encounter-controls") ?? html.querySelector("header") ?? html).prepend(button);
  });
}

function registerLiveUpdates(): void {
  const refresh = foundry.utils.debounce(() => {
    RangeBoard.refresh();
  }, 50);
  for (const hook of ["updateCombat", "createCombat", "deleteCombat", "combatStart", "createCombatant", "updateCombatant", "deleteCombatant", "updateActor"] as const) {
    Hooks.on(hook, refresh);
  }
  Hooks.on("updateCombat", (combat: Combat.Implementation, changes: object) => {
    if (combat instanceof AgeOfDragonsCombat && foundry.utils.hasProperty(changes, "system.skirmish")) void syncElevations(combat);
  });
  Hooks.on("createCombatant", (combatant: Combatant.Implementation) => {
    if (!isActiveGM()) return;
    void enter(combatant).then(() => (combatant.parent instanceof AgeOfDragonsCombat ? syncElevations(combatant.parent) : undefined));
  });
  Hooks.on("deleteCombatant", (combatant: Combatant.Implementation) => {
    if (isActiveGM()) void forget(combatant);
  });
  Hooks.on("updateToken", (token: TokenDocument.Implementation, changes: object, options: object, userId: string) => {
    if (!isActiveGM() || !tokenElevationOn() || !("elevation" in changes)) return;
    if ((options as Record<string, unknown>)[OWN_UPDATE] === true) return;
    // Only a GM's hand moves a combatant between bands; players move through the board's rules.
    const user = game.users.get(userId) as User.Implementation | undefined; // typed as found; may be gone
    if (!user?.isGM) return;
    void bandFromToken(token);
  });
}

/** Registers everything the board needs (call in `init`). */
export function registerBoard(): void {
  RangeBoard.source = combatBoardSource;
  // The notice of a GM's move out of turn (combat-board-source.ts), drawn from the name it stores.
  registerCard("combatCard.override", {
    template: templatePath("board/override-notice.hbs"),
    context: (message) => ({ text: i18nFormat("AOD.Board.Move.OverrideNotice", { name: overrideName(message) }) }),
  });
  provideActions({
    boardMove: (payload) => combatBoardSource.move(payload),
    boardEdit: (combatId, edit) => combatBoardSource.edit(combatId, edit),
    openBoard: () => {
      RangeBoard.open();
    },
  });
  registerBoardRequests();
  registerBoardSettings();
  registerOpeners();
  registerLiveUpdates();
}
