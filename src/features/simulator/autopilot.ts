/**
 * The NPC autopilot (docs/SIMULATOR.md "NPC autopilot"): with the world setting on, at the step of an adversary no
 * player owns, the active GM's client weighs its options (the advice, in a Web Worker) and takes the best for its
 * side (`pickOption`). In "confirm" the GM sees the choice first (Confirm / Choose another / Skip); in "automatic" it
 * is carried out at once, with a chat card saying what was chosen and why. Every write goes through the other
 * features' actions (the attack card, the board, the declaration), which use the write queue. The autopilot acts
 * once per combatant and step: the keys it has claimed are written on the combat in its write queue, so a reload
 * or a second GM does not act again. The flow is autopilot-runner.ts; here are only its Foundry calls: the hooks,
 * the combat document, the settings, the advice worker, the confirm dialog, the features' actions, the card and
 * the clock.
 */
import { onSettingChange } from "../../core/settings/register";
import { SYSTEM_ID } from "../../constants/system-id";
import { templatePath } from "../../constants/template-paths";
import { i18nFormat } from "../../core/i18n";
import { isActiveGM } from "../../core/requests/requests";
import { onTakeOver } from "../../core/writes/hand-over";
import { AnswerDialog } from "../../core/dialogs/answer-dialog";
import { AgeOfDragonsCombat } from "../../documents/combat";
import { postCard } from "../../core/cards/post-card";
import { carryOut } from "./advice-context";
import { AdviceApp } from "./advice-app";
import { adviceEncounter, askAdvice, carryContextOf, performCarryOut } from "./advice-runner";
import { pilotCardContext } from "./autopilot-context";
import type { PilotDialogContext } from "./autopilot-context";
import { Autopilot } from "./autopilot-runner";
import type { AutopilotIO, PilotAnswer, PilotCard, PilotCardData, PilotCombat } from "./autopilot-runner";
import { LiveCombat } from "../../documents/live-combat";
import { setSystemFlag, systemFlag } from "../../documents/combat-writer";
import { FORECAST_PLAYERS_SETTING, forecastView } from "./live-forecast";

export type { PilotCardData } from "./autopilot-runner";

/** The world setting: off, confirm, automatic. */
export const AUTOPILOT_SETTING = "npcAutopilot" as const;
/** The world setting: the tactics the autopilot's adversaries play in the simulated fights ("" = their own). */
export const AUTOPILOT_TACTICS_SETTING = "npcAutopilotTactics" as const;
/** The combat flag holding the keys the autopilot has claimed at the current step. */
const CLAIMS_FLAG = "autopilot";

/** Registers the autopilot's settings and hooks (call in `init`). */
export function registerAutopilot(): void {
  onSettingChange(AUTOPILOT_SETTING, () => {
    schedule(game.combat);
  });
  Hooks.on("ready", () => {
    schedule(game.combat);
  });
  // A GM who becomes the active GM takes up the step (the claims on the combat keep it from acting twice).
  onTakeOver(() => {
    schedule(game.combat);
    return Promise.resolve();
  });
  Hooks.on("updateCombat", (combat: Combat.Implementation, changes: Record<string, unknown>) => {
    const moved = "round" in changes || foundry.utils.hasProperty(changes, "system.cursor") || foundry.utils.hasProperty(changes, "system.plan");
    if (moved) schedule(combat);
  });
}

/** The combat document as the autopilot reads it: every property read from the document when asked. */
function pilotCombat(combat: AgeOfDragonsCombat): PilotCombat {
  const extra: Omit<PilotCombat, keyof LiveCombat> = {
    candidates: () =>
      combat.combatants.contents.map((c) => ({
        id: c.id ?? "",
        playerOwned: c.actor?.hasPlayerOwner ?? false,
        out: c.isDefeated || !Object.hasOwn(combat.skirmish.combatants, c.id ?? ""),
      })),
    name: (id) => combat.combatants.get(id)?.name ?? "",
    names: () => Object.fromEntries(combat.combatants.contents.map((c) => [c.id ?? "", c.name ?? ""])),
    adversary: (id) => !(combat.combatants.get(id)?.actor?.hasPlayerOwner ?? true),
    claims: () => systemFlag(combat, CLAIMS_FLAG),
    writeClaims: (keys) => setSystemFlag(combat, CLAIMS_FLAG, keys),
    serially: (task) => combat.serially(task),
    forecast: () => forecastView(combat.id ?? "").forecast,
    advise: (id, tactics) => askAdvice(combat, id, adviceEncounter(combat, tactics)).answer,
    carryOut: (id, choice) => carryOut(choice, carryContextOf(combat, id)),
    openAdvice: (id) => {
      AdviceApp.open(combat, id);
    },
  };
  return Object.assign(new LiveCombat(combat), extra);
}

/**
 * Posts the autopilot's card, drawn from what it stores (register.ts): whispered to the GMs unless it is open (the
 * runner's call: players are shown the forecast and nothing is secret).
 */
async function postPilotCard(card: PilotCard): Promise<void> {
  await postCard({
    type: "combatCard",
    system: { card: "autopilot", combatId: card.combatId, round: card.round, data: { ...card.data } },
    speaker: { alias: game.i18n.localize("AOD.Simulator.Autopilot.Card.Speaker") },
    ...(card.open ? {} : { whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id) }),
  } as ChatMessage.CreateData);
}

const foundryIO: AutopilotIO = {
  mode: () => game.settings.get(SYSTEM_ID, AUTOPILOT_SETTING),
  tactics: () => game.settings.get(SYSTEM_ID, AUTOPILOT_TACTICS_SETTING),
  forecastForPlayers: () => game.settings.get(SYSTEM_ID, FORECAST_PLAYERS_SETTING),
  isActiveGM,
  confirm: (context, key) => AutopilotDialog.ask(context, key),
  closeDialogs: (combatId, step) => {
    AutopilotDialog.closeOthers(combatId, step);
  },
  carry: (action, options) => performCarryOut(action, options),
  postPilotCard,
  notify: (level, key, data) => {
    const text = i18nFormat(key, data);
    if (level === "info") ui.notifications.info(text);
    else ui.notifications.warn(text);
  },
  format: i18nFormat,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
  log: (message, error) => {
    console.error(`${SYSTEM_ID} | ${message}`, error);
  },
};

/** This client's autopilot. */
const autopilot = new Autopilot(foundryIO);

/** Looks at the combat once the step's own work (declarations, the forecast's ask) has begun. */
function schedule(combat: unknown): void {
  if (!(combat instanceof AgeOfDragonsCombat)) return;
  autopilot.schedule(pilotCombat(combat));
}

/** The autopilot card's context from what its message stores; throws when it does not read. */
export function pilotCardFrom(message: ChatMessage.Implementation): ReturnType<typeof pilotCardContext> {
  const system = message.system as { card?: unknown; data?: Partial<PilotCardData> } | undefined;
  const data = system?.card === "autopilot" ? system.data : undefined;
  if (!data || typeof data.choice !== "object" || typeof data.declaring !== "boolean" || typeof data.refused !== "string") {
    throw new Error("an autopilot card without its data");
  }
  return pilotCardContext(data.choice, data.declaring, data.refused, i18nFormat);
}

/** The GM's confirm dialog: resolves with the button pressed, or null when closed. */
class AutopilotDialog extends AnswerDialog<PilotAnswer> {
  static override DEFAULT_OPTIONS = {
    classes: ["age-of-dragons", "aod-autopilot-dialog"],
    window: { title: "AOD.Simulator.Autopilot.Dialog.Title", icon: "fa-solid fa-chess-knight" },
    position: { width: 420, height: "auto" as const },
    actions: {
      confirm: function (this: AutopilotDialog): Promise<void> {
        return this.answer("confirm");
      },
      another: function (this: AutopilotDialog): Promise<void> {
        return this.answer("another");
      },
      skip: function (this: AutopilotDialog): Promise<void> {
        return this.answer("skip");
      },
    },
  };

  static PARTS = { body: { template: templatePath("simulator/autopilot-confirm.hbs") } };

  readonly #context: PilotDialogContext;

  /** The dialogs open now, by the key of the combatant's step they ask about. */
  static readonly #open = new Map<string, AutopilotDialog>();

  constructor(context: PilotDialogContext) {
    super({ id: `aod-autopilot-${foundry.utils.randomID()}` });
    this.#context = context;
  }

  static async ask(context: PilotDialogContext, key: string): Promise<PilotAnswer | null> {
    const dialog = new AutopilotDialog(context);
    AutopilotDialog.#open.set(key, dialog);
    try {
      return await dialog.ask();
    } finally {
      if (AutopilotDialog.#open.get(key) === dialog) AutopilotDialog.#open.delete(key);
    }
  }

  /** Closes a combat's dialogs of any other step than the one `step` names (it moved on without an answer). */
  static closeOthers(combatId: string, step: string): void {
    for (const [key, dialog] of AutopilotDialog.#open) if (key.startsWith(`${combatId}|`) && !key.startsWith(step)) void dialog.close();
  }

  protected override _onFormChange(): void {
    // Buttons only: nothing to keep.
  }

  protected override async _prepareContext(
    options: foundry.applications.api.ApplicationV2.RenderOptions,
  ): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    return Object.assign(await super._prepareContext(options), this.#context);
  }
}
