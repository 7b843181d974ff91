/**
 * The one place the sheets' Handlebars bases are built. Mixing HandlebarsApplicationMixin into the v13 sheet
 * classes makes tsc give up (TS2589; README, "Foundry's types"), so each mixed base is cast once, here, to the sheet class it
 * extends; the Handlebars members the sheets use (PARTS, _configureRenderParts, partials) are declared by them.
 */
import { templatePath } from "../../constants/template-paths";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

/** ActorSheetV2 with Handlebars rendering. */
export const ActorSheetBase = HandlebarsApplicationMixin(ActorSheetV2) as unknown as typeof ActorSheetV2;

/** ItemSheetV2 with Handlebars rendering. */
export const ItemSheetBase = HandlebarsApplicationMixin(ItemSheetV2) as unknown as typeof ItemSheetV2;

/**
 * The arguments of each sheet's `_onRender`, read from its base class: spelling the context out (e.g.
 * `DocumentSheetV2.RenderContext<Item.Implementation>`) is correct too, but relating that spelling to the base's
 * own parameter type costs tsc about a million type instantiations, half the Foundry program's typecheck.
 */
export type ActorRenderArgs = Parameters<InstanceType<typeof ActorSheetBase>["_onRender"]>;
export type ItemRenderArgs = Parameters<InstanceType<typeof ItemSheetBase>["_onRender"]>;

/** A Handlebars part of a sheet. */
export interface SheetPart {
  template: string;
  scrollable?: string[];
  templates?: string[];
}

/** Where the sheet templates live once installed. */
export const SHEET_TEMPLATES = templatePath("sheets");
