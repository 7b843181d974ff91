/**
 * The NPC autopilot (docs/SIMULATOR.md "NPC autopilot"): with the world setting on, at the step of an adversary no
 * player owns, the active GM's client weighs its options (the advice, in a Web Worker) and takes the best for its
 * side (`pickOption`). In "confirm" the GM sees the choice first (Confirm / Choose another / Skip); in "automatic" it
 * is carried out at once, with a chat card saying what was chosen and why. Every write goes through the other
 * features' actions (the attack card, the board, the declaration), which use the write queue. The autopilot acts
 * once per combatant and step: the keys it has claimed are written on the combat in its write queue, so a reload
 * or a second GM does not act again.
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
import { TACTIC_NAMES } from "../../rules/simulator";
import type { AdviceResult } from "../../rules/simulator";
import { carryOut } from "./advice-context";
import type { CarryOut } from "./advice-context";
import { AdviceApp } from "./advice-app";
import { adviceEncounter, askAdvice, carryContextOf, DECLARING, performCarryOut } from "./advice-runner";
import {
  autopilotKey,
  autopilotMode,
  claimStep,
  dueCombatants,
  pickOption,
  pilotCardContext,
  pilotChoice,
  pilotDialogContext,
} from "./autopilot-context";
import type { PilotChoiceContext, PilotDialogContext } from "./autopilot-context";
import { FORECAST_PLAYERS_SETTING, forecastView } from "./live-forecast";

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

/** A document's own flags, read and written in the system's scope (the flag types know no system keys). */
type Flagged = { getFlag(scope: string, key: string): unknown; setFlag(scope: string, key: string, value: unknown): Promise<unknown> };

/** The keys claimed on the combat. */
function claims(combat: AgeOfDragonsCombat): string[] {
  const raw = (combat as unknown as Flagged).getFlag(SYSTEM_ID, CLAIMS_FLAG);
  return Array.isArray(raw) ? raw.filter((k): k is string => typeof k === "string") : [];
}

/** Claims a combatant's step in the combat's write queue; false when it was claimed already (another client, a reload). */
async function claim(combat: AgeOfDragonsCombat, key: string): Promise<boolean> {
  return combat.serially(async () => {
    const next = claimStep(claims(combat), key);
    if (next === null) return false;
    await (combat as unknown as Flagged).setFlag(SYSTEM_ID, CLAIMS_FLAG, next);
    return true;
  });
}

/** The combatants this client is weighing or asking about now (a redraw never starts a second). */
const busy = new Set<string>();
let timer: ReturnType<typeof setTimeout> | null = null;

/** Looks at the combat once the step's own work (declarations, the forecast's ask) has begun. */
function schedule(combat: unknown): void {
  if (!(combat instanceof AgeOfDragonsCombat) || !isActiveGM()) return;
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void run(combat).catch((error: unknown) => {
      console.error(`${SYSTEM_ID} | the NPC autopilot failed`, error);
    });
  }, 500);
}

/** Where the combat stands now, as a key prefix: the autopilot's answer is dropped when the combat has moved on. */
const momentOf = (combat: AgeOfDragonsCombat) => ({ round: combat.stored.cursor.round, index: combat.stored.cursor.index });

/** Acts for each adversary due at the combat's current step, one after another (each sees what the one before did). */
async function run(combat: AgeOfDragonsCombat): Promise<void> {
  const mode = autopilotMode(game.settings.get(SYSTEM_ID, AUTOPILOT_SETTING));
  if (mode === "off" || !isActiveGM() || combat.id === null) return;
  const { round, index } = momentOf(combat);
  const step = combat.step;
  const candidates = combat.combatants.contents.map((c) => ({
    id: c.id ?? "",
    playerOwned: c.actor?.hasPlayerOwner ?? false,
    out: c.isDefeated || !Object.hasOwn(combat.skirmish.combatants, c.id ?? ""),
  }));
  const moment = { combatId: combat.id, round, index, step, running: combat.started && !combat.stored.ended };
  AutopilotDialog.closeOthers(combat.id, autopilotKey(combat.id, round, index, ""));
  for (const id of dueCombatants(mode, moment, candidates, claims(combat))) {
    const key = autopilotKey(combat.id, round, index, id);
    if (busy.has(key)) continue;
    busy.add(key);
    try {
      await pilot(combat, id, key, mode === "confirm");
    } finally {
      busy.delete(key);
    }
    const now = momentOf(combat);
    if (now.round !== round || now.index !== index) return;
  }
}

/** The tactics the adversaries play in the runs: the setting's, for every combatant no player owns. */
function tacticsFor(combat: AgeOfDragonsCombat): { name: string; plays: (id: string) => boolean } | undefined {
  const name = game.settings.get(SYSTEM_ID, AUTOPILOT_TACTICS_SETTING);
  if (!TACTIC_NAMES.includes(name)) return undefined;
  return { name, plays: (id) => !(combat.combatants.get(id)?.actor?.hasPlayerOwner ?? true) };
}

/** One adversary's step: weigh, choose, then confirm or carry out. */
async function pilot(combat: AgeOfDragonsCombat, combatantId: string, key: string, confirm: boolean): Promise<void> {
  const name = combat.combatants.get(combatantId)?.name ?? "";
  const at = momentOf(combat);
  const before = forecastView(combat.id ?? "").forecast;
  ui.notifications.info(i18nFormat("AOD.Simulator.Autopilot.Working", { name }));
  const outcome = await askAdvice(combat, combatantId, adviceEncounter(combat, tacticsFor(combat))).answer;
  const now = momentOf(combat);
  if (now.round !== at.round || now.index !== at.index || !isActiveGM()) return;
  if (outcome.status === "failed") {
    ui.notifications.warn(i18nFormat("AOD.Simulator.Autopilot.Failed", { name, reason: i18nFormat(outcome.problem.key, outcome.problem.data) }));
    return;
  }
  const advice = outcome.advice;
  const ctx = carryContextOf(combat, combatantId);
  const actions = advice.options.map((o) => carryOut(o.choice, ctx));
  const picked = pickOption(advice, actions);
  if (picked === null) {
    if (await claim(combat, key)) ui.notifications.info(i18nFormat("AOD.Simulator.Autopilot.Nothing", { name }));
    return;
  }
  const names = Object.fromEntries(combat.combatants.contents.map((c) => [c.id ?? "", c.name ?? ""]));
  const sideIndex = before?.result.sides.findIndex((s) => s.name === advice.side) ?? -1;
  const sideBefore = sideIndex >= 0 ? (before?.result.sides[sideIndex]?.wins ?? null) : null;
  const choice = pilotChoice(advice, picked, names, sideBefore, i18nFormat);
  const declaring = DECLARING.includes(combat.stored.mode);
  if (confirm) {
    const answer = await AutopilotDialog.ask(pilotDialogContext(choice, declaring, i18nFormat), key);
    const fresh = momentOf(combat);
    if (answer === null || fresh.round !== at.round || fresh.index !== at.index) return;
    if (!(await claim(combat, key))) return;
    if (answer === "another") AdviceApp.open(combat, combatantId);
    if (answer !== "confirm") return;
    const refused = await carry(combat, combatantId, advice, picked, true);
    if (refused !== undefined) ui.notifications.warn(i18nFormat(refused));
    return;
  }
  if (!(await claim(combat, key))) return;
  const refused = await carry(combat, combatantId, advice, picked, false);
  await postPilotCard(combat, { choice, declaring, refused: refused ?? "" });
}

/**
 * Carries the chosen option out, checked again as things stand now. `ask` fills in a declaration's dialog (the GM
 * confirmed in the dialog and may still change it); the automatic autopilot declares at once.
 */
async function carry(combat: AgeOfDragonsCombat, combatantId: string, advice: AdviceResult, index: number, ask: boolean): Promise<string | undefined> {
  const choice = advice.options[index]?.choice;
  if (choice === undefined || choice.kind === "hold") return undefined;
  const action: CarryOut = carryOut(choice, carryContextOf(combat, combatantId));
  return performCarryOut(action, { ask });
}

/** What the autopilot's card stores: the choice in words, whether it declared, and why it was refused (an en.json key, or ""). */
export interface PilotCardData {
  choice: PilotChoiceContext;
  declaring: boolean;
  refused: string;
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

/**
 * Posts the autopilot's card, drawn from what it stores (register.ts): whispered to the GMs, unless players are
 * shown the forecast and nothing is secret.
 */
async function postPilotCard(combat: AgeOfDragonsCombat, data: PilotCardData): Promise<void> {
  const open = game.settings.get(SYSTEM_ID, FORECAST_PLAYERS_SETTING) && combat.stored.mode !== "secretDeclaration";
  await postCard({
    type: "combatCard",
    system: { card: "autopilot", combatId: combat.id ?? "", round: combat.round, data: { ...data } },
    speaker: { alias: game.i18n.localize("AOD.Simulator.Autopilot.Card.Speaker") },
    ...(open ? {} : { whisper: ChatMessage.getWhisperRecipients("GM").map((u) => u.id) }),
  } as ChatMessage.CreateData);
}

type PilotAnswer = "confirm" | "another" | "skip";

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
