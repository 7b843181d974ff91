/**
 * A simulation result as the rows a table shows, rounded the same way for the command line and the Foundry
 * app (so the same seed shows the same figures in both): percentages to one decimal, means to two.
 */
import type { AdviceChoice, AdviceResult } from "./forecast";
import type { Rate, SimulationResult } from "./simulate";

/** A rate as shown: "64.0%" and its interval "63.1-64.9%". */
export interface ShownRate {
  rate: string;
  interval: string;
}

/** One bar of the rounds chart: the round, its share of the runs as shown, and its height relative to the tallest bar. */
export interface RoundBar {
  round: number;
  count: number;
  share: string;
  height: number;
}

/** Everything a result table shows. */
export interface SimulationReport {
  runs: number;
  seed: number;
  mode: string;
  roundLimit: number;
  cancelled: boolean;
  sides: ({ name: string } & ShownRate)[];
  draws: ShownRate;
  rounds: { mean: string; median: number; p90: number };
  endings: { sideOut: string; disengaged: string; roundLimit: string };
  combatants: { name: string; side: string; dead: string; severelyInjured: string; damage: string; attacks: string; hitRate: string }[];
  chart: RoundBar[];
}

const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** "64.0%" and "63.1-64.9%". */
export function showRate(r: Rate): ShownRate {
  return { rate: percent(r.rate), interval: `${(r.low * 100).toFixed(1)}-${(r.high * 100).toFixed(1)}%` };
}

/** The rows of a result table. */
export function simulationReport(result: SimulationResult): SimulationReport {
  const runs = Math.max(1, result.runs);
  const histogram = result.rounds.histogram;
  const first = histogram.findIndex((n) => n > 0);
  let last = histogram.length - 1;
  while (last > 0 && (histogram[last] ?? 0) === 0) last -= 1;
  const tallest = Math.max(1, ...histogram);
  const chart: RoundBar[] = [];
  for (let round = Math.max(1, first); first >= 0 && round <= last; round += 1) {
    const count = histogram[round] ?? 0;
    chart.push({ round, count, share: percent(count / runs), height: Math.round((count / tallest) * 100) });
  }
  return {
    runs: result.runs,
    seed: result.seed,
    mode: result.mode,
    roundLimit: result.roundLimit,
    cancelled: result.cancelled,
    sides: result.sides.map((s) => ({ name: s.name, ...showRate(s.wins) })),
    draws: showRate(result.draws),
    rounds: { mean: result.rounds.mean.toFixed(2), median: result.rounds.median, p90: result.rounds.p90 },
    endings: {
      sideOut: percent(result.endings.sideOut / runs),
      disengaged: percent(result.endings.disengaged / runs),
      roundLimit: percent(result.endings.roundLimit / runs),
    },
    combatants: result.combatants.map((c) => ({
      name: c.name,
      side: c.side,
      dead: percent(c.dead.rate),
      severelyInjured: percent(c.severelyInjured.rate),
      damage: c.damageDealt.toFixed(2),
      attacks: c.attacks.toFixed(2),
      hitRate: c.hitRate ? percent(c.hitRate.rate) : "-",
    })),
    chart,
  };
}

/**
 * An en.json key and the values its text takes, for an option's words (`adviceReport`); the values named in
 * `keys` are en.json keys themselves (a band's or a move kind's name), translated first (`reportWords`).
 */
export interface ReportText {
  key: string;
  data: Record<string, string>;
  keys?: readonly string[];
}

/** A ReportText in words, with the caller's translation function (en.json key and values in, text out). */
export function reportWords(text: ReportText, t: (key: string, data?: Record<string, string>) => string): string {
  const data = { ...text.data };
  for (const name of text.keys ?? []) if (data[name]) data[name] = t(data[name]);
  return t(text.key, data);
}

/** One row of the advice table: the option's words, its roll's odds as shown (or none), the side's chance. */
export interface AdviceRow {
  option: ReportText;
  odds: ReportText | null;
  win: ShownRate;
  /** Whether this is the best option for the side (the first row). */
  best: boolean;
  /** The runs after which the option was stopped as clearly worse than the best (`advise`), or null. */
  stoppedAfter: number | null;
}

/** What an advice table shows: the combatant, its side's chance when its tactics choose, one row per option. */
export interface AdviceReport {
  combatant: string;
  side: string;
  baseline: ShownRate;
  rows: AdviceRow[];
}

/** The keys of the advice's words in en.json. */
export const ADVICE_TEXT = Object.freeze({
  Hold: "AOD.Simulator.Advice.Hold",
  Attack: "AOD.Simulator.Advice.Attack",
  KillerBlow: "AOD.Simulator.Advice.KillerBlow",
  Grapple: "AOD.Simulator.Advice.Grapple",
  BreakOut: "AOD.Simulator.Advice.BreakOut",
  Rescue: "AOD.Simulator.Advice.Rescue",
  MoveAltitude: "AOD.Simulator.Advice.MoveAltitude",
  MoveDistance: "AOD.Simulator.Advice.MoveDistance",
  MoveBoth: "AOD.Simulator.Advice.MoveBoth",
  AttackOdds: "AOD.Simulator.Advice.AttackOdds",
  HitOdds: "AOD.Simulator.Advice.HitOdds",
} as const);

/** The words of one option; `names` gives each combatant's name by id (an id stands for itself otherwise). */
function optionText(choice: AdviceChoice, names: Readonly<Record<string, string>>): ReportText {
  const name = (id: string) => names[id] ?? id;
  switch (choice.kind) {
    case "hold":
      return { key: ADVICE_TEXT.Hold, data: {} };
    case "attack":
      return { key: choice.killerBlow ? ADVICE_TEXT.KillerBlow : ADVICE_TEXT.Attack, data: { target: name(choice.targetId), weapon: choice.weapon } };
    case "grapple":
      return { key: ADVICE_TEXT.Grapple, data: { target: name(choice.targetId) } };
    case "breakOut":
      return { key: ADVICE_TEXT.BreakOut, data: {} };
    case "rescue":
      return { key: ADVICE_TEXT.Rescue, data: { target: name(choice.targetId) } };
    case "move": {
      const { move } = choice;
      const data = {
        kind: `AOD.Board.Move.Kind.${move.kind}`,
        altitude: move.altitude ? `AOD.Choices.altitude.${move.altitude}` : "",
        distance: move.distance ? `AOD.Choices.distance.${move.distance}` : "",
        target: move.reference ? name(move.reference) : "",
      };
      const key = move.altitude && move.distance ? ADVICE_TEXT.MoveBoth : move.altitude ? ADVICE_TEXT.MoveAltitude : ADVICE_TEXT.MoveDistance;
      return { key, data, keys: ["kind", "altitude", "distance"] };
    }
  }
}

/** An option's odds as shown: an attack's hit, expected wounds and kill; a grapple's hit; nothing else has a roll to show. */
function oddsText(o: AdviceResult["options"][number]): ReportText | null {
  if (o.odds === null) return null;
  if (o.choice.kind !== "attack") return { key: ADVICE_TEXT.HitOdds, data: { hit: percent(o.odds.hit) } };
  return { key: ADVICE_TEXT.AttackOdds, data: { hit: percent(o.odds.hit), damage: o.odds.expectedDamage.toFixed(2), dead: percent(o.odds.dead) } };
}

/** The rows of an advice table, best first, the odds rounded as the result tables round them. */
export function adviceReport(advice: AdviceResult, names: Readonly<Record<string, string>>): AdviceReport {
  return {
    combatant: names[advice.combatantId] ?? advice.combatantId,
    side: advice.side,
    baseline: showRate(advice.baseline),
    rows: advice.options.map((o, i) => ({
      option: optionText(o.choice, names),
      odds: oddsText(o),
      win: showRate(o.win),
      best: i === 0,
      stoppedAfter: o.clearlyWorse ? o.runs : null,
    })),
  };
}
