/**
 * The severity scale every view uses to state a combatant's condition (styles/theme/base.css `.aod-severity-*`):
 * critical for what ends or endangers a combatant (dead, severely injured, falling), muted for bookkeeping of the
 * round (moved, acted, declared, full move taken), normal for the rest. Pure: no Foundry globals.
 */

/** A step of the scale. */
export type Severity = "critical" | "warning" | "normal" | "muted";

const CRITICAL: readonly string[] = ["dead", "severelyInjured", "falling"];
const MUTED: readonly string[] = ["moved", "acted", "declared", "fullMove"];

/** The step of a status or health state id (`dead`, `pinned`, `moved`...). */
export function severityOf(id: string): Severity {
  if (CRITICAL.includes(id)) return "critical";
  if (MUTED.includes(id)) return "muted";
  return "normal";
}

/** The CSS class of a status or health state id. */
export function severityClass(id: string): string {
  return `aod-severity-${severityOf(id)}`;
}
