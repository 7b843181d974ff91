/**
 * What a roll of the roll pipeline (pipeline.ts) is asked to roll, and its checking. Pure: no Foundry globals, so
 * the checking is tested directly.
 *
 * Two shapes of dice: a pool of d6 against a TN (checks, attacks, defences, damage: a PoolRoll `Nd6cs>=T`), and
 * dice the engine asks for (initiative, the side d10, End Phase, events, surprise, a declaration group: a Roll `Nd6`,
 * `Nd10` or `Nd20`).
 */

/**
 * Every kind of roll the system makes; hooks read it to tell one roll from another: a check; an attack card's
 * attack, defence and damage; the engine's Pneuma initiative, side d10 initiative, End Phase, combat events,
 * surprise, and a secret-declaration group's actions resolved together.
 */
export const ROLL_KINDS = [
  "check",
  "attack",
  "defence",
  "damage",
  "initiative",
  "sideD10",
  "endPhase",
  "event",
  "surprise",
  "declaration",
] as const;

/** One kind of roll (`ROLL_KINDS`). */
export type RollKind = (typeof ROLL_KINDS)[number];

/** A pool of d6, each at or above the TN a success. */
export interface PoolTerms {
  readonly type: "pool";
  readonly pool: number;
  readonly tn: number;
}

/** Dice read for their faces. */
export interface FaceTerms {
  readonly type: "faces";
  readonly count: number;
  readonly faces: number;
}

/** The dice of one roll. */
export type RollTerms = PoolTerms | FaceTerms;

/** The die sizes the engine reads for their faces. */
export const FACE_SIZES: readonly number[] = Object.freeze([6, 10, 20]);

/** A refusal: an en.json key and its values, localised where it is shown. */
export interface RollRefusal {
  readonly key: string;
  readonly data: Readonly<Record<string, string | number>>;
}

/** Terms fit to roll, or why not. */
export type CheckedTerms = { readonly ok: true; readonly terms: RollTerms } | { readonly ok: false; readonly refusal: RollRefusal };

const whole = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);

/**
 * Checks the terms of a roll: the number of dice must be a whole number (below 0 counts as 0, which rolls
 * nothing), a TN a whole number, and dice read for their faces a d6, d10 or d20. The TN is kept as given: the
 * rules count a TN below 2 as 2 and one above 6 as met by no die, and the formula shows the TN that was asked.
 */
export function checkTerms(terms: unknown): CheckedTerms {
  const refuse = (key: string, data: Record<string, string | number>): CheckedTerms => ({ ok: false, refusal: { key, data } });
  if (typeof terms !== "object" || terms === null) return refuse("AOD.Roll.Refusal.BadPool", { pool: String(terms) });
  const t = terms as Record<string, unknown>;
  if (t.type === "pool") {
    if (!whole(t.pool)) return refuse("AOD.Roll.Refusal.BadPool", { pool: String(t.pool) });
    if (!whole(t.tn)) return refuse("AOD.Roll.Refusal.BadTN", { tn: String(t.tn) });
    return { ok: true, terms: { type: "pool", pool: Math.max(0, t.pool), tn: t.tn } };
  }
  if (t.type === "faces") {
    if (!whole(t.count) || !whole(t.faces) || !FACE_SIZES.includes(t.faces)) {
      return refuse("AOD.Roll.Refusal.BadDice", { count: String(t.count), faces: String(t.faces) });
    }
    return { ok: true, terms: { type: "faces", count: Math.max(0, t.count), faces: t.faces } };
  }
  return refuse("AOD.Roll.Refusal.BadPool", { pool: String(t.pool) });
}

/** How many dice the terms roll (0: nothing is rolled). */
export function diceOf(terms: RollTerms): number {
  return terms.type === "pool" ? terms.pool : terms.count;
}

/** The formula of dice read for their faces: `faceFormula(2, 10)` is "2d10". */
export function faceFormula(count: number, faces: number): string {
  return `${count}d${faces}`;
}
