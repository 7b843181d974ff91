/**
 * Ending the skirmish once everyone has disengaged (RULES.md "Movement"; 000 "Distance"): the GM is asked first,
 * and only a "yes" marks the combat ended and removes it. Core's own `Combat#endCombat` asks and deletes inside
 * its dialog (client/documents/combat.mjs), so anything written before it would stay behind on a "no". The steps
 * are handed in, so the order is tested without Foundry. Pure: no Foundry globals.
 */

/** What ending the skirmish does, in order: ask, then mark ended, then remove. */
export interface EndSkirmishSteps {
  /** Asks the GM; true only on an explicit yes (closing the dialog is a no). */
  confirm(): Promise<boolean>;
  /** Records `system.ended` on the combat. */
  markEnded(): Promise<unknown>;
  /** Deletes the combat. */
  remove(): Promise<unknown>;
}

/** Asks the GM, and on a yes marks the skirmish ended and removes it; returns whether it ended. Nothing is written on a no. */
export async function endSkirmishConfirmed(steps: EndSkirmishSteps): Promise<boolean> {
  if (!(await steps.confirm())) return false;
  await steps.markEnded();
  await steps.remove();
  return true;
}
