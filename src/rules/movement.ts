/** Tactical movement allowances (000 "Manoeuvres", RULES.md "Movement"). */
import { ALTITUDES } from "./bands";
import type { Altitude } from "./types";
import { assertBoolean, assertOneOf, assertRecord, optionalBoolean } from "./validate";

/** How far one kind of move may take a combatant: distance steps and altitude steps. */
export interface MoveSteps {
  distance: number;
  altitude: number;
}

/** What a combatant may do in the tactical movement phase with a standard move and with a full move. */
export interface MovementAllowance {
  standard: MoveSteps;
  full: MoveSteps;
}

/** The facts about a mover that decide its allowance. */
export interface Mover {
  canFly: boolean;
  altitude: Altitude;
  fastGround?: boolean;
  pinned?: boolean;
  severelyInjured?: boolean;
}

function steps(distance: number, altitude: number): MoveSteps {
  return { distance, altitude };
}

/**
 * The standard and full move a combatant may make this round (000 "Manoeuvres").
 * A full move replaces every other action that round; the caller records that with the fullMove flag.
 */
export function movementAllowance(input: Mover): MovementAllowance {
  const m = assertRecord("mover", input);
  const canFly = assertBoolean("mover.canFly", m.canFly);
  const altitude = assertOneOf("mover.altitude", m.altitude, ALTITUDES);
  const fastGround = optionalBoolean("mover.fastGround", m.fastGround);
  const pinned = optionalBoolean("mover.pinned", m.pinned);
  const severelyInjured = optionalBoolean("mover.severelyInjured", m.severelyInjured);

  // 000 Manoeuvres: a pinned combatant makes no tactical movement; 000 Severe injury: nor does the injured.
  if (pinned || severelyInjured) return { standard: steps(0, 0), full: steps(0, 0) };

  // Fast ground troops (cavalry) cover one distance step as a standard move, and one more with a full move.
  const ground = fastGround ? { standard: steps(1, 0), full: steps(2, 0) } : { standard: steps(0, 0), full: steps(1, 0) };

  // 000 "Falling out of the Sky", "Catching": a non-flyer left in the air has no ground under it to walk on.
  if (!canFly && altitude !== "grounded") return { standard: steps(0, 0), full: steps(0, 0) };
  if (!canFly) return ground; // non-flyers never change altitude
  // 000 Manoeuvres: standard aerial move one step of each, full aerial move two of each.
  if (altitude !== "grounded") return { standard: steps(1, 1), full: steps(2, 2) };
  // RULES.md: taking off is a full aerial move; on the ground a flyer moves as ground troops do with a standard move.
  return { standard: ground.standard, full: steps(2, 2) };
}

/** `movementAllowance`'s answers for a mover neither pinned nor severely injured, by flying, fast ground and band. */
const allowances: (Readonly<MovementAllowance> | undefined)[] = [];

/**
 * The allowance of a mover neither pinned nor severely injured (what the move procedures ask: they refuse the
 * pinned and the injured first), as `movementAllowance` gives it, one frozen answer shared per combination
 * instead of a new one per move (a simulator hot path). An unknown band goes to `movementAllowance`'s checks.
 */
export function freeMoverAllowance(canFly: boolean, altitude: Altitude, fastGround: boolean): Readonly<MovementAllowance> {
  const band = ALTITUDES.indexOf(altitude);
  if (band < 0) return movementAllowance({ canFly, altitude, fastGround });
  const slot = ((canFly ? 2 : 0) + (fastGround ? 1 : 0)) * ALTITUDES.length + band;
  let known = allowances[slot];
  if (known === undefined) {
    const made = movementAllowance({ canFly, altitude, fastGround });
    known = Object.freeze({ standard: Object.freeze(made.standard), full: Object.freeze(made.full) });
    allowances[slot] = known;
  }
  return known;
}
