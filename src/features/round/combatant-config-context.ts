/**
 * The side and speed part of the combatant config (pure): the two fields with what each falls back to when left
 * blank, so the GM sees the default before overriding it; and the tactics it plays in the simulator's forecast and
 * advice. combatant-config.ts gathers the input from the document.
 */
import { defaultSide } from "../../data/combat/combatant-overrides";
import type { OverrideDefaults } from "../../data/combat/combatant-overrides";
import { SIDE_MAX_LENGTH } from "../../data/combat/combatant-overrides";
import { SPEED_CATEGORIES } from "../../rules/speed";
import type { SpeedCategory } from "../../rules/speed";
import { TACTIC_NAMES } from "../../rules/simulator/tactics";
import type { Format } from "../../core/format";
import { tacticsRefused, tacticsSuggestions, tacticsWarning } from "../../core/tactics-warning";
import type { ModuleTactics } from "../../core/tactics-warning";
import { shortName } from "../../core/short-name";

/** The most characters of the default side the empty field shows (shortened in the middle; its hint gives it whole). */
const PLACEHOLDER_NAME = 36;

/** What the part is built from. */
export interface SideSpeedInput extends OverrideDefaults {
  /** The stored overrides ("" = none). */
  side: string;
  speed: SpeedCategory | "";
  /** The viewer may edit (a GM). */
  editable: boolean;
}

/** The side and speed part's context. */
export function sideSpeedContext(input: SideSpeedInput, format: Format) {
  const fallback = defaultSide(input);
  const sideDefault = format(fallback.source === "group" ? "AOD.Combat.Combatant.SideFromGroup" : "AOD.Combat.Combatant.SideFromDisposition", {
    side: fallback.side,
  });
  const actorSpeed = input.actorSpeed === null ? format("AOD.Combat.Combatant.NoActorSpeed") : format(`AOD.Choices.speed.${input.actorSpeed}`);
  const blankSpeed = format("AOD.Combat.Combatant.SpeedFromActor", { speed: actorSpeed });
  const effectiveSide = input.side !== "" ? input.side : fallback.side;
  const effectiveSpeed = input.speed !== "" ? input.speed : (input.actorSpeed ?? "average");
  return {
    legend: format("AOD.Combat.Combatant.Legend"),
    editable: input.editable,
    side: {
      name: "system.side",
      label: format("AOD.Combatant.base.FIELDS.side.label"),
      value: input.side,
      placeholder: shortName(fallback.side, PLACEHOLDER_NAME),
      maxLength: SIDE_MAX_LENGTH,
      hint: sideDefault,
    },
    speed: {
      name: "system.speed",
      label: format("AOD.Combatant.base.FIELDS.speed.label"),
      options: [
        { value: "", label: blankSpeed, selected: input.speed === "" },
        ...SPEED_CATEGORIES.map((s) => ({ value: s, label: format(`AOD.Choices.speed.${s}`), selected: input.speed === s })),
      ],
      hint: format("AOD.Combatant.base.FIELDS.speed.hint"),
    },
    effective: format("AOD.Combat.Combatant.Effective", { side: effectiveSide, speed: format(`AOD.Choices.speed.${effectiveSpeed}`) }),
  };
}

/** What the forecast tactics field is built from. */
export interface TacticsInput {
  /** The stored name ("" = the standard tactics). */
  tactics: string;
  /** The world has a table's tactics module set (docs/SIMULATOR.md "A table's tactics module"). */
  moduleSet: boolean;
  /**
   * What the module offers, when asked (src/core/tactics-warning.ts): its names are suggested and checked. Absent:
   * "unknown" while a module is set; "none" whenever no module is set.
   */
  module?: ModuleTactics;
  editable: boolean;
}

/** What the module offers as far as the field knows. */
export function moduleOf(input: Pick<TacticsInput, "moduleSet" | "module">): ModuleTactics {
  if (!input.moduleSet) return { kind: "none" };
  // A worker's "none" (the path is refused, so the workers know the standard tactics only) stands.
  return input.module ?? { kind: "unknown" };
}

/**
 * The "Tactics in the forecast" field: a select of the standard tactics (blank = "standard"). With a table's
 * tactics module set, a text input instead, offering the standard names, where the GM types a module's name. A
 * stored name the select does not know (a module's, left after the module was unset) stays one of its options, so
 * saving the form never drops it. A name neither standard nor the module's is warned about under the field
 * (`warning`, src/core/tactics-warning.ts), and combatant-config.ts says it again as the GM types.
 */
export function tacticsContext(input: TacticsInput, format: Format) {
  // The options show short names; the hint describes the chosen standard tactics as the autopilot's setting does.
  const label = (name: string): string => format(`AOD.Combat.Combatant.TacticsName.${name}`);
  const known = input.tactics === "" || TACTIC_NAMES.includes(input.tactics);
  const described = format(`AOD.Simulator.Autopilot.Tactics.${input.tactics === "" || !known ? "standard" : input.tactics}`);
  const hint = format(input.moduleSet ? "AOD.Combat.Combatant.TacticsHintModule" : "AOD.Combatant.base.FIELDS.tactics.hint");
  return {
    legend: format("AOD.Combat.Combatant.ForecastLegend"),
    name: "system.tactics",
    label: format("AOD.Combatant.base.FIELDS.tactics.label"),
    hint: known ? `${hint} ${format("AOD.Combat.Combatant.TacticsChosen", { tactics: described })}` : hint,
    editable: input.editable,
    text: input.moduleSet,
    value: input.tactics,
    placeholder: TACTIC_NAMES[0] ?? "",
    // The module's own names (when a worker told them) are offered as they are: they have no en.json label.
    suggestions: tacticsSuggestions(moduleOf(input)).map((t) => ({ value: t, label: TACTIC_NAMES.includes(t) ? label(t) : t })),
    warning: tacticsWarning(input.tactics, moduleOf(input), format),
    refused: tacticsRefused(input.tactics, moduleOf(input)),
    options: [
      { value: "", label: format("AOD.Combat.Combatant.TacticsStandard"), selected: input.tactics === "" },
      ...TACTIC_NAMES.map((t) => ({ value: t, label: label(t), selected: input.tactics === t })),
      ...(known ? [] : [{ value: input.tactics, label: format("AOD.Combat.Combatant.TacticsOther", { name: input.tactics }), selected: true }]),
    ],
  };
}
