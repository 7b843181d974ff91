/**
 * The tracker's forecast strip: each side's chance to win the fight from where it stands, the draw, the
 * interval and the rounds still to come, from the live forecast (docs/SIMULATOR.md "The forecast in Foundry").
 * The segments of the bar add up to 100; the words say the same for a screen reader. Pure: no Foundry globals.
 */
import type { Forecast } from "../../rules/simulator";
import type { Format } from "../../core/format";
import type { HistoryPoint } from "../../data/combat/forecast-history";

/** One side (or the draw) on the strip. */
export interface ForecastSegment {
  name: string;
  /** "62%". */
  percent: string;
  /** "58-66%": the 95% interval. */
  interval: string;
  /** Its share of the bar, 0-100. */
  width: number;
  /** The palette slot of its colour: side-1 .. side-4, or draw. */
  tone: string;
  /** It leads (the highest chance, ahead of the draw). */
  leads: boolean;
}

/** One combatant in the strip's detail: its chance to end the fight dead, or out of it (severely injured). */
export interface ForecastCombatant {
  name: string;
  side: string;
  dead: string;
  out: string;
}

/** What the strip shows. */
export interface ForecastContext {
  title: string;
  segments: ForecastSegment[];
  /** The whole forecast in one sentence (the bar's accessible name, and its tooltip). */
  summary: string;
  /** "About 2.4 rounds left", or the note that the fight ends this round. */
  roundsLeft: string;
  /** A newer forecast is being worked out; the figures shown are the last ones. */
  updating: string;
  /** The detail a click opens: each combatant's chances, side by side, and the chart of the forecast so far. */
  detail: { summary: string; name: string; side: string; dead: string; out: string; outHint: string; combatants: ForecastCombatant[] };
  /** The chart of the forecast after each step so far (null before two steps are recorded). */
  chart: ForecastChart | null;
  /** The detail is drawn open (the user opened it before this redraw). */
  open: boolean;
}

/** One side's line on the chart. */
export interface ChartLine {
  name: string;
  tone: string;
  /** The polyline's points, "x,y x,y". */
  points: string;
  /** Where its last point is (a dot marks it). */
  end: { x: number; y: number };
}

/** The chart of the forecast over the fight: an inline SVG's parts, in its own coordinates. */
export interface ForecastChart {
  id: string;
  title: string;
  /** The chart in words, for a screen reader: each side from its first to its last chance, over how many steps. */
  desc: string;
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  lines: ChartLine[];
  /** Horizontal grid lines with their labels (0%, 50%, 100%). */
  yTicks: { y: number; label: string }[];
  /** A mark at each round's first step, with its label. */
  xTicks: { x: number; label: string }[];
}

/** A chance in whole percent; one that is neither none nor certain never reads as 0% or 100% ("<1%", ">99%"). */
const pct = (x: number): string => {
  const whole = Math.round(x * 100);
  if (whole === 0 && x > 0) return "<1%";
  if (whole === 100 && x < 1) return ">99%";
  return `${whole}%`;
};

/**
 * Shares of one whole (the sides' and the draw's chances) as whole percents that add up to 100: each rounded down,
 * then the points left over given to the largest remainders (ties to the earlier share). A share above 0 that would
 * show as 0% shows "<1%", one below 1 that would show as 100% shows ">99%".
 */
export function wholeShares(rates: readonly number[]): string[] {
  const total = rates.reduce((sum, r) => sum + r, 0);
  const scaled = rates.map((r) => (total > 0 ? (r / total) * 100 : 0));
  const floors = scaled.map(Math.floor);
  let left = (total > 0 ? 100 : 0) - floors.reduce((sum, f) => sum + f, 0);
  const order = scaled.map((s, i) => ({ i, rest: s - Math.floor(s) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return floors.map((whole, i) => {
    const rate = rates[i] ?? 0;
    if (whole === 0 && rate > 0) return "<1%";
    if (whole === 100 && rate < 1) return ">99%";
    return `${String(whole)}%`;
  });
}

const CHART = { width: 280, height: 124, left: 34, right: 8, top: 7, bottom: 20 } as const;
/** At most this many round labels under the chart: past it, every second (third...) round is labelled. */
const MAX_ROUND_LABELS = 8;
const round1 = (x: number): number => Math.round(x * 10) / 10;

/**
 * The chart of the forecast over the fight: one line per side (in the strip's order and colours; a side the history
 * names that the forecast no longer has comes after), a point per recorded step, the rounds marked below. Null
 * with fewer than two points (no line to draw yet).
 */
export function forecastChart(history: readonly HistoryPoint[], sides: readonly string[], format: Format): ForecastChart | null {
  if (history.length < 2) return null;
  const names = [...sides];
  for (const p of history) for (const name of Object.keys(p.wins)) if (!names.includes(name)) names.push(name);
  const plot = { left: CHART.left, right: CHART.width - CHART.right, top: CHART.top, bottom: CHART.height - CHART.bottom };
  const x = (i: number): number => round1(plot.left + (i * (plot.right - plot.left)) / (history.length - 1));
  const y = (rate: number): number => round1(plot.bottom - rate * (plot.bottom - plot.top));
  const lines: ChartLine[] = names.map((name, s) => {
    const coords = history.map((p, i) => ({ x: x(i), y: y(p.wins[name] ?? 0) }));
    const end = coords[coords.length - 1] ?? { x: plot.right, y: plot.bottom };
    return { name, tone: `side-${String((s % 4) + 1)}`, points: coords.map((c) => `${String(c.x)},${String(c.y)}`).join(" "), end };
  });
  const firsts: { x: number; round: number }[] = [];
  history.forEach((p, i) => {
    if (i === 0 || history[i - 1]?.round !== p.round) firsts.push({ x: x(i), round: p.round });
  });
  const every = Math.ceil(firsts.length / MAX_ROUND_LABELS);
  const xTicks = firsts.filter((_, i) => i % every === 0).map((f) => ({ x: f.x, label: format("AOD.Combat.Forecast.Chart.Round", { round: f.round }) }));
  const yTicks = [0, 0.5, 1].map((r) => ({ y: y(r), label: pct(r) }));
  const first = history[0] as HistoryPoint;
  const last = history[history.length - 1] as HistoryPoint;
  const parts = names.map((name) => format("AOD.Combat.Forecast.Chart.Side", { name, from: pct(first.wins[name] ?? 0), to: pct(last.wins[name] ?? 0) }));
  return {
    id: "aod-forecast-chart",
    title: format("AOD.Combat.Forecast.Chart.Title"),
    desc: format("AOD.Combat.Forecast.Chart.Desc", { parts: parts.join("; "), steps: history.length, rounds: firsts.length }),
    width: CHART.width,
    height: CHART.height,
    plot,
    lines,
    yTicks,
    xTicks,
  };
}
const range = (low: number, high: number): string => `${Math.round(low * 100)}-${Math.round(high * 100)}%`;

/**
 * The strip when no forecast is worked out any more (the fight is over, or this client was reloaded after it) but
 * the combat keeps its history: the last step's chances and the chart, so the fight can be read again. Null with
 * fewer than two points.
 */
function pastContext(history: readonly HistoryPoint[], format: Format, open: boolean): ForecastContext | null {
  const last = history[history.length - 1];
  const chart = forecastChart(history, [], format);
  if (!last || !chart) return null;
  const names = chart.lines.map((l) => l.name);
  const best = Math.max(...names.map((n) => last.wins[n] ?? 0));
  const shares = wholeShares([...names.map((n) => last.wins[n] ?? 0), last.draw]);
  const segments: ForecastSegment[] = names.map((name, i) => {
    const rate = last.wins[name] ?? 0;
    return { name, percent: shares[i] ?? pct(rate), interval: "", width: rate * 100, tone: `side-${String((i % 4) + 1)}`, leads: rate === best && best > last.draw };
  });
  segments.push({ name: format("AOD.Combat.Forecast.Draw"), percent: shares[names.length] ?? pct(last.draw), interval: "", width: last.draw * 100, tone: "draw", leads: false });
  const parts = segments.map((s) => format("AOD.Combat.Forecast.PastPart", { name: s.name, percent: s.percent }));
  return {
    title: format("AOD.Combat.Forecast.PastTitle"),
    segments,
    summary: format("AOD.Combat.Forecast.PastSummary", { parts: parts.join("; ") }),
    roundsLeft: "",
    updating: "",
    detail: {
      summary: format("AOD.Combat.Forecast.Chart.Title"),
      name: format("AOD.Combat.Forecast.Detail.Name"),
      side: format("AOD.Combat.Forecast.Detail.Side"),
      dead: format("AOD.Status.Dead"),
      out: format("AOD.Combat.Forecast.Detail.Out"),
      outHint: format("AOD.Combat.Forecast.Detail.OutHint"),
      combatants: [],
    },
    chart,
    open,
  };
}

/**
 * The strip for a forecast, or null when there is none to show yet (or this user is not shown it). `ownSidesOnly`
 * (a player's view): the chart draws only the sides this client's own forecast names, so the GM's history does
 * not show a side the player has not seen. `historyHidden` (a player's view while the combat has combatants
 * hidden from players): no chart at all, since the GM's history was worked out with them and its chances would
 * give them away; the strip and the detail are this client's own forecast, which leaves them out.
 */
export function forecastContext(
  view: { forecast: Forecast | null; updating: boolean } | null,
  format: Format,
  shownHistory: readonly HistoryPoint[] = [],
  open = false,
  { ownSidesOnly = false, historyHidden = false }: { ownSidesOnly?: boolean; historyHidden?: boolean } = {},
): ForecastContext | null {
  let history = historyHidden ? [] : shownHistory;
  const forecast = view?.forecast;
  if (!view) return null;
  if (!forecast) return view.updating ? null : pastContext(history, format, open);
  const { sides, draws } = forecast.result;
  if (ownSidesOnly) {
    const own = new Set(sides.map((s) => s.name));
    history = history.map((p) => ({ ...p, wins: Object.fromEntries(Object.entries(p.wins).filter(([name]) => own.has(name))) }));
  }
  const best = Math.max(...sides.map((s) => s.wins.rate));
  // The bar's shares add up to 100% as shown (each rounded on its own could show 101%).
  const shares = wholeShares([...sides.map((s) => s.wins.rate), draws.rate]);
  const segments: ForecastSegment[] = sides.map((s, i) => ({
    name: s.name,
    percent: shares[i] ?? pct(s.wins.rate),
    interval: range(s.wins.low, s.wins.high),
    width: s.wins.rate * 100,
    tone: `side-${String((i % 4) + 1)}`,
    leads: s.wins.rate === best && best > draws.rate,
  }));
  segments.push({
    name: format("AOD.Combat.Forecast.Draw"),
    percent: shares[sides.length] ?? pct(draws.rate),
    interval: range(draws.low, draws.high),
    width: draws.rate * 100,
    tone: "draw",
    leads: false,
  });
  const parts = segments.map((s) => format("AOD.Combat.Forecast.Part", { name: s.name, percent: s.percent, interval: s.interval }));
  const left = forecast.roundsLeft;
  const chart = forecastChart(history, sides.map((s) => s.name), format);
  return {
    title: format("AOD.Combat.Forecast.Title"),
    segments,
    summary: format("AOD.Combat.Forecast.Summary", { parts: parts.join("; "), runs: forecast.result.runs }),
    roundsLeft: left < 0.05 ? format("AOD.Combat.Forecast.EndsThisRound") : format("AOD.Combat.Forecast.RoundsLeft", { rounds: left.toFixed(1) }),
    updating: view.updating ? format("AOD.Combat.Forecast.Updating") : "",
    detail: {
      summary: format(chart ? "AOD.Combat.Forecast.Detail.SummaryChart" : "AOD.Combat.Forecast.Detail.Summary"),
      name: format("AOD.Combat.Forecast.Detail.Name"),
      side: format("AOD.Combat.Forecast.Detail.Side"),
      dead: format("AOD.Status.Dead"),
      out: format("AOD.Combat.Forecast.Detail.Out"),
      outHint: format("AOD.Combat.Forecast.Detail.OutHint"),
      combatants: forecast.result.combatants.map((c) => ({
        name: c.name,
        side: c.side,
        dead: pct(c.dead.rate),
        // Out of the fight: dead or severely injured (the two are counted apart, so they add up).
        out: pct(c.dead.rate + c.severelyInjured.rate),
      })),
    },
    chart,
    open,
  };
}
