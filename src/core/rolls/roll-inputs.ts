/** Reads the roll dialog's form values (strings and a checkbox) into the dialog's state. Pure, tested. */
import { choiceFromValue } from "./roll-dialog-context";
import type { CheckChoice } from "../../data/check/check-source";

/** What the player set in the dialog. */
export interface RollInputs {
  readonly choice: CheckChoice;
  /** As typed: an empty field is 0; anything that is not a whole number is refused later by planCheck. */
  readonly extraDice: number;
  readonly tnShift: number;
  readonly rollMode: string;
  readonly killerBlow: boolean;
}

/** The form's raw values by input name. */
export interface RollFormValues {
  readonly check?: string;
  readonly extraDice?: string;
  readonly tnShift?: string;
  readonly rollMode?: string;
  readonly killerBlow?: boolean;
}

function number(text: string | undefined): number {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? 0 : Number(trimmed);
}

/** Turns the form's values into inputs; `fallbackRollMode` when the select is missing or empty. */
export function readRollInputs(values: RollFormValues, fallbackRollMode: string): RollInputs {
  return {
    choice: choiceFromValue(values.check ?? "soma"),
    extraDice: number(values.extraDice),
    tnShift: number(values.tnShift),
    rollMode: values.rollMode !== undefined && values.rollMode !== "" ? values.rollMode : fallbackRollMode,
    killerBlow: values.killerBlow === true,
  };
}
