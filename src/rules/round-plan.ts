/**
 * The round plan: the ordered steps of one combat round, built from the round mode and the initiative
 * results, and a plain cursor (stored on the Combat document) that the combat tracker walks through it.
 *
 * Decisions:
 * - Every mode ends with one `end` step listing every living combatant: the End Phase processing (falls,
 *   crashes, flags that last a round). Before it each combatant gets its End Phase actions (000 "End Phase
 *   Actions") as in the other phases: an `act` step in Pneuma order in "descending", declare and resolve steps
 *   in the two declaration modes.
 * - Dead combatants get no step; severely injured ones get no movement or battle step (but keep End Phase
 *   actions); surprised ones get no step at all in round 1 (RULES.md "Surprise and ambush").
 * - "sideD10" (001): a `start` step in the Starting phase (initiative, combat events), then each speed phase
 *   in which someone acts. Within a speed phase each side acts as one group step, sides in initiative order,
 *   members in input order; inside its step a combatant makes its tactical move, then its battle action
 *   (000's Movement and Battle Phases folded into its speed phase). End of Round is 000's End Phase.
 */
import type { SpeedCategory, SpeedPhase } from "./speed";
import { SPEED_CATEGORIES } from "./speed";
import {
  assertId,
  assertInteger,
  assertList,
  assertNonNegativeInteger,
  assertOneOf,
  assertRecord,
  assertString,
  fail,
  optionalBoolean,
} from "./validate";

/** The ways a round can be run: three from seed 000, the side d10 round from seed 001. */
export type RoundMode = "descending" | "reverseDeclaration" | "secretDeclaration" | "sideD10";

/** Every round mode; "descending" is 000's default. */
export const ROUND_MODES: readonly RoundMode[] = Object.freeze([
  "descending",
  "reverseDeclaration",
  "secretDeclaration",
  "sideD10",
]);

/** The three phases of a seed 000 round. */
export type TacticalPhase = "movement" | "battle" | "end";

/** What happens in a step. */
export type StepKind = "declare" | "resolve" | "act" | "end" | "start";

/** One step of a round: who does what in which phase; `simultaneous` when several share the step. */
export interface RoundStep {
  phase: TacticalPhase | SpeedPhase;
  kind: StepKind;
  combatants: string[];
  simultaneous: boolean;
  /** The side acting, in "sideD10" act steps. */
  side?: string;
}

/** One combatant as the planner sees it. */
export interface PlanCombatant {
  id: string;
  /** Needed by "secretDeclaration". */
  pneuma?: number;
  /** Needed by "sideD10". */
  side?: string;
  /** "sideD10" speed category; "average" when missing. */
  speed?: SpeedCategory;
  dead?: boolean;
  severelyInjured?: boolean;
  /** Surprised (or ambushed) at the start of the combat: no actions in round 1. */
  surprised?: boolean;
}

/** Everything needed to plan one round. */
export interface RoundInput {
  mode: RoundMode;
  /** The round number, from 1. */
  round: number;
  combatants: readonly PlanCombatant[];
  /** The pneumaOrder result, fastest first ("descending" and "reverseDeclaration"). */
  order?: readonly string[];
  /** The sideInitiative result ("sideD10"). */
  sides?: { order: readonly string[]; phaseShift?: Readonly<Record<string, -1 | 0 | 1>> };
}

/** A planned round: plain data, safe to store. */
export interface RoundPlan {
  mode: RoundMode;
  round: number;
  steps: RoundStep[];
}

/** Where the tracker is in a plan: plain and serialisable; `index` equal to the step count means done. */
export interface RoundCursor {
  round: number;
  index: number;
}

const mayAct = (c: PlanCombatant, round: number): boolean => !c.dead && !(c.surprised && round === 1);
const mayFight = (c: PlanCombatant, round: number): boolean => mayAct(c, round) && !c.severelyInjured;

function endStep(phase: "end" | "endOfRound", combatants: readonly PlanCombatant[]): RoundStep {
  const living = combatants.filter((c) => !c.dead).map((c) => c.id);
  return { phase, kind: "end", combatants: living, simultaneous: true };
}

const single = (phase: TacticalPhase, kind: StepKind, id: string): RoundStep => ({
  phase,
  kind,
  combatants: [id],
  simultaneous: false,
});

/** Checks that `order` lists every combatant exactly once and returns the combatants in that order. */
function inOrder(input: RoundInput, byId: ReadonlyMap<string, PlanCombatant>): PlanCombatant[] {
  const order = input.order ?? fail("order", "the Pneuma order (an array of ids)", input.order);
  if (order.length !== byId.size || new Set(order).size !== order.length) {
    fail("order", "every combatant id exactly once", order);
  }
  return order.map((id, i) => byId.get(id) ?? fail(`order[${i}]`, "the id of a combatant", id));
}

// 000 "Default Option: Descending Initiative": each acts in turn, fastest first, in every phase.
function descending(input: RoundInput, ordered: readonly PlanCombatant[]): RoundStep[] {
  const steps: RoundStep[] = [];
  for (const phase of ["movement", "battle"] as const) {
    for (const c of ordered) if (mayFight(c, input.round)) steps.push(single(phase, "act", c.id));
  }
  for (const c of ordered) if (mayAct(c, input.round)) steps.push(single("end", "act", c.id));
  return [...steps, endStep("end", ordered)];
}

/** Who takes part in a phase: End Phase actions are open to the severely injured, movement and battle are not. */
const takesPart = (phase: TacticalPhase, c: PlanCombatant, round: number): boolean =>
  phase === "end" ? mayAct(c, round) : mayFight(c, round);

// 000 "Alternative Option: Reverse Declaration": declare slowest first, resolve fastest first.
function reverseDeclaration(input: RoundInput, ordered: readonly PlanCombatant[]): RoundStep[] {
  const steps: RoundStep[] = [];
  for (const phase of ["movement", "battle", "end"] as const) {
    const able = ordered.filter((c) => takesPart(phase, c, input.round));
    for (const c of [...able].reverse()) steps.push(single(phase, "declare", c.id));
    for (const c of able) steps.push(single(phase, "resolve", c.id));
  }
  return [...steps, endStep("end", ordered)];
}

// 000 "Alternative Option: Secret Declaration": everyone declares at once; equal Pneuma resolves together.
function secretDeclaration(input: RoundInput): RoundStep[] {
  input.combatants.forEach((c, i) => {
    if (c.pneuma === undefined) fail(`combatants[${i}].pneuma`, "an integer of 0 or more", c.pneuma);
  });
  const sorted = [...input.combatants].sort((a, b) => (b.pneuma ?? 0) - (a.pneuma ?? 0));
  const steps: RoundStep[] = [];
  for (const phase of ["movement", "battle", "end"] as const) {
    const able = sorted.filter((c) => takesPart(phase, c, input.round));
    if (able.length === 0) continue;
    steps.push({ phase, kind: "declare", combatants: able.map((c) => c.id), simultaneous: able.length > 1 });
    const levels = [...new Set(able.map((c) => c.pneuma ?? 0))];
    for (const level of levels) {
      const group = able.filter((c) => c.pneuma === level).map((c) => c.id);
      steps.push({ phase, kind: "resolve", combatants: group, simultaneous: group.length > 1 });
    }
  }
  return [...steps, endStep("end", input.combatants)];
}

/** 001 "Initiative": a side's speed phase moved by its phase shift, kept within Lightning Fast..Glacially Slow. */
export function shiftedSpeed(speed: SpeedCategory, shift: -1 | 0 | 1): SpeedCategory {
  const index = SPEED_CATEGORIES.indexOf(assertOneOf("speed", speed, SPEED_CATEGORIES));
  const moved = Math.min(SPEED_CATEGORIES.length - 1, Math.max(0, index + shift));
  return SPEED_CATEGORIES[moved] ?? speed;
}

// 001 "Combat Phases": Starting, the speed phases in which someone acts, End of Round.
function sideD10(input: RoundInput): RoundStep[] {
  const sides = parseSides(input.sides);
  const speeds = new Map<string, SpeedCategory>();
  input.combatants.forEach((c, i) => {
    // The dead act no more: a side whose members are all dead rolls no initiative (RULES.md "Side initiative").
    if (!c.dead && (c.side === undefined || !sides.order.includes(c.side))) {
      fail(`combatants[${i}].side`, "one of the sides in the initiative order", c.side);
    }
    speeds.set(c.id, shiftedSpeed(c.speed ?? "average", (c.side === undefined ? undefined : sides.phaseShift[c.side]) ?? 0));
  });
  const living = input.combatants.filter((c) => !c.dead).map((c) => c.id);
  const steps: RoundStep[] = [{ phase: "starting", kind: "start", combatants: living, simultaneous: true }];
  for (const phase of SPEED_CATEGORIES) {
    for (const side of sides.order) {
      const group = input.combatants
        .filter((c) => c.side === side && speeds.get(c.id) === phase && mayFight(c, input.round))
        .map((c) => c.id);
      if (group.length > 0) steps.push({ phase, kind: "act", combatants: group, simultaneous: group.length > 1, side });
    }
  }
  return [...steps, endStep("endOfRound", input.combatants)];
}

type ParsedSides = { order: readonly string[]; phaseShift: Readonly<Record<string, -1 | 0 | 1>> };

/** The side initiative result "sideD10" needs: each side once, and a phase shift of -1, 0 or 1 per side. */
function parseSides(value: unknown): ParsedSides {
  const expected = "the side initiative result ({ order, phaseShift })";
  const sides = assertRecord("sides", value, expected);
  const order = assertList("sides.order", sides.order, expected).map((s, i) => assertString(`sides.order[${i}]`, s));
  if (new Set(order).size !== order.length) fail("sides.order", "each side once", order);
  const shifts = sides.phaseShift === undefined ? {} : assertRecord("sides.phaseShift", sides.phaseShift);
  const phaseShift: Record<string, -1 | 0 | 1> = {};
  for (const [side, shift] of Object.entries(shifts)) {
    if (shift !== -1 && shift !== 0 && shift !== 1) fail(`sides.phaseShift.${side}`, "-1, 0 or 1", shift);
    phaseShift[side] = shift;
  }
  return { order, phaseShift };
}

function parseCombatant(value: unknown, i: number): PlanCombatant {
  const at = `combatants[${i}]`;
  const c = assertRecord(at, value);
  return {
    id: assertId(`${at}.id`, c.id),
    ...(c.pneuma === undefined ? {} : { pneuma: assertNonNegativeInteger(`${at}.pneuma`, c.pneuma) }),
    ...(c.side === undefined ? {} : { side: assertString(`${at}.side`, c.side) }),
    ...(c.speed === undefined ? {} : { speed: assertOneOf(`${at}.speed`, c.speed, SPEED_CATEGORIES) }),
    dead: optionalBoolean(`${at}.dead`, c.dead),
    severelyInjured: optionalBoolean(`${at}.severelyInjured`, c.severelyInjured),
    surprised: optionalBoolean(`${at}.surprised`, c.surprised),
  };
}

/** Parses the public input of `planRound` once; the mode planners then trust its types. */
function parseRoundInput(value: unknown): RoundInput {
  const input = assertRecord("input", value, "a round input object");
  const mode = assertOneOf("mode", input.mode, ROUND_MODES);
  const round = assertInteger("round", input.round);
  if (round < 1) fail("round", "a round number of 1 or more", round);
  const combatants = assertList("combatants", input.combatants).map(parseCombatant);
  const seen = new Set<string>();
  combatants.forEach((c, i) => {
    if (seen.has(c.id)) fail(`combatants[${i}].id`, "a non-empty id that appears once", c.id);
    seen.add(c.id);
  });
  const order =
    input.order === undefined
      ? undefined
      : assertList("order", input.order, "the Pneuma order (an array of ids)").map((id, i) => assertString(`order[${i}]`, id));
  return {
    mode,
    round,
    combatants,
    ...(order === undefined ? {} : { order }),
    ...(input.sides === undefined ? {} : { sides: parseSides(input.sides) }),
  };
}

/** Builds the steps of one round for any mode, skipping those who cannot act (see the file comment). */
export function planRound(value: RoundInput): RoundPlan {
  const input = parseRoundInput(value);
  const { mode, round } = input;
  const byId = new Map(input.combatants.map((c) => [c.id, c]));
  let steps: RoundStep[];
  switch (mode) {
    case "descending":
      steps = descending(input, inOrder(input, byId));
      break;
    case "reverseDeclaration":
      steps = reverseDeclaration(input, inOrder(input, byId));
      break;
    case "secretDeclaration":
      steps = secretDeclaration(input);
      break;
    case "sideD10":
      steps = sideD10(input);
      break;
  }
  return { mode, round, steps };
}

function checkCursor(plan: RoundPlan, value: RoundCursor): number {
  const cursor = assertRecord("cursor", value, "an object { round, index }");
  if (cursor.round !== plan.round) fail("cursor.round", `the plan's round (${plan.round})`, cursor.round);
  const index = assertNonNegativeInteger("cursor.index", cursor.index);
  if (index > plan.steps.length) fail("cursor.index", `at most ${plan.steps.length}`, index);
  return index;
}

/** The cursor at the first step of a plan. */
export function startCursor(plan: RoundPlan): RoundCursor {
  return { round: plan.round, index: 0 };
}

/** The step the cursor points at, or null when the round is complete. */
export function current(plan: RoundPlan, cursor: RoundCursor): RoundStep | null {
  return plan.steps[checkCursor(plan, cursor)] ?? null;
}

/** Whether every step of the round has been walked. */
export function isComplete(plan: RoundPlan, cursor: RoundCursor): boolean {
  return checkCursor(plan, cursor) >= plan.steps.length;
}

/**
 * The cursor one step on (it stays put once complete). When `able` lists who can still act, steps in which
 * none of the listed combatants can (someone died mid-round) are passed over; start and end steps never are.
 */
export function advance(plan: RoundPlan, cursor: RoundCursor, able?: readonly string[]): RoundCursor {
  let index = checkCursor(plan, cursor);
  if (index >= plan.steps.length) return { round: plan.round, index };
  const keep = (step: RoundStep): boolean =>
    able === undefined ||
    step.kind === "start" ||
    step.kind === "end" ||
    step.combatants.some((id) => able.includes(id));
  index += 1;
  for (let step = plan.steps[index]; step !== undefined && !keep(step); step = plan.steps[index]) index += 1;
  return { round: plan.round, index };
}
