/**
 * Token elevation and the altitude bands, both ways (docs/BOARD.md): each band sets a token's
 * elevation to a configurable value, and an elevation set by hand selects the nearest band. Pure: no Foundry
 * globals, so the settings text can be parsed and tested anywhere.
 */
import { ALTITUDES } from "../../rules/bands";
import type { Altitude } from "../../rules/types";

/** The elevation (in the scene's units) each band puts a token at, grounded first. */
export type BandElevations = Readonly<Record<Altitude, number>>;

/**
 * The default elevations: the rules' numeric heights 0, 0.5, 1, 2, 3 (000 "Altitude") times 50 scene units,
 * so a ruler measures mid altitude at 50 ft on a default scene.
 */
export const DEFAULT_BAND_ELEVATIONS: BandElevations = Object.freeze({
  grounded: 0,
  low: 25,
  mid: 50,
  high: 100,
  ceiling: 150,
});

/** The setting's text for a set of elevations: five numbers, grounded first, separated by commas. */
export function formatBandElevations(values: BandElevations): string {
  return ALTITUDES.map((band) => String(values[band])).join(", ");
}

/**
 * Reads the setting's text: five finite numbers, strictly rising from grounded to ceiling. Anything else is
 * undefined, so the caller keeps the defaults and tells the GM.
 */
export function parseBandElevations(text: unknown): BandElevations | undefined {
  if (typeof text !== "string") return undefined;
  const parts = text.split(",").map((part) => part.trim());
  if (parts.length !== ALTITUDES.length || parts.some((part) => part.length === 0)) return undefined;
  const numbers = parts.map(Number);
  if (numbers.some((n) => !Number.isFinite(n))) return undefined;
  if (numbers.some((n, i) => i > 0 && n <= (numbers[i - 1] as number))) return undefined;
  return Object.freeze(Object.fromEntries(ALTITUDES.map((band, i) => [band, numbers[i] as number]))) as BandElevations;
}

/** The elevation a band puts a token at. */
export function elevationForBand(band: Altitude, values: BandElevations = DEFAULT_BAND_ELEVATIONS): number {
  return values[band];
}

/**
 * The band a hand-set elevation belongs to: the band whose elevation is nearest, the lower one on a tie; below
 * the ground is grounded and above the ceiling is ceiling.
 */
export function bandForElevation(elevation: number, values: BandElevations = DEFAULT_BAND_ELEVATIONS): Altitude {
  if (!Number.isFinite(elevation)) return "grounded";
  let best: Altitude = "grounded";
  let bestGap = Infinity;
  for (const band of ALTITUDES) {
    const gap = Math.abs(values[band] - elevation);
    if (gap < bestGap) {
      best = band;
      bestGap = gap;
    }
  }
  return best;
}

/** A token on the scene that stands for a combatant: its id, its combatant, its elevation now. */
export interface CombatToken {
  tokenId: string;
  combatantId: string;
  elevation: number;
}

/**
 * The elevations to write so every token matches its combatant's band; a token already at its band's
 * elevation, or one whose combatant is not on the board, is left alone (so nothing is written twice).
 */
export function elevationUpdates(
  altitudes: Readonly<Record<string, Altitude>>,
  tokens: readonly CombatToken[],
  values: BandElevations = DEFAULT_BAND_ELEVATIONS,
): { tokenId: string; elevation: number }[] {
  const updates: { tokenId: string; elevation: number }[] = [];
  for (const token of tokens) {
    const band = altitudes[token.combatantId];
    if (band === undefined) continue;
    const elevation = values[band];
    if (token.elevation !== elevation) updates.push({ tokenId: token.tokenId, elevation });
  }
  return updates;
}

/** The band a hand-set elevation moves the combatant to, or undefined when it stays in the band it is in. */
export function bandChangeForElevation(
  current: Altitude,
  elevation: number,
  values: BandElevations = DEFAULT_BAND_ELEVATIONS,
): Altitude | undefined {
  const band = bandForElevation(elevation, values);
  return band === current ? undefined : band;
}
