/**
 * Renders the system's real templates with real Handlebars, the real lang/en.json and the helper double
 * (foundry-helpers.ts), the way Foundry's `renderTemplate` does: every .hbs under templates/ is a partial named
 * by its Foundry path (systems/age-of-dragons/templates/...), and prototype properties are allowed.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
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
 * The file behind a template name: a Foundry path ("systems/age-of-dragons/templates/core/dice/pool-roll.hbs") or a
 * path relative to the repository root ("templates/core/dice/pool-roll.hbs", "test/browser/fixtures/x.hbs").
 */
export function templateFile(template: string): string {
  const prefix = `${TEMPLATE_ROOT}/`;
  return template.startsWith(prefix) ? join(TEMPLATES_DIR, template.slice(prefix.length)) : resolve(ROOT, template);
}

/** One Handlebars environment with every partial, and the templates compiled in it, while no template changes. */
interface Environment {
  /** Each template file with its modification time: a change, a new file or a removed one makes a new environment. */
  readonly stamp: string;
  readonly hb: typeof Handlebars;
  readonly compiled: Map<string, HandlebarsTemplateDelegate>;
}

let cached: Environment | undefined;

/**
 * The environment for the templates as they are on disk, built once and reused (building it and compiling a
 * large template cost tens of milliseconds, and the browser views render hundreds): rebuilt when a file under
 * templates/ changed, so watch mode sees edits.
 */
function environment(): Environment {
  const files = templateFiles();
  const stamp = files.map((file) => `${file}@${statSync(file).mtimeMs}`).join("\n");
  if (cached?.stamp === stamp) return cached;
  const hb = Handlebars.create();
  registerFoundryHelpers(hb);
  for (const file of files) hb.registerPartial(foundryPath(file), readFileSync(file, "utf8"));
  cached = { stamp, hb, compiled: new Map() };
  return cached;
}

/** Renders a template (see templateFile for the name) with a context, as Foundry's renderTemplate would. */
export function renderTemplate(template: string, context: object): string {
  const { hb, compiled } = environment();
  const file = templateFile(template);
  // A template outside templates/ (a test fixture) is read afresh each time: its changes are not in the stamp.
  const inside = file.startsWith(TEMPLATES_DIR);
  let render = inside ? compiled.get(file) : undefined;
  if (render === undefined) {
    render = hb.compile(readFileSync(file, "utf8"));
    if (inside) compiled.set(file, render);
  }
  return render(context, { allowProtoPropertiesByDefault: true, allowProtoMethodsByDefault: true });
}
