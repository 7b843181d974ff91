/**
 * The NPC autopilot's flow, with its Foundry calls behind a small injected interface (docs/SIMULATOR.md "NPC
 * autopilot"); autopilot.ts is the Foundry side and hands this the combat document, the world settings, the advice
 * worker, the confirm dialog, the features' actions, core's `postCard`, the notifications and the clock. At the step
 * of an adversary no player owns, the active GM's client asks for its advice (with the setting's tactics for the
 * adversaries), takes the best option (`pickOption`), then shows the GM a confirm dialog or carries it out at once
 * and posts a card saying what was chosen and why. It acts once per combatant and step: the key is claimed on the
 * combat in its write queue before acting (`claimStep`), and an answer that comes after the combat moved on is
 * dropped. Pure: no Foundry, DOM or browser globals.
 */
import { TACTIC_NAMES } from "../../rules/simulator";
import type { AdviceChoice, AdviceResult, Forecast } from "../../rules/simulator";
import type { Format } from "../../core/format";
import { TABLE_ADVERSARIES_TACTICS, TABLE_TACTICS_CHOICE } from "../../core/settings/settings-table";
import type { AdviceOutcome } from "./advice-asks";
import { DECLARING } from "./advice-context";
import type { CarryOut } from "./advice-context";
import { autopilotKey, autopilotMode, claimStep, dueCombatants, pickOption, pilotChoice, pilotDialogContext } from "./autopilot-context";
import type { PilotCandidate, PilotChoiceContext, PilotDialogContext, PilotMoment } from "./autopilot-context";

/** How long the autopilot waits before looking at the combat: the step's own work (declarations, the forecast) begins first. */
export const SCHEDULE_MS = 500;

/** The GM's answer in the confirm dialog. */
export type PilotAnswer = "confirm" | "another" | "skip";

/** What the autopilot's card stores: the choice in words, whether it declared, and why it was refused (an en.json key, or ""). */
export interface PilotCardData {
  choice: PilotChoiceContext;
  declaring: boolean;
  refused: string;
}

/** The card to post: whispered to the GMs unless `open`. */
export interface PilotCard {
  combatId: string;
  round: number;
  data: PilotCardData;
  open: boolean;
}

/** The tactics the adversaries play in the advice's runs: `name` for every combatant `plays` picks. */
export interface PilotTactics {
  name: string;
  plays(combatantId: string): boolean;
}

/** What the autopilot reads of a combat and does with it. Read live: every property says how the combat stands now. */
export interface PilotCombat {
  readonly id: string | null;
  /** The combat's round as Foundry counts it (the card stores it). */
  readonly round: number;
  /** Where the walk stands: the round and the step's index. */
  readonly cursor: { readonly round: number; readonly index: number };
  /** The current step's kind and combatants, or null between steps. */
  readonly step: PilotMoment["step"];
  /** Started and not ended. */
  readonly running: boolean;
  /** The round mode (the declaration modes declare instead of acting). */
  readonly mode: string;
  /** Every combatant as the autopilot sees it. */
  candidates(): PilotCandidate[];
  /** A combatant's name ("" when it has none). */
  name(combatantId: string): string;
  /** Every combatant's name, by id. */
  names(): Record<string, string>;
  /** Whether the combatant is there and no player owns its actor: it plays the setting's tactics in the runs. */
  adversary(combatantId: string): boolean;
  /** The claimed keys as stored (untrusted JSON). */
  claims(): unknown;
  /** Writes the claimed keys (every client receives them). */
  writeClaims(keys: string[]): Promise<unknown>;
  /** Runs an operation in the combat's write queue. */
  serially<T>(task: () => Promise<T>): Promise<T>;
  /** The live forecast as this client knows it now, or null. */
  forecast(): Forecast | null;
  /** Asks a worker for the combatant's advice at the current step, the adversaries playing `tactics` when given. */
  advise(combatantId: string, tactics: PilotTactics | undefined): Promise<AdviceOutcome>;
  /** What carrying a choice out for the combatant does, checked as the combat stands now (advice-context.ts `carryOut`). */
  carryOut(combatantId: string, choice: AdviceChoice): CarryOut;
  /** Opens the advice window for the combatant. */
  openAdvice(combatantId: string): void;
}

/** A timer's handle, whatever the clock makes of it. */
export type TimerHandle = unknown;

/** The Foundry and browser calls the autopilot makes. */
export interface AutopilotIO {
  /** The world setting `npcAutopilot` as stored. */
  mode(): unknown;
  /** The world setting `npcAutopilotTactics` as stored. */
  tactics(): unknown;
  /** The world setting that shows the forecast to players too. */
  forecastForPlayers(): boolean;
  /** Whether this client is the active GM. */
  isActiveGM(): boolean;
  /** The GM's confirm dialog for the step `key` names: the button pressed, or null when it was closed. */
  confirm(context: PilotDialogContext, key: string): Promise<PilotAnswer | null>;
  /** Closes a combat's confirm dialogs of any other step than the one the key prefix `step` names. */
  closeDialogs(combatId: string, step: string): void;
  /** Carries an action out through the feature that owns it (`ask` fills in a declaration's dialog); a refusal reason, if any. */
  carry(action: CarryOut, options: { ask: boolean }): Promise<string | undefined>;
  /** Posts the autopilot's card (core's `postCard`). */
  postPilotCard(card: PilotCard): Promise<unknown>;
  /** Shows a notification: `key` formatted with `data`, or localised when there is none. */
  notify(level: "info" | "warn", key: string, data?: Readonly<Record<string, string>>): void;
  /** The localising formatter (the dialog's and the card's words). */
  format: Format;
  /** The clock the autopilot waits on. */
  setTimer(run: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
  /** Logs an error for the console. */
  log(message: string, error: unknown): void;
}

/** Where the combat stands now: the autopilot's answer is dropped when the combat has moved on. */
const momentOf = (combat: PilotCombat) => ({ round: combat.cursor.round, index: combat.cursor.index });
const same = (a: { round: number; index: number }, b: { round: number; index: number }) => a.round === b.round && a.index === b.index;

/** The keys claimed on the combat. */
function claimsOf(combat: PilotCombat): string[] {
  const raw = combat.claims();
  return Array.isArray(raw) ? raw.filter((k): k is string => typeof k === "string") : [];
}

/** The NPC autopilot on one client. */
export class Autopilot {
  readonly #io: AutopilotIO;
  /** The combatants this client is weighing or asking about now (a redraw never starts a second). */
  readonly #busy = new Set<string>();
  /** The wait before the next look, if one is set. */
  #timer: { handle: TimerHandle } | null = null;

  constructor(io: AutopilotIO) {
    this.#io = io;
  }

  /** Looks at the combat once the step's own work has begun (each call starts the wait again); the active GM only. */
  schedule(combat: PilotCombat): void {
    const io = this.#io;
    if (!io.isActiveGM()) return;
    if (this.#timer !== null) io.clearTimer(this.#timer.handle);
    this.#timer = {
      handle: io.setTimer(() => {
        this.#timer = null;
        void this.run(combat).catch((error: unknown) => {
          io.log("the NPC autopilot failed", error);
        });
      }, SCHEDULE_MS),
    };
  }

  /** Claims a combatant's step in the combat's write queue; false when it was claimed already (another client, a reload). */
  #claim(combat: PilotCombat, key: string): Promise<boolean> {
    return combat.serially(async () => {
      const next = claimStep(claimsOf(combat), key);
      if (next === null) return false;
      await combat.writeClaims(next);
      return true;
    });
  }

  /** Acts for each adversary due at the combat's current step, one after another (each sees what the one before did). */
  async run(combat: PilotCombat): Promise<void> {
    const io = this.#io;
    const mode = autopilotMode(io.mode());
    const combatId = combat.id;
    if (mode === "off" || !io.isActiveGM() || combatId === null) return;
    const at = momentOf(combat);
    const moment = { combatId, ...at, step: combat.step, running: combat.running };
    io.closeDialogs(combatId, autopilotKey(combatId, at.round, at.index, ""));
    for (const id of dueCombatants(mode, moment, combat.candidates(), claimsOf(combat))) {
      const key = autopilotKey(combatId, at.round, at.index, id);
      if (this.#busy.has(key)) continue;
      this.#busy.add(key);
      try {
        await this.#pilot(combat, id, key, mode === "confirm");
      } finally {
        this.#busy.delete(key);
      }
      if (!same(momentOf(combat), at)) return;
    }
  }

  /** The tactics the adversaries play in the runs: the setting's, for every combatant no player owns. */
  #tactics(combat: PilotCombat): PilotTactics | undefined {
    const name = this.#io.tactics();
    const plays = (id: string): boolean => combat.adversary(id);
    // "table": the table's module's tactics named "adversaries" (docs/SIMULATOR.md "A table's tactics module").
    if (name === TABLE_TACTICS_CHOICE) return { name: TABLE_ADVERSARIES_TACTICS, plays };
    if (typeof name !== "string" || !TACTIC_NAMES.includes(name)) return undefined;
    return { name, plays };
  }

  /** One adversary's step: weigh, choose, then confirm or carry out. */
  async #pilot(combat: PilotCombat, combatantId: string, key: string, confirm: boolean): Promise<void> {
    const io = this.#io;
    const name = combat.name(combatantId);
    const at = momentOf(combat);
    const before = combat.forecast();
    io.notify("info", "AOD.Simulator.Autopilot.Working", { name });
    const outcome = await combat.advise(combatantId, this.#tactics(combat));
    if (!same(momentOf(combat), at) || !io.isActiveGM()) return;
    if (outcome.status === "failed") {
      io.notify("warn", "AOD.Simulator.Autopilot.Failed", { name, reason: io.format(outcome.problem.key, outcome.problem.data) });
      return;
    }
    const advice = outcome.advice;
    const actions = advice.options.map((o) => combat.carryOut(combatantId, o.choice));
    const picked = pickOption(advice, actions);
    if (picked === null) {
      if (await this.#claim(combat, key)) io.notify("info", "AOD.Simulator.Autopilot.Nothing", { name });
      return;
    }
    const sideIndex = before?.result.sides.findIndex((s) => s.name === advice.side) ?? -1;
    const sideBefore = sideIndex >= 0 ? (before?.result.sides[sideIndex]?.wins ?? null) : null;
    const choice = pilotChoice(advice, picked, combat.names(), sideBefore, io.format);
    const declaring = DECLARING.includes(combat.mode);
    if (confirm) {
      const answer = await io.confirm(pilotDialogContext(choice, declaring, io.format), key);
      if (answer === null || !same(momentOf(combat), at)) return;
      if (!(await this.#claim(combat, key))) return;
      if (answer === "another") combat.openAdvice(combatantId);
      if (answer !== "confirm") return;
      const refused = await this.#carry(combat, combatantId, advice, picked, true);
      if (refused !== undefined) io.notify("warn", refused);
      return;
    }
    if (!(await this.#claim(combat, key))) return;
    const refused = await this.#carry(combat, combatantId, advice, picked, false);
    // Whispered to the GMs, unless players are shown the forecast and nothing is secret.
    const open = io.forecastForPlayers() && combat.mode !== "secretDeclaration";
    await io.postPilotCard({ combatId: combat.id ?? "", round: combat.round, data: { choice, declaring, refused: refused ?? "" }, open });
  }

  /**
   * Carries the chosen option out, checked again as things stand now. `ask` fills in a declaration's dialog (the GM
   * confirmed in the dialog and may still change it); the automatic autopilot declares at once.
   */
  async #carry(combat: PilotCombat, combatantId: string, advice: AdviceResult, index: number, ask: boolean): Promise<string | undefined> {
    const choice = advice.options[index]?.choice;
    if (choice === undefined || choice.kind === "hold") return undefined;
    return this.#io.carry(combat.carryOut(combatantId, choice), { ask });
  }
}
