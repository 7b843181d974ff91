/**
 * Where the GM finds the simulator: a button in the Actors sidebar (an empty simulator to drag actors into) and
 * one in the combat tracker (the current combat's sides, `SimulatorApp.openForCombat`, which other code may call
 * too).
 */
import { SimulatorApp } from "./simulator-app";
import { provideActions } from "../../core/actions";

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
  });
  untypedHooks.on("renderActorDirectory", (_app, html) => {
    if (!game.user.isGM || html.querySelector(".aod-open-simulator")) return;
    const open = button("aod-open-simulator", () => {
      void new SimulatorApp().render({ force: true });
    });
    (html.querySelector(".header-actions") ?? html).append(open);
  });
  untypedHooks.on("renderCombatTracker", (_app, html) => {
    if (!game.user.isGM || html.querySelector(".aod-simulator-combat")) return;
    const open = button("aod-simulator-combat", () => {
      SimulatorApp.openForCombat();
    });
    (html.querySelector(".encounter-controls") ?? html.querySelector("header") ?? html).prepend(open);
  });
}
