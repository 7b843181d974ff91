/** The result as a plain-text table for a terminal (pure). */
import { reportWords } from "../rules/simulator";
import type { AdviceReport, SimulationReport } from "../rules/simulator";
import type { Translate } from "./i18n";

function table(header: string[], rows: string[][], rightFrom: number): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i >= rightFrom ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0))).join("  ").trimEnd();
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)];
}

/** The whole report: a heading, the sides' win rates, rounds, endings and the combatants. */
export function formatReport(report: SimulationReport, heading: string, t: Translate): string {
  const sides = table(
    [t("AOD.Simulator.Table.Side"), t("AOD.Simulator.Table.Wins"), t("AOD.Simulator.Table.Interval")],
    [...report.sides.map((s) => [s.name, s.rate, s.interval]), [t("AOD.Simulator.Table.Draw"), report.draws.rate, report.draws.interval]],
    1,
  );
  const combatants = table(
    [
      t("AOD.Simulator.Table.Combatant"),
      t("AOD.Simulator.Table.Side"),
      t("AOD.Status.Dead"),
      t("AOD.Status.SeverelyInjured"),
      t("AOD.Simulator.Table.Damage"),
      t("AOD.Simulator.Table.Attacks"),
      t("AOD.Simulator.Table.HitRate"),
    ],
    report.combatants.map((c) => [c.name, c.side, c.dead, c.severelyInjured, c.damage, c.attacks, c.hitRate]),
    2,
  );
  const lines = [
    heading,
    "",
    ...sides,
    "",
    t("AOD.Simulator.Table.RoundsLine", { mean: report.rounds.mean, median: report.rounds.median, p90: report.rounds.p90 }),
    t("AOD.Simulator.Table.EndingsLine", report.endings),
    "",
    ...combatants,
  ];
  if (report.cancelled) lines.push("", t("AOD.Simulator.Cancelled", { runs: report.runs }));
  return `${lines.join("\n")}\n`;
}

/** An advice table: a heading, the side's chance under its own tactics, then each option, best first. */
export function formatAdvice(report: AdviceReport, heading: string, t: Translate): string {
  const words = (text: Parameters<typeof reportWords>[0]) => reportWords(text, t);
  // An option stopped early as clearly worse says so after its (wider) interval.
  const interval = (row: AdviceReport["rows"][number]) => row.stoppedAfter === null ? row.win.interval
    : `${row.win.interval}, ${t("AOD.Simulator.Advice.Window.ClearlyWorse", { runs: row.stoppedAfter.toLocaleString("en-GB") })}`;
  const rows = report.rows.map((row) => [words(row.option), row.odds ? words(row.odds) : "", row.win.rate, interval(row)]);
  const options = table(
    [t("AOD.Simulator.Advice.Option"), t("AOD.Simulator.Advice.Odds"), t("AOD.Simulator.Advice.Win", { side: report.side }), t("AOD.Simulator.Table.Interval")],
    rows,
    2,
  );
  const baseline = t("AOD.Simulator.Advice.Baseline", { side: report.side, name: report.combatant, ...report.baseline });
  return `${[heading, baseline, "", ...options].join("\n")}\n`;
}

/** A progress bar line: "[#########...........]  45%  45,000 / 100,000". */
export function progressBar(done: number, total: number, width = 30): string {
  const share = total > 0 ? done / total : 1;
  const filled = Math.round(share * width);
  const count = (n: number) => n.toLocaleString("en-GB");
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%  ${count(done)} / ${count(total)}`;
}
