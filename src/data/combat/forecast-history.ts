/**
 * The live forecast's history on a combat (docs/SIMULATOR.md "The forecast in Foundry"): after each step, each
 * side's chance to win and the draw chance as the forecast stood, kept in a combat flag so the chart in the
 * tracker's forecast detail can be read again after the fight. The active GM writes it; this file says what a
 * point is, reads the flag as untrusted JSON and adds a point. Pure: no Foundry globals.
 */

/** The flag (in the system's scope) the history is kept in. */
export const FORECAST_HISTORY_FLAG = "forecastHistory";

/** The most points kept: the oldest go first (a long fight keeps its last 240 steps). */
export const HISTORY_LIMIT = 240;

/** The forecast after one step: where the combat stood, each side's chance to win by side name, and the draw's. */
export interface HistoryPoint {
  round: number;
  /** The tracker's step index in that round. */
  index: number;
  wins: Record<string, number>;
  draw: number;
}

const isRate = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1;
const isCount = (value: unknown): value is number => typeof value === "number" && Number.isSafeInteger(value) && value >= 0;

/** Reads the flag: the points it holds that are well formed, in order (anything else is left out). */
export function readHistory(raw: unknown): HistoryPoint[] {
  if (!Array.isArray(raw)) return [];
  const points: HistoryPoint[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== "object" || item === null) continue;
    const p = item as Record<string, unknown>;
    if (!isCount(p.round) || !isCount(p.index) || !isRate(p.draw) || typeof p.wins !== "object" || p.wins === null) continue;
    const wins: Record<string, number> = {};
    for (const [name, rate] of Object.entries(p.wins as Record<string, unknown>)) if (isRate(rate)) wins[name] = rate;
    points.push({ round: p.round, index: p.index, wins, draw: p.draw });
  }
  return points;
}

const same = (a: HistoryPoint, b: HistoryPoint): boolean =>
  a.draw === b.draw && Object.keys(a.wins).length === Object.keys(b.wins).length && Object.entries(a.wins).every(([k, v]) => b.wins[k] === v);

const order = (a: HistoryPoint, b: HistoryPoint): number => a.round - b.round || a.index - b.index;

/**
 * The history with a forecast added at its step: it replaces the point of that step (the forecast after the step's
 * last change is the step's), and a step walked back to drops the points after it; null when nothing changes (no
 * write needed). The oldest points go past `HISTORY_LIMIT`.
 */
export function recordPoint(history: readonly HistoryPoint[], point: HistoryPoint): HistoryPoint[] | null {
  const kept = history.filter((p) => order(p, point) < 0);
  const at = history.find((p) => order(p, point) === 0);
  if (at && kept.length === history.length - 1 && same(at, point)) return null;
  return [...kept, point].slice(-HISTORY_LIMIT);
}
