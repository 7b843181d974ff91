/**
 * The welcome page for a new world: its world settings (on or off, and the version it was shown for) and the
 * `ready` hook that opens it once for a GM (welcome-context.ts decides).
 */
import { SYSTEM_ID } from "../../constants/system-id";
import { WelcomeApp } from "./welcome-app";
import { shouldShowWelcome } from "./welcome-context";

/** Registers the welcome page's settings and its `ready` hook; call in `init`. */
export function registerWelcome(): void {
  Hooks.once("ready", () => {
    const check = {
      isGM: game.user.isGM,
      enabled: game.settings.get(SYSTEM_ID, "welcome"),
      shownFor: game.settings.get(SYSTEM_ID, "welcomeShownFor"),
    };
    if (!shouldShowWelcome(check)) return;
    void new WelcomeApp().render({ force: true });
    void game.settings.set(SYSTEM_ID, "welcomeShownFor", game.system.version);
  });
}
