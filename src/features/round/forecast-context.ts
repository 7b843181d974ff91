/**
 * The tracker's forecast strip: each side's chance to win the fight from where it stands, the draw, the
 * interval and the rounds still to come, from the live forecast (docs/SIMULATOR.md "The forecast in Foundry").
 * The segments of the bar add up to 100; the words say the same for a screen reader. Pure: no Foundry globals.
 */
import type { Forecast } from "../../rules/simulator";
import type { Format } from "../../core/format";

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
  /** The detail a click opens: each combatant's chances, side by side. */
  detail: { summary: string; name: string; side: string; dead: string; out: string; outHint: string; combatants: ForecastCombatant[] };
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;
const range = (low: number, high: number): string => `${Math.round(low * 100)}-${Math.round(high * 100)}%`;

/** The strip for a forecast, or null when there is none to show yet (or this user is not shown it). */
export function forecastContext(view: { forecast: Forecast | null; updating: boolean } | null, format: Format): ForecastContext | null {
  const forecast = view?.forecast;
  if (!view || !forecast) return null;
  const { sides, draws } = forecast.result;
  const best = Math.max(...sides.map((s) => s.wins.rate));
  const segments: ForecastSegment[] = sides.map((s, i) => ({
    name: s.name,
    percent: pct(s.wins.rate),
    interval: range(s.wins.low, s.wins.high),
    width: s.wins.rate * 100,
    tone: `side-${String((i % 4) + 1)}`,
    leads: s.wins.rate === best && best > draws.rate,
  }));
  segments.push({
    name: format("AOD.Combat.Forecast.Draw"),
    percent: pct(draws.rate),
    interval: range(draws.low, draws.high),
    width: draws.rate * 100,
    tone: "draw",
    leads: false,
  });
  const parts = segments.map((s) => format("AOD.Combat.Forecast.Part", { name: s.name, percent: s.percent, interval: s.interval }));
  const left = forecast.roundsLeft;
  return {
    title: format("AOD.Combat.Forecast.Title"),
    segments,
    summary: format("AOD.Combat.Forecast.Summary", { parts: parts.join("; "), runs: forecast.result.runs }),
    roundsLeft: left < 0.05 ? format("AOD.Combat.Forecast.EndsThisRound") : format("AOD.Combat.Forecast.RoundsLeft", { rounds: left.toFixed(1) }),
    updating: view.updating ? format("AOD.Combat.Forecast.Updating") : "",
    detail: {
      summary: format("AOD.Combat.Forecast.Detail.Summary"),
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
  };
}
