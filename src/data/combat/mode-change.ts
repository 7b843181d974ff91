/**
 * When the GM may change a combat's round mode (docs/COMBAT.md): before the skirmish starts, or between rounds (this
 * round's End Phase resolved, the next round not yet begun). Mid-round the plan being walked belongs to the old
 * mode, so a change is refused. The new mode's plan is built when the next round begins (round-driver beginRound).
 * Pure: the combat's document class enforces it in _preUpdate, the tracker's banner asks it before offering the
 * choice.
 */
import { ROUND_MODES } from "../../rules/round-plan";
import type { RoundMode } from "../../rules/round-plan";

/** Where the combat stands, as the check needs it. */
export interface ModeMoment {
  /** Foundry's round: 0 before the skirmish starts. */
  round: number;
  /** This round's End Phase has been resolved. */
  endPhaseDone: boolean;
  /** The GM ended the skirmish. */
  ended: boolean;
}

/** The en.json keys of the refusals. */
export const MODE_CHANGE_REASONS = Object.freeze({
  Unknown: "AOD.Combat.Mode.Errors.Unknown",
  MidRound: "AOD.Combat.Mode.Errors.MidRound",
  Ended: "AOD.Combat.Mode.Errors.Ended",
});

/** Whether the mode may be changed now at all (whatever it is changed to). */
export function modeChangeOpen(moment: ModeMoment): boolean {
  if (moment.ended) return false;
  return moment.round <= 0 || moment.endPhaseDone;
}

/**
 * Why a change of mode from `from` to `to` is refused now, as an en.json key; null when it is allowed. Setting the
 * mode it already has is always allowed (nothing changes).
 */
export function modeChangeRefusal(moment: ModeMoment, from: RoundMode, to: unknown): string | null {
  if (typeof to !== "string" || !(ROUND_MODES as readonly string[]).includes(to)) return MODE_CHANGE_REASONS.Unknown;
  if (to === from) return null;
  if (moment.ended) return MODE_CHANGE_REASONS.Ended;
  return modeChangeOpen(moment) ? null : MODE_CHANGE_REASONS.MidRound;
}
