/**
 * The NPC autopilot's decisions and words (docs/SIMULATOR.md "NPC autopilot"): which adversaries of a step it acts
 * for, at most once per combatant and step (`autopilotKey`, `claimStep`), which advised option it takes
 * (`pickOption`), and what the GM's confirm dialog and the chat card say. Pure: no Foundry globals.
 */
import { adviceReport, reportWords, showRate } from "../../rules/simulator";
import type { AdviceResult, Rate } from "../../rules/simulator";
import type { Format } from "../../core/format";
import { AUTOPILOT_MODES } from "../../core/settings/settings-table";
import type { CarryOut } from "./advice-context";

/** The world setting's choices (core/settings/settings-table.ts): off, the GM confirms each choice, or the adversaries act by themselves. */
export { AUTOPILOT_MODES };
export type AutopilotMode = (typeof AUTOPILOT_MODES)[number];

/** The world setting's value read safely (anything unknown is off). */
export function autopilotMode(value: unknown): AutopilotMode {
  return (AUTOPILOT_MODES as readonly unknown[]).includes(value) ? (value as AutopilotMode) : "off";
}

/** The step kinds where a combatant chooses: its own step, or its declaration in the declaration modes. */
const CHOOSING_STEPS: readonly string[] = ["act", "declare"];

/** The key of one combatant's step: the autopilot acts for it once (a reload, a second GM, a quick redraw). */
export function autopilotKey(combatId: string, round: number, index: number, combatantId: string): string {
  return `${combatId}|${String(round)}|${String(index)}|${combatantId}`;
}

/** A combatant as the autopilot sees it. */
export interface PilotCandidate {
  id: string;
  /** A player (not a GM) owns its actor: the autopilot never acts for it. */
  playerOwned: boolean;
  /** Defeated, or gone from the skirmish. */
  out: boolean;
}

/** Where the combat stands. */
export interface PilotMoment {
  combatId: string;
  round: number;
  index: number;
  /** The current step's kind and its combatants (null when between steps). */
  step: { kind: string; combatants: readonly string[] } | null;
  running: boolean;
}

/**
 * The adversaries the autopilot acts for now, in the step's order: GM-controlled (no player owner), in the fight,
 * at a step where they choose, not yet done (`done` holds the keys already claimed).
 */
export function dueCombatants(mode: AutopilotMode, moment: PilotMoment, candidates: readonly PilotCandidate[], done: readonly string[]): string[] {
  const step = moment.step;
  if (mode === "off" || !moment.running || step === null || !CHOOSING_STEPS.includes(step.kind)) return [];
  return step.combatants.filter((id) => {
    const c = candidates.find((x) => x.id === id);
    return c !== undefined && !c.playerOwned && !c.out && !done.includes(autopilotKey(moment.combatId, moment.round, moment.index, id));
  });
}

/**
 * The claimed keys after claiming `key` (those of earlier steps dropped), or null when it is claimed already: the
 * GM's write of this list in the combat's write queue is what makes the autopilot act once per combatant and step.
 */
export function claimStep(done: readonly string[], key: string): string[] | null {
  if (done.includes(key)) return null;
  const step = key.slice(0, key.lastIndexOf("|") + 1);
  return [...done.filter((k) => k.startsWith(step)), key];
}

/**
 * The option the autopilot takes: among those it can carry out now (holding, or an action whose `carryOut` is not
 * refused), the best win chance for its side; a tie goes to the higher expected damage, then to the earlier option.
 * Null when holding is all it may do (a severely injured combatant, one that has acted): nothing to choose.
 */
export function pickOption(advice: AdviceResult, actions: readonly CarryOut[]): number | null {
  const acts = advice.options.some((o, i) => o.choice.kind !== "hold" && actions[i] !== undefined && actions[i].kind !== "none");
  if (!acts) return null;
  let best: number | null = null;
  const damage = (i: number) => advice.options[i]?.odds?.expectedDamage ?? 0;
  advice.options.forEach((o, i) => {
    const action = actions[i];
    const doable = o.choice.kind === "hold" || (action !== undefined && action.kind !== "none");
    if (!doable) return;
    if (best === null) {
      best = i;
      return;
    }
    const top = advice.options[best];
    if (top === undefined) return;
    if (o.win.rate > top.win.rate || (o.win.rate === top.win.rate && damage(i) > damage(best))) best = i;
  });
  return best;
}

/** The chosen option in words: what, its roll's odds, and its side's chance with it, beside the forecast before. */
export interface PilotChoiceContext {
  name: string;
  option: string;
  odds: string;
  win: string;
  /** "With it, Margrave wins 62% (58-66%); when Knight plays its own tactics, 55% (51-59%)." */
  why: string;
  /** "Forecast before this step: Margrave 48% (46-50%)", or "" when there was none yet. */
  before: string;
  /** The runner-up, "Next best: Hold: no action now, 40%", or "". */
  next: string;
}

/** An interval ("56.7-67.6%") that a line never breaks inside: its hyphen as the non-breaking one (U+2011). */
const unbroken = (interval: string): string => interval.replace("-", "\u2011");

/** The words of the autopilot's choice, for the confirm dialog and the chat card. */
export function pilotChoice(
  advice: AdviceResult,
  index: number,
  names: Readonly<Record<string, string>>,
  before: Rate | null,
  format: Format,
): PilotChoiceContext {
  const report = adviceReport(advice, names);
  const words = (text: Parameters<typeof reportWords>[0]) => reportWords(text, (key, data) => format(key, data));
  const row = report.rows[index];
  const other = report.rows.findIndex((_, i) => i !== index);
  const next = other < 0 ? undefined : report.rows[other];
  const shownBefore = before === null ? null : showRate(before);
  return {
    name: report.combatant,
    option: row ? words(row.option) : "",
    odds: row?.odds ? words(row.odds) : "",
    win: row ? row.win.rate : "",
    why: row
      ? format("AOD.Simulator.Autopilot.Why", { side: report.side, rate: row.win.rate, interval: unbroken(row.win.interval), name: report.combatant, baseline: report.baseline.rate, baselineInterval: unbroken(report.baseline.interval) })
      : "",
    before: shownBefore === null ? "" : format("AOD.Simulator.Autopilot.Before", { side: report.side, rate: shownBefore.rate, interval: unbroken(shownBefore.interval) }),
    next: next ? format("AOD.Simulator.Autopilot.Next", { option: words(next.option), rate: next.win.rate }) : "",
  };
}

/** The GM's confirm dialog. */
export interface PilotDialogContext {
  heading: string;
  choice: PilotChoiceContext;
  labels: { odds: string; confirm: string; another: string; skip: string };
}

/** The confirm dialog for one adversary's choice. */
export function pilotDialogContext(choice: PilotChoiceContext, declaring: boolean, format: Format): PilotDialogContext {
  return {
    heading: format(declaring ? "AOD.Simulator.Autopilot.Dialog.HeadingDeclare" : "AOD.Simulator.Autopilot.Dialog.Heading", { name: choice.name }),
    choice,
    labels: {
      odds: format("AOD.Simulator.Advice.Odds"),
      confirm: format("AOD.Simulator.Autopilot.Dialog.Confirm"),
      another: format("AOD.Simulator.Autopilot.Dialog.Another"),
      skip: format("AOD.Simulator.Autopilot.Dialog.Skip"),
    },
  };
}

/** The chat card of an automatic choice. */
export interface PilotCardContext {
  title: string;
  choice: PilotChoiceContext;
  oddsLabel: string;
  /** Why nothing was done (the rules refused it when it came to it), or "". */
  refused: string;
}

/** The chat card saying what the autopilot chose for an adversary and why. */
export function pilotCardContext(choice: PilotChoiceContext, declaring: boolean, refused: string, format: Format): PilotCardContext {
  return {
    title: format(declaring ? "AOD.Simulator.Autopilot.Card.TitleDeclare" : "AOD.Simulator.Autopilot.Card.Title", { name: choice.name }),
    choice,
    oddsLabel: format("AOD.Simulator.Advice.Odds"),
    refused: refused === "" ? "" : format("AOD.Simulator.Autopilot.Card.Refused", { reason: format(refused) }),
  };
}
