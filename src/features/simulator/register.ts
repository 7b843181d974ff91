/**
 * Where the GM finds the simulator: a button in the Actors sidebar (an empty simulator to drag actors into) and
 * one in the combat tracker (the current combat's sides, `SimulatorApp.openForCombat`, which other code may call
 * too).
 */
import { onSettingChange } from "../../core/settings/register";
import { TACTICS_MODULE_SETTING, tableTactics, warnRefusedTacticsPath } from "./tactics-url";
import { SimulatorApp } from "./simulator-app";
import { provideActions } from "../../core/actions";
import { AdviceApp, advisable } from "./advice-app";
import { pilotCardFrom, registerAutopilot } from "./autopilot";
import { registerCard } from "../../core/cards/card-hook";
import { templatePath } from "../../constants/template-paths";
import { FORECAST_HOOK, FORECAST_PLAYERS_SETTING, askForecast, forecastView, forgetForecast, showsForecast } from "./live-forecast";

/** v13's ApplicationV2 sidebar tabs fire render hooks with an HTMLElement; the types know only the older form. */
const untypedHooks = Hooks as unknown as { on(hook: string, fn: (app: unknown, html: HTMLElement) => void): number };

function button(className: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement("button");
  element.type = "button";
  element.className = `${className} inline-control icon fa-solid fa-dice-d20`;
  element.dataset.tooltip = game.i18n.localize("AOD.Simulator.Open");
  element.setAttribute("aria-label", game.i18n.localize("AOD.Simulator.Open"));
  element.addEventListener("click", onClick);
  return element;
}

/** Adds the simulator's buttons for GMs. */
export function registerSimulator(): void {
  provideActions({
    openSimulator: (combat) => {
      if (combat) SimulatorApp.openForCombat(combat);
      else void new SimulatorApp().render({ force: true });
    },
    forecastOf: (combatId) => (showsForecast() ? forecastView(combatId) : null),
    tableTactics,
  });
  registerLiveForecast();
  registerAutopilot();
  // The autopilot's card (autopilot.ts), drawn from the choice it stores.
  registerCard("combatCard.autopilot", { template: templatePath("simulator/autopilot-card.hbs"), context: pilotCardFrom });
  untypedHooks.on("renderActorDirectory", (_app, html) => {
    if (!game.user.isGM || html.querySelector(".aod-open-simulator")) return;
    const open = button("aod-open-simulator", () => {
      void new SimulatorApp().render({ force: true });
    });
    (html.querySelector(".header-actions") ?? html).append(open);
  });
  untypedHooks.on("renderCombatTracker", (_app, html) => {
    addAdviceButtons(html);
    if (!game.user.isGM || html.querySelector(".aod-simulator-combat")) return;
    const open = button("aod-simulator-combat", () => {
      SimulatorApp.openForCombat();
    });
    (html.querySelector(".encounter-controls") ?? html.querySelector("header") ?? html).prepend(open);
  });
}

/** The live forecast: its world setting, and the hooks that ask for it anew and redraw the tracker with it. */
function registerLiveForecast(): void {
  onSettingChange(FORECAST_PLAYERS_SETTING, () => {
    askForecast(game.combat);
    void ui.combat.render();
  });
  // The table's tactics module (docs/SIMULATOR.md): a refused path is said at once; the forecast is asked anew.
  onSettingChange(TACTICS_MODULE_SETTING, (value) => {
    warnRefusedTacticsPath(value);
    askForecast(game.combat);
  });
  const running = () => {
    askForecast(game.combat);
  };
  Hooks.on("ready", running);
  Hooks.on("updateCombat", (combat: Combat.Implementation) => {
    askForecast(combat);
  });
  for (const hook of ["createCombatant", "updateCombatant", "deleteCombatant"] as const) {
    Hooks.on(hook, (combatant: Combatant.Implementation) => {
      askForecast(combatant.parent);
    });
  }
  Hooks.on("updateActor", (actor: Actor.Implementation) => {
    const combat = game.combat;
    if (combat?.combatants.some((c) => c.actorId === actor.id)) askForecast(combat);
  });
  Hooks.on("deleteCombat", (combat: Combat.Implementation) => {
    if (combat.id !== null) forgetForecast(combat.id);
  });
  untypedHooks.on(FORECAST_HOOK, () => {
    void ui.combat.render();
  });
}

/** The banner's *Advice* buttons: one per combatant of the current step this user may act for. */
function addAdviceButtons(html: HTMLElement): void {
  const banner = html.querySelector(".aod-tracker-banner");
  const combat = game.combat;
  if (!banner || banner.querySelector(".aod-advice-open")) return;
  const who = advisable(combat);
  if (who.length === 0) return;
  const group = document.createElement("div");
  group.className = "aod-advice-open";
  for (const combatant of who) {
    const open = document.createElement("button");
    open.type = "button";
    open.className = "aod-advice-open__button";
    const label = game.i18n.format("AOD.Simulator.Advice.Window.OpenFor", { name: combatant.name ?? "" });
    open.innerHTML = '<i class="fa-solid fa-chess-knight" aria-hidden="true"></i>';
    open.append(` ${label}`);
    open.addEventListener("click", () => {
      AdviceApp.open(combat, combatant.id ?? "");
    });
    group.append(open);
  }
  const controls = banner.querySelector(".aod-banner-controls");
  if (controls) controls.before(group);
  else banner.append(group);
}
