/**
 * The range and altitude board window (docs/BOARD.md): altitude lanes with every combatant's token, grapples and
 * carries as links, landmarks, the selected combatant's view of everyone else, the same as a table, the move
 * controls and the GM's editing controls. One window per client; it re-renders when the combat changes.
 * Everything it shows comes from buildBoardContext; everything it changes goes through its BoardSource.
 */
import { ALTITUDES, DISTANCES } from "../../rules/bands";
import { CARD_ACTIONS } from "../../rules/attack-card-checks";
import { BOARD_MOVE_KINDS } from "../../rules/board/board-move";
import type { BoardMoveKind } from "../../rules/board/board-move";
import type { BoardEdit } from "../../rules/board/edits";
import { SURFACES } from "../../rules/falling";
import type { Altitude, Distance } from "../../rules/types";
import { buildBoardContext } from "./board-context";
import type { BoardSource } from "./board-source";
import type { MovePayload } from "../../core/actions";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
// The mixed base is cast once, or tsc spends minutes on it (README, "Foundry's types").
const Base = HandlebarsApplicationMixin(ApplicationV2) as unknown as typeof ApplicationV2;

type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;

/** The window's id: one board per client. */
export const BOARD_APP_ID = "aod-range-board";

/** The template folder of the board. */
const TEMPLATES = "systems/age-of-dragons/templates/board";

function oneOf<T extends string>(value: unknown, list: readonly T[]): value is T {
  return typeof value === "string" && (list as readonly string[]).includes(value);
}

function notify(key: string, data: Record<string, string> = {}): void {
  ui.notifications.warn(game.i18n.format(key, data));
}

/** The range and altitude board. */
export class RangeBoard extends Base {
  /** Where the board reads and writes; set once by registerBoard. */
  static source: BoardSource | undefined;

  static override DEFAULT_OPTIONS = {
    id: BOARD_APP_ID,
    classes: ["age-of-dragons", "aod-board"],
    window: { title: "AOD.Board.Title", icon: "fa-solid fa-dragon", resizable: true },
    // Compact: beside the 300 px sidebar (chat, tracker) on a 1280 px screen.
    position: { width: 940, height: 760 },
    /* eslint-disable @typescript-eslint/unbound-method -- ApplicationV2 calls each action with `this` bound to the app */
    actions: {
      select: RangeBoard.#onSelect,
      addLandmark: RangeBoard.#onAddLandmark,
      removeLandmark: RangeBoard.#onRemoveLandmark,
      addTokens: RangeBoard.#onAddTokens,
      editDistance: RangeBoard.#onEditDistance,
      battleAction: RangeBoard.#onBattleAction,
    },
    /* eslint-enable @typescript-eslint/unbound-method */
  };

  static PARTS = {
    board: {
      template: `${TEMPLATES}/board.hbs`,
      templates: [`${TEMPLATES}/lanes.hbs`, `${TEMPLATES}/side.hbs`, `${TEMPLATES}/table.hbs`],
      scrollable: [""],
    },
  };

  /** The selected combatant's id. */
  selectedId: string | undefined;
  /** The move form's kind and reference, kept across re-renders. */
  moveChoice: { kind?: BoardMoveKind; reference?: string } = {};

  /** Why the last move was refused (an en.json key), shown in the move form until it changes or a move succeeds. */
  moveRefused: string | undefined = undefined;
  /** The row the GM's shared distance editor edits (one editor instead of a select on every row). */
  distanceTarget: string | undefined;
  /** Whether the next render puts the focus on the distance editor (after a row's distance was clicked). */
  #focusDistanceEditor = false;

  /** Opens the board, or brings the open one to the front. */
  static open(): RangeBoard {
    const existing = foundry.applications.instances.get(BOARD_APP_ID);
    const board = existing instanceof RangeBoard ? existing : new RangeBoard();
    void board.render({ force: true });
    return board;
  }

  /** Re-renders the open board, if there is one (on combat updates). */
  static refresh(): void {
    const existing = foundry.applications.instances.get(BOARD_APP_ID);
    if (existing instanceof RangeBoard && existing.rendered) void existing.render();
  }

  protected override async _prepareContext(options: RenderOptions) {
    const base = await super._prepareContext(options);
    const source = RangeBoard.source;
    const data = source?.read();
    if (!source || !data) {
      const empty = { state: { combatants: {}, landmarks: {}, distances: {}, grapples: [], carrying: {}, surface: "normal" as const } };
      return { ...base, ...buildBoardContext({ ...empty, weapons: [], images: {}, isGM: game.user.isGM, owned: [] }), noCombat: true };
    }
    if (this.selectedId !== undefined && !Object.hasOwn(data.state.combatants, this.selectedId)) this.selectedId = undefined;
    const armed = this.selectedId === undefined ? [] : source.weapons(data.combatId, this.selectedId);
    const context = buildBoardContext({
      state: data.state,
      selectedId: this.selectedId,
      weapons: armed.map((w) => w.weapon),
      weaponIds: armed.map((w) => w.itemId),
      images: data.images,
      isGM: game.user.isGM,
      owned: data.owned,
      phase: data.phase,
      movers: data.movers,
      move: this.moveChoice,
      moveRefused: this.moveRefused,
      distanceTarget: this.distanceTarget,
      localize: (key: string) => game.i18n.localize(key),
    });
    return { ...base, ...context, combatId: data.combatId };
  }

  protected override async _onRender(
    context: foundry.applications.api.ApplicationV2.RenderContext,
    options: RenderOptions,
  ): Promise<void> {
    await super._onRender(context, options);
    const root = this.element;
    for (const control of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>("[data-edit]")) {
      control.addEventListener("change", () => void this.#onEditControl(control));
    }
    if (this.#focusDistanceEditor) {
      this.#focusDistanceEditor = false;
      root.querySelector<HTMLSelectElement>("[data-distance-editor]")?.focus();
    }
    const form = root.querySelector<HTMLFormElement>("[data-move-form]");
    if (form) {
      form.addEventListener("change", (event) => {
        this.#onMoveFormChange(form, event);
      });
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        void this.#onMoveSubmit(form);
      });
    }
  }

  static #onSelect(this: RangeBoard, _event: PointerEvent, target: HTMLElement): void {
    const id = target.dataset.combatantId;
    this.selectedId = id === this.selectedId ? undefined : id;
    this.moveChoice = {};
    this.moveRefused = undefined;
    void this.render();
  }

  /** A battle-action button of the selected panel: the attack card takes it from here (Shift-click: no dialog). */
  static async #onBattleAction(this: RangeBoard, event: PointerEvent, target: HTMLElement): Promise<void> {
    const source = RangeBoard.source;
    const data = source?.read();
    const action = CARD_ACTIONS.find((a) => a === target.dataset.battle);
    if (!source || !data || action === undefined || this.selectedId === undefined) return;
    await source.startAction(data.combatId, {
      action,
      actorId: this.selectedId,
      targetId: target.dataset.target,
      weaponId: target.dataset.weapon,
      configure: !event.shiftKey,
    });
  }

  static #onEditDistance(this: RangeBoard, _event: PointerEvent, target: HTMLElement): void {
    this.distanceTarget = target.dataset.id;
    this.#focusDistanceEditor = true;
    void this.render();
  }

  static async #onAddLandmark(this: RangeBoard): Promise<void> {
    const name = this.element.querySelector<HTMLInputElement>("[name=newLandmarkName]")?.value ?? "";
    const altitude = this.element.querySelector<HTMLSelectElement>("[name=newLandmarkAltitude]")?.value;
    if (!oneOf(altitude, ALTITUDES)) return;
    await this.#edit({ type: "addLandmark", landmark: { id: foundry.utils.randomID(), name, altitude } });
  }

  static async #onRemoveLandmark(this: RangeBoard, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.dataset.id;
    if (id !== undefined) await this.#edit({ type: "removeLandmark", id });
  }

  static async #onAddTokens(this: RangeBoard): Promise<void> {
    const data = RangeBoard.source?.read();
    if (data) await RangeBoard.source?.addControlledTokens(data.combatId);
  }

  async #edit(edit: BoardEdit): Promise<void> {
    const source = RangeBoard.source;
    const data = source?.read();
    if (!source || !data) {
      notify("AOD.Board.NoCombat");
      return;
    }
    const reason = await source.edit(data.combatId, edit);
    if (reason !== undefined) notify("AOD.Board.GM.EditRefused", { reason: game.i18n.localize(reason) });
  }

  async #onEditControl(control: HTMLInputElement | HTMLSelectElement): Promise<void> {
    const id = control.dataset.id;
    const value = control.value;
    switch (control.dataset.edit) {
      case "altitude":
        if (id !== undefined && oneOf(value, ALTITUDES)) await this.#edit({ type: "altitude", id, altitude: value });
        return;
      case "distance":
        if (id !== undefined && this.selectedId !== undefined && oneOf(value, DISTANCES)) {
          await this.#edit({ type: "distance", a: this.selectedId, b: id, distance: value });
        }
        return;
      case "distanceTarget":
        this.distanceTarget = value;
        this.#focusDistanceEditor = true;
        void this.render();
        return;
      case "surface":
        if (oneOf(value, SURFACES)) await this.#edit({ type: "surface", surface: value });
        return;
      case "renameLandmark":
        if (id !== undefined) await this.#edit({ type: "renameLandmark", id, name: value });
        return;
      default:
        return;
    }
  }

  #onMoveFormChange(form: HTMLFormElement, event: Event): void {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    if (target.name !== "kind" && target.name !== "reference") return;
    const data = new FormData(form);
    const kind = data.get("kind");
    const reference = data.get("reference");
    this.moveRefused = undefined;
    this.moveChoice = {
      ...(oneOf(kind, BOARD_MOVE_KINDS) ? { kind } : {}),
      ...(typeof reference === "string" ? { reference } : {}),
    };
    void this.render();
  }

  async #onMoveSubmit(form: HTMLFormElement): Promise<void> {
    const source = RangeBoard.source;
    const data = source?.read();
    if (!source || !data || this.selectedId === undefined) return;
    const fields = new FormData(form);
    const kind = fields.get("kind");
    if (!oneOf(kind, BOARD_MOVE_KINDS)) return;
    const altitude = fields.get("altitude");
    const reference = fields.get("reference");
    const distance = fields.get("distance");
    const payload: MovePayload = { combatId: data.combatId, moverId: this.selectedId, kind };
    if (oneOf<Altitude>(altitude, ALTITUDES)) payload.altitude = altitude;
    if (typeof reference === "string" && reference !== "" && oneOf<Distance>(distance, DISTANCES)) {
      payload.reference = reference;
      payload.distance = distance;
    }
    const reason = await source.move(payload);
    if (reason !== undefined) notify("AOD.Board.Move.Refused", { reason: game.i18n.localize(reason) });
    else this.moveChoice = {};
    // The refusal stays in the form (the notification fades): the board renders again with it, or without it.
    this.moveRefused = reason;
    void this.render();
  }
}
