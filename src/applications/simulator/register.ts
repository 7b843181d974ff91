/**
 * Where the GM finds the simulator: a button in the Actors sidebar. The combat tracker (issue 8) opens it with
 * `SimulatorApp.openForCombat(combat)`; that is its hook point, and the app's own button takes the sides from
 * the current combat meanwhile.
 */
import { SimulatorApp } from "./simulator-app";

/** Adds the simulator's button to the actor directory for GMs. */
export function registerSimulator(): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => {
    if (!game.user.isGM || html.querySelector(".aod-open-simulator")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.classList.add("aod-open-simulator");
    button.innerHTML = `<i class="fa-solid fa-dice-d20" inert></i> ${game.i18n.localize("AOD.Simulator.Open")}`;
    button.addEventListener("click", () => {
      void new SimulatorApp().render({ force: true });
    });
    (html.querySelector(".header-actions") ?? html).append(button);
  });
}
