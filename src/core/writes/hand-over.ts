/**
 * Hand-over (docs/COMBAT.md "One write path"): when this client becomes the active GM (it loaded as the active GM,
 * or the active GM left or reloaded and this one took its place), each feature finishes every operation its records
 * show half-done (an attack card's Apply, an End Phase, a combat's actor writes, a step of the round) and asks again
 * what it was waiting on. Core has no hook of its own for a change of active GM: it follows from a user connecting
 * or leaving (`userConnected`, client/documents/collections/users.mjs) or a user's role changing (`updateUser`), so
 * those and `ready` are where this client looks again. Finishing is idempotent, so looking once too often is harmless. Pure: no Foundry globals (requests.ts hooks it up).
 */

/** Watches whether this client is the active GM and says when it has just become it. */
export class ActiveWatch {
  #active = false;

  /** Records whether this client is the active GM now; true exactly when it was not before. */
  check(active: boolean): boolean {
    const became = active && !this.#active;
    this.#active = active;
    return became;
  }
}

const takers: (() => Promise<void>)[] = [];
const watch = new ActiveWatch();

/** Registers what a feature does when this client becomes the active GM (call in `init`). */
export function onTakeOver(task: () => Promise<void>): void {
  takers.push(task);
}

/** Looks whether this client has just become the active GM, and if so runs every feature's take-over in turn. */
export async function lookForTakeOver(active: boolean, onError: (error: unknown) => void): Promise<void> {
  if (!watch.check(active)) return;
  for (const task of takers) {
    try {
      await task();
    } catch (error) {
      onError(error);
    }
  }
}
