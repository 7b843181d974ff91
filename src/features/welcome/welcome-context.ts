/**
 * The welcome page a GM sees the first time a world opens with the system: when it shows, and what it offers
 * (import the quickstart adventure, the rules reference, the bestiary, the simulator). Pure: no Foundry globals.
 */
import { SYSTEM_ID } from "../../constants/system-id";

/** The quickstart adventure in the system's Adventure pack (packs/_source/quickstart). */
export const QUICKSTART_UUID = `Compendium.${SYSTEM_ID}.quickstart.Adventure.NeAZ7nSaLbfWfBAI`;
/** The rules reference journal (packs/_source/rules). */
export const RULES_UUID = `Compendium.${SYSTEM_ID}.rules.JournalEntry.mBflD4VCZ5xddb9f`;
/** The bestiary pack's collection id. */
export const BESTIARY_PACK = `${SYSTEM_ID}.bestiary`;

/** What decides whether the welcome page opens. */
export interface WelcomeCheck {
  readonly isGM: boolean;
  /** The world setting "Welcome page" (on by default). */
  readonly enabled: boolean;
  /** The system version the page was shown for in this world, "" when never. */
  readonly shownFor: string;
}

/** The page opens once per world, for a GM, unless the setting turned it off. */
export function shouldShowWelcome(check: WelcomeCheck): boolean {
  return check.isGM && check.enabled && check.shownFor === "";
}

/** One thing the page offers: the action its button runs, its en.json label and hint, and an icon class. */
export interface WelcomeEntry {
  readonly action: "importQuickstart" | "openRules" | "openBestiary" | "openSimulator";
  readonly icon: string;
  readonly label: string;
  readonly hint: string;
}

/** The page's context: its text keys and its entries, the quickstart first. */
export interface WelcomeContext {
  readonly intro: string;
  readonly entries: readonly WelcomeEntry[];
  readonly footer: string;
}

const entry = (action: WelcomeEntry["action"], icon: string, name: string): WelcomeEntry => ({
  action,
  icon,
  label: `AOD.Welcome.${name}.label`,
  hint: `AOD.Welcome.${name}.hint`,
});

/** The welcome page's context (the template localises every key). */
export function welcomeContext(): WelcomeContext {
  return {
    intro: "AOD.Welcome.Intro",
    entries: [
      entry("importQuickstart", "fa-solid fa-dragon", "Quickstart"),
      entry("openRules", "fa-solid fa-book", "Rules"),
      entry("openBestiary", "fa-solid fa-paw", "Bestiary"),
      entry("openSimulator", "fa-solid fa-dice-d20", "Simulator"),
    ],
    footer: "AOD.Welcome.Footer",
  };
}
