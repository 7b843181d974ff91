/**
 * The dragon and adversary sheet (README "Sheets"): play mode to read and roll, edit mode to change, switched in
 * the window header; limited viewers see the portrait, the name and the biography. Its context is built by
 * buildActorContext (actor-context.ts) from plain data; this class only wires Foundry to it.
 */
import { CHECK_DRAG_TYPE } from "./hotbar-macro";
import { formToUpdate } from "./form-data";
import { buildActorContext } from "./actor-context";
import { checkFromDataset, rollCheck } from "./check-roller";
import { featureAction } from "../../core/actions";
import { battleRequest } from "./battle-request";
import { actorSystem, characterModel, combatStanding, derivedData, effectLocks, sheetItems, storedSystem } from "./document-data";
import { withoutLocked } from "./effect-locks";
import { AgeOfDragonsItemSheet } from "./item-sheet";
import { woundsAfterClick } from "./life-track";
import type { DeepPartial } from "fvtt-types/utils";
import { ActorSheetBase, SHEET_TEMPLATES } from "./sheet-bases";
import type { ActorRenderArgs, SheetPart } from "./sheet-bases";
import type { SheetMode } from "./sheet-data";
import { sheetView, visibleParts } from "./sheet-mode";
import { SheetModes, onToggleMode } from "./sheet-modes";
import { addModeToggle, enrich, itemIdOf, permissionOf, showMode } from "./sheet-support";

type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;

/** The item subtypes a sheet can create. */
const OWNED_TYPES: readonly string[] = ["weapon", "armour", "skill"];

/** The parts a limited viewer sees. */
const PUBLIC_PARTS: readonly string[] = ["header", "story"];

/** The sheet of both actor subtypes. */
export class AgeOfDragonsActorSheet extends ActorSheetBase {
  static override DEFAULT_OPTIONS = {
    classes: ["age-of-dragons", "aod-sheet", "aod-actor-sheet"],
    position: { width: 640, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      toggleMode: onToggleMode,
      rollCheck: onRollCheck,
      attack: onBattleAction,
      battleAction: onBattleAction,
      setWounds: onSetWounds,
      toggleEquipped: onToggleEquipped,
      viewItem: onViewItem,
      createItem: onCreateItem,
      deleteItem: onDeleteItem,
    },
  };

  /** The Handlebars parts, in order. */
  static PARTS: Record<string, SheetPart> = {
    header: { template: `${SHEET_TEMPLATES}/actor/header.hbs` },
    tabs: { template: `${SHEET_TEMPLATES}/actor/tabs.hbs` },
    combat: {
      template: `${SHEET_TEMPLATES}/actor/combat.hbs`,
      templates: [`${SHEET_TEMPLATES}/actor/item-controls.hbs`],
      scrollable: [""],
    },
    gear: { template: `${SHEET_TEMPLATES}/actor/gear.hbs`, scrollable: [""] },
    story: { template: `${SHEET_TEMPLATES}/actor/story.hbs`, scrollable: [""] },
  };

  readonly #modes = new SheetModes();

  /** Play or edit; a new actor opens in edit mode for whoever may edit it. */
  get mode(): SheetMode {
    return this.#modes.mode;
  }

  protected override _configureRenderOptions(options: DeepPartial<RenderOptions>): void {
    super._configureRenderOptions(options);
    this.#modes.configure(options, this.isEditable, "createActor");
  }

  /** The parts this viewer is shown (limited viewers: header and story only). */
  protected _configureRenderParts(): Record<string, SheetPart> {
    const declared = AgeOfDragonsActorSheet.PARTS;
    const shown = visibleParts(Object.keys(declared), sheetView(permissionOf(this.actor)), PUBLIC_PARTS);
    return Object.fromEntries(shown.map((id) => [id, { ...declared[id] } as SheetPart]));
  }

  protected override async _renderFrame(options: RenderOptions): Promise<HTMLElement> {
    const frame = await super._renderFrame(options);
    if (this.isEditable) addModeToggle(this.window.header, this.mode);
    return frame;
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }) {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = characterModel(actor);
    if (!system) throw new Error(`age-of-dragons | ${actor.type} actors have no Age of Dragons sheet`);
    const permission = permissionOf(actor);
    const context = buildActorContext({
      type: actor.type === "dragon" ? "dragon" : "adversary",
      name: actor.name,
      img: actor.img ?? "",
      system: actorSystem(system),
      source: storedSystem(system),
      locks: effectLocks(actor),
      derived: derivedData(system),
      items: sheetItems(actor),
      permission,
      mode: this.mode,
      enrichedBiography: await enrich(system.biography, actor, permission === "owner"),
      ladder: CONFIG.ageOfDragons.skillLadder,
      combat: combatStanding(actor),
      tab: this.tabGroups.primary ?? "combat",
    });
    this.tabGroups.primary = context.activeTab;
    return { ...base, ...context };
  }

  protected override async _onRender(context: ActorRenderArgs[0], options: ActorRenderArgs[1]): Promise<void> {
    await super._onRender(context, options);
    showMode(this.window.header, this.mode);
    // Attribute checks drag onto the hotbar as macros (hotbar.ts); items drag through ActorSheetV2's own handler.
    for (const element of this.element.querySelectorAll<HTMLElement>("[data-check]")) {
      element.addEventListener("dragstart", (event) => {
        const attribute = element.dataset.check;
        if (!attribute || !event.dataTransfer) return;
        event.stopPropagation();
        event.dataTransfer.setData("text/plain", JSON.stringify({ type: CHECK_DRAG_TYPE, actorUuid: this.actor.uuid, attribute }));
      });
    }
  }

  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): Record<string, unknown> {
    // Disabled inputs are not submitted; dropping the locked keys as well keeps an effect's result out of the
    // source even if a module re-enables an input.
    const submitted = formToUpdate(super._processFormData(event, form, formData) as Record<string, unknown>);
    return withoutLocked(submitted, effectLocks(this.actor));
  }

  /** The owned item a control stands for. */
  ownedItem(target: HTMLElement): Item.Implementation | undefined {
    const id = itemIdOf(target);
    return id ? this.actor.items.get(id) : undefined;
  }

  /** Switches between play and edit mode (editors only) and re-renders. */
  async switchMode(): Promise<void> {
    if (this.#modes.toggle(this.isEditable)) await this.render();
  }
}

// The action handlers: Foundry calls each with the sheet as `this`.

async function onRollCheck(this: AgeOfDragonsActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
  const check = checkFromDataset(target.dataset);
  if (check) await rollCheck(this.actor, check, event);
}

/**
 * A battle-action button of the fight tab: a weapon's Attack, Killer blow or Grapple, or a Break out, Rescue or
 * Set down without one, for this sheet's actor against the user's targets (docs/ATTACK.md). The attack card
 * decides whether it is legal now and says why not; Shift-click skips the attack's roll dialog.
 */
async function onBattleAction(this: AgeOfDragonsActorSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
  const request = battleRequest(target.dataset);
  if (request === null) return;
  if (request.weaponId !== null && this.actor.items.get(request.weaponId) === undefined) return;
  await featureAction("attackWith")(this.actor, { ...request, configure: !event.shiftKey });
}

async function onSetWounds(this: AgeOfDragonsActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const system = characterModel(this.actor);
  const box = Number(target.dataset.wounds);
  if (!system || !this.isEditable || !Number.isInteger(box) || "system.life.wounds" in effectLocks(this.actor)) return;
  await this.actor.update({ system: { life: { wounds: woundsAfterClick(system._source.life.wounds, box) } } });
}

async function onToggleEquipped(this: AgeOfDragonsActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const item = this.ownedItem(target);
  if (!item || !this.isEditable) return;
  await item.update({ system: { equipped: target instanceof HTMLInputElement && target.checked } });
}

async function onViewItem(this: AgeOfDragonsActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const sheet = this.ownedItem(target)?.sheet;
  if (!sheet) return;
  if (sheet instanceof AgeOfDragonsItemSheet) sheet.openIn(this.mode);
  await sheet.render(true);
}

async function onCreateItem(this: AgeOfDragonsActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  const type = target.dataset.type;
  if (!this.isEditable || type === undefined || !OWNED_TYPES.includes(type)) return;
  const cls = getDocumentClass("Item");
  await cls.create(
    { name: cls.defaultName({ type: type as Item.SubType, parent: this.actor }), type: type as Item.SubType },
    { parent: this.actor, renderSheet: true },
  );
}

async function onDeleteItem(this: AgeOfDragonsActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
  if (!this.isEditable) return;
  await this.ownedItem(target)?.deleteDialog();
}
