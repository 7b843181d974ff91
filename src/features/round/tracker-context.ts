/**
 * The combat tracker's context (pure): the banner (mode, round, phase, step), each turn's markers and altitude,
 * the d10 mode's grouping by speed phase and side, and the GM controls. The tracker class (combat-tracker.ts)
 * gathers the plain input from the combat; the templates render only what this returns.
 */
import { woundState } from "../../rules/health";
import type { RoundMode, RoundStep } from "../../rules/round-plan";
import { shiftedSpeed } from "../../rules/round-plan";
import { SPEED_CATEGORIES } from "../../rules/speed";
import type { SpeedCategory } from "../../rules/speed";
import { carrierOf, isPinned } from "../../rules/state";
import type { SkirmishState } from "../../rules/state";
import type { Surface } from "../../rules/types";
import { SURFACES } from "../../rules/falling";
import { ROUND_MODES } from "../../rules/round-plan";
import { chooseToFall } from "../../rules/procedures/end-phase";
import { readyToAct } from "../../rules/procedures/readiness";
import { modeChangeOpen } from "../../data/combat/mode-change";
import { nameParts } from "../../core/short-name";
import type { Format } from "../../core/format";

/** One combatant as the tracker lists it. */
export interface TrackerTurn {
  id: string;
  name: string;
  img: string;
  side: string;
  speed: SpeedCategory;
  /** It has a public declaration this round (reverse mode) or has answered the secret one (secret mode). */
  declared: boolean;
  /** Its declared action was aborted at resolution: the en.json reason key. */
  aborted: string;
  /** The viewer may see it (core's hidden combatants are left out for players). */
  visible: boolean;
  /** The viewer owns it (core's `combatant.isOwner`): it may mark its fall. Absent: false. */
  owner?: boolean;
  /** Core's hidden flag (the GM's eye toggle). Absent: false. */
  hidden?: boolean;
  /** Core's defeated flag or status (the GM's skull toggle). Absent: false. */
  defeated?: boolean;
  /** Its token is on the viewed scene and the viewer may ping (core's `canPing`). Absent: false. */
  canPing?: boolean;
  /** Its actor's temporary effects with an icon (core's effects icons). Absent: none. */
  effects?: readonly { img: string; name: string }[];
  /** The declaration button the viewer gets on this row (declaration-context.ts `declarationButton`). */
  declaration?: "declare" | "resolve" | null;
}

/** Everything the tracker context is built from. */
export interface TrackerInput {
  mode: RoundMode;
  round: number;
  started: boolean;
  step: RoundStep | null;
  stepIndex: number;
  stepCount: number;
  endPhaseDone: boolean;
  ended: boolean;
  allDisengaged: boolean;
  isGM: boolean;
  state: SkirmishState;
  turns: readonly TrackerTurn[];
  /** The d10 mode's side result this round. */
  sides: { order: readonly string[]; phaseShift: Readonly<Record<string, number>> } | null;
  /** The round's plan (the stored plan the cursor walks): which phases are past, who has had a step. Absent: none. */
  plan?: readonly RoundStep[];
}

/**
 * Core's effects icons for a row, from the actor's temporary effects: those with an image, leaving out the defeated
 * status (core does too) and the system's own statuses, which the row already says in words as markers.
 */
export function trackerEffects(
  effects: readonly { img: string | null | undefined; name: string; statuses: readonly string[] }[],
  markerStatuses: readonly string[],
  defeated: string,
): { img: string; name: string }[] {
  const out: { img: string; name: string }[] = [];
  for (const e of effects) {
    if (e.statuses.includes(defeated)) continue;
    if (e.statuses.length > 0 && e.statuses.every((s) => markerStatuses.includes(s))) continue;
    if (e.img) out.push({ img: e.img, name: e.name });
  }
  return out;
}

/** A marker on a turn: its label (tooltip and screen readers) and its Font Awesome icon, drawn as a small badge. */
export interface Marker {
  id: string;
  label: string;
  icon: string;
}

/** Each marker's icon (Font Awesome Free 6 solid names, which Foundry's own Font Awesome also has). */
const MARKER_ICONS: Readonly<Record<string, string>> = Object.freeze({
  declared: "fa-scroll",
  aborted: "fa-ban",
  moved: "fa-shoe-prints",
  fullMove: "fa-person-running",
  acted: "fa-check",
  choseToFall: "fa-arrow-down",
  pinned: "fa-thumbtack",
  falling: "fa-angles-down",
  carrying: "fa-hand-holding",
  carried: "fa-hand-holding-hand",
  surprised: "fa-exclamation",
  ambushed: "fa-crosshairs",
  severelyInjured: "fa-heart-crack",
  dead: "fa-skull-crossbones",
});

const MARKER_KEYS: Readonly<Record<string, string>> = Object.freeze({
  declared: "AOD.Status.Declared",
  aborted: "AOD.Combat.Tracker.Marker.aborted",
  moved: "AOD.Status.Moved",
  fullMove: "AOD.Status.FullMove",
  acted: "AOD.Status.Acted",
  choseToFall: "AOD.Combat.Tracker.Marker.choseToFall",
  pinned: "AOD.Status.Pinned",
  falling: "AOD.Status.Falling",
  carrying: "AOD.Status.Carrying",
  carried: "AOD.Status.Carried",
  surprised: "AOD.Status.Surprised",
  ambushed: "AOD.Status.Ambushed",
  severelyInjured: "AOD.Status.SeverelyInjured",
  dead: "AOD.Status.Dead",
});

/** The markers a combatant shows, in a fixed order. */
export function markersFor(state: SkirmishState, turn: TrackerTurn, format: Format): Marker[] {
  const c = state.combatants[turn.id];
  const on: string[] = [];
  if (turn.declared) on.push("declared");
  if (turn.aborted !== "") on.push("aborted");
  if (c) {
    if (c.moved && !c.fullMove) on.push("moved");
    if (c.fullMove) on.push("fullMove");
    if (c.acted) on.push("acted");
    if (c.choseToFall) on.push("choseToFall");
    if (isPinned(state, c.id)) on.push("pinned");
    if (c.falling) on.push("falling");
    if (state.carrying[c.id] !== undefined) on.push("carrying");
    if (carrierOf(state, c.id) !== undefined) on.push("carried");
    if (c.roundEffects.includes("surprised")) on.push("surprised");
    if (c.roundEffects.includes("ambushed")) on.push("ambushed");
    const health = woundState(c.life.wounds, c.life.max);
    if (health !== "fit") on.push(health);
  }
  return on.map((id) => ({ id, label: format(MARKER_KEYS[id] ?? id), icon: MARKER_ICONS[id] ?? "fa-circle" }));
}

function phaseLabel(step: Pick<RoundStep, "phase"> | null, format: Format): string {
  if (!step) return "";
  const phase = step.phase;
  if (phase === "movement" || phase === "battle" || phase === "end") return format(`AOD.Combat.Phase.${phase}`);
  if (phase === "starting" || phase === "endOfRound") return format(`AOD.Combat.Phase.${phase}`);
  return format(`AOD.Choices.speed.${phase}`);
}

/** A phase of the round on the banner's phase line: done, now, or still to come. */
export interface PhaseMark {
  label: string;
  state: "past" | "current" | "next";
}

/** The plan's phases in order, each once. */
function planPhases(plan: readonly RoundStep[]): RoundStep["phase"][] {
  const phases: RoundStep["phase"][] = [];
  for (const step of plan) if (!phases.includes(step.phase)) phases.push(step.phase);
  return phases;
}

/** Where the step at `index` stands among the plan's phases (past the last when the plan is walked). */
function phaseAt(plan: readonly RoundStep[], index: number): number {
  const phases = planPhases(plan);
  const current = plan[index]?.phase;
  return current === undefined ? phases.length : phases.indexOf(current);
}

/** The phases the round has left behind at the step at `index`. */
function pastPhases(plan: readonly RoundStep[], index: number): Set<RoundStep["phase"]> {
  return new Set(planPhases(plan).slice(0, phaseAt(plan, index)));
}

/** The round's phases in the plan's order, each marked past, current or next against the step at `index`. */
export function phaseMarks(plan: readonly RoundStep[], index: number, format: Format): PhaseMark[] {
  const at = phaseAt(plan, index);
  return planPhases(plan).map((phase, i) => ({
    label: phaseLabel({ phase }, format),
    state: i < at ? "past" : i === at ? "current" : "next",
  }));
}

/**
 * The banner: led by the phase and whose step it is ("Tactical Movement — Argent Dragon acts"), the mode, round and
 * step count small beneath it, and the round's phases with the past ones dimmed.
 */
export function bannerContext(input: TrackerInput & { hiddenStep?: boolean }, names: ReadonlyMap<string, string>, format: Format) {
  const step = input.step;
  let stepText = "";
  // Who acts together, when several do: a line of its own beneath the lead, so the lead stays short.
  let together = "";
  if (!input.started) stepText = format("AOD.Combat.Tracker.NotStarted");
  else if (input.ended) stepText = format("AOD.Combat.Tracker.Ended");
  else if (input.hiddenStep === true) stepText = format("AOD.Combat.Tracker.HiddenStep");
  else if (!step) stepText = format("AOD.Combat.Tracker.RoundWalked");
  else if (step.kind === "end" && input.endPhaseDone) stepText = format("AOD.Combat.Tracker.EndDone", { round: input.round + 1 });
  else {
    const who = step.combatants.map((id) => names.get(id) ?? id);
    const everyone = step.kind === "end" || step.kind === "start";
    // Several at once (a simultaneous group, a side's speed phase): the lead counts them ("3 resolve together"),
    // the names follow on the small line.
    const many = who.length > 1 && !everyone;
    if (step.side !== undefined) stepText = format("AOD.Combat.Tracker.SideStep", { side: step.side });
    else if (many) stepText = format(`AOD.Combat.Tracker.StepMany.${step.kind}`, { count: who.length });
    else stepText = format(`AOD.Combat.Tracker.Step.${step.kind}`, { who: everyone ? format("AOD.Combat.Tracker.Everyone") : who.join(", ") });
    if (many || (step.side !== undefined && !everyone)) {
      const list = who.join(", ");
      together = step.simultaneous && step.kind === "resolve" ? format("AOD.Combat.Tracker.Simultaneous", { who: list }) : list;
    }
  }
  const live = input.started && !input.ended;
  return {
    mode: format(`AOD.Choices.roundMode.${input.mode}`),
    round: input.started ? format("AOD.Combat.Tracker.Round", { round: input.round }) : "",
    phase: live ? phaseLabel(step, format) : "",
    step: stepText,
    progress: live && step ? format("AOD.Combat.Tracker.Progress", { index: input.stepIndex + 1, count: input.stepCount }) : "",
    together,
    phases: live && input.plan ? phaseMarks(input.plan, input.stepIndex, format) : [],
  };
}

/** One decorated turn. */
export interface TurnView {
  id: string;
  name: string;
  /** The name as the row shows it on one line: the head, cut with an ellipsis when the row is narrow (the tooltip
   * gives the name whole), then its closing numeral, always shown ("II"; "" when none): nameParts. */
  nameHead: string;
  nameTail: string;
  img: string;
  side: string;
  altitude: string;
  /** The altitude in a word or two for the row ("Mid"), the full one in its tooltip. */
  altitudeShort: string;
  /** The altitude's key (grounded, low, mid, high, ceiling), for its colour; "" without an actor. */
  altitudeKey: string;
  markers: Marker[];
  active: boolean;
  defeated: boolean;
  aborted: string;
  /** Core's row classes (active, hide, defeated), so modules that read them keep working. */
  css: string;
  hidden: boolean;
  /** Core's per-combatant buttons this viewer gets, each with its label. */
  controls: RowControl[];
  /**
   * When the row has more than one of core's buttons, they sit in a small menu behind one button, so the name keeps
   * the row's width: the menu's element id (a popover's) and the button's label. Null: the one button shows itself.
   */
  controlsMenu: { id: string; label: string } | null;
  effects: { img: string; name: string }[];
  /** The fall toggle, when this viewer may mark this combatant's fall now. */
  fall: { marked: boolean; label: string; text: string } | null;
  /** The row's Declare or Resolve button: its action name and label, or null. */
  declareButton: { action: string; label: string; icon: string } | null;
  /** Its place in the round's order (1 first), as the tracker's initiative column shows it. */
  order: number;
  /** "Yours" for a player's own combatant, else "". */
  yours: string;
  /** It has had its act or resolve step in the current phase already: the row is dimmed. */
  done: boolean;
}

/** One of core's per-combatant buttons (its data-action is core's, so core's handler runs it). */
export interface RowControl {
  action: "toggleHidden" | "toggleDefeated" | "pingCombatant" | "panToCombatant";
  icon: string;
  label: string;
  active: boolean;
  /** A toggle's aria-pressed ("true" or "false"); null for a button that is not a toggle. */
  pressed: "true" | "false" | null;
}

/**
 * The fall choice a combatant offers now: null when none (the round not open: before the start, after this round's
 * End Phase, once over; or it cannot choose to fall: grounded, dead, carried, no wings), else whether it already
 * chose to. The tracker row's toggle and its context-menu entries both ask this; the GM's ruling asks the rules again.
 */
export function fallOffer(state: SkirmishState, id: string, open: boolean): boolean | null {
  if (!open) return null;
  const c = state.combatants[id];
  if (!c) return null;
  if (c.choseToFall) return true;
  return chooseToFall(state, id).allowed ? false : null;
}

/** Whether the fall toggle is offered: owner or GM, the round open, and falling possible or already chosen. */
function fallView(input: TrackerInput, turn: TrackerTurn, format: Format): TurnView["fall"] {
  if (!input.isGM && turn.owner !== true) return null;
  const marked = fallOffer(input.state, turn.id, input.started && !input.ended && !input.endPhaseDone);
  if (marked === null) return null;
  return {
    marked,
    label: format(marked ? "AOD.Combat.Tracker.FallCancel" : "AOD.Combat.Tracker.FallMark", { name: turn.name }),
    text: format(marked ? "AOD.Combat.Tracker.FallMarked" : "AOD.Combat.Tracker.Fall"),
  };
}

/** Core's per-combatant buttons: hide and defeat for the GM, ping when the token is here, pan for players. */
function rowControls(input: TrackerInput, turn: TrackerTurn, defeated: boolean, format: Format): RowControl[] {
  const out: RowControl[] = [];
  const name = { name: turn.name };
  if (input.isGM) {
    const hidden = turn.hidden === true;
    out.push({ action: "toggleHidden", icon: "fa-eye-slash", label: format(hidden ? "AOD.Combat.Tracker.Control.Show" : "AOD.Combat.Tracker.Control.Hide", name), active: hidden, pressed: hidden ? "true" : "false" });
    out.push({ action: "toggleDefeated", icon: "fa-skull", label: format("AOD.Combat.Tracker.Control.Defeated", name), active: defeated, pressed: defeated ? "true" : "false" });
  }
  if (turn.canPing === true) out.push({ action: "pingCombatant", icon: "fa-bullseye-arrow", label: format("AOD.Combat.Tracker.Control.Ping", name), active: false, pressed: null });
  if (!input.isGM) out.push({ action: "panToCombatant", icon: "fa-arrows-to-eye", label: format("AOD.Combat.Tracker.Control.Pan", name), active: false, pressed: null });
  return out;
}

/** Who has had an act or resolve step in the current phase before the current step. */
function doneThisPhase(input: TrackerInput): Set<string> {
  const done = new Set<string>();
  const plan = input.plan ?? [];
  const phase = input.step?.phase;
  if (!input.started || input.ended || phase === undefined) return done;
  for (const step of plan.slice(0, input.stepIndex)) {
    if (step.phase !== phase || (step.kind !== "act" && step.kind !== "resolve")) continue;
    for (const id of step.combatants) done.add(id);
  }
  return done;
}

function turnView(input: TrackerInput, turn: TrackerTurn, format: Format, order: number, done: ReadonlySet<string>): TurnView {
  const c = input.state.combatants[turn.id];
  const health = c ? woundState(c.life.wounds, c.life.max) : "fit";
  const defeated = health === "dead" || turn.defeated === true;
  // Nobody's step before the skirmish begins or once it is over, whatever step the stored cursor still names.
  const live = input.started && !input.ended;
  const active = live && input.step?.combatants.includes(turn.id) === true && input.step.kind !== "end" && input.step.kind !== "start";
  const hidden = turn.hidden === true;
  const fall = fallView(input, turn, format);
  const controls = rowControls(input, turn, defeated, format);
  return {
    id: turn.id,
    name: turn.name,
    nameHead: nameParts(turn.name).head,
    nameTail: nameParts(turn.name).tail,
    img: turn.img,
    side: turn.side,
    altitude: c ? format(`AOD.Choices.altitude.${c.altitude}`) : format("AOD.Combat.Tracker.NoActor"),
    altitudeShort: c ? format(`AOD.Combat.Tracker.AltitudeShort.${c.altitude}`) : format("AOD.Combat.Tracker.NoActorShort"),
    altitudeKey: c ? c.altitude : "",
    // The fall toggle, when shown, says "Fall ✓" itself: no "Will fall" badge beside it.
    markers: markersFor(input.state, turn, format).filter((m) => m.id !== "choseToFall" || fall === null),
    active,
    defeated,
    aborted: turn.aborted === "" ? "" : format("AOD.Combat.Tracker.Aborted", { reason: format(turn.aborted) }),
    declareButton:
      turn.declaration === "declare"
        ? { action: "aodDeclare", icon: "fa-solid fa-scroll", label: format("AOD.Declare.Tracker.DeclareFor", { name: turn.name }) }
        : turn.declaration === "resolve"
          ? { action: "aodResolve", icon: "fa-solid fa-gavel", label: format("AOD.Declare.Tracker.ResolveFor", { name: turn.name }) }
          : null,
    css: [active ? "active" : "", hidden ? "hide" : "", defeated ? "defeated" : ""].filter((c) => c !== "").join(" "),
    hidden,
    controls,
    controlsMenu: controls.length > 1 ? { id: `aod-row-menu-${turn.id}`, label: format("AOD.Combat.Tracker.Control.Menu", { name: turn.name }) } : null,
    effects: (turn.effects ?? []).map((e) => ({ img: e.img, name: e.name })),
    fall,
    order,
    yours: !input.isGM && turn.owner === true ? format("AOD.Combat.Tracker.Yours") : "",
    done: done.has(turn.id) && !active,
  };
}

/**
 * Why a combatant listed under a speed phase has no step in it (the round planned, alive, in no step of that
 * phase): the rules' own refusal of its action (000 "Severe injury and Death": a severely injured combatant neither
 * moves nor acts; RULES.md "Surprise and ambush" in round 1), as a visible hint and its tooltip. Null when it has a
 * step, or the round has no plan yet.
 */
function noStepIn(input: TrackerInput, view: TurnView, phase: SpeedCategory, format: Format): { text: string; tooltip: string } | null {
  const plan = input.plan;
  const c = input.state.combatants[view.id];
  if (!input.started || input.ended || plan === undefined || plan.length === 0 || !c || view.defeated) return null;
  if (plan.some((step) => step.phase === phase && step.combatants.includes(view.id))) return null;
  const refusal = readyToAct(c);
  if (refusal.allowed) return null;
  const reason = format(refusal.reason);
  return {
    text: format("AOD.Combat.Tracker.NoStep", { reason }),
    tooltip: format("AOD.Combat.Tracker.NoStepTooltip", { name: view.name, phase: format(`AOD.Choices.speed.${phase}`), reason }),
  };
}

/** The d10 mode's groups: every speed phase in which someone acts, and in it each side in initiative order. */
export function speedGroups(input: TrackerInput, views: readonly TurnView[], format: Format) {
  const byId = new Map(views.map((v) => [v.id, v]));
  // The speed phases the round has left behind, shown dimmed.
  const past = pastPhases(input.plan ?? [], input.stepIndex);
  // A side the GM set after this round's roll has no result yet: it follows the rolled sides, unshifted.
  const rolled = input.sides?.order ?? [];
  const sideOrder = [...new Set([...rolled, ...input.turns.map((t) => t.side)])];
  const groups = [];
  for (const phase of SPEED_CATEGORIES) {
    const sides = [];
    for (const side of sideOrder) {
      const shift = input.sides?.phaseShift[side] ?? 0;
      const members = input.turns
        .filter((t) => t.side === side && shiftedSpeed(t.speed, shift === -1 || shift === 1 ? shift : 0) === phase)
        .map((t) => byId.get(t.id))
        .filter((v) => v !== undefined)
        .map((v) => ({ ...v, noStep: noStepIn(input, v, phase, format) }));
      if (members.length > 0) sides.push({ side, members, active: input.step?.phase === phase && input.step.side === side });
    }
    if (sides.length > 0) groups.push({ phase: format(`AOD.Choices.speed.${phase}`), sides, active: input.step?.phase === phase, past: past.has(phase) });
  }
  return groups;
}

/**
 * The GM's main button, following the round: Begin, Next step, Resolve End Phase, Begin round N; none once over.
 * Begin with no combatant yet is shown disabled, with a hint that says how to add some.
 */
export function primaryControl(input: TrackerInput, format: Format): { action: string; text: string; hint?: string } | null {
  if (input.ended) return null;
  if (!input.started && input.turns.length === 0) {
    return { action: "aodBegin", text: format("AOD.Combat.Tracker.Begin"), hint: format("AOD.Combat.Tracker.BeginNoCombatants") };
  }
  if (!input.started) return { action: "aodBegin", text: format("AOD.Combat.Tracker.Begin") };
  if (input.step?.kind === "end" && !input.endPhaseDone) return { action: "aodNextStep", text: format("AOD.Combat.Tracker.ResolveEnd") };
  if (input.step === null || input.endPhaseDone) return { action: "aodNextRound", text: format("AOD.Combat.Tracker.BeginRound", { round: input.round + 1 }) };
  return { action: "aodNextStep", text: format("AOD.Combat.Tracker.NextStep") };
}

/**
 * The round as a player may see it: the combatants hidden from players (core's eye toggle) are left out of the
 * plan's steps, and a step of hidden combatants only is left out whole, so neither a name nor a phase nor the step
 * count gives away that they are there. While such a step is the current one, the player's tracker shows no step
 * (`step` null with `hiddenStep`: the banner says the GM's combatants act). The GM sees the whole round.
 */
export function playerRound(input: TrackerInput): TrackerInput & { hiddenStep: boolean } {
  if (input.isGM) return { ...input, hiddenStep: false };
  const seen = new Set(input.turns.filter((t) => t.visible).map((t) => t.id));
  // The round's start and End Phase are everyone's steps: kept, with the hidden left out of who is in them.
  const shown = (step: RoundStep): RoundStep | null => {
    const combatants = step.combatants.filter((id) => seen.has(id));
    const everyone = step.kind === "start" || step.kind === "end";
    return combatants.length === 0 && !everyone ? null : { ...step, combatants, simultaneous: step.simultaneous && combatants.length > 1 };
  };
  const plan: RoundStep[] = [];
  let stepIndex = -1;
  (input.plan ?? []).forEach((step, i) => {
    const kept = shown(step);
    if (kept === null) return;
    if (i === input.stepIndex) stepIndex = plan.length;
    plan.push(kept);
  });
  const step = input.step === null ? null : shown(input.step);
  const hiddenStep = input.step !== null && step === null;
  // With the step hidden, the phases and groups are marked as they stand at the last step the player saw.
  const at = stepIndex >= 0 ? stepIndex : (input.plan ?? []).slice(0, input.stepIndex).filter((s) => shown(s) !== null).length - 1;
  const hasPlan = input.plan !== undefined;
  return {
    ...input,
    turns: input.turns.filter((t) => t.visible),
    step,
    stepIndex: Math.max(0, at),
    stepCount: hasPlan ? plan.length : input.stepCount,
    ...(hasPlan ? { plan } : {}),
    hiddenStep,
  };
}

/** The whole tracker context for one combat and viewer. */
export function trackerContext(asGiven: TrackerInput, format: Format) {
  const input = playerRound(asGiven);
  const visible = input.turns;
  const names = new Map(visible.map((t) => [t.id, t.name]));
  const done = doneThisPhase(input);
  const views = visible.map((t, i) => turnView(input, t, format, i + 1, done));
  // The current combatant's Declare or Resolve, repeated on the banner (the first active row that offers one).
  const first = views.find((v) => v.active && v.declareButton !== null);
  const current = first?.declareButton ? { ...first.declareButton, id: first.id } : null;
  const grouped = input.mode === "sideD10" && input.started;
  const surface: Surface = input.state.surface;
  return {
    banner: { ...bannerContext(input, names, format), action: current },
    grouped,
    groups: grouped ? speedGroups({ ...input, turns: visible }, views, format) : [],
    turns: views,
    gm: input.isGM
      ? {
          canStep: input.started && !input.ended,
          primary: primaryControl(input, format),
          // "Next round" beside the main button, unless the main button already begins the next round.
          offersNextRound: input.started && !input.ended && primaryControl(input, format)?.action !== "aodNextRound",
          canEndSkirmish: input.started && !input.ended && input.allDisengaged,
          endPhasePending: input.step?.kind === "end" && !input.endPhaseDone,
          surface,
          surfaces: Object.fromEntries(SURFACES.map((s) => [s, format(`AOD.Choices.surface.${s}`)])),
          // Surprise needs two sides to roll for: offered once the combat has combatants.
          canSurprise: !input.started && !input.ended && input.turns.length > 0,
          mode: modeChangeOpen({ round: input.started ? input.round : 0, endPhaseDone: input.endPhaseDone, ended: input.ended })
            ? {
                value: input.mode,
                modes: Object.fromEntries(ROUND_MODES.map((m) => [m, format(`AOD.Choices.roundMode.${m}`)])),
                hint: input.started ? format("AOD.Combat.Tracker.ModeNextRound") : "",
              }
            : null,
        }
      : null,
    labels: {
      previous: format("AOD.Combat.Tracker.PreviousStep"),
      next: format("AOD.Combat.Tracker.NextStep"),
      nextRound: format("AOD.Combat.Tracker.NextRound"),
      resolveEnd: format("AOD.Combat.Tracker.ResolveEnd"),
      endSkirmish: format("AOD.Combat.Tracker.EndSkirmish"),
      surface: format("AOD.Combat.Tracker.Surface"),
      altitude: format("AOD.Combat.Tracker.Altitude"),
      markers: format("AOD.Combat.Tracker.Markers"),
      controls: format("AOD.Combat.Tracker.Controls"),
      surprise: format("AOD.Combat.Tracker.Surprise"),
      mode: format("AOD.Combat.Tracker.Mode"),
      rowControls: format("AOD.Combat.Tracker.RowControls"),
      effects: format("AOD.Combat.Tracker.Effects"),
      phases: format("AOD.Combat.Tracker.Phases"),
      order: format("AOD.Combat.Tracker.OrderLabel"),
    },
  };
}
