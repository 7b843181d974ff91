/**
 * The stored shape of a Combat's and a Combatant's `system` data (docs/COMBAT.md), as plain JSON types with their
 * defaults, and the pure repair of a source saved by an older version. combat-model.ts builds Foundry fields that
 * hold exactly this; snapshot.ts and updates.ts translate it to and from the engine. Pure: no Foundry globals.
 */
import { ALTITUDES, DISTANCES } from "../../rules/bands";
import { SURFACES } from "../../rules/falling";
import { ROUND_MODES } from "../../rules/round-plan";
import type { RoundMode, RoundStep, StepKind } from "../../rules/round-plan";
import { SPEED_CATEGORIES, SPEED_PHASES } from "../../rules/speed";
import type { SpeedCategory } from "../../rules/speed";
import { ROUND_EFFECTS, freshRoundFlags } from "../../rules/state";
import type { CombatantState, RoundEffect, RoundFlag } from "../../rules/state";
import type { Altitude, Distance, Surface } from "../../rules/types";

/** The version of the stored combat layout; migrateCombatSource brings older sources up to it. */
export const COMBAT_SCHEMA_VERSION = 1;

/**
 * Where a combatant is in the skirmish and what it has done this round (one entry per Combatant id): the engine's
 * CombatantState without the actor's part (rules/state.ts documents each field).
 */
export type StoredPlace = Pick<CombatantState, "altitude" | RoundFlag | "roundEffects">;

/** A landmark the GM placed (000 "Stationary Landmarks"). */
export interface StoredLandmark {
  name: string;
  altitude: Altitude;
}

/**
 * The engine's SkirmishState without the actor data: places per combatant id, landmarks per id, distances as
 * sparse pairs keyed by `pairKey` (a missing pair is long distance), grapple pair keys, carrier -> carried.
 */
export interface StoredSkirmish {
  combatants: Record<string, StoredPlace>;
  landmarks: Record<string, StoredLandmark>;
  distances: Record<string, Distance>;
  grapples: string[];
  carrying: Record<string, string>;
  surface: Surface;
}

/** One tie-break check on the initiative card (000 "Default Option"). */
export interface StoredTieCheck {
  id: string;
  dice: number[];
  successes: number;
}

/** The side d10 result of the current round (001 "Initiative"). */
export interface StoredSides {
  order: string[];
  rolls: Record<string, number>;
  phaseShift: Record<string, number>;
  events: number;
}

/**
 * The initiative results: the Pneuma order with the Pneuma each combatant had when it was rolled (the order is
 * kept until a Pneuma changes or a combatant joins), the tie-break checks, the side result in the d10 mode, and
 * the id of the card that shows them.
 */
export interface StoredInitiative {
  order: string[];
  pneuma: Record<string, number>;
  checks: StoredTieCheck[];
  sides: StoredSides | null;
  messageId: string;
}

/**
 * A public declaration (reverse declaration; in secret declaration once revealed, or only the mark that one was
 * made): short text, optional target, the engine's action and the choice it was made from.
 */
export interface StoredDeclaration {
  phase: string;
  text: string;
  target: string;
  /** The engine's DeclaredAction as JSON, or "" for a free-text declaration the GM resolves by hand. */
  action: string;
  /** Set when checkDeclaredAction aborted it at resolution: the en.json reason key. */
  aborted: string;
  /** The declaration dialog's choice as JSON (data/combat/declaration.ts `DeclarationChoice`); "" while sealed. */
  choice: string;
  /** Secret declaration: made but not revealed; every other field is empty (the content is on the GM's client). */
  sealed: boolean;
  /** Resolved by the engine with its group (a simultaneous resolve step): nothing more to do for it. */
  resolved: boolean;
}

/** A combat's `system` data. */
export interface CombatSystemSource {
  version: number;
  mode: RoundMode;
  /** The plan of the current round and where the tracker is in it (RoundCursor, round = the plan's round). */
  plan: RoundStep[];
  cursor: { round: number; index: number };
  initiative: StoredInitiative;
  skirmish: StoredSkirmish;
  /** Public declarations of the current phase by combatant id (secret ones only as a sealed mark until revealed). */
  declarations: Record<string, StoredDeclaration>;
  /** The last round whose End Phase was resolved, and its card (the GM can undo it from there). */
  endPhase: { round: number; messageId: string };
  /** Set once the GM ends the skirmish when everyone has disengaged. */
  ended: boolean;
}

/** A combatant's `system` data: its side for the d10 mode ("" = from its group or token disposition). */
export interface CombatantSystemSource {
  side: string;
  /** The speed category it acts at in the d10 mode ("" = its actor's). */
  speed: SpeedCategory | "";
  /** The name of the tactics it plays in the simulator's forecast and advice ("" = the standard ones). */
  tactics: string;
}

/** Phase names a stored step may carry: 000's three and 001's speed phases. */
export const STEP_PHASES: readonly string[] = Object.freeze(["movement", "battle", "end", ...SPEED_PHASES]);

/** Step kinds a stored step may carry. */
export const STEP_KINDS: readonly StepKind[] = Object.freeze(["declare", "resolve", "act", "end", "start"]);

/** A place for a combatant that has none yet: flyers at mid altitude, where dragons usually fly; others grounded. */
export function defaultPlace(canFly: boolean): StoredPlace {
  return { altitude: canFly ? "mid" : "grounded", ...freshRoundFlags() };
}

/** The system data of a new combat in the given mode on the given ground. */
export function defaultCombatSystem(mode: RoundMode = "descending", surface: Surface = "normal"): CombatSystemSource {
  return {
    version: COMBAT_SCHEMA_VERSION,
    mode,
    plan: [],
    cursor: { round: 0, index: 0 },
    initiative: { order: [], pneuma: {}, checks: [], sides: null, messageId: "" },
    skirmish: { combatants: {}, landmarks: {}, distances: {}, grapples: [], carrying: {}, surface },
    declarations: {},
    endPhase: { round: 0, messageId: "" },
    ended: false,
  };
}

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === "object" && value !== null && !Array.isArray(value);
const oneOf = <T extends string>(value: unknown, allowed: readonly T[]): value is T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value);

/** Round mode names written by early builds, mapped to today's. */
const OLD_MODES: Readonly<Record<string, RoundMode>> = Object.freeze({
  pneuma: "descending",
  default: "descending",
  reverse: "reverseDeclaration",
  secret: "secretDeclaration",
  d10: "sideD10",
  side: "sideD10",
});

/**
 * Brings a combat `system` source (or an update diff of one) saved by an older version up to this layout, in
 * place, converting only what is present (Foundry also runs this on update diffs):
 * - `mode` written with an early name ("pneuma", "reverse", "secret", "d10") becomes today's name;
 * - a top-level `altitudes` record (id -> band) moves into `skirmish.combatants.<id>.altitude`;
 * - `distances` as an array of `{ a, b, distance }` (or a top-level one) becomes the sparse pair record;
 * - a top-level `surface`, `grapples` or `carrying` moves into `skirmish`;
 * - `phase`/`step` numbers of the first layout become `cursor.index` when no cursor is given.
 * Values that cannot be used are dropped, and the field's default applies. Returns the same object.
 */
export function migrateCombatSource(source: Plain): Plain {
  if (typeof source.mode === "string" && !oneOf(source.mode, ROUND_MODES)) {
    const renamed = OLD_MODES[source.mode];
    if (renamed) source.mode = renamed;
    else delete source.mode;
  }
  const moves = ["altitudes", "distances", "surface", "grapples", "carrying"].some((key) => key in source);
  if (moves) {
    const skirmish: Plain = isPlain(source.skirmish) ? source.skirmish : (source.skirmish = {});
    if (isPlain(source.altitudes)) {
      const places: Plain = isPlain(skirmish.combatants) ? skirmish.combatants : (skirmish.combatants = {});
      for (const [id, altitude] of Object.entries(source.altitudes)) {
        if (!oneOf(altitude, ALTITUDES)) continue;
        const place: Plain = isPlain(places[id]) ? places[id] : (places[id] = {});
        place.altitude ??= altitude;
      }
    }
    delete source.altitudes;
    for (const key of ["surface", "grapples", "carrying"] as const) {
      if (key in source) {
        if (!(key in skirmish)) skirmish[key] = source[key];
        Reflect.deleteProperty(source, key);
      }
    }
    if ("distances" in source) {
      if (!("distances" in skirmish)) skirmish.distances = source.distances;
      delete source.distances;
    }
  }
  if (isPlain(source.skirmish)) {
    const skirmish = source.skirmish;
    if (Array.isArray(skirmish.distances)) skirmish.distances = distancesFromList(skirmish.distances);
    if (typeof skirmish.surface === "string" && !oneOf(skirmish.surface, SURFACES)) delete skirmish.surface;
  }
  const step = typeof source.step === "number" ? source.step : undefined;
  if (step !== undefined && !("cursor" in source) && Number.isInteger(step) && step >= 0) {
    source.cursor = { index: step };
  }
  delete source.step;
  delete source.phase;
  return source;
}

/** Early builds kept distances as a list of `{ a, b, distance }`; the pair key puts the smaller id first. */
function distancesFromList(list: readonly unknown[]): Record<string, Distance> {
  const out: Record<string, Distance> = {};
  for (const entry of list) {
    if (!isPlain(entry)) continue;
    const { a, b, distance } = entry;
    if (typeof a !== "string" || typeof b !== "string" || a === b || a === "" || b === "") continue;
    if (!oneOf(distance, DISTANCES)) continue;
    out[a < b ? `${a}|${b}` : `${b}|${a}`] = distance;
  }
  return out;
}

/** Whether a string is a stored round effect (guards values read back from documents). */
export function isRoundEffect(value: unknown): value is RoundEffect {
  return oneOf(value, ROUND_EFFECTS);
}

/** Whether a string is a speed category (guards the combatant's speed field). */
export function isSpeedCategory(value: unknown): value is SpeedCategory {
  return oneOf(value, SPEED_CATEGORIES);
}
