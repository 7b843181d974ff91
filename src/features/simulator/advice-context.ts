/**
 * The advice window's context and what each option's button does (docs/SIMULATOR.md "Advice in Foundry").
 * The rows are `adviceReport`'s, in words; an option the combatant can carry out (an attack card, a board move, or in
 * the declaration modes the declaration) gets a button whose action this file names, so the window only forwards it
 * to the attack, board or round feature. An option the rules refuse as things stand gets no button.
 * Pure: no Foundry globals.
 */
import { adviceReport, reportWords } from "../../rules/simulator";
import type { AdviceChoice, AdviceResult, Encounter } from "../../rules/simulator";
import type { Format } from "../../core/format";
import type { DeclareChoiceOptions, MovePayload, StartAttackOptions } from "../../core/action-payloads";
import { ruleOnChoice } from "../../data/combat/declaration";
import type { DeclarationChoice, DeclarationSituation } from "../../data/combat/declaration";

/** The round modes where an action is declared first, so the advice fills in the declaration. */
export const DECLARING: readonly string[] = ["reverseDeclaration", "secretDeclaration"];

/**
 * What an option's button does: start an attack card, make a board move, fill in the declaration (the declaration
 * modes), or nothing: holding, or an option the rules refuse as things stand (`refused` names the reason).
 */
export type CarryOut =
  | { kind: "attack"; options: StartAttackOptions }
  | { kind: "move"; payload: MovePayload }
  | { kind: "declare"; options: DeclareChoiceOptions }
  | { kind: "none"; refused?: string };

/** What carrying an option out needs to know of the combat. */
export interface CarryContext {
  combatId: string;
  /** The advised combatant's id. */
  combatantId: string;
  /** A combatant's token UUID (else its actor's), by combatant id; null when it has neither. */
  uuidOf(combatantId: string): string | null;
  /** Whether the advised combatant flies (a full move is then a full aerial move, else a full ground move). */
  canFly: boolean;
  /**
   * What a declaration of the combatant is checked against now (the skirmish, the phase, its weapons): every
   * option goes through the same check as a declaration (`ruleOnChoice`: the engine's, and the board's for a move).
   */
  situation: DeclarationSituation;
  /** The round mode declares actions first: the option fills in the declaration instead of being carried out. */
  declaring: boolean;
}

/** An option as the declaration dialog's choice (a full move aerial for a flyer); null for holding or a weapon with no item. */
export function declarationOf(choice: AdviceChoice, canFly: boolean): DeclarationChoice | null {
  const base = { weaponId: "", targetId: "", move: null, text: "" };
  switch (choice.kind) {
    case "attack":
      return choice.itemId === null ? null : { ...base, action: choice.killerBlow ? "killerBlow" : "attack", weaponId: choice.itemId, targetId: choice.targetId };
    case "grapple":
      return choice.itemId === null ? null : { ...base, action: "grapple", weaponId: choice.itemId, targetId: choice.targetId };
    case "rescue":
      return { ...base, action: "rescue", targetId: choice.targetId };
    case "breakOut":
      return { ...base, action: "breakOut" };
    case "move": {
      const { move } = choice;
      const kind = move.kind === "standard" ? "standard" : canFly ? "full" : "fullGround";
      return { ...base, action: "move", move: { kind, altitude: move.altitude ?? "", reference: move.reference ?? "", distance: move.distance ?? "" } };
    }
    case "hold":
      return null;
  }
}

/**
 * The action that carries an option out, as the attack card, the board or the declaration take it. Every option is
 * first checked as a declaration of it would be (the engine's `checkDeclaredAction`, the board's move check): one
 * the rules refuse now is never carried out, and its button is not offered.
 */
export function carryOut(choice: AdviceChoice, ctx: CarryContext): CarryOut {
  const declared = declarationOf(choice, ctx.canFly);
  if (declared === null) return { kind: "none" };
  const ruled = ruleOnChoice(declared, ctx.situation);
  if (!ruled.ok) return { kind: "none", refused: ruled.reason };
  if (ctx.declaring) return { kind: "declare", options: { combatId: ctx.combatId, combatantId: ctx.combatantId, choice: declared, ask: true } };
  const attacker = ctx.uuidOf(ctx.combatantId);
  if (attacker === null) return { kind: "none" };
  const target = (id: string) => ctx.uuidOf(id);
  switch (choice.kind) {
    case "attack": {
      const to = target(choice.targetId);
      if (to === null) return { kind: "none" };
      return { kind: "attack", options: { action: "attack", attacker, targets: [to], weaponId: declared.weaponId, killerBlow: choice.killerBlow } };
    }
    case "grapple": {
      const to = target(choice.targetId);
      if (to === null) return { kind: "none" };
      return { kind: "attack", options: { action: "grapple", attacker, targets: [to], weaponId: declared.weaponId } };
    }
    case "rescue": {
      const to = target(choice.targetId);
      return to === null ? { kind: "none" } : { kind: "attack", options: { action: "rescue", attacker, targets: [to] } };
    }
    case "breakOut":
      return { kind: "attack", options: { action: "breakOut", attacker } };
    case "move": {
      const move = declared.move;
      if (move === null) return { kind: "none" };
      const payload: MovePayload = { combatId: ctx.combatId, moverId: ctx.combatantId, kind: move.kind };
      if (move.altitude !== "") payload.altitude = move.altitude;
      if (move.reference !== "") payload.reference = move.reference;
      if (move.distance !== "") payload.distance = move.distance;
      return { kind: "move", payload };
    }
    case "hold":
      return { kind: "none" };
  }
}

/** The encounter with `tactics` (a tactics name) for every combatant `plays` picks, each other with its own. */
export function playingTactics(encounter: Encounter, tactics: string, plays: (combatantId: string) => boolean): Encounter {
  return {
    ...encounter,
    sides: encounter.sides.map((side) => ({
      ...side,
      combatants: side.combatants.map((c) => (plays(c.state.id) ? { ...c, tactics } : c)),
    })),
  };
}

/** One row of the window. */
export interface AdviceRowContext {
  index: number;
  option: string;
  odds: string;
  win: string;
  /** The win chance's interval. */
  interval: string;
  /** For an option stopped early as clearly worse, that it was and after how many runs (shown under its name); else "". */
  worse: string;
  best: boolean;
  /** The button's label ("Do this", or "Declare this" in a declaration mode), or "" when there is nothing to carry out. */
  act: string;
  /** Why the rules refuse the option as things stand now (no button then), or "". */
  refused: string;
}

/** The advice window's context. */
export interface AdviceContext {
  heading: string;
  baseline: string;
  rows: AdviceRowContext[];
  note: string;
  labels: { option: string; odds: string; win: string; interval: string };
}

/**
 * The window for one combatant's advice. `names` gives each combatant's name by id; `actions` what each option's
 * button does (`carryOut`, in the options' order); `declaring` is true in the declaration modes (the button fills
 * in the declaration).
 */
export function adviceContext(advice: AdviceResult, names: Readonly<Record<string, string>>, actions: readonly CarryOut[], declaring: boolean, format: Format): AdviceContext {
  const report = adviceReport(advice, names);
  const words = (text: Parameters<typeof reportWords>[0]) => reportWords(text, (key, data) => format(key, data));
  return {
    heading: format("AOD.Simulator.Advice.Window.Heading", { name: report.combatant }),
    baseline: format("AOD.Simulator.Advice.Baseline", { side: report.side, name: report.combatant, ...report.baseline }),
    rows: report.rows.map((row, index) => {
      const action = actions[index] ?? { kind: "none" };
      const act = action.kind === "declare" ? "AOD.Simulator.Advice.Window.DeclareThis" : action.kind === "none" ? "" : "AOD.Simulator.Advice.Window.Do";
      return {
        index,
        option: words(row.option),
        odds: row.odds ? words(row.odds) : "",
        win: row.win.rate,
        interval: row.win.interval,
        worse: row.stoppedAfter === null ? "" : format("AOD.Simulator.Advice.Window.ClearlyWorse", { runs: row.stoppedAfter.toLocaleString("en-GB") }),
        best: row.best,
        act: act === "" ? "" : format(act),
        refused: action.kind === "none" && action.refused !== undefined ? format("AOD.Simulator.Advice.Window.Refused", { reason: format(action.refused) }) : "",
      };
    }),
    note: format(declaring ? "AOD.Simulator.Advice.Window.Declare" : "AOD.Simulator.Advice.Window.Note"),
    labels: {
      option: format("AOD.Simulator.Advice.Option"),
      odds: format("AOD.Simulator.Advice.Odds"),
      win: format("AOD.Simulator.Advice.Window.Win"),
      interval: format("AOD.Simulator.Table.Interval"),
    },
  };
}
