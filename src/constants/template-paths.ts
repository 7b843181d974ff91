/** Where Foundry finds the system's templates, and the partials loaded at `init` (by their full path). */

/** The folder Foundry serves the system's templates from. */
export const TEMPLATE_ROOT = "systems/age-of-dragons/templates";

/** A template's Foundry path from its path under templates/ ("core/dice/pool-roll.hbs"). */
export function templatePath(relative: string): string {
  return `${TEMPLATE_ROOT}/${relative}`;
}

/**
 * Every partial a template includes with `{{> "systems/age-of-dragons/templates/..."}}`; Foundry registers each
 * under its path when `loadTemplates` loads it. A test checks that every partial reference is listed here. Add
 * yours on a line of its own.
 */
export const PARTIALS: readonly string[] = [
  templatePath("core/dice/dice-faces.hbs"),
  templatePath("round/tracker-turn.hbs"),
  templatePath("round/tracker-forecast.hbs"),
  templatePath("sheets/actor/item-controls.hbs"),
  templatePath("sheets/item/summary.hbs"),
  templatePath("board/lanes.hbs"),
  templatePath("board/side.hbs"),
  templatePath("board/table.hbs"),
  templatePath("attack/target.hbs"),
  templatePath("attack/button.hbs"),
  templatePath("core/cards/card-header.hbs"),
];
