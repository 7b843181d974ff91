/** Registers the system's Handlebars helpers and preloads its partials (called once from `init`). */
import { SYSTEM_HELPERS } from "./helpers";
import { PARTIALS } from "../../constants/template-paths";

/** Registers the system's helpers with Foundry's Handlebars and starts loading the partials. */
export function registerHandlebars(): void {
  Handlebars.registerHelper(SYSTEM_HELPERS);
  void foundry.applications.handlebars.loadTemplates([...PARTIALS]);
}
