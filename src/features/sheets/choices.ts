/**
 * Options for the sheets' select boxes and list fields: plain data the templates loop over, labelled with the same
 * en.json keys the data models give their choices (`AOD.Choices.<field>.<value>`). Pure: no Foundry globals.
 */
import { choiceLabels } from "../../data/field-plans";

/** One option of a select box. */
export interface SelectOption {
  value: string;
  label: string;
  selected: boolean;
}

/** The options of a choice field named `field`, with `selected` marked. */
export function selectOptions(field: string, choices: readonly string[], selected: string): SelectOption[] {
  const labels = choiceLabels(field, choices);
  return choices.map((value) => ({ value, label: labels[value] ?? value, selected: value === selected }));
}

/** The en.json label of one choice value. */
export function choiceLabel(field: string, value: string): string {
  return `AOD.Choices.${field}.${value}`;
}

/**
 * A comma-separated list as the sheets' text inputs submit it (tags, lifepaths, defence skills): trimmed, blanks
 * dropped, the first of any repeats kept.
 */
export function splitList(text: string): string[] {
  const seen = new Set<string>();
  for (const entry of text.split(",")) {
    const value = entry.trim();
    if (value !== "") seen.add(value);
  }
  return [...seen];
}

/** A list as its text input shows it. */
export function joinList(values: readonly string[]): string {
  return values.join(", ");
}
