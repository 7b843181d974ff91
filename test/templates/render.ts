/**
 * Renders the system's real templates with real Handlebars, the real lang/en.json and the helper double
 * (foundry-helpers.ts), the way Foundry's `renderTemplate` does: every .hbs under templates/ is a partial named
 * by its Foundry path (systems/age-of-dragons/templates/...), and prototype properties are allowed.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import Handlebars from "handlebars";
import { TEMPLATE_ROOT } from "../../src/constants/template-paths";
import { ROOT } from "../data/lang";
import { registerFoundryHelpers } from "./foundry-helpers";

const TEMPLATES_DIR = resolve(ROOT, "templates");

/** Every .hbs file under a folder, as absolute paths. */
export function templateFiles(dir = TEMPLATES_DIR): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".hbs"))
    .map((name) => join(dir, name))
    .sort();
}

/** The Foundry path of a template file under templates/. */
export function foundryPath(file: string): string {
  return `${TEMPLATE_ROOT}/${relative(TEMPLATES_DIR, file).split("\\").join("/")}`;
}

/**
 * The file behind a template name: a Foundry path ("systems/age-of-dragons/templates/dice/pool-roll.hbs") or a
 * path relative to the repository root ("templates/dice/pool-roll.hbs", "test/browser/fixtures/x.hbs").
 */
export function templateFile(template: string): string {
  const prefix = `${TEMPLATE_ROOT}/`;
  return template.startsWith(prefix) ? join(TEMPLATES_DIR, template.slice(prefix.length)) : resolve(ROOT, template);
}

function environment(): typeof Handlebars {
  const hb = Handlebars.create();
  registerFoundryHelpers(hb);
  for (const file of templateFiles()) hb.registerPartial(foundryPath(file), readFileSync(file, "utf8"));
  return hb;
}

/** Renders a template (see templateFile for the name) with a context, as Foundry's renderTemplate would. */
export function renderTemplate(template: string, context: object): string {
  const hb = environment();
  const compiled = hb.compile(readFileSync(templateFile(template), "utf8"));
  return compiled(context, { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true });
}
