/**
 * The advice window's context and what each option's button does (docs/SIMULATOR.md "Advice in Foundry").
 * The rows are `adviceReport`'s, in words; an option the combatant can carry out at once (an attack card, a board
 * move) gets a button whose action this file names, so the window only forwards it to the attack or board feature.
 * Pure: no Foundry globals.
 */
import { adviceReport, reportWords } from "../../rules/simulator";
import type { AdviceChoice, AdviceResult } from "../../rules/simulator";
import type { Format } from "../../core/format";
import type { MovePayload, StartAttackOptions } from "../../core/action-payloads";

/** What an option's button does: start an attack card, make a board move, or nothing (holding). */
export type CarryOut = { kind: "attack"; options: StartAttackOptions } | { kind: "move"; payload: MovePayload } | { kind: "none" };

/** What carrying an option out needs to know of the combat. */
export interface CarryContext {
  combatId: string;
  /** The advised combatant's id. */
  combatantId: string;
  /** A combatant's token UUID (else its actor's), by combatant id; null when it has neither. */
  uuidOf(combatantId: string): string | null;
  /** Whether the advised combatant flies (a full move is then a full aerial move, else a full ground move). */
  canFly: boolean;
}

/** The action that carries an option out, as the attack card and the board take it. */
export function carryOut(choice: AdviceChoice, ctx: CarryContext): CarryOut {
  const attacker = ctx.uuidOf(ctx.combatantId);
  const target = (id: string) => ctx.uuidOf(id);
  if (attacker === null) return { kind: "none" };
  switch (choice.kind) {
    case "attack": {
      const to = target(choice.targetId);
      if (to === null || choice.itemId === null) return { kind: "none" };
      return { kind: "attack", options: { action: "attack", attacker, targets: [to], weaponId: choice.itemId, killerBlow: choice.killerBlow } };
    }
    case "grapple": {
      const to = target(choice.targetId);
      if (to === null || choice.itemId === null) return { kind: "none" };
      return { kind: "attack", options: { action: "grapple", attacker, targets: [to], weaponId: choice.itemId } };
    }
    case "rescue": {
      const to = target(choice.targetId);
      return to === null ? { kind: "none" } : { kind: "attack", options: { action: "rescue", attacker, targets: [to] } };
    }
    case "breakOut":
      return { kind: "attack", options: { action: "breakOut", attacker } };
    case "move": {
      const { move } = choice;
      const payload: MovePayload = {
        combatId: ctx.combatId,
        moverId: ctx.combatantId,
        kind: move.kind === "standard" ? "standard" : ctx.canFly ? "full" : "fullGround",
      };
      if (move.altitude) payload.altitude = move.altitude;
      if (move.reference) payload.reference = move.reference;
      if (move.distance) payload.distance = move.distance;
      return { kind: "move", payload };
    }
    case "hold":
      return { kind: "none" };
  }
}

/** One row of the window. */
export interface AdviceRowContext {
  index: number;
  option: string;
  odds: string;
  win: string;
  interval: string;
  best: boolean;
  /** The button's label, or "" when the option has nothing to carry out (holding) or cannot be carried out here. */
  act: string;
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
 * The window for one combatant's advice. `names` gives each combatant's name by id; `canAct` is false in the
 * declaration modes (the option is declared in the declaration dialog, not carried out at once).
 */
export function adviceContext(advice: AdviceResult, names: Readonly<Record<string, string>>, canAct: boolean, format: Format): AdviceContext {
  const report = adviceReport(advice, names);
  const words = (text: Parameters<typeof reportWords>[0]) => reportWords(text, (key, data) => format(key, data));
  return {
    heading: format("AOD.Simulator.Advice.Window.Heading", { name: report.combatant }),
    baseline: format("AOD.Simulator.Advice.Baseline", { side: report.side, name: report.combatant, ...report.baseline }),
    rows: report.rows.map((row, index) => {
      const choice = advice.options[index]?.choice;
      const carries = canAct && choice !== undefined && choice.kind !== "hold";
      return {
        index,
        option: words(row.option),
        odds: row.odds ? words(row.odds) : "",
        win: row.win.rate,
        interval: row.win.interval,
        best: row.best,
        act: carries ? format("AOD.Simulator.Advice.Window.Do") : "",
      };
    }),
    note: format(canAct ? "AOD.Simulator.Advice.Window.Note" : "AOD.Simulator.Advice.Window.Declare"),
    labels: {
      option: format("AOD.Simulator.Advice.Option"),
      odds: format("AOD.Simulator.Advice.Odds"),
      win: format("AOD.Simulator.Advice.Window.Win"),
      interval: format("AOD.Simulator.Table.Interval"),
    },
  };
}
