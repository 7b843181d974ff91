// The command line's advice table (src/cli/format.ts formatAdvice): an option `advise` stopped early as clearly
// worse than the best says so after its wider interval, as the advice window says it under the option's name.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { formatAdvice } from "../../src/cli/format";
import { englishFrom } from "../../src/cli/i18n";
import { adviceReport, wilson } from "../../src/rules/simulator";
import type { AdviceResult } from "../../src/rules/simulator";

const t = englishFrom(resolve(import.meta.dirname, "../.."));

describe("the advice table of npm run simulate -- --advise", () => {
  it("notes an option stopped as clearly worse, with the runs it played, and no other", () => {
    const advice: AdviceResult = {
      combatantId: "c1",
      side: "Dragons",
      phase: "battle",
      baseline: wilson(1500, 2400),
      options: [
        { choice: { kind: "hold" }, odds: null, win: wilson(1700, 2400), draw: wilson(0, 2400), runs: 2400, clearlyWorse: false },
        { choice: { kind: "hold" }, odds: null, win: wilson(100, 500), draw: wilson(0, 500), runs: 500, clearlyWorse: true },
      ],
    };
    const report = adviceReport(advice, { c1: "Sable Dragon" });
    expect(report.rows.map((r) => r.stoppedAfter)).toEqual([null, 500]);
    const lines = formatAdvice(report, "Advice", t).split("\n").filter((line) => line.includes("Hold"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).not.toContain("clearly worse");
    expect(lines[1]).toContain("clearly worse, stopped at 500 runs");
  });
});
