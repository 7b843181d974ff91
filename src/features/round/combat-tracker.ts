/**
 * The system's combat tracker: v13's sidebar CombatTracker (CONFIG.ui.combat) extended, not replaced. Core's
 * header and footer parts stay (their buttons call the combat's nextTurn/nextRound, which walk the engine's plan);
 * a banner part says the mode, round, phase and step with the GM's controls, and the list part shows the round's
 * order (grouped by speed phase and side in the d10 round) with each combatant's altitude and markers. The words
 * and markers come from the pure trackerContext.
 */
import { isActiveGM } from "../../core/requests/requests";
import { allDisengaged } from "../../rules/state";
import { SURFACES } from "../../rules/falling";
import { AgeOfDragonsCombat } from "../../documents/combat";
import { storedCursor } from "../../data/combat/round";
import { templatePath } from "../../constants/template-paths";
import { SYSTEM_ID } from "../../constants/system-id";
import { i18nFormat } from "../../core/i18n";
import type { TrackerTurn } from "./tracker-context";
import { fallOffer, trackerContext, trackerEffects } from "./tracker-context";
import { forecastContext } from "./forecast-context";
import { FORECAST_HISTORY_FLAG, readHistory } from "../../data/combat/forecast-history";
import { featureAction } from "../../core/actions";
import { STATUS_IDS } from "../../constants/status-effects";
import { requestFall, requestMode } from "./combat-requests";
import { modeChangeRefusal } from "../../data/combat/mode-change";
import { openSurpriseDialog } from "./surprise-dialog";
import { endSkirmishConfirmed } from "./end-skirmish";
import { declarationButton } from "./declarations/declaration-context";
import { openDeclaration, resolveDeclared } from "./declarations/declaration-flow";

const Base = foundry.applications.sidebar.tabs.CombatTracker;

// The tracker's actions (DEFAULT_OPTIONS.actions): Foundry calls each with the tracker as `this`.
async function nextStep(this: AgeOfDragonsCombatTracker): Promise<void> {
  await this.aodCombat?.nextTurn();
}

/** The banner's Begin: core's start, which rolls what the mode needs and plans round 1 (documents/combat.ts). */
async function begin(this: AgeOfDragonsCombatTracker): Promise<void> {
  await this.aodCombat?.startCombat();
}

async function previousStep(this: AgeOfDragonsCombatTracker): Promise<void> {
  await this.aodCombat?.previousTurn();
}

async function nextRound(this: AgeOfDragonsCombatTracker): Promise<void> {
  await this.aodCombat?.nextRound();
}

/** 000 "Distance": when everyone has disengaged, the skirmish rules are put aside. */
async function endSkirmish(this: AgeOfDragonsCombatTracker): Promise<void> {
  const combat = this.aodCombat;
  if (!combat || !game.user.isGM || !allDisengaged(combat.skirmish)) return;
  // Asked here rather than through core's endCombat, which deletes inside its dialog: nothing is marked before a yes.
  await endSkirmishConfirmed({
    confirm: async () =>
      (await foundry.applications.api.DialogV2.confirm({
        window: { title: "AOD.Combat.Tracker.EndSkirmishTitle" },
        content: `<p>${game.i18n.localize("AOD.Combat.Tracker.EndSkirmishConfirm")}</p>`,
        modal: true,
      })) === true,
    markEnded: () => combat.update({ "system.ended": true } as Combat.UpdateData),
    remove: () => combat.delete(),
  });
}

/** The row's Declare button: the declaration dialog for that combatant (declaration-flow.ts checks the step and owner). */
async function declare(this: AgeOfDragonsCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
  const combat = this.aodCombat;
  const id = target.dataset.aodCombatant;
  if (combat && id) await openDeclaration(combat, id);
}

/** The row's Resolve button: the declared action through its own flow (the attack card, the board move). */
async function resolve(this: AgeOfDragonsCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
  const combat = this.aodCombat;
  const id = target.dataset.aodCombatant;
  if (combat && id) await resolveDeclared(combat, id);
}

/** The surprise and ambush dialog (GM, before round 1). */
async function surprise(this: AgeOfDragonsCombatTracker): Promise<void> {
  const combat = this.aodCombat;
  if (combat) await openSurpriseDialog(combat);
}

/**
 * A row's fall toggle: a player marks or unmarks its own combatant to fall in this round's End Phase (and the GM
 * anyone's) through the `combat.fall` request, which the active GM rules on again (the owner, the moment, the rules).
 */
async function toggleFall(this: AgeOfDragonsCombatTracker, _event: Event, target: HTMLElement): Promise<void> {
  const combat = this.aodCombat;
  const id = target.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
  const combatant = combat?.combatants.get(id);
  if (!combat || !combatant) return;
  if (!game.user.isGM && !combatant.isOwner) {
    ui.notifications.warn(game.i18n.localize("AOD.Combat.Tracker.FallNotYours"));
    return;
  }
  await requestFall(combat, id, target.dataset.fall === "true");
}

type RenderContext = Record<string, unknown>;

/** The fall choice a combatant offers now (tracker-context fallOffer over the combat's state). */
function fallChoice(combat: AgeOfDragonsCombat, id: string): boolean | null {
  return fallOffer(combat.skirmish, id, combat.started && !combat.stored.ended && !combat.endPhaseDone);
}

/** Core's effects icons for a combatant (tracker-context trackerEffects over its actor's temporary effects). */
function effectsOf(c: Combatant.Implementation): { img: string; name: string }[] {
  const effects = (c.actor?.temporaryEffects ?? []).map((e) => ({ img: e.img, name: e.name, statuses: [...e.statuses] }));
  return trackerEffects(effects, STATUS_IDS, CONFIG.specialStatusEffects.DEFEATED);
}

/** The tracker's context for the viewed combat, or null when there is none of this system. */
function contextFor(combat: unknown): ReturnType<typeof trackerContext> | null {
  if (!(combat instanceof AgeOfDragonsCombat)) return null;
  const stored = combat.stored;
  const state = combat.skirmish;
  const turns: TrackerTurn[] = combat.turns.map((c) => {
    const entry = combat.entries.find((e) => e.id === c.id);
    return {
      id: c.id ?? "",
      name: c.name ?? "",
      img: c.img ?? "",
      side: entry?.side ?? "",
      speed: entry?.speed ?? "average",
      declared: (c.id ?? "") in stored.declarations,
      aborted: stored.declarations[c.id ?? ""]?.aborted ?? "",
      visible: c.visible,
      declaration: declarationButton({
        mode: stored.mode,
        step: combat.step,
        combatantId: c.id ?? "",
        mayAct: game.user.isGM || (c.actor?.isOwner ?? false),
        isGM: game.user.isGM,
        isActiveGM: isActiveGM(),
        declaration: stored.declarations[c.id ?? ""],
      }),
      owner: c.isOwner,
      hidden: c.hidden,
      defeated: c.isDefeated,
      canPing: c.sceneId === canvas.scene?.id && game.user.hasPermission("PING_CANVAS"),
      effects: effectsOf(c),
    };
  });
  const sides = stored.initiative.sides;
  return trackerContext(
    {
      mode: stored.mode,
      round: combat.round,
      started: combat.started,
      step: combat.step,
      stepIndex: storedCursor(stored).index,
      stepCount: stored.plan.length,
      endPhaseDone: combat.endPhaseDone,
      ended: stored.ended,
      allDisengaged: allDisengaged(state),
      isGM: game.user.isGM,
      state,
      turns,
      sides: sides ? { order: sides.order, phaseShift: sides.phaseShift } : null,
      plan: stored.plan,
    },
    i18nFormat,
  );
}

/** Whether this user opened the forecast's detail: it stays open through the tracker's redraws (each forecast is one). */
let forecastDetailOpen = false;

/** The live forecast strip of a started combat, for a user shown it (features/simulator provides it), with its history. */
function forecastFor(combat: unknown): ReturnType<typeof forecastContext> {
  if (!(combat instanceof AgeOfDragonsCombat) || combat.id === null || !combat.started) return null;
  const flagged = combat as unknown as { getFlag(scope: string, key: string): unknown };
  const history = readHistory(flagged.getFlag(SYSTEM_ID, FORECAST_HISTORY_FLAG));
  const player = !game.user.isGM;
  const anyHidden = combat.combatants.some((c) => c.hidden);
  return forecastContext(featureAction("forecastOf")(combat.id), i18nFormat, history, forecastDetailOpen, { ownSidesOnly: player, historyHidden: player && anyHidden });
}

/*
 * The render hooks' arguments, read from the base class: spelling the context as `RenderContextOf<this>` is
 * correct too, but relating that spelling to the base's own parameter costs tsc about a million type
 * instantiations, half the Foundry program's typecheck.
 */
type PartContextArgs = Parameters<InstanceType<typeof Base>["_preparePartContext"]>;
type RenderArgs = Parameters<InstanceType<typeof Base>["_onRender"]>;

/** The Age of Dragons combat tracker. */
export class AgeOfDragonsCombatTracker extends Base {
  static override DEFAULT_OPTIONS = {
    actions: {
      aodBegin: begin,
      aodNextStep: nextStep,
      aodPreviousStep: previousStep,
      aodNextRound: nextRound,
      aodEndSkirmish: endSkirmish,
      aodDeclare: declare,
      aodResolve: resolve,
      aodSurprise: surprise,
      aodFall: toggleFall,
    },
  };

  static override PARTS = {
    header: Base.PARTS.header,
    aodBanner: { template: templatePath("round/tracker-banner.hbs") },
    aodTracker: {
      template: templatePath("round/tracker.hbs"),
      templates: [templatePath("round/tracker-turn.hbs")],
      scrollable: [""],
    },
    footer: Base.PARTS.footer,
  } as unknown as typeof Base.PARTS;

  /** The viewed combat, when it is one of this system's. */
  get aodCombat(): AgeOfDragonsCombat | null {
    const viewed = this.viewed;
    return viewed instanceof AgeOfDragonsCombat ? viewed : null;
  }

  protected override async _preparePartContext(
    partId: string,
    context: PartContextArgs[1],
    options: PartContextArgs[2],
  ): ReturnType<InstanceType<typeof Base>["_preparePartContext"]> {
    const prepared = await super._preparePartContext(partId, context, options);
    if (partId === "aodBanner" || partId === "aodTracker") {
      const own = contextFor(this.viewed);
      const target = prepared as unknown as RenderContext;
      if (own) Object.assign(target, own, { aodEmpty: false, forecast: forecastFor(this.viewed) });
      else Object.assign(target, { aodEmpty: true, turns: [], groups: [], banner: {}, labels: {}, gm: null });
    }
    return prepared;
  }

  /**
   * Core's combatant context menu (update, clear initiative, clear movement, remove) with the system's entries: the
   * fall choice for the owner or GM, and the side and speed (the combatant config, GM). Core's "reroll initiative"
   * is left out: a rolled number orders nothing here (the plan does), so its chat roll would only mislead.
   */
  protected override _getEntryContextOptions(): ReturnType<InstanceType<typeof Base>["_getEntryContextOptions"]> {
    const core = super._getEntryContextOptions().filter((entry) => entry.name !== "COMBAT.CombatantReroll");
    const combatantOf = (li: HTMLElement) => this.aodCombat?.combatants.get(li.dataset.combatantId ?? "");
    const fallOf = (li: HTMLElement): boolean | null => {
      const combat = this.aodCombat;
      const c = combatantOf(li);
      if (!combat || !c?.id || (!game.user.isGM && !c.isOwner)) return null;
      return fallChoice(combat, c.id);
    };
    const own = [
      {
        name: "AOD.Combat.Tracker.Menu.Fall",
        icon: '<i class="fa-solid fa-arrow-down"></i>',
        condition: (li: HTMLElement) => fallOf(li) === false,
        callback: (li: HTMLElement) => {
          const combat = this.aodCombat;
          if (combat) void requestFall(combat, li.dataset.combatantId ?? "", true);
        },
      },
      {
        name: "AOD.Combat.Tracker.Menu.StayUp",
        icon: '<i class="fa-solid fa-arrow-up"></i>',
        condition: (li: HTMLElement) => fallOf(li) === true,
        callback: (li: HTMLElement) => {
          const combat = this.aodCombat;
          if (combat) void requestFall(combat, li.dataset.combatantId ?? "", false);
        },
      },
      {
        name: "AOD.Combat.Tracker.Menu.SideSpeed",
        icon: '<i class="fa-solid fa-people-group"></i>',
        condition: () => game.user.isGM,
        callback: (li: HTMLElement) => {
          void combatantOf(li)?.sheet?.render(true);
        },
      },
    ];
    return [...core, ...own] as ReturnType<InstanceType<typeof Base>["_getEntryContextOptions"]>;
  }

  /**
   * Core's skull toggle: core also switches the actor's defeated status, but here that status is "dead", which
   * follows the actor's wounds (statuses follow the state, docs/COMBAT.md). So the toggle sets only the combatant's
   * own defeated flag (what core and modules read, shown struck through in the row); death comes from wounds.
   */
  protected override _onToggleDefeatedStatus(...args: Parameters<InstanceType<typeof Base>["_onToggleDefeatedStatus"]>): void {
    const [combatant] = args;
    if (!game.user.isGM) return;
    void combatant.update({ defeated: !combatant.defeated });
  }

  /** The active row is scrolled into the list's view after each render, so whose step it is is always in sight. */
  protected override async _onRender(context: RenderArgs[0], options: RenderArgs[1]): Promise<void> {
    await super._onRender(context, options);
    this.element.querySelector(".aod-turn--active")?.scrollIntoView({ block: "nearest" });
  }

  /**
   * The banner's selects, listened to once on the tracker's element (which outlives its parts): a listener added on
   * every render would pile up on a select that a partial render (`render({ parts })`, as modules do) left in place,
   * and one change would then write twice.
   */
  protected override async _onFirstRender(context: RenderArgs[0], options: RenderArgs[1]): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", (event) => {
      const select = event.target;
      if (!(select instanceof HTMLSelectElement)) return;
      if (select.name === "aodSurface") this.#onSurface(select.value);
      else if (select.name === "aodMode") this.#onMode(select.value);
    });
    // A details element's toggle does not bubble: listened to in the capture phase.
    this.element.addEventListener(
      "toggle",
      (event) => {
        const details = event.target;
        if (details instanceof HTMLDetailsElement && details.classList.contains("aod-forecast__detail")) forecastDetailOpen = details.open;
      },
      true,
    );
  }

  #onSurface(value: string): void {
    const combat = this.aodCombat;
    if (!combat?.id || !game.user.isGM) return;
    const surface = SURFACES.find((s) => s === value);
    if (surface === undefined) return;
    // The board's own surface edit: an operation of the combat's write queue on the active GM (another GM's is a request).
    void featureAction("boardEdit")(combat.id, { type: "surface", surface }).then((reason) => {
      if (reason !== undefined) ui.notifications.warn(game.i18n.localize(reason));
    });
  }

  #onMode(value: string): void {
    const combat = this.aodCombat;
    if (!combat || !game.user.isGM) return;
    // Asked here for a message at once; the combat's _preUpdate asks again, so a macro meets the same rule.
    const reason = modeChangeRefusal(combat.modeMoment, combat.stored.mode, value);
    if (reason !== null) {
      ui.notifications.warn(game.i18n.localize(reason));
      void this.render();
      return;
    }
    void requestMode(combat, value).then((refused) => {
      if (refused !== null) {
        ui.notifications.warn(game.i18n.localize(refused));
        void this.render();
      }
    });
  }
}
