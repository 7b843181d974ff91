/**
 * The combat cards' data (what the active GM stores on the message) and their context builders: initiative,
 * combat events, End Phase and surprise. Builders are pure: the words come through an injected `format`
 * (game.i18n.format in Foundry, the real en.json in tests), the template renders only what they return.
 */
import type { CombatEventResult } from "../../rules/combat-events";
import { END_PHASE_LOG } from "../../rules/procedures/end-phase";
import type { FallReport } from "../../rules/procedures/end-phase";
import type { RoundMode } from "../../rules/round-plan";
import type { LogEntry } from "../../rules/state";
import type { SurpriseCardData } from "../../data/combat/surprise-round";
import type { StoredSkirmish } from "../../data/combat/stored";
import type { Format } from "../format";
import { dieViews, faceViews } from "../dice/pool-result";
import { statusNameKey } from "../../constants/status-effects";
import { PNEUMA_TIE_TN } from "../../rules/initiative";

/** One die shown on a card (templates/core/dice/dice-faces.hbs draws it). */
export type { DieView } from "../dice/pool-result";

// ---------------------------------------------------------------------------------------------------------------
// Initiative

/** What the initiative card stores: the Pneuma order with its tie checks, or the sides' d10 rolls. */
export interface InitiativeCardData {
  mode: RoundMode;
  round: number;
  tieTN: number;
  order: { id: string; name: string; pneuma: number }[];
  /** `tn`: the TN that check was rolled at, when a power changes it for its combatant (absent on older cards: `tieTN`). */
  checks: { id: string; dice: number[]; successes: number; tn?: number }[];
  sides: { side: string; history: number[]; shift: number }[];
  events: number;
  /** Events the world's cap per round left undrawn (absent on older cards: none). */
  skipped?: number;
  /** The cap in force when the card was made (0: none). */
  cap?: number;
}

/**
 * The tie checks as the initiative card stores them, each with the TN it was rolled at (000 "Initiative": TN 6 "though
 * certain specific special powers can change this": `tieTNOf` is a combatant's own, from its actor's flag), and the
 * card's `tieTN`: the one TN every check used, else the rules' default.
 */
export function tieChecksWithTN(
  checks: readonly { id: string; dice: readonly number[]; successes: number }[],
  tieTNOf: (id: string) => number | undefined,
): { tieTN: number; checks: InitiativeCardData["checks"] } {
  const withTN = checks.map((c) => ({ id: c.id, dice: [...c.dice], successes: c.successes, tn: tieTNOf(c.id) ?? PNEUMA_TIE_TN }));
  const tns = new Set(withTN.map((c) => c.tn));
  const only = tns.size === 1 ? [...tns][0] : undefined;
  return { tieTN: only ?? PNEUMA_TIE_TN, checks: withTN };
}

/** The initiative card's context. */
export function initiativeCardContext(data: InitiativeCardData, format: Format) {
  const sideMode = data.mode === "sideD10";
  // A combatant's tie-break checks sit under its own row: the first is its tie-break, each later one a re-roll.
  const checksOf = (id: string) =>
    data.checks
      .filter((c) => c.id === id)
      .map((c, i) => ({
        label: i === 0 ? format("AOD.Combat.Card.TieBreak") : format("AOD.Combat.Card.Reroll", { count: i + 1 }),
        dice: dieViews(c.dice, c.tn ?? data.tieTN),
        successes: c.successes,
        result: format("AOD.Combat.Card.Successes", { successes: c.successes }),
      }));
  return {
    title: format(sideMode ? "AOD.Combat.Card.SideInitiative" : "AOD.Combat.Card.PneumaOrder", { round: data.round }),
    sideMode,
    order: data.order.map((o, i) => ({ place: i + 1, name: o.name, detail: format("AOD.Combat.Card.Pneuma", { pneuma: o.pneuma }), checks: checksOf(o.id) })),
    hasChecks: data.checks.length > 0,
    tieNote: tieNote(data, format),
    sides: [...data.sides]
      .sort((a, b) => (b.history.at(-1) ?? 0) - (a.history.at(-1) ?? 0))
      .map((s, i) => ({
        place: i + 1,
        side: s.side,
        dice: faceViews(s.history, 10),
        rollsLabel: format("AOD.Combat.Card.SideRolls", { side: s.side }),
        final: s.history.at(-1) ?? 0,
        phase: format(s.shift < 0 ? "AOD.Combat.Card.PhaseEarlier" : s.shift > 0 ? "AOD.Combat.Card.PhaseLater" : "AOD.Combat.Card.PhaseOwn"),
        shifted: s.shift !== 0,
      })),
    events: data.events > 0 ? format(data.events === 1 ? "AOD.Combat.Card.EventsDrawnOne" : "AOD.Combat.Card.EventsDrawn", { count: data.events }) : "",
    skipped:
      (data.skipped ?? 0) > 0
        ? format("AOD.Combat.Card.EventsSkipped", { skipped: data.skipped ?? 0, drawn: data.events - (data.skipped ?? 0), cap: data.cap ?? 0 })
        : "",
  };
}

/** The heading line of the tie checks: the TN they were rolled at, or each TN when a power made them differ. */
function tieNote(data: InitiativeCardData, format: Format): string {
  if (data.checks.length === 0) return "";
  const tns = [...new Set(data.checks.map((c) => c.tn ?? data.tieTN))].sort((a, b) => a - b);
  if (tns.length === 1) return format("AOD.Combat.Card.TieNote", { tn: tns[0] ?? data.tieTN });
  return format("AOD.Combat.Card.TieNoteMixed", { tns: tns.map((tn) => format("AOD.Combat.Card.TieTN", { tn })).join(", ") });
}

// ---------------------------------------------------------------------------------------------------------------
// Combat events

/** One event as the card stores it: the engine's result (or a custom table's text) with names resolved. */
export interface EventCardEntry {
  roll: number;
  /** The engine's event id, or "custom" for a result drawn from a GM's own table. */
  event: CombatEventResult["event"] | "custom";
  /** en.json key of the effect (engine events); "" for a custom table result. */
  key: string;
  /** A custom table's result text (its description, else its name). */
  text: string;
  /** A custom table's result name, when it has one (older cards: none). */
  name?: string;
  combatant: string | null;
  affected: string[];
}

/** What the combat event card stores. */
export interface EventCardData {
  round: number;
  table: string;
  events: EventCardEntry[];
}

const ENTITIES: Readonly<Record<string, string>> = Object.freeze({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " });

/**
 * A table result's text as the event card shows it: a result's description is HTML, which the card prints as
 * text, so its tags go, a content link `@UUID[...]{Label}` (or `@Type[...]{Label}`) becomes its label, the common
 * entities are decoded and the spaces folded.
 */
export function resultText(html: string): string {
  return html
    .replace(/@\w+\[[^\]]*\]\{([^}]*)\}/g, "$1")
    .replace(/@\w+\[([^\]]*)\]/g, "$1")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? "")
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/\s+/g, " ")
    .trim();
}

const EVENT_NAME_KEYS: Readonly<Record<string, string>> = Object.freeze({
  armourTrouble: "AOD.CombatEvents.ArmourTrouble.Name",
  gustingWind: "AOD.CombatEvents.GustingWind.Name",
  thermal: "AOD.CombatEvents.Thermal.Name",
  downdraught: "AOD.CombatEvents.Downdraught.Name",
  lowCloud: "AOD.CombatEvents.LowCloud.Name",
  dustAndSmoke: "AOD.CombatEvents.DustAndSmoke.Name",
  blindingSun: "AOD.CombatEvents.BlindingSun.Name",
  stampede: "AOD.CombatEvents.Stampede.Name",
  looseMount: "AOD.CombatEvents.LooseMount.Name",
  wingCramp: "AOD.CombatEvents.WingCramp.Name",
  nothing: "AOD.CombatEvents.Nothing.Name",
});

/** The combat event card's context. */
export function eventCardContext(data: EventCardData, names: Readonly<Record<string, string>>, format: Format) {
  return {
    title: format("AOD.Combat.Card.Events", { round: data.round }),
    table: data.table,
    events: data.events.map((e) => ({
      roll: e.roll,
      dice: faceViews([e.roll], 20),
      name:
        e.event === "custom"
          ? resultText(e.name ?? "") || format("AOD.Combat.Card.CustomEvent")
          : format(EVENT_NAME_KEYS[e.event] ?? "AOD.CombatEvents.Nothing.Name"),
      effect: e.event === "custom" ? resultText(e.text) : format(e.key),
      who: e.affected.length > 0 ? format("AOD.Combat.Card.Affected", { names: e.affected.map((id) => names[id] ?? id).join(", ") }) : "",
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// End Phase

/** What the End Phase undo restores: the stored skirmish and each combatant's wounds before it. */
export interface EndPhaseUndo {
  skirmish: StoredSkirmish;
  wounds: Record<string, number>;
}

/** What the End Phase card stores. */
export interface EndPhaseCardData {
  round: number;
  surface: string;
  falls: FallReport[];
  log: LogEntry[];
  undo: EndPhaseUndo;
}

const CAUSE_KEYS: Readonly<Record<string, string>> = Object.freeze({
  pinned: "AOD.Combat.Card.Cause.pinned",
  severelyInjured: "AOD.Combat.Card.Cause.severelyInjured",
  dead: "AOD.Combat.Card.Cause.dead",
  choseToFall: "AOD.Combat.Card.Cause.choseToFall",
  cannotFly: "AOD.Combat.Card.Cause.cannotFly",
  carrier: "AOD.Combat.Card.Cause.carrier",
});

/** Whether the End Phase's log says this crash changed the combatant's health. */
function changedHealth(log: readonly LogEntry[], name: string, state: string): boolean {
  const key = state === "dead" ? END_PHASE_LOG.Killed : state === "severelyInjured" ? END_PHASE_LOG.SeverelyInjured : "";
  return key !== "" && log.some((entry) => entry.key === key && entry.data?.name === name);
}

/** The End Phase card's context; `canUndo` when the viewer is a GM and the card is still the round's last. */
export function endPhaseCardContext(data: EndPhaseCardData, format: Format, state: { canUndo: boolean; undone: boolean }) {
  const altitude = (a: string): string => format(`AOD.Choices.altitude.${a}`);
  return {
    title: format("AOD.Combat.Card.EndPhase", { round: data.round }),
    surface: format("AOD.Combat.Card.Surface", { surface: format(`AOD.Choices.surface.${data.surface}`) }),
    falls: data.falls.map((f) => ({
      name: f.name,
      fall: format("AOD.Combat.Card.Fell", { from: altitude(f.from), to: altitude(f.to) }),
      cause: format(CAUSE_KEYS[f.cause] ?? "AOD.Combat.Card.Cause.choseToFall"),
      crash: f.crash
        ? {
            dice: dieViews(f.crash.dice, f.crash.tn),
            summary: format("AOD.Combat.Card.Crash", {
              pool: f.crash.pool,
              tn: f.crash.tn,
              successes: f.crash.successes,
              armour: f.crash.armour,
              damage: f.crash.damage,
            }),
            // Only a change of health is news: the engine logs it when the crash made it.
            state: changedHealth(data.log, f.name, f.crash.woundState) ? format(`AOD.Combat.Card.Health.${f.crash.woundState}`) : "",
          }
        : null,
      // A death or a severe injury is the fall's headline, in the sheets' health words.
      headline: f.crash && changedHealth(data.log, f.name, f.crash.woundState) ? format(statusNameKey(f.crash.woundState)) : "",
    })),
    none: data.falls.length === 0 ? format("AOD.Rules.Log.NoFalls") : "",
    expired: format("AOD.Combat.Card.Expired"),
    canUndo: state.canUndo && !state.undone,
    undone: state.undone ? format("AOD.Combat.Card.Undone") : "",
    undoLabel: format("AOD.Combat.Card.Undo"),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Surprise

/** The surprise card's context. */
export function surpriseCardContext(data: SurpriseCardData, format: Format) {
  return {
    title: format(data.kind === "ambush" ? "AOD.Combat.Surprise.AmbushTitle" : "AOD.Combat.Surprise.SurpriseTitle"),
    ambusherDice: data.ambusher ? faceViews([data.ambusher.roll], 10) : [],
    ambusher: data.ambusher
      ? format(data.ambusher.failed ? "AOD.Combat.Surprise.AmbushFailed" : "AOD.Combat.Surprise.AmbushChance", {
          side: data.ambusher.side,
          roll: data.ambusher.roll,
          agility: data.ambusher.agility,
          modifier: data.ambusher.modifier,
          chance: data.ambusher.chance,
        })
      : "",
    rolls: data.rolls.map((r) => ({
      side: r.side,
      dice: faceViews([r.roll], 10),
      total: format("AOD.Combat.Surprise.Roll", { roll: r.roll, agility: r.agility, total: r.roll + r.agility, chance: r.chance }),
      // Surprised and Ambushed are the glossary's status words (AOD.Status); only "acts normally" is the card's own.
      result: format(r.result === "normal" ? "AOD.Combat.Surprise.Result.normal" : `AOD.Status.${r.result === "surprised" ? "Surprised" : "Ambushed"}`),
      css: r.result,
    })),
    personal: (data.personal ?? []).map((p) => format("AOD.Combat.Surprise.Personal", { attacker: p.attacker, target: p.target })),
    meanings: surpriseMeanings(data, format),
    // With the statuses explained one by one, the general line is only the setting's notice that they cost nothing.
    effects: data.costsRoundOne ? "" : format("AOD.Combat.Surprise.NoCost"),
  };
}

/**
 * One line for each status the card gives out (001 "Surprise Roll": ambushed below half the Surprise Chance, or
 * struck from hiding; surprised below it), saying what it means for round 1 (RULES.md "Surprise and ambush"),
 * ambushed first: the status word from the glossary, then its meaning.
 */
function surpriseMeanings(data: SurpriseCardData, format: Format): { status: string; text: string; css: string }[] {
  const results = new Set(data.rolls.map((r) => r.result));
  const out: { status: string; text: string; css: string }[] = [];
  const cost = data.costsRoundOne ? "" : "NoCost";
  if (results.has("ambushed") || (data.personal ?? []).length > 0) {
    out.push({ status: format("AOD.Status.Ambushed"), text: format(`AOD.Combat.Surprise.Meaning.ambushed${cost}`), css: "ambushed" });
  }
  if (results.has("surprised")) out.push({ status: format("AOD.Status.Surprised"), text: format(`AOD.Combat.Surprise.Meaning.surprised${cost}`), css: "surprised" });
  return out;
}
