/**
 * The welcome page's window: the pure context (welcome-context.ts) in templates/welcome/welcome.hbs, and four
 * buttons that open what they name: the quickstart adventure's importer, the rules reference, the bestiary and
 * the simulator.
 */
import { i18nFormat } from "../../core/i18n";
import { featureAction } from "../../core/actions";
import { templatePath } from "../../constants/template-paths";
import { BESTIARY_PACK, QUICKSTART_UUID, RULES_UUID, welcomeContext } from "./welcome-context";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
// The mixed base is cast once, or tsc spends minutes on it (README, "Foundry's types").
const Base = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2;

type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;
type RenderContext = foundry.applications.api.ApplicationV2.RenderContext;

/** The template of the welcome page. */
export const WELCOME_TEMPLATE = templatePath("welcome/welcome.hbs");

/** Opens a compendium document's sheet (the Adventure's is its importer), or says the pack is missing. */
async function openDocument(uuid: string, name: string): Promise<void> {
  const doc: unknown = await fromUuid(uuid as Parameters<typeof fromUuid>[0]);
  const sheet = typeof doc === "object" && doc !== null && "sheet" in doc ? (doc as { sheet: unknown }).sheet : null;
  if (sheet instanceof foundry.applications.api.ApplicationV2) void sheet.render({ force: true });
  else if (sheet !== null && typeof sheet === "object" && "render" in sheet && typeof sheet.render === "function") {
    (sheet as { render(force: boolean): unknown }).render(true);
  } else ui.notifications.warn(i18nFormat("AOD.Welcome.Missing", { name }));
}

/** The welcome page. */
export class WelcomeApp extends Base {
  static override DEFAULT_OPTIONS = {
    id: "aod-welcome",
    classes: ["age-of-dragons", "aod-welcome-app"],
    window: { title: "AOD.Welcome.Title", icon: "fa-solid fa-dragon" },
    position: { width: 640, height: "auto" as const },
    /* eslint-disable @typescript-eslint/unbound-method -- ApplicationV2 calls each action with `this` bound to the app */
    actions: {
      importQuickstart: WelcomeApp.#importQuickstart,
      openRules: WelcomeApp.#openRules,
      openBestiary: WelcomeApp.#openBestiary,
      openSimulator: WelcomeApp.#openSimulator,
    },
    /* eslint-enable @typescript-eslint/unbound-method */
  };

  static PARTS = { page: { template: WELCOME_TEMPLATE } };

  protected override async _prepareContext(options: RenderOptions): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...welcomeContext() };
  }

  static async #importQuickstart(this: WelcomeApp): Promise<void> {
    await openDocument(QUICKSTART_UUID, i18nFormat("AOD.Welcome.Quickstart.label"));
  }

  static async #openRules(this: WelcomeApp): Promise<void> {
    await openDocument(RULES_UUID, i18nFormat("AOD.Welcome.Rules.label"));
  }

  static #openBestiary(this: WelcomeApp): void {
    const pack = game.packs.get(BESTIARY_PACK);
    if (pack) pack.render(true);
    else ui.notifications.warn(i18nFormat("AOD.Welcome.Missing", { name: BESTIARY_PACK }));
  }

  static #openSimulator(this: WelcomeApp): void {
    featureAction("openSimulator")();
  }
}
