/**
 * The side and speed part of the combatant config (pure): the two fields with what each falls back to when left
 * blank, so the GM sees the default before overriding it. combatant-config.ts gathers the input from the document.
 */
import { defaultSide } from "../../data/combat/combatant-overrides";
import type { OverrideDefaults } from "../../data/combat/combatant-overrides";
import { SIDE_MAX_LENGTH } from "../../data/combat/combatant-overrides";
import { SPEED_CATEGORIES } from "../../rules/speed";
import type { SpeedCategory } from "../../rules/speed";
import type { Format } from "../../core/format";
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
