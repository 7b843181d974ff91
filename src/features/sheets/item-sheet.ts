/**
 * The weapon, armour and skill sheet (README "Sheets"): play mode shows what the item does (for its owner too),
 * edit mode changes it. Its context is built by buildItemContext (item-context.ts) from plain data.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { formToUpdate } from "./form-data";
import { buildItemContext } from "./item-context";
import { actorSystem, characterModel, derivedData, sheetItem } from "./document-data";
import { ItemSheetBase, SHEET_TEMPLATES } from "./sheet-bases";
import type { ItemRenderArgs, SheetPart } from "./sheet-bases";
import type { ItemOwnerData, SheetItem, SheetMode } from "./sheet-data";
import { skillNamesOf } from "./actor-context";
import { skillIdentifier } from "../../rules/character";
import { SYSTEM_ID } from "../../constants/system-id";
import { sheetView, visibleParts } from "./sheet-mode";
import { SheetModes, onToggleMode } from "./sheet-modes";
import { addModeToggle, enrich, permissionOf, showMode } from "./sheet-support";

type RenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions;

/** The parts a limited viewer sees. */
const PUBLIC_PARTS: readonly string[] = ["header", "description"];

/** The sheet of every item subtype. */
export class AgeOfDragonsItemSheet extends ItemSheetBase {
  static override DEFAULT_OPTIONS = {
    classes: ["age-of-dragons", "aod-sheet", "aod-item-sheet"],
    position: { width: 480, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { toggleMode: onToggleMode },
  };

  /** The Handlebars parts, in order; the body's template follows the item's subtype. */
  static PARTS: Record<string, SheetPart> = {
    header: { template: `${SHEET_TEMPLATES}/item/header.hbs` },
    body: { template: `${SHEET_TEMPLATES}/item/weapon.hbs`, templates: [`${SHEET_TEMPLATES}/item/summary.hbs`] },
    description: { template: `${SHEET_TEMPLATES}/item/description.hbs`, scrollable: [""] },
  };

  readonly #modes = new SheetModes();

  /** Play or edit; a new item opens in edit mode for whoever may edit it. */
  get mode(): SheetMode {
    return this.#modes.mode;
  }

  /** Opens the sheet in the mode of the actor sheet it was opened from (kept to play for non-editors). */
  openIn(mode: SheetMode): void {
    this.#modes.open(mode, this.isEditable);
  }

  protected override _configureRenderOptions(options: DeepPartial<RenderOptions>): void {
    super._configureRenderOptions(options);
    this.#modes.configure(options, this.isEditable, "createItem");
  }

  /** The parts this viewer is shown, the body from the item's own template. */
  protected _configureRenderParts(): Record<string, SheetPart> {
    const declared = AgeOfDragonsItemSheet.PARTS;
    const shown = visibleParts(Object.keys(declared), sheetView(permissionOf(this.item)), PUBLIC_PARTS);
    const parts: Record<string, SheetPart> = {};
    for (const id of shown) {
      const part = declared[id];
      if (!part) continue;
      parts[id] = id === "body" ? { ...part, template: `${SHEET_TEMPLATES}/item/${this.item.type}.hbs` } : { ...part };
    }
    return parts;
  }

  protected override async _renderFrame(options: RenderOptions): Promise<HTMLElement> {
    const frame = await super._renderFrame(options);
    if (this.isEditable) addModeToggle(this.window.header, this.mode);
    return frame;
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const base = await super._prepareContext(options);
    const item = this.item;
    const data = sheetItem(item);
    if (!data) throw new Error(`age-of-dragons | ${item.type} items have no Age of Dragons sheet`);
    const permission = permissionOf(item);
    const actor = item.parent;
    const system = actor ? characterModel(actor) : undefined;
    const owner: ItemOwnerData | null =
      actor && system && permissionOf(actor) !== "limited" && permissionOf(actor) !== "none"
        ? {
            name: actor.name,
            derived: derivedData(system),
            magic: actorSystem(system).magic,
            skillNames: skillNamesOf(actor.items.contents.map(sheetItem).filter((i): i is SheetItem => i !== null)),
          }
        : null;
    const context = buildItemContext({
      item: data,
      permission,
      mode: this.mode,
      enrichedDescription: await enrich(data.system.description, item, permission === "owner"),
      ladder: CONFIG.ageOfDragons.skillLadder,
      owner,
      skillChoices: data.type === "weapon" ? await compendiumSkills() : new Map<string, string>(),
    });
    return { ...base, ...context };
  }

  protected override async _onRender(context: ItemRenderArgs[0], options: ItemRenderArgs[1]): Promise<void> {
    await super._onRender(context, options);
    showMode(this.window.header, this.mode);
  }

  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): Record<string, unknown> {
    return formToUpdate(super._processFormData(event, form, formData) as Record<string, unknown>);
  }

  /** Switches between play and edit mode (editors only) and re-renders. */
  async switchMode(): Promise<void> {
    if (this.#modes.toggle(this.isEditable)) await this.render();
  }
}

/**
 * The skills of the system's skills compendium by identifier, for a weapon's pickers: each pack skill's identifier
 * is the one made from its name (test/data checks the pack sources), so the default index suffices. Empty when the
 * pack is missing.
 */
async function compendiumSkills(): Promise<Map<string, string>> {
  const pack = game.packs.get(`${SYSTEM_ID}.skills`);
  const names = new Map<string, string>();
  if (!pack) return names;
  for (const entry of await pack.getIndex()) {
    const name = entry.name ?? "";
    if (name !== "") names.set(skillIdentifier(name), name);
  }
  return names;
}
